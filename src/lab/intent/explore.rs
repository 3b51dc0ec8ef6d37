//! The explorer: its bounds, starting a search, one batch of it, cancelling it. The explorer's intents change neither the setup nor the action notice, and may be done over a recorded run.
//! Each variant says how the reducer treats it ([`Class`]) in one exhaustive `match`, so a new
//! variant does not build until its class is chosen.

use super::class::{Class, OnQuestion, UnderRecording};
use crate::lab::exploration::ExploreKind;

/// The explorer's intents.
#[derive(Clone, Debug, PartialEq)]
pub enum ExploreIntent {
    /// The explorer may add at most this many faults per schedule.
    SetFaults(u32),
    /// The explorer may add faults of this kind, or not.
    SetKind { kind: ExploreKind, on: bool },
    /// Search every schedule within the chosen bounds (the shell then sends the slices).
    Start,
    /// Run the next `batch` schedules of the search; `elapsed_ms` (real time since the start)
    /// measures the search before this batch.
    Slice { batch: u64, elapsed_ms: f64 },
    /// Stop the search (what it found so far stays shown, as a partial summary).
    Cancel,
}

impl ExploreIntent {
    /// How the reducer treats this intent.
    pub fn class(&self) -> Class {
        use OnQuestion::*;
        use UnderRecording::*;
        let (quiet, recording, question) = match self {
            ExploreIntent::SetFaults(..) => (true, Allowed, Keeps),
            ExploreIntent::SetKind { .. } => (true, Allowed, Keeps),
            ExploreIntent::Start => (true, Allowed, Keeps),
            ExploreIntent::Slice { .. } => (true, Allowed, Keeps),
            ExploreIntent::Cancel => (true, Allowed, Keeps),
        };
        Class {
            quiet,
            recording,
            question,
        }
    }
}
