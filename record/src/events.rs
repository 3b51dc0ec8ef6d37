//! How the children report: one JSON object per line on stdout, in the trace format's
//! vocabulary, stamped with `at_us`, microseconds since the run's shared epoch (the wall
//! clock of the one machine they all run on). The recorder merges and sorts the lines.

use serde_json::Value;
use std::io::Write;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Microseconds since the Unix epoch, now.
pub fn unix_us() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as u64)
}

/// The run's shared clock: microseconds since its epoch.
#[derive(Clone, Copy)]
pub struct Clock {
    pub epoch_us: u64,
}

impl Clock {
    /// Microseconds since the epoch (0 before it).
    pub fn now_us(&self) -> u64 {
        unix_us().saturating_sub(self.epoch_us)
    }

    /// Milliseconds since the epoch.
    pub fn now_ms(&self) -> u64 {
        self.now_us() / 1_000
    }

    /// Sleeps until `at_ms` after the epoch.
    pub fn sleep_until_ms(&self, at_ms: u64) {
        let due_us = self.epoch_us + at_ms * 1_000;
        let now_us = unix_us();
        if due_us > now_us {
            std::thread::sleep(Duration::from_micros(due_us - now_us));
        }
    }

    /// Prints `event` (an object) stamped with the current time, as one line.
    pub fn emit(&self, mut event: Value) {
        event["at_us"] = Value::from(self.now_us());
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{event}");
        let _ = out.flush();
    }
}
