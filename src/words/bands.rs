//! The timeline's bands and bars in words: what the labels and tooltips say of leases, refused
//! asks, beliefs, pauses, partitions, crashes and split brain, longest label first where a
//! shorter one stands in when room is short.

use crate::catalog::{grant, grant_number};
use crate::engine::{Mode, Scenario};
use crate::units::time;

/// What an app holds in `s`: "lock" under a permanent lock, else "lease".
pub fn held(s: &Scenario) -> &'static str {
    if s.mode == Mode::PermanentLock {
        "lock"
    } else {
        "lease"
    }
}

/// A lease bar's tooltip: "Lease 3 for A from 10 s", or "Lock 3 …" under a permanent lock (the
/// grant's number, see [`grant`]). A band's tooltip names only its start: the band grows with
/// the playhead, and its end is drawn when it comes.
pub fn lease_title(s: &Scenario, token: u64, name: &str, from_ms: u64) -> String {
    let head = if s.mode == Mode::PermanentLock {
        "Lock"
    } else {
        "Lease"
    };
    format!(
        "{head} {} for {name} from {}",
        grant_number(s, token),
        time(from_ms)
    )
}

/// A lease bar's long label: "A holds the lease · token 3" ("the lock" under a permanent lock).
pub fn lease_long(s: &Scenario, name: &str, token: u64) -> String {
    format!("{name} holds the {} · {}", held(s), grant(s, token))
}

/// A lease bar's short label: "A · 3".
pub fn lease_short(s: &Scenario, name: &str, token: u64) -> String {
    format!("{name} · {}", grant_number(s, token))
}

/// How a lease ended, when it expired.
pub const EXPIRED: &str = "◷ expired";
/// How a lease ended, when its holder released it.
pub const RELEASED: &str = "released";

/// How `name`'s lease ended, naming whose it was, so that two ends close together are told
/// apart: "◷ A's lease expired", "B released".
pub fn lease_end(s: &Scenario, name: &str, expired: bool) -> String {
    if expired {
        format!("◷ {name}'s {} expired", held(s))
    } else {
        format!("{name} {RELEASED}")
    }
}

/// The tooltip of a run of `count` refused asks by `name` for a `held` ("lease" or "lock").
pub fn refusal_title(held: &str, name: &str, count: usize, from_ms: u64, until_ms: u64) -> String {
    if count == 1 {
        format!(
            "{name} asked for the {held} at {} and was refused",
            time(from_ms)
        )
    } else {
        format!(
            "{name} asked for the {held} {} times from {} to {} and was refused each time",
            count,
            time(from_ms),
            time(until_ms)
        )
    }
}

/// The label of a run of `count` refused asks by `name`, longest first.
pub fn refusal_texts(name: &str, count: usize) -> Vec<String> {
    if count == 1 {
        vec![format!("{name} refused")]
    } else {
        vec![
            format!("{name} asked ×{count}, refused"),
            format!("{name} ×{count} refused"),
            format!("{name} ×{count}"),
            format!("×{count}"),
        ]
    }
}

/// A belief band's tooltip.
pub fn belief_title(s: &Scenario, name: &str, token: u64, from_ms: u64) -> String {
    format!(
        "{} believes it owns the resource ({}) from {}",
        name,
        grant(s, token),
        time(from_ms)
    )
}

/// A belief band's labels, longest first.
pub fn belief_texts(s: &Scenario, token: u64) -> [String; 3] {
    let n = grant_number(s, token);
    [
        format!("believes it owns · {}", grant(s, token)),
        format!("believes it owns · {n}"),
        format!("owns · {n}"),
    ]
}

/// A label set just after a band too short to hold it, pointing back at the band.
pub fn points_back(text: &str) -> String {
    format!("◂ {text}")
}

/// A pause band's labels, longest first: no length, which would tell when the pause ends.
pub fn pause_texts() -> [String; 2] {
    ["❚❚ paused".to_string(), "❚❚".to_string()]
}

/// A pause band's tooltip.
pub fn pause_title(name: &str, from_ms: u64) -> String {
    format!("{name} is paused (stop-the-world) from {}", time(from_ms))
}

/// A partition band's labels, longest first.
pub fn cut_texts() -> [String; 3] {
    [
        "✂ cut off from coordination".to_string(),
        "✂ cut off".to_string(),
        "✂".to_string(),
    ]
}

/// A partition band's tooltip.
pub fn cut_title(name: &str, from_ms: u64) -> String {
    format!(
        "{name} cannot reach the coordination service from {}",
        time(from_ms)
    )
}

/// A crash line's tooltip.
pub fn crash_title(name: &str, at_ms: u64) -> String {
    format!("{} crashed at {}", name, time(at_ms))
}

/// A crash line's labels, longest first.
pub fn crash_texts() -> [String; 2] {
    ["✖ crashed".to_string(), "✖".to_string()]
}

/// A start-over line's tooltip: "A starts over at 45.1 s: attempt 2".
pub fn start_over_title(name: &str, at_ms: u64, attempt: u32) -> String {
    format!("{name} starts over at {}: attempt {attempt}", time(at_ms))
}

/// A start-over line's labels, longest first.
pub fn start_over_texts(attempt: u32) -> [String; 3] {
    [
        format!("↻ starts over · attempt {attempt}"),
        format!("↻ attempt {attempt}"),
        "↻".to_string(),
    ]
}

/// A split-brain band's tooltip, naming the apps that all believed they owned the resource.
pub fn split_title(names: &[&str], from_ms: u64) -> String {
    format!(
        "Split brain: {} all believe they own the resource from {}",
        crate::units::joined(names, " and "),
        time(from_ms)
    )
}

/// A split-brain band's labels, longest first.
pub fn split_texts() -> [String; 3] {
    [
        "⚠ split brain".to_string(),
        "⚠ split".to_string(),
        "⚠".to_string(),
    ]
}
