//! Events at the resource in words, one line each (reads, writes, what it holds), for the
//! event log: "A's write with token 101 accepted". Where there is no lock, writes carry no
//! token and the words name none: "A's write accepted".

use super::violations::violation;
use crate::catalog::grant;
use crate::engine::{Event, EventKind, Mode, Rejection, Scenario, SkipReason};

/// " with token 101" after a write or read, or nothing where there is no lock (and no token).
pub(super) fn with(s: &Scenario, token: u64) -> String {
    if s.mode == Mode::NoLock {
        return String::new();
    }
    format!(" with {}", grant(s, token))
}

/// " (token 101)" after a read or write, or nothing where there is no lock.
pub fn tagged(s: &Scenario, token: u64) -> String {
    if s.mode == Mode::NoLock {
        return String::new();
    }
    format!(" ({})", grant(s, token))
}

/// Why a write was rejected by version: "it read 1, the resource now holds 0", or where the
/// value came back (ABA), that writes landed in between.
pub(super) fn changed_why(read: u64, now: u64) -> String {
    if read == now {
        return format!(
            "it read {read}; the resource holds {now} again, but took other writes since"
        );
    }
    format!("it read {read}, the resource now holds {now}")
}

/// "return" for a write giving back an item (a cancelled order), else "write".
pub(super) fn write_word(returns: bool) -> &'static str {
    if returns {
        "return"
    } else {
        "write"
    }
}

/// An event at the resource in words, e.g. "A's write with token 101 accepted".
pub(super) fn event_at_resource(e: &Event, s: &Scenario) -> Option<String> {
    use EventKind::*;
    let name = |a: usize| s.app_name(a).to_string();
    let t = |token| grant(s, token);
    Some(match e.kind {
        ReadServed { app, token, value } => {
            format!("{} read {value}{}", name(app), tagged(s, token))
        }
        WriteAccepted {
            app,
            token,
            stale: false,
            returns,
            ..
        } => format!(
            "{}'s {}{} accepted",
            name(app),
            write_word(returns),
            with(s, token)
        ),
        WriteAccepted {
            app,
            token,
            stale: true,
            returns,
            ..
        } => format!(
            "{}'s stale {} with {} accepted ({})",
            name(app),
            write_word(returns),
            t(token),
            if s.enforcement {
                "the resource compares versions only"
            } else {
                "no enforcement"
            }
        ),
        WriteRejected {
            app,
            token,
            highest,
            why: Rejection::TokenBelowFence,
        } => format!(
            "{}'s write{} rejected: {token} < {highest}",
            name(app),
            with(s, token)
        ),
        WriteRejected {
            app,
            token,
            why: Rejection::VersionChanged { read, now },
            ..
        } => format!(
            "{}'s write{} rejected: {}",
            name(app),
            with(s, token),
            changed_why(read, now)
        ),
        _ => return what_it_holds(e, s),
    })
}

/// A skipped write, what the resource holds now, its fence and a broken rule.
fn what_it_holds(e: &Event, s: &Scenario) -> Option<String> {
    use EventKind::*;
    let name = |a: usize| s.app_name(a).to_string();
    let t = |token| grant(s, token);
    Some(match e.kind {
        WriteSkipped {
            app,
            token,
            reason: SkipReason::LeaseOver,
        } => format!(
            "{} skips its write ({}): its clock says the lease is over",
            name(app),
            t(token)
        ),
        WriteSkipped {
            app,
            reason: SkipReason::NothingToDo,
            ..
        } => format!("{} has nothing to write", name(app)),
        ResourceChanged { value, .. } if s.mode == Mode::NoLock => {
            format!("resource now holds {value}")
        }
        ResourceChanged {
            value,
            highest_token,
        } => format!("resource now holds {value}; highest {}", t(highest_token)),
        FenceRaised { token } => format!("resource's highest is now {}", t(token)),
        Violation { kind } => format!("VIOLATION: {}", violation(&kind, s)),
        _ => return None,
    })
}
