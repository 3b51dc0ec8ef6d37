//! The words layer: every user-facing phrase about a run (times, events, faults, violations,
//! resources, counts) comes from here, so the app says one thing one way. Pure: no browser,
//! no clock, no UI; it reads engine data and returns strings.

pub mod accesses;
pub mod actions;
pub mod bands;
pub mod controls;
mod events;
pub mod explore;
mod explore_errors;
mod faults;
pub mod legend;
pub mod link;
pub mod marks;
mod missing;
mod outcome;
pub mod overlays;
pub mod panels;
pub mod questions;
pub mod recorded;
mod refusal;
mod resource;
mod scenario_errors;
pub mod shortcuts;
pub mod systems;
pub mod timeline;
mod trace_errors;
mod violations;

pub use crate::units::time;
pub use events::{event, signed};
pub use explore::explore_plan;
pub use explore_errors::{bounds_problem, explore_error, kind_label, shrink};
pub use faults::fault;
pub use missing::why_not;
pub use outcome::{outcome, Outcome, Tone};
pub use refusal::{cannot_run, refusal};
pub use resource::{resource_name, resource_unit};
pub use scenario_errors::{scenario_error, scenario_problem};
pub use trace_errors::trace_error;
pub use violations::violation;

/// A knob's label in the settings, the narration's "Try it" buttons and the hints:
/// "Token enforcement", "Lease length".
pub fn knob_label(knob: crate::catalog::Knob) -> &'static str {
    use crate::catalog::Knob;
    match knob {
        Knob::Enforcement => "Token enforcement",
        Knob::Mode => "Lease (off: permanent lock)",
        Knob::Renewals => "Renew the lease",
        Knob::CheckBeforeWrite => "Check the lease before writing",
        Knob::CarefulClient => "Count the lease from the request",
        Knob::ExactVersion => "Enforce by version, not token",
        Knob::FenceDurable => "Resource stores its highest token on disk",
        Knob::CounterDurable => "Service stores its token counter on disk",
        Knob::Ttl => "Lease length",
        Knob::Pause => "Pause length",
        Knob::Latency => "Network latency",
        Knob::Stock => "Items in stock",
    }
}

/// A knob's value as the settings show it: "30 s", "0.05 s", "1 item".
pub fn knob_value(knob: crate::catalog::Knob, value: u64) -> String {
    use crate::catalog::Knob;
    match knob {
        Knob::Stock => count(value, "item", "items"),
        Knob::Ttl | Knob::Pause | Knob::Latency => time(value),
        Knob::Enforcement
        | Knob::Mode
        | Knob::Renewals
        | Knob::CheckBeforeWrite
        | Knob::CarefulClient
        | Knob::ExactVersion
        | Knob::FenceDurable
        | Knob::CounterDurable => on_off(value != 0).into(),
    }
}

/// A switch's state in a sentence: "on" or "off".
pub fn on_off(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

/// The enforcement switch's name: by version (a compare-and-set) or by token.
pub fn enforcement_name(by_version: bool) -> &'static str {
    if by_version {
        "Version enforcement"
    } else {
        "Token enforcement"
    }
}

/// "1 item", "2 items": a count with its noun, singular or plural.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(count(1, "item", "items"), "1 item");
        assert_eq!(count(0, "item", "items"), "0 items");
        assert_eq!(count(2, "write", "writes"), "2 writes");
    }
}
