//! A knob's value as the settings show it: a time, a count of items, or on/off.

use super::count::count;
use super::switch::on_off;
use crate::catalog::Knob;
use crate::units::time;

/// A knob's value as the settings show it: "30 s", "0.05 s", "1 item".
pub fn knob_value(knob: Knob, value: u64) -> String {
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
