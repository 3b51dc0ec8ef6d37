//! The settings statements: `run`, `service`, `network`, `clients` and `resource`, each a
//! kind word or two and then `key=value` settings, at most once each in a story.

use super::cursor::{one_of, Cursor, Read, Span};
use super::draft::Draft;
use super::error::{clipped, Expected, ScriptProblem};
use super::field::Field;
use super::suggest::nearest;
use super::values::{duration, number};
use super::vocab::{
    value_of, CHECKS, CHECK_NAMES, CLIENT_KEYS, CLIENT_KINDS, DURABILITY, FAILOVER, NETWORK_KEYS,
    ON_OFF, RESOURCE_KINDS, RUN_KEYS, SERVICE_KEYS, SERVICE_KINDS, TOKENS, TOKEN_NAMES,
};
use crate::engine::{Client, LeaderChange, Mode, ResourceKind, Scenario, MAX_FIRST_TOKEN};

/// What one setting did: the engine's field it set (where an objection to it is marked).
type Set = Result<&'static str, ScriptProblem>;

/// Reads the `key=value` settings left in `cursor`, each key one of `keys` and given once,
/// through `apply`; notes where each field was set (app `app`'s, or the scenario's own). One
/// copy for every statement: `apply` is a `dyn`.
pub fn key_values(
    cursor: &mut Cursor,
    draft: &mut Draft,
    keys: &'static [&'static str],
    app: Option<usize>,
    apply: &mut dyn FnMut(&mut Scenario, &'static str, &str) -> Set,
) -> Read<()> {
    let mut given: Vec<&str> = Vec::new();
    while let Some(word) = cursor.peek().filter(|w| w.text != "does" || w.quoted) {
        cursor.next_word();
        let (key, value) = word.text.split_once('=').unwrap_or((&word.text, ""));
        let key_width = key.chars().count();
        let key_span = Span {
            width: key_width,
            ..Span::of(word)
        };
        let unexpected = |suggestion| {
            key_span.error(ScriptProblem::Unexpected {
                found: clipped(key),
                expected: Expected::Setting(keys),
                suggestion,
            })
        };
        let key = match one_of(key, keys) {
            Ok(key) if !word.quoted && word.text.contains('=') => key,
            Ok(key) => return Err(unexpected(Some(format!("{key}=")))),
            Err(_) => return Err(unexpected(nearest(key, keys.iter().copied()))),
        };
        if given.contains(&key) {
            return Err(key_span.error(ScriptProblem::Twice { key: key.into() }));
        }
        given.push(key);
        let value_span = Span {
            column: word.column + key_width + 1,
            width: value.chars().count(),
            ..Span::of(word)
        };
        let field = apply(&mut draft.scenario, key, value).map_err(|p| value_span.error(p))?;
        let field = match app {
            Some(index) => Field::App(index, field),
            None => Field::Own(field),
        };
        draft.set(field, value_span);
    }
    Ok(())
}

/// `on` or `off`.
pub fn on_off(value: &str) -> Result<bool, ScriptProblem> {
    one_of(value, &ON_OFF).map(|v| v == "on")
}

/// `run for DURATION` and `seed=`, `events=`.
pub fn run(cursor: &mut Cursor, draft: &mut Draft) -> Read<()> {
    cursor.expect(&["for"])?;
    let (horizon_ms, span) = cursor.duration()?;
    draft.scenario.horizon_ms = horizon_ms;
    draft.set(Field::Own("horizon_ms"), span);
    key_values(cursor, draft, &RUN_KEYS, None, &mut |s, key, value| {
        let n = number(value, u64::MAX)?;
        Ok(match key {
            "seed" => {
                s.seed = n;
                "seed"
            }
            _ => {
                s.max_events = n;
                "max_events"
            }
        })
    })
}

/// `service lease DURATION`, `service lock` or `service none`, and its settings.
pub fn service(cursor: &mut Cursor, draft: &mut Draft) -> Read<()> {
    let (kind, span) = cursor.choose(&SERVICE_KINDS)?;
    draft.scenario.mode = match kind {
        "lease" => Mode::Lease,
        "lock" => Mode::PermanentLock,
        _ => Mode::NoLock,
    };
    draft.set(Field::Own("mode"), span);
    let mut keys: &'static [&'static str] = &SERVICE_KEYS;
    if kind == "lease" {
        let (ttl_ms, span) = cursor.duration()?;
        draft.scenario.ttl_ms = ttl_ms;
        draft.set(Field::Own("ttl_ms"), span);
        keys = &SERVICE_KEYS[..SERVICE_KEYS.len() - 1];
    }
    key_values(cursor, draft, keys, None, &mut service_setting)
}

fn service_setting(s: &mut Scenario, key: &'static str, value: &str) -> Set {
    let durable = |v: &str| one_of(v, &DURABILITY).map(|d| d == "durable");
    Ok(match key {
        "lock_delay" => {
            s.lock_delay_ms = duration(value)?;
            "lock_delay_ms"
        }
        "first_token" => {
            s.first_token = number(value, MAX_FIRST_TOKEN)?;
            "first_token"
        }
        "tokens" => {
            let name = one_of(value, &TOKEN_NAMES)?;
            s.tokens = value_of(&TOKENS, name).unwrap_or(s.tokens);
            "tokens"
        }
        "counter" => {
            s.counter_durable = durable(value)?;
            "counter_durable"
        }
        "failover" => {
            s.leader_change = failover(value)?;
            "leader_change"
        }
        "expiry_lag" => {
            s.expiry_lag_ms = duration(value)?;
            "expiry_lag_ms"
        }
        "members" => {
            s.members = number(value, 99)? as usize;
            "members"
        }
        "election" => {
            s.election_timeout_ms = duration(value)?;
            "election_timeout_ms"
        }
        "renew_alone" => {
            s.renew_alone = on_off(value)?;
            "renew_alone"
        }
        "pre_vote" => {
            s.pre_vote = on_off(value)?;
            "pre_vote"
        }
        "member_jitter" => {
            s.member_jitter_ms = duration(value)?;
            "member_jitter_ms"
        }
        _ => {
            s.ttl_ms = duration(value)?;
            "ttl_ms"
        }
    })
}

/// `forgets` or `restarts+DURATION`.
fn failover(value: &str) -> Result<LeaderChange, ScriptProblem> {
    let (word, extend) = value.split_once('+').unwrap_or((value, ""));
    match one_of(word, &FAILOVER)? {
        "forgets" if extend.is_empty() => Ok(LeaderChange::ForgetsLeases),
        "restarts" if !extend.is_empty() => Ok(LeaderChange::RestartsLeases {
            extend_ms: duration(extend)?,
        }),
        _ => Err(ScriptProblem::Unexpected {
            found: value.into(),
            expected: Expected::OneOf(&["forgets", "restarts+1s"]),
            suggestion: None,
        }),
    }
}

/// `network latency=DURATION jitter=DURATION`.
pub fn network(cursor: &mut Cursor, draft: &mut Draft) -> Read<()> {
    if cursor.peek().is_none() {
        return Err(cursor.missing(Expected::Setting(&NETWORK_KEYS)));
    }
    key_values(cursor, draft, &NETWORK_KEYS, None, &mut |s, key, value| {
        let ms = duration(value)?;
        Ok(match key {
            "latency" => {
                s.latency_ms = ms;
                "latency_ms"
            }
            _ => {
                s.jitter_ms = ms;
                "jitter_ms"
            }
        })
    })
}

/// `clients careful` or `clients naive`, and `allowance=`.
pub fn clients(cursor: &mut Cursor, draft: &mut Draft) -> Read<()> {
    let (kind, span) = cursor.choose(&CLIENT_KINDS)?;
    draft.scenario.client = match kind {
        "careful" => Client::Careful,
        _ => Client::Naive,
    };
    draft.set(Field::Own("client"), span);
    key_values(cursor, draft, &CLIENT_KEYS, None, &mut |s, _, value| {
        s.drift_allowance_ms = duration(value)?;
        Ok("drift_allowance_ms")
    })
}

/// `resource inventory|payments|file` and its settings.
pub fn resource(cursor: &mut Cursor, draft: &mut Draft) -> Read<()> {
    let (kind, span) = cursor.choose(&RESOURCE_KINDS)?;
    draft.scenario.resource = match kind {
        "inventory" => ResourceKind::Inventory { stock: 1 },
        "payments" => ResourceKind::Payments {
            invoices: Vec::new(),
        },
        _ => ResourceKind::Storage,
    };
    draft.set(Field::Own("resource"), span);
    let keys: &'static [&'static str] = match kind {
        "inventory" => &["stock", "checks", "enforcement", "fence_reads", "fence"],
        "payments" => &["invoices", "checks", "enforcement", "fence_reads", "fence"],
        _ => &["checks", "enforcement", "fence_reads", "fence"],
    };
    key_values(cursor, draft, keys, None, &mut resource_setting)
}

fn resource_setting(s: &mut Scenario, key: &'static str, value: &str) -> Set {
    match key {
        "stock" => {
            s.resource = ResourceKind::Inventory {
                stock: number(value, u64::MAX)?,
            };
            Ok("resource.stock")
        }
        "invoices" => {
            let ids = value
                .split(',')
                .map(|id| number(id, u32::MAX.into()).map(|n| n as u32));
            let invoices = ids.collect::<Result<Vec<u32>, _>>()?;
            s.resource = ResourceKind::Payments { invoices };
            Ok("resource.invoices")
        }
        "checks" => {
            let name = one_of(value, &CHECK_NAMES)?;
            s.enforce = value_of(&CHECKS, name).unwrap_or(s.enforce);
            Ok("enforce")
        }
        "enforcement" => {
            s.enforcement = on_off(value)?;
            Ok("enforcement")
        }
        "fence_reads" => {
            s.fence_reads = on_off(value)?;
            Ok("fence_reads")
        }
        _ => {
            s.fence_durable = one_of(value, &DURABILITY)? == "durable";
            Ok("fence_durable")
        }
    }
}
