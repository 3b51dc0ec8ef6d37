//! The trace format's words for the engine's enums, shared by the reader and the writer.

use crate::engine::{BeliefEnd, RefuseReason, Rejection, SkipReason};

/// Words of the format for the engine's enums (shared with the writer).
pub(super) const BELIEF_ENDS: [(&str, BeliefEnd); 5] = [
    ("clock", BeliefEnd::ClockSaysExpired),
    ("told_lost", BeliefEnd::ToldLost),
    ("write_rejected", BeliefEnd::WriteRejected),
    ("released", BeliefEnd::Released),
    ("crashed", BeliefEnd::Crashed),
];

/// Why a write was skipped, in the format's words.
pub(super) const SKIP_REASONS: [(&str, SkipReason); 2] = [
    ("lease_over", SkipReason::LeaseOver),
    ("nothing_to_do", SkipReason::NothingToDo),
];

/// The only rejection and refusal a version 1 trace records.
pub(super) const fn rejection() -> Rejection {
    Rejection::TokenBelowFence
}

/// A refusal because `holder` holds `token`.
pub(super) const fn held(holder: usize, token: u64) -> RefuseReason {
    RefuseReason::Held { holder, token }
}
