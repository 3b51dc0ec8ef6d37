//! Writing faults: those at a time as `@TIME …` (PlantUML's timing diagrams), the others by
//! the message or write they strike (`A's 1st grant arrives 5s late`). Apps are named as their
//! `app` statement names them; members count from 1.

use super::duration::{format_duration, format_signed};
use super::names::safe_name;
use super::vocab::{self, KINDS};
use crate::engine::{Fault, MsgKind, Scenario};

/// Adds `fault`'s statement, a line, to `out`.
pub fn fault_line(scenario: &Scenario, fault: &Fault, out: &mut String) {
    let line = at_time(scenario, fault).unwrap_or_else(|| struck(scenario, fault));
    out.push_str(&line);
    out.push('\n');
}

/// The name of app `app` as its `app` statement writes it.
fn name(scenario: &Scenario, app: usize) -> String {
    scenario
        .apps
        .get(app)
        .map_or("?".into(), |a| safe_name(&a.name))
}

/// The statement of a fault placed at a time (`None` for one that strikes a message or write).
fn at_time(s: &Scenario, fault: &Fault) -> Option<String> {
    Some(match *fault {
        Fault::Pause { app, at_ms, for_ms } => timed(
            at_ms,
            &[&name(s, app), "pauses", "for", &format_duration(for_ms)],
        ),
        Fault::Crash { app, at_ms } => timed(at_ms, &[&name(s, app), "crashes"]),
        Fault::Partition {
            app,
            from_ms,
            until_ms,
        } => {
            let for_ms = format_duration(until_ms.saturating_sub(from_ms));
            timed(
                from_ms,
                &[&name(s, app), "is", "cut", "off", "for", &for_ms],
            )
        }
        Fault::ClockJump { app, at_ms, by_ms } => timed(
            at_ms,
            &[&name(s, app), "clock", "jumps", &format_signed(by_ms)],
        ),
        Fault::RestartResource { at_ms } => timed(at_ms, &["resource", "restarts"]),
        Fault::Failover { at_ms } => timed(at_ms, &["service", "fails", "over"]),
        Fault::CrashMember {
            member,
            at_ms,
            for_ms,
        } => timed(
            at_ms,
            &[&who(member), "crashes", "for", &format_duration(for_ms)],
        ),
        Fault::CutMember {
            member,
            at_ms,
            for_ms,
        } => {
            let for_ms = format_duration(for_ms);
            timed(at_ms, &[&who(member), "is", "cut", "off", "for", &for_ms])
        }
        _ => return None,
    })
}

/// `@TIME` and `words`.
fn timed(at_ms: u64, words: &[&str]) -> String {
    let at = String::from("@") + &format_duration(at_ms);
    spaced(&[&at, &spaced(words)])
}

/// The statement of a fault that strikes an app's counted message or write.
fn struck(s: &Scenario, fault: &Fault) -> String {
    let (app, nth, kind, rest): (usize, u32, MsgKind, [&str; 4]) = match *fault {
        Fault::PauseAfterCheck {
            app,
            write_nth,
            for_ms,
        } => {
            let (for_ms, nth) = (format_duration(for_ms), vocab::ordinal(write_nth));
            let pause = [
                &name(s, app),
                "pauses",
                "for",
                &for_ms,
                "after",
                "checking",
                "its",
            ];
            return spaced(&[&spaced(&pause), &nth, "write"]);
        }
        Fault::DelayMessage {
            app,
            kind,
            nth,
            extra_ms,
        } => (
            app,
            nth,
            kind,
            ["arrives", &format_duration(extra_ms), "late", ""],
        ),
        Fault::Duplicate {
            app,
            kind,
            nth,
            after_ms,
        } => (
            app,
            nth,
            kind,
            ["arrives", "twice,", &format_duration(after_ms), "apart"],
        ),
        Fault::Reorder {
            app,
            kind,
            nth,
            extra_ms,
        } => (
            app,
            nth,
            kind,
            ["is", "overtaken,", &format_duration(extra_ms), "late"],
        ),
        // Faults at a time are written by `at_time` (no panic code in the wasm for this).
        _ => return String::new(),
    };
    let kind = vocab::name_of(&KINDS, kind);
    let message = name(s, app) + "'s " + &vocab::ordinal(nth) + " " + kind;
    let rest: Vec<&str> = rest.into_iter().filter(|w| !w.is_empty()).collect();
    spaced(&[&message, &spaced(&rest)])
}

/// `words`, a space between each two.
fn spaced(words: &[&str]) -> String {
    let mut line = String::new();
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            line.push(' ');
        }
        line.push_str(word);
    }
    line
}

/// A group's member: `leader` (`None`, whichever leads), or `member N`, counted from 1.
fn who(member: Option<usize>) -> String {
    match member {
        None => "leader".into(),
        Some(index) => String::from("member ") + &(index + 1).to_string(),
    }
}
