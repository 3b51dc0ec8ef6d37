//! Which moments of a run are worth stopping at (for "previous/next event") and which events the
//! log shows. Presentation choices only: the events themselves come from the engine.

use crate::engine::{Event, EventKind, Run};

/// True for events a person wants to step through and read in the log; message traffic and
/// internal bookkeeping are drawn as arrows instead.
pub fn is_notable(event: &Event) -> bool {
    !matches!(
        event.kind,
        EventKind::MessageSent { .. }
            | EventKind::MessageDelivered { .. }
            | EventKind::ResourceChanged { .. }
            | EventKind::FenceRaised { .. }
            | EventKind::AppStarted { .. }
    )
}

/// Time of the first notable event strictly after `at_ms`.
pub fn next_moment(run: &Run, at_ms: u64) -> Option<u64> {
    run.trace
        .iter()
        .filter(|e| is_notable(e))
        .map(|e| e.at_ms)
        .find(|&t| t > at_ms)
}

/// Time of the last notable event strictly before `at_ms`.
pub fn prev_moment(run: &Run, at_ms: u64) -> Option<u64> {
    run.trace
        .iter()
        .filter(|e| is_notable(e))
        .map(|e| e.at_ms)
        .rfind(|&t| t < at_ms)
}

/// Number of trace events that happened at or before `at_ms` (the trace is in time order).
pub fn revealed(run: &Run, at_ms: u64) -> usize {
    run.trace.partition_point(|e| e.at_ms <= at_ms)
}
