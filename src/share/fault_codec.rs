//! The link grammar of faults (`f`) and resume requests (`r`): dot-separated, readable,
//! checked against the scenario's apps and horizon.
//!
//! | value                         | fault                                              |
//! |-------------------------------|----------------------------------------------------|
//! | `p.APP.AT.FOR`                | `Pause { app, at_ms, for_ms }`                     |
//! | `k.APP.WRITE_NTH.FOR`         | `PauseAfterCheck { app, write_nth, for_ms }`       |
//! | `c.APP.AT`                    | `Crash { app, at_ms }`                             |
//! | `d.APP.KIND.NTH.EXTRA`        | `DelayMessage { app, kind, nth, extra_ms }`        |
//! | `n.APP.FROM.UNTIL`            | `Partition { app, from_ms, until_ms }` (network)   |
//! | `j.APP.AT.BY`                 | `ClockJump { app, at_ms, by_ms }` (`BY` may be `-`) |
//! | `u.APP.KIND.NTH.AFTER`        | `Duplicate { app, kind, nth, after_ms }`           |
//! | `o.APP.KIND.NTH.EXTRA`        | `Reorder { app, kind, nth, extra_ms }`             |
//! | `s.AT`                        | `RestartResource { at_ms }`                        |
//! | `l.AT`                        | `Failover { at_ms }` (a new leader)                |
//! | `m.WHO.AT.FOR`                | `CrashMember { member, at_ms, for_ms }`            |
//! | `x.WHO.AT.FOR`                | `CutMember { member, at_ms, for_ms }` (cut off)    |
//!
//! `WHO` is a member's number, from 1 to `Scenario::members` (a replicated service only), or
//! `leader` (whichever member leads then).
//! A resume request is `APP.AT`. Times are whole milliseconds; `KIND` is one of
//! [`KIND_NAMES`]. The app is everything between the tag and the fixed number of fields,
//! so an app name containing a dot still works.

use super::limits::{MAX_LENGTH_MS, MAX_NTH};
use super::notice::{number, shorten, Number};
use super::problem::{Counted, Problem};
use crate::engine::{starts_by_horizon, Fault, MsgKind, Scenario, MSG_KIND_NAMES};

/// Link names of message kinds, in `MsgKind` order (the engine's table).
pub const KIND_NAMES: [(&str, MsgKind); 11] = MSG_KIND_NAMES;

/// What a fault or resume may refer to: the scenario's app names and its horizon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// App names of the scenario.
    pub apps: Vec<String>,
    /// The scenario's end; no fault or resume may start after it.
    pub horizon_ms: u64,
    /// How many members the coordination service has (1: one box, no member faults).
    pub members: usize,
}

impl Limits {
    /// The limits of `scenario`.
    pub fn of(scenario: &Scenario) -> Limits {
        Limits {
            apps: scenario.apps.iter().map(|a| a.name.clone()).collect(),
            horizon_ms: scenario.horizon_ms,
            members: scenario.members,
        }
    }

    /// The index of the app a link calls `name`.
    fn app(&self, name: &str) -> Result<usize, Problem> {
        match self.apps.iter().position(|a| a == name) {
            Some(app) => Ok(app),
            None => Err(Problem::NoSuchApp(shorten(name))),
        }
    }

    /// The name a link gives app `app` ("?" if there is no such app, which no link reads).
    fn name(&self, app: usize) -> &str {
        self.apps.get(app).map_or("?", String::as_str)
    }

    /// The engine's rule for times (see [`starts_by_horizon`]), in the link's words.
    fn start(&self, at_ms: u64) -> Result<u64, Problem> {
        if !starts_by_horizon(at_ms, self.horizon_ms) {
            return Err(Problem::AfterTheEnd {
                at_ms,
                horizon_ms: self.horizon_ms,
            });
        }
        Ok(at_ms)
    }
}

fn length(ms: u64) -> Result<u64, Problem> {
    if ms > MAX_LENGTH_MS {
        return Err(Problem::TooLong { ms });
    }
    Ok(ms)
}

fn count(n: u32, what: Counted) -> Result<u32, Problem> {
    if n == 0 || n > MAX_NTH {
        return Err(Problem::CountOutOfRange(what));
    }
    Ok(n)
}

fn kind_name(kind: MsgKind) -> &'static str {
    KIND_NAMES
        .iter()
        .find(|(_, k)| *k == kind)
        .map_or("write", |(name, _)| name)
}

/// The link value of `fault` (see the module table); apps are written by name.
pub fn format_fault(fault: &Fault, limits: &Limits) -> String {
    let name = |app: &usize| limits.name(*app);
    match fault {
        Fault::Pause { app, at_ms, for_ms } => format!("p.{}.{at_ms}.{for_ms}", name(app)),
        Fault::PauseAfterCheck {
            app,
            write_nth,
            for_ms,
        } => format!("k.{}.{write_nth}.{for_ms}", name(app)),
        Fault::Crash { app, at_ms } => format!("c.{}.{at_ms}", name(app)),
        Fault::DelayMessage {
            app,
            kind,
            nth,
            extra_ms,
        } => format!("d.{}.{}.{nth}.{extra_ms}", name(app), kind_name(*kind)),
        Fault::Partition {
            app,
            from_ms,
            until_ms,
        } => format!("n.{}.{from_ms}.{until_ms}", name(app)),
        Fault::ClockJump { app, at_ms, by_ms } => format!("j.{}.{at_ms}.{by_ms}", name(app)),
        Fault::Duplicate {
            app,
            kind,
            nth,
            after_ms,
        } => format!("u.{}.{}.{nth}.{after_ms}", name(app), kind_name(*kind)),
        Fault::Reorder {
            app,
            kind,
            nth,
            extra_ms,
        } => format!("o.{}.{}.{nth}.{extra_ms}", name(app), kind_name(*kind)),
        Fault::RestartResource { at_ms } => format!("s.{at_ms}"),
        Fault::Failover { at_ms } => format!("l.{at_ms}"),
        Fault::CrashMember {
            member,
            at_ms,
            for_ms,
        } => format!("m.{}.{at_ms}.{for_ms}", member_name(*member)),
        Fault::CutMember {
            member,
            at_ms,
            for_ms,
        } => format!("x.{}.{at_ms}.{for_ms}", member_name(*member)),
    }
}

/// How a link names a member: its number from 1, or `leader`.
fn member_name(member: Option<usize>) -> String {
    member.map_or_else(|| "leader".into(), |m| (m + 1).to_string())
}

/// `m.WHO.AT.FOR` (a member crashes) and `x.WHO.AT.FOR` (a member is cut off).
fn member_fault(tag: &str, rest: &str, limits: &Limits) -> Result<Fault, Problem> {
    let (who, f) = split(rest, 2).ok_or(Problem::NotUnderstood)?;
    let members = limits.members;
    let no_such = || Problem::NoSuchMember {
        who: shorten(who),
        members,
    };
    let member = match who {
        _ if members <= 1 => return Err(no_such()),
        "leader" => None,
        _ => match number(who) {
            Number::Value(n) if (1..=members as u64).contains(&n) => Some(n as usize - 1),
            _ => return Err(no_such()),
        },
    };
    let at_ms = limits.start(ms(f[0])?)?;
    let for_ms = length(ms(f[1])?)?;
    Ok(match tag {
        "m" => Fault::crash_member(member, at_ms, for_ms),
        _ => Fault::cut_member(member, at_ms, for_ms),
    })
}

/// The link value of a resume request (the app written by name).
pub fn format_resume(app: usize, at_ms: u64, limits: &Limits) -> String {
    format!("{}.{at_ms}", limits.name(app))
}

fn ms(text: &str) -> Result<u64, Problem> {
    match number(text) {
        Number::Value(v) => Ok(v),
        Number::TooBig => Err(Problem::TooLarge(shorten(text))),
        Number::Negative => Err(Problem::Negative(shorten(text))),
        Number::Garbage => Err(Problem::NotANumber(shorten(text))),
    }
}

fn nth(text: &str, what: Counted) -> Result<u32, Problem> {
    let n = ms(text)?;
    count(u32::try_from(n).unwrap_or(0), what)
}

fn signed_ms(text: &str) -> Result<i64, Problem> {
    match text.strip_prefix('-') {
        Some(rest) => {
            let magnitude = length(ms(rest)?)?;
            Ok(-(magnitude as i64))
        }
        None => Ok(length(ms(text)?)? as i64),
    }
}

/// Splits `APP.F1...Fn` into the app and exactly `n` fields.
fn split(rest: &str, n: usize) -> Option<(&str, Vec<&str>)> {
    let mut parts: Vec<&str> = rest.rsplitn(n + 1, '.').collect();
    if parts.len() != n + 1 {
        return None;
    }
    let app = parts.pop()?;
    parts.reverse();
    Some((app, parts))
}

/// Reads a fault value and checks it against `limits`; the error says why.
pub fn parse_fault(value: &str, limits: &Limits) -> Result<Fault, Problem> {
    let not_understood = || Problem::NotUnderstood;
    let (tag, rest) = value.split_once('.').ok_or_else(not_understood)?;
    let fields = match tag {
        "s" | "l" => return service_fault(tag, rest, limits),
        "m" | "x" => return member_fault(tag, rest, limits),
        "c" => 1,
        "p" | "k" | "n" | "j" => 2,
        "d" | "u" | "o" => 3,
        _ => return Err(Problem::UnknownFaultKind(shorten(tag))),
    };
    let (app, f) = split(rest, fields).ok_or_else(not_understood)?;
    let app = limits.app(app)?;
    let fault = match tag {
        "p" => Fault::Pause {
            app,
            at_ms: limits.start(ms(f[0])?)?,
            for_ms: length(ms(f[1])?)?,
        },
        "k" => Fault::PauseAfterCheck {
            app,
            write_nth: nth(f[0], Counted::Writes)?,
            for_ms: length(ms(f[1])?)?,
        },
        "c" => Fault::Crash {
            app,
            at_ms: limits.start(ms(f[0])?)?,
        },
        "d" | "u" | "o" => message_fault(tag, app, &f)?,
        "n" => partition(app, &f, limits)?,
        _ => Fault::ClockJump {
            app,
            at_ms: limits.start(ms(f[0])?)?,
            by_ms: signed_ms(f[1])?,
        },
    };
    Ok(fault)
}

/// `s.AT` (the resource restarts) and `l.AT` (the coordination service fails over).
fn service_fault(tag: &str, rest: &str, limits: &Limits) -> Result<Fault, Problem> {
    let at_ms = limits.start(ms(rest)?)?;
    Ok(match tag {
        "s" => Fault::RestartResource { at_ms },
        _ => Fault::Failover { at_ms },
    })
}

/// `d` (delay), `u` (duplicate) and `o` (reorder): `KIND.NTH.MS`.
fn message_fault(tag: &str, app: usize, f: &[&str]) -> Result<Fault, Problem> {
    let kind = KIND_NAMES
        .iter()
        .find(|(name, _)| *name == f[0])
        .map(|(_, kind)| *kind)
        .ok_or_else(|| Problem::UnknownMessageKind(shorten(f[0])))?;
    let nth = nth(f[1], Counted::Messages)?;
    let ms = length(ms(f[2])?)?;
    Ok(match tag {
        "d" => Fault::DelayMessage {
            app,
            kind,
            nth,
            extra_ms: ms,
        },
        "u" => Fault::Duplicate {
            app,
            kind,
            nth,
            after_ms: ms,
        },
        _ => Fault::Reorder {
            app,
            kind,
            nth,
            extra_ms: ms,
        },
    })
}

fn partition(app: usize, f: &[&str], limits: &Limits) -> Result<Fault, Problem> {
    let from_ms = limits.start(ms(f[0])?)?;
    let until_ms = ms(f[1])?;
    if until_ms < from_ms {
        return Err(Problem::EndsBeforeItStarts);
    }
    length(until_ms - from_ms)?;
    Ok(Fault::Partition {
        app,
        from_ms,
        until_ms,
    })
}

/// Checks a fault already in memory against the same rules as [`parse_fault`].
pub fn check_fault(fault: &Fault, limits: &Limits) -> Result<(), Problem> {
    match parse_fault(&format_fault(fault, limits), limits) {
        Ok(back) if back == *fault => Ok(()),
        Ok(_) => Err(Problem::DoesNotSurviveALink),
        Err(why) => Err(why),
    }
}

/// Reads a resume value `APP.AT` and checks it against `limits`.
pub fn parse_resume(value: &str, limits: &Limits) -> Result<(usize, u64), Problem> {
    let (app, f) = split(value, 1).ok_or(Problem::NotUnderstood)?;
    let app = limits.app(app)?;
    Ok((app, limits.start(ms(f[0])?)?))
}
