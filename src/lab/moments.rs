//! Which moments of a run are worth stopping at (for "previous/next event") and which events the
//! log shows. Presentation choices only: the events themselves come from the engine.

use crate::engine::{Body, Event, EventKind, Node, Run, WriteOutcome};

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

/// True for the events the log lists: the notable ones and every write an app sends (so the
/// log shows a write leaving before its sender's lease ends in its own eyes, as at a wake-up).
pub fn is_logged(event: &Event) -> bool {
    is_notable(event) || sent_write(event)
}

fn sent_write(event: &Event) -> bool {
    matches!(
        &event.kind,
        EventKind::MessageSent { msg, .. }
            if matches!(msg.body, Body::Write { .. }) && matches!(msg.from, Node::App(_))
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

/// The story's key moment in `run`: its first write the resource took stale or turned away (the
/// marks the timeline ranks first) or its first broken rule, whichever comes first; in a run
/// with neither, its last write. `None`: the run writes nothing.
pub fn key_moment(run: &Run) -> Option<u64> {
    let accesses = &run.spans.accesses;
    let climax = accesses.iter().find(|a| {
        matches!(
            a.write,
            Some(WriteOutcome::Accepted { stale: true } | WriteOutcome::Rejected { .. })
        )
    });
    let damage = run.verdict.violations.first().map(|v| v.at_ms);
    let first = climax.map(|a| a.at_ms).into_iter().chain(damage).min();
    first.or_else(|| {
        accesses
            .iter()
            .rfind(|a| a.write.is_some())
            .map(|a| a.at_ms)
    })
}
