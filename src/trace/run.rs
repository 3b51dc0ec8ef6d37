//! A recorded trace as a [`Run`], the value the timeline and the story draw: its events (with
//! the domain violations the resource's own rules find in the accepted writes), its spans, and
//! a verdict worked out from the events the way the simulation works out its own.

use super::recording::Trace;
use crate::engine::{
    Event, EventKind, Resource, Run, SplitBrainTracker, Verdict, Violation, ViolationKind,
};

impl Trace {
    /// The recorded run as the engine's [`Run`]: the same shape a simulation returns.
    pub fn run(&self) -> Run {
        let mut resource = Resource::new(&self.resource, false, false);
        let mut split = SplitBrainTracker::default();
        let mut trace = Vec::with_capacity(self.events.len());
        let mut verdict = Verdict {
            events_processed: self.events.len() as u64,
            ..Verdict::empty(resource.state().clone(), self.end_ms)
        };
        for e in &self.events {
            trace.push(*e);
            match e.kind {
                EventKind::LeaseGranted { .. } => verdict.grants += 1,
                EventKind::BeliefStarted { app, .. } => split.set(e.at_ms, app, true),
                EventKind::BeliefEnded { app, .. } => split.set(e.at_ms, app, false),
                EventKind::WriteRejected { .. } => verdict.stale_writes_rejected += 1,
                EventKind::WriteAccepted {
                    app,
                    token,
                    based_on,
                    stale,
                    returns,
                } => {
                    verdict.writes_accepted += 1;
                    verdict.stale_writes_accepted += u32::from(stale);
                    let mut found: Vec<ViolationKind> = Vec::new();
                    resource.replay((app, token), based_on, returns, &mut found);
                    for kind in found {
                        verdict.violations.push(Violation {
                            at_ms: e.at_ms,
                            kind,
                        });
                        trace.push(Event {
                            at_ms: e.at_ms,
                            kind: EventKind::Violation { kind },
                        });
                    }
                }
                _ => {}
            }
        }
        verdict.split_brain = split.finish(self.end_ms);
        verdict.final_state = resource.state().clone();
        Run {
            trace,
            spans: self.spans(),
            verdict,
            end_ms: self.end_ms,
            resource: self.resource.clone(),
        }
    }
}
