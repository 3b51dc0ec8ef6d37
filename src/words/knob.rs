//! A knob as the settings show it: its label, and its value (a time, a count of items, or on/off).

use super::count::count;
use super::switch::on_off;
use crate::catalog::{Knob, Knobs};
use crate::engine::{Mode, Tokens};
use crate::units::time;

/// A knob's label in the settings, the narration's "Try it" buttons and the hints:
/// "Token enforcement", "Lease length".
pub fn knob_label(knob: Knob) -> &'static str {
    match knob {
        Knob::Enforcement => "Token enforcement",
        Knob::Mode => "Lease (runs out unless renewed)",
        Knob::Renewals => "Renew the lease",
        Knob::CheckBeforeWrite => "Check the lease before writing",
        Knob::CarefulClient => "Count the lease from the request",
        Knob::ExactVersion => "Enforce by version",
        Knob::FenceDurable => "Resource stores its highest token on disk",
        Knob::CounterDurable => "Service stores its token counter on disk",
        Knob::Ttl => "Lease length",
        Knob::Pause => "Pause length",
        Knob::Latency => "Network latency",
        Knob::Stock => "Items in stock",
        Knob::Members => "Replicated coordination service",
        Knob::Epochs => "Tokens are leader epochs",
        Knob::PreVote => "Members ask for pre-votes",
    }
}

/// The label of `knob`'s switch under `knobs`: the enforcement switch is named by what it
/// checks ("Version enforcement" where the resource compares versions, "Epoch enforcement"
/// where a leader's epochs), as the toolbar's is.
pub fn switch_label(knobs: &Knobs, knob: Knob) -> &'static str {
    // With no lock, writes carry no token: the compare-and-set is by value or by version.
    if knob == Knob::Enforcement && knobs.mode == Mode::NoLock && !knobs.by_version {
        super::switch::VALUE_ENFORCEMENT
    } else if knob == Knob::Enforcement {
        let epochs = knobs.tokens() == Tokens::Epoch;
        super::switch::enforcement_name(knobs.by_version, epochs)
    } else {
        knob_label(knob)
    }
}

/// A knob's value as the settings show it: "30 s", "0.05 s", "1 item".
pub fn knob_value(knob: Knob, value: u64) -> String {
    match knob {
        Knob::Stock => count(value, "item", "items"),
        Knob::Members if value <= 1 => "off: one box".into(),
        Knob::Members => format!("{value} members"),
        Knob::Ttl | Knob::Pause | Knob::Latency => time(value),
        Knob::Enforcement
        | Knob::Mode
        | Knob::Renewals
        | Knob::CheckBeforeWrite
        | Knob::CarefulClient
        | Knob::ExactVersion
        | Knob::FenceDurable
        | Knob::CounterDurable
        | Knob::Epochs
        | Knob::PreVote => on_off(value != 0).into(),
    }
}
