//! The tally of a run as the conformance check compares it: who was granted the lease
//! when, when leases ran out, and which writes the resource accepted or rejected. Built from
//! engine events, so a recorded trace and a simulated run are summed up by the same code.

use crate::engine::{Event, EventKind};

/// A write as the resource judged it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WriteMark {
    pub app: usize,
    pub token: u64,
    pub at_ms: u64,
    pub accepted: bool,
    /// Its token was below the highest the resource had seen.
    pub stale: bool,
}

/// What a run did, in the terms the conformance check compares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// `(app, token, at_ms)` of every grant, in time order.
    pub grants: Vec<(usize, u64, u64)>,
    /// `(app, token, at_ms)` of every lease that ran out, in time order.
    pub expiries: Vec<(usize, u64, u64)>,
    /// Every write the resource judged, in time order.
    pub writes: Vec<WriteMark>,
}

impl Tally {
    /// Sums up `events` (a recorded trace's or a simulated run's).
    pub fn of(events: &[Event]) -> Tally {
        let mut out = Tally::default();
        for e in events {
            match e.kind {
                EventKind::LeaseGranted { app, token, .. } => {
                    out.grants.push((app, token, e.at_ms))
                }
                EventKind::LeaseExpired { app, token } => out.expiries.push((app, token, e.at_ms)),
                EventKind::WriteAccepted {
                    app, token, stale, ..
                } => out.writes.push(WriteMark {
                    app,
                    token,
                    at_ms: e.at_ms,
                    accepted: true,
                    stale,
                }),
                EventKind::WriteRejected { app, token, .. } => out.writes.push(WriteMark {
                    app,
                    token,
                    at_ms: e.at_ms,
                    accepted: false,
                    stale: true,
                }),
                _ => {}
            }
        }
        out
    }

    /// Stale writes the resource accepted.
    pub fn stale_accepted(&self) -> usize {
        self.writes.iter().filter(|w| w.accepted && w.stale).count()
    }

    /// Stale writes the resource rejected.
    pub fn stale_rejected(&self) -> usize {
        self.writes.iter().filter(|w| !w.accepted).count()
    }

    /// The app whose accepted write came last: whose data the resource ends with.
    pub fn last_writer(&self) -> Option<usize> {
        self.writes.iter().rev().find(|w| w.accepted).map(|w| w.app)
    }

    /// The apps in the order they were granted the lease (tokens rise in this order).
    pub fn grant_order(&self) -> Vec<usize> {
        self.grants.iter().map(|g| g.0).collect()
    }
}
