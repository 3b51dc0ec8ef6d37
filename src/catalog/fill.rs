//! Filling a step's `{placeholders}` from a run: the values the narration and the questions
//! quote, every one produced by the run.
//!
//! Placeholders (times are written by [`crate::units::time`]):
//! - `{at}` the step's own moment; `{app}` the app of its event; `{token}` the grant of its
//!   event, named as [`grant`] names it ("token 101", or "grant #1" without ordered tokens);
//!   `{highest}` the fence its rejected write met, or the fence a restart kept or forgot;
//!   `{ttl}` the lease length; `{end}` the run's end; `{latency}` one-way network latency; `{timeout}` a group's election timeout;
//!   `{stock}` the items in stock at the start;
//!   `{delay}` the lock delay (no new grant for this long after a lease runs out);
//!   `{wait}` how long the stuck system waited (from the crash to the end); `{value}` what
//!   the step's read found (items in stock, unpaid invoices, the file's version); for a
//!   write rejected by version, `{read}` what the writer read and `{now}` what the resource
//!   held instead; for a lease a new leader started again, `{until}` its new end.
//! - Per app, `{A.start}` when it starts, `{A.retry}` its retry interval, `{A.work}` its first
//!   work step, `{A.renew}` its renewal period, `{A.token}` its first token,
//!   `{A.granted}` / `{A.expired}` its first grant / lease expiry, `{A.crash}` its crash,
//!   `{A.paused}` / `{A.resumed}` / `{A.pause}` its first pause's start, end and length,
//!   `{A.write}` its first write's arrival at the resource, `{A.wrote}` the token of its first
//!   accepted write, `{A.held}` how long a fault held its first write in the network.
//!
//! `{highest}`, `{A.token}` and `{A.wrote}` are named the same way. Without ordered tokens the
//! filled text is read as [`without_token_advice`] says.
//!
//! An unknown key, or one the run has no value for, is an error (as data): the step stays out
//! of the story.

use super::advice::{grant, without_token_advice};
use super::knobs::Knob;
use super::narration::{EventMatcher, Missing, Who};
use crate::engine::{Event, EventKind, Rejection, Run, Scenario, Step};
use crate::units::time;

/// Where a step is told: its run (of `scenario`), its moment and its anchor's event.
pub(crate) struct Ctx<'a> {
    pub scenario: &'a Scenario,
    pub run: &'a Run,
    pub at_ms: u64,
    pub event: Option<&'a Event>,
}

/// `text` with every `{key}` filled from `run`, the run of `scenario`, as for a step told at
/// `at_ms` whose anchor is `event` (questions fill their words this way too).
pub(crate) fn fill_at(
    text: &str,
    scenario: &Scenario,
    run: &Run,
    at_ms: u64,
    event: Option<&Event>,
) -> Result<String, Missing> {
    let ctx = Ctx {
        scenario,
        run,
        at_ms,
        event,
    };
    fill(text, &ctx)
}

/// `text` with every `{key}` replaced by its value in the run.
pub(crate) fn fill(text: &str, ctx: &Ctx) -> Result<String, Missing> {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(rest.get(..open).unwrap_or_default());
        let close = rest.get(open..).and_then(|r| r.find('}'));
        let close = close.map_or(rest.len(), |c| open + c);
        let key = rest.get(open + 1..close).unwrap_or("");
        out.push_str(&value(key, ctx)?);
        rest = rest.get(close + 1..).unwrap_or("");
    }
    out.push_str(rest);
    Ok(without_token_advice(&out, ctx.scenario))
}

/// The value of one placeholder; an unknown key is a catalog bug the tests catch
/// (it reads as a missing event so the step stays out of the story).
fn value(key: &str, ctx: &Ctx) -> Result<String, Missing> {
    let unknown = Missing::Never(EventMatcher::Violation);
    if let Some((app, field)) = key.split_once('.') {
        let index = ctx.scenario.app_index(app).ok_or(unknown)?;
        return app_value(index, field, ctx).ok_or_else(|| app_missing(index, field));
    }
    let s = ctx.scenario;
    let event = ctx.event.map(|e| e.kind);
    let n = match key {
        "at" => return Ok(time(ctx.at_ms)),
        "ttl" => return Ok(time(s.ttl_ms)),
        "end" => return Ok(time(ctx.run.end_ms)),
        "app" => {
            let app = event.and_then(|k| k.app()).and_then(|i| s.apps.get(i));
            return app.map(|a| a.name.clone()).ok_or(unknown);
        }
        "latency" => return Ok(time(s.latency_ms)),
        "timeout" => return Ok(time(s.election_timeout_ms)),
        "delay" if s.lock_delay_ms > 0 => return Ok(time(s.lock_delay_ms)),
        "wait" => return stuck_wait(ctx.run).map(time).ok_or(Missing::NotStuck),
        "token" => event.and_then(|k| token_of(&k)),
        "until" => match event {
            Some(EventKind::LeaseRestarted { expiry_ms, .. })
            | Some(EventKind::LeaseRenewed {
                expiry_ms: Some(expiry_ms),
                ..
            }) => return Ok(time(expiry_ms)),
            _ => None,
        },
        "highest" => match event {
            Some(EventKind::WriteRejected { highest, .. }) => Some(highest),
            // A resource that has seen no token yet has no highest to speak of.
            Some(EventKind::ResourceRestarted {
                highest_before: 0, ..
            }) if !s.enforcement => return Err(Missing::Setting(Knob::Enforcement, false)),
            Some(EventKind::ResourceRestarted {
                highest_before: 0, ..
            }) => return Err(Missing::Never(EventMatcher::FenceRaisedTo(0))),
            Some(EventKind::ResourceRestarted { highest_before, .. }) => Some(highest_before),
            _ => None,
        },
        "read" => match event {
            Some(EventKind::WriteRejected {
                why: Rejection::VersionChanged { read, .. },
                ..
            }) => Some(read),
            _ => None,
        },
        "now" => match event {
            Some(EventKind::WriteRejected {
                why: Rejection::VersionChanged { now, .. },
                ..
            }) => Some(now),
            _ => None,
        },
        "value" => match event {
            Some(EventKind::ReadServed { value, .. }) => Some(value),
            _ => None,
        },
        "stock" => match s.resource {
            crate::engine::ResourceKind::Inventory { stock } => Some(stock),
            _ => None,
        },
        _ => None,
    };
    let named = matches!(key, "token" | "highest");
    n.map(|n| if named { grant(s, n) } else { n.to_string() })
        .ok_or(unknown)
}

fn stuck_wait(run: &Run) -> Option<u64> {
    let stuck = run.verdict.stuck.as_ref()?;
    Some(stuck.until_ms - stuck.crashed_ms)
}

fn token_of(kind: &EventKind) -> Option<u64> {
    use EventKind as K;
    match *kind {
        K::LeaseGranted { token, .. }
        | K::LeaseRenewed { token, .. }
        | K::RenewRefused { token, .. }
        | K::LeaseExpired { token, .. }
        | K::LeaseRestarted { token, .. }
        | K::LeaseReleased { token, .. }
        | K::BeliefStarted { token, .. }
        | K::BeliefEnded { token, .. }
        | K::LateReplyIgnored { token, .. }
        | K::ReadServed { token, .. }
        | K::WriteAccepted { token, .. }
        | K::WriteRejected { token, .. }
        | K::WriteSkipped { token, .. }
        | K::FenceRaised { token } => Some(token),
        _ => None,
    }
}

/// The first event matching `m` in the run.
fn first_event(run: &Run, m: EventMatcher) -> Option<&Event> {
    run.trace.iter().find(|e| m.matches(&e.kind))
}

fn app_value(app: usize, field: &str, ctx: &Ctx) -> Option<String> {
    let cfg = ctx.scenario.apps.get(app)?;
    let who = Who::App(app);
    let at = |m: EventMatcher| first_event(ctx.run, m).map(|e| time(e.at_ms));
    let pause = ctx.run.spans.pauses.iter().find(|p| p.app == app);
    match field {
        "start" => Some(time(cfg.start_ms)),
        "retry" => Some(time(cfg.retry_ms)),
        "work" => cfg.steps.iter().find_map(|s| match s {
            Step::Work { for_ms } => Some(time(*for_ms)),
            _ => None,
        }),
        "renew" => cfg.renew_period_ms(ctx.scenario.ttl_ms).map(time),
        "token" => first_event(ctx.run, EventMatcher::Granted(who))
            .and_then(|e| token_of(&e.kind))
            .map(|t| grant(ctx.scenario, t)),
        "granted" => at(EventMatcher::Granted(who)),
        "expired" => at(EventMatcher::Expired(who)),
        "crash" => at(EventMatcher::Crashed(who)),
        "write" => first_event(ctx.run, EventMatcher::WriteAccepted(who))
            .into_iter()
            .chain(first_event(ctx.run, EventMatcher::WriteRejected(who)))
            .map(|e| e.at_ms)
            .min()
            .map(time),
        "wrote" => first_event(ctx.run, EventMatcher::WriteAccepted(who))
            .and_then(|e| token_of(&e.kind))
            .map(|t| grant(ctx.scenario, t)),
        "held" => held(ctx.run, app).map(time),
        "paused" => pause.map(|p| time(p.from_ms)),
        "resumed" => pause.map(|p| time(p.until_ms)),
        "pause" => pause.map(|p| time(p.until_ms - p.from_ms)),
        _ => None,
    }
}

/// How long a fault held `app`'s first write in the network (`None`: not held at all).
fn held(run: &Run, app: usize) -> Option<u64> {
    let sent = first_event(run, EventMatcher::WriteSent(Who::App(app)))?;
    match sent.kind {
        EventKind::MessageSent { delayed_ms, .. } if delayed_ms > 0 => Some(delayed_ms),
        _ => None,
    }
}

/// Why an app placeholder has no value: the event it names never happened.
fn app_missing(app: usize, field: &str) -> Missing {
    let who = Who::App(app);
    Missing::Never(match field {
        "token" | "granted" => EventMatcher::Granted(who),
        "expired" => EventMatcher::Expired(who),
        "crash" => EventMatcher::Crashed(who),
        "paused" | "resumed" | "pause" => EventMatcher::PauseStarted(who),
        "write" | "held" => EventMatcher::WriteSent(who),
        "wrote" => EventMatcher::WriteAccepted(who),
        _ => EventMatcher::Violation,
    })
}

/// Every `{key}` in `text` (for the catalog's own checks).
pub fn placeholders(text: &str) -> Vec<&str> {
    text.split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(key, _)| key))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{run, Scenario};

    #[test]
    fn placeholders_are_filled_from_the_run() {
        let s = Scenario::gc_pause_story(true);
        let r = run(&s).expect("a valid story");
        let ctx = Ctx {
            scenario: &s,
            run: &r,
            at_ms: 60_050,
            event: None,
        };
        let text = "A got {A.token} at {A.granted}; B got {B.token}; {ttl} lease; {A.pause} pause";
        assert_eq!(
            fill(text, &ctx).unwrap(),
            "A got token 101 at 0.05 s; B got token 102; 30 s lease; 40 s pause"
        );
        assert_eq!(placeholders(text).len(), 5);
        assert!(fill("{C.token}", &ctx).is_err(), "there is no C");
        assert!(fill("{A.crash}", &ctx).is_err(), "A never crashes");
    }
}
