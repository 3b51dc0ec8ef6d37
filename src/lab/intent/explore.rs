//! The explorer's intents: its bounds, starting and cancelling a search, and what the search
//! (run by the effect runner, not the reducer) reports back: progress, what it found, or why it
//! could not start. Each report names the search it is about, so a late one from a search that
//! was stopped or replaced changes nothing. The explorer's intents change neither the setup nor
//! the action notice, and may be done over a recorded run.
//! Each variant says how the reducer treats it ([`Class`]) in one exhaustive `match`, so a new
//! variant does not build until its class is chosen.

use std::sync::Arc;

use super::class::{Class, OnQuestion, UnderRecording};
use crate::engine::{ExploreError, Summary};
use crate::lab::exploration::ExploreKind;

/// The explorer's intents.
#[derive(Clone, Debug, PartialEq)]
pub enum ExploreIntent {
    /// The explorer may add at most this many faults per schedule.
    SetFaults(u32),
    /// The explorer may add faults of this kind, or not.
    SetKind { kind: ExploreKind, on: bool },
    /// Search every schedule within the chosen bounds (the effect runner then runs it).
    Start,
    /// Stop the search (what it found so far stays shown, as a partial summary).
    Cancel,
    /// Search `id` has explored `explored` of `total` schedules, `rate_per_s` per second of
    /// real time since it started.
    Progress {
        id: u64,
        explored: u64,
        total: u64,
        rate_per_s: u64,
    },
    /// Search `id` ended, all of its space or (stopped) part of it, and found `summary`.
    Found { id: u64, summary: Box<Summary> },
    /// Search `id` could not start: `error`.
    Failed { id: u64, error: Arc<ExploreError> },
    /// Search `id` could not start: the explorer's code, fetched on a first search, could not be
    /// fetched (offline before the page kept a copy); the next start tries again.
    Unloaded { id: u64 },
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
            ExploreIntent::Cancel => (true, Allowed, Keeps),
            ExploreIntent::Progress { .. } => (true, Allowed, Keeps),
            ExploreIntent::Found { .. } => (true, Allowed, Keeps),
            ExploreIntent::Failed { .. } => (true, Allowed, Keeps),
            ExploreIntent::Unloaded { .. } => (true, Allowed, Keeps),
        };
        Class {
            quiet,
            recording,
            question,
        }
    }
}
