//! The resource lane in words: the labels and tooltips of reads and writes (accepted, stale,
//! rejected), of the resource's value, of the highest token it has seen, and of violations.
//! Grants are named by [`grant`].

use crate::catalog::{grant, grant_number};
use crate::engine::{Mode, Scenario};

/// A read's tooltip: "A read stock 3 with token 2 at 10 s".
pub fn read_title(
    s: &Scenario,
    name: &str,
    unit: &str,
    value: u64,
    token: u64,
    at: &str,
) -> String {
    format!(
        "{name} read {unit} {value} with {} at {at}",
        grant(s, token)
    )
}

/// An accepted write's tooltip.
pub fn accepted_title(s: &Scenario, name: &str, token: u64, at: &str) -> String {
    format!("{name}'s write{} accepted at {at}", super::tagged(s, token))
}

/// An accepted write's labels, longest first.
pub fn accepted_texts(s: &Scenario, name: &str, token: u64) -> Vec<String> {
    if s.mode == Mode::NoLock {
        return vec![name.to_string()];
    }
    let n = grant_number(s, token);
    vec![format!("{name} {n}"), n]
}

/// A stale write's labels, longest first.
pub fn stale_texts(s: &Scenario, name: &str, token: u64) -> Vec<String> {
    let n = grant_number(s, token);
    vec![format!("{name} {n} stale!"), format!("{n} stale!")]
}

/// A stale write's tooltip.
pub fn stale_title(s: &Scenario, name: &str, token: u64, at: &str) -> String {
    format!(
        "{name}'s stale write with {} accepted at {at}: nothing checked it",
        grant(s, token)
    )
}

/// The labels of a write rejected because the version changed since it was read (the value
/// may have come back: "read 1, changed since").
pub fn changed_texts(read: u64, now: u64) -> Vec<String> {
    if read == now {
        return vec![format!("read {read}, changed since"), "changed".into()];
    }
    vec![format!("read {read} ≠ {now}"), format!("{read} ≠ {now}")]
}

/// The tooltip of a write rejected because the version changed since it was read.
pub fn changed_title(
    s: &Scenario,
    name: &str,
    token: u64,
    at: &str,
    read: u64,
    now: u64,
) -> String {
    format!(
        "{name}'s write with {} rejected at {at}: {}",
        grant(s, token),
        super::event_at_resource::changed_why(read, now)
    )
}

/// The tooltip of a write rejected for a token lower than the highest seen.
pub fn rejected_title(s: &Scenario, name: &str, token: u64, at: &str, highest: u64) -> String {
    format!(
        "{name}'s write with {} rejected at {at}: {token} < {highest}",
        grant(s, token)
    )
}

/// The labels of the highest token (or epoch) seen, longest first.
pub fn fence_texts(s: &Scenario, token: u64) -> [String; 3] {
    [
        format!("highest {}", grant(s, token)),
        format!("max {token}"),
        format!("{token}"),
    ]
}

/// A violation mark's tooltip: "Violation at 50 s: …".
pub fn violation_title(at: &str, violation: &str) -> String {
    format!("Violation at {}: {}", at, violation)
}

/// The tooltip of the resource's value after a change: "stock 0 from 40 s".
pub fn state_title(unit: &str, value: u64, at_ms: u64) -> String {
    format!("{unit} {value} from {}", crate::units::time(at_ms))
}
