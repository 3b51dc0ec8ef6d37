//! Spans ready to draw, derived from the trace after a run.

use super::event::{BeliefEnd, Event, EventKind, Rejection};
use super::message::{Message, MsgKind, Node};
use super::resource::Resource;
use super::scenario::Scenario;

/// How a lease ended, as the coordination service saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaseEnd {
    /// Ran out.
    Expired,
    /// Released by its holder.
    Released,
    /// Still held when the run ended.
    StillHeld,
    /// The coordination service failed over and its new leader knows no lease.
    Forgotten,
}

/// One lease on the coordination service's timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaseSpan {
    pub token: u64,
    pub app: usize,
    pub from_ms: u64,
    pub until_ms: u64,
    pub end: LeaseEnd,
}

/// An interval in which an app believed it owned the resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BeliefSpan {
    pub app: usize,
    pub token: u64,
    pub from_ms: u64,
    pub until_ms: u64,
    /// `None`: still believing when the run ended.
    pub end: Option<BeliefEnd>,
}

/// A time interval for one app (pauses, partitions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AppSpan {
    pub app: usize,
    pub from_ms: u64,
    pub until_ms: u64,
}

/// One message's flight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MessageSpan {
    pub id: u32,
    pub kind: MsgKind,
    pub from: Node,
    pub to: Node,
    pub sent_ms: u64,
    /// `None` if lost or still in flight at the end.
    pub delivered_ms: Option<u64>,
    pub lost: bool,
    /// For a second copy the network made (`Fault::Duplicate`): the original's id.
    pub copy_of: Option<u32>,
}

/// Outcome of a write at the resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteOutcome {
    Accepted { stale: bool },
    Rejected { highest: u64, why: Rejection },
}

/// A read or write at the resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AccessMark {
    pub app: usize,
    pub token: u64,
    pub at_ms: u64,
    /// Value read, or `based_on` for writes.
    pub value: u64,
    /// `None` for reads.
    pub write: Option<WriteOutcome>,
}

/// Resource value and highest token after a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResourcePoint {
    pub at_ms: u64,
    pub value: u64,
    pub highest_token: u64,
}

/// A restart of the resource: its highest token seen before and after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RestartMark {
    pub at_ms: u64,
    pub highest_before: u64,
    pub highest: u64,
}

impl RestartMark {
    /// Whether the restart made the resource forget tokens it had seen.
    pub fn lost_fence(&self) -> bool {
        self.highest < self.highest_before
    }
}

/// A failover of the coordination service: from `at_ms` the new leader grants nothing until
/// `until_ms` (`at_ms` itself when it waits for nothing: a permanent lock is kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FailoverSpan {
    pub at_ms: u64,
    pub until_ms: u64,
    /// The next token it grants (`None`: no tokens left).
    pub next_token: Option<u64>,
}

/// Everything the timeline view draws.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spans {
    pub leases: Vec<LeaseSpan>,
    pub beliefs: Vec<BeliefSpan>,
    pub pauses: Vec<AppSpan>,
    pub partitions: Vec<AppSpan>,
    pub crashes: Vec<(usize, u64)>,
    /// An app with no lock starting its plan over: (app, at_ms, attempt).
    pub starts_over: Vec<(usize, u64, u32)>,
    pub messages: Vec<MessageSpan>,
    /// Reads and writes in time order.
    pub accesses: Vec<AccessMark>,
    /// Resource value after each accepted write, each fence rise and each restart.
    pub resource: Vec<ResourcePoint>,
    /// Restarts of the resource, in time order.
    pub restarts: Vec<RestartMark>,
    /// Failovers of the coordination service, in time order.
    pub failovers: Vec<FailoverSpan>,
}

impl Spans {
    /// Builds spans from a trace; open intervals close at `end_ms`. Pauses and partitions
    /// are drawn from the events that happened: a crash ends the pause or partition under way.
    pub fn from_trace(scenario: &Scenario, trace: &[Event], end_ms: u64) -> Spans {
        let mut spans = Spans::default();
        // A span a message: room for them all at once (a story's run sends dozens).
        let sent = |e: &&Event| {
            matches!(
                e.kind,
                EventKind::MessageSent { .. } | EventKind::MessageCopied { .. }
            )
        };
        spans
            .messages
            .reserve_exact(trace.iter().filter(sent).count());
        let initial = Resource::new(&scenario.resource, false, false).value();
        spans.resource.push(ResourcePoint {
            at_ms: 0,
            value: initial,
            highest_token: 0,
        });
        let mut highest = 0;
        for e in trace {
            spans.add(e, &mut highest);
        }
        spans.close(end_ms);
        spans
    }

    fn add(&mut self, e: &Event, highest: &mut u64) {
        use EventKind::*;
        let at_ms = e.at_ms;
        match e.kind {
            LeaseGranted { app, token, .. } => self.leases.push(LeaseSpan {
                token,
                app,
                from_ms: at_ms,
                until_ms: at_ms,
                end: LeaseEnd::StillHeld,
            }),
            LeaseExpired { token, .. } => self.end_lease(token, at_ms, LeaseEnd::Expired),
            LeaseReleased { token, .. } => self.end_lease(token, at_ms, LeaseEnd::Released),
            BeliefStarted { app, token, .. } => self.beliefs.push(BeliefSpan {
                app,
                token,
                from_ms: at_ms,
                until_ms: at_ms,
                end: None,
            }),
            BeliefEnded { app, why, .. } => {
                if let Some(b) = self.beliefs.iter_mut().rev().find(|b| b.app == app) {
                    (b.until_ms, b.end) = (at_ms, Some(why));
                }
            }
            PauseStarted { app, .. } if !self.has_crashed(app) => {
                open(&mut self.pauses, app, at_ms)
            }
            PauseEnded { app } => shut(&mut self.pauses, app, at_ms),
            PartitionStarted { app } if !self.has_crashed(app) => {
                open(&mut self.partitions, app, at_ms)
            }
            PartitionEnded { app } => shut(&mut self.partitions, app, at_ms),
            StartedOver { app, attempt } => self.starts_over.push((app, at_ms, attempt)),
            Crashed { app } => {
                self.crashes.push((app, at_ms));
                shut(&mut self.pauses, app, at_ms);
                shut(&mut self.partitions, app, at_ms);
            }
            ResourceRestarted {
                highest_before,
                highest: after,
            } => self.restarted(at_ms, highest_before, after, highest),
            FailedOver {
                until_ms,
                next_token,
            } => self.failed_over(at_ms, until_ms, next_token),
            _ => self.add_traffic(e, highest),
        }
    }

    /// The resource restarted: its fence is now `after` (lower, if it lived only in memory).
    fn restarted(&mut self, at_ms: u64, highest_before: u64, after: u64, highest: &mut u64) {
        self.restarts.push(RestartMark {
            at_ms,
            highest_before,
            highest: after,
        });
        if after != *highest {
            *highest = after;
            let value = self.resource.last().map_or(0, |p| p.value);
            self.resource.push(ResourcePoint {
                at_ms,
                value,
                highest_token: after,
            });
        }
    }

    /// A new leader took over. One that waits before granting (leases) knows no lease: the
    /// leases still held end here.
    fn failed_over(&mut self, at_ms: u64, until_ms: u64, next_token: Option<u64>) {
        let until_ms = until_ms.max(at_ms);
        self.failovers.push(FailoverSpan {
            at_ms,
            until_ms,
            next_token,
        });
        if until_ms > at_ms {
            for l in self.leases.iter_mut() {
                if l.end == LeaseEnd::StillHeld {
                    (l.until_ms, l.end) = (at_ms, LeaseEnd::Forgotten);
                }
            }
        }
    }

    /// A message leaves (or, for a copy of message `copy_of`, is duplicated) at `at_ms`.
    fn message(&mut self, msg: Message, at_ms: u64, copy_of: Option<u32>) {
        self.messages.push(MessageSpan {
            id: msg.id,
            kind: msg.body.kind(),
            from: msg.from,
            to: msg.to,
            sent_ms: at_ms,
            delivered_ms: None,
            lost: false,
            copy_of,
        });
    }

    /// Messages, reads, writes and the resource's value.
    fn add_traffic(&mut self, e: &Event, highest: &mut u64) {
        use EventKind::*;
        let at_ms = e.at_ms;
        match e.kind {
            MessageSent { msg, .. } => self.message(msg, at_ms, None),
            MessageCopied { msg, of, .. } => self.message(msg, at_ms, Some(of)),
            MessageDelivered { msg } => self.messages[msg.id as usize].delivered_ms = Some(at_ms),
            MessageLost { msg, .. } => self.messages[msg.id as usize].lost = true,
            ReadServed { app, token, value } => self.access(app, token, at_ms, value, None),
            WriteAccepted {
                app,
                token,
                based_on,
                stale,
                ..
            } => {
                let write = Some(WriteOutcome::Accepted { stale });
                self.access(app, token, at_ms, based_on, write);
            }
            WriteRejected {
                app,
                token,
                highest,
                why,
            } => {
                let write = Some(WriteOutcome::Rejected { highest, why });
                self.access(app, token, at_ms, 0, write);
            }
            ResourceChanged {
                value,
                highest_token,
            } => {
                *highest = highest_token;
                self.resource.push(ResourcePoint {
                    at_ms,
                    value,
                    highest_token,
                });
            }
            FenceRaised { token } if token > *highest => {
                *highest = token;
                let value = self.resource.last().map_or(0, |p| p.value);
                self.resource.push(ResourcePoint {
                    at_ms,
                    value,
                    highest_token: token,
                });
            }
            _ => {}
        }
    }

    fn access(
        &mut self,
        app: usize,
        token: u64,
        at_ms: u64,
        value: u64,
        write: Option<WriteOutcome>,
    ) {
        self.accesses.push(AccessMark {
            app,
            token,
            at_ms,
            value,
            write,
        });
    }

    fn has_crashed(&self, app: usize) -> bool {
        self.crashes.iter().any(|&(a, _)| a == app)
    }

    fn end_lease(&mut self, token: u64, at_ms: u64, end: LeaseEnd) {
        if let Some(l) = self.leases.iter_mut().rev().find(|l| l.token == token) {
            (l.until_ms, l.end) = (at_ms, end);
        }
    }

    fn close(&mut self, end_ms: u64) {
        for l in self
            .leases
            .iter_mut()
            .filter(|l| l.end == LeaseEnd::StillHeld)
        {
            l.until_ms = end_ms;
        }
        for b in self.beliefs.iter_mut().filter(|b| b.end.is_none()) {
            b.until_ms = end_ms;
        }
        for p in self.pauses.iter_mut().chain(self.partitions.iter_mut()) {
            if p.until_ms == OPEN {
                p.until_ms = end_ms;
            }
        }
    }
}

/// The end of a pause or partition still under way.
const OPEN: u64 = u64::MAX;

/// `app`'s pause (or partition) begins at `at_ms`, unless one is already under way (a longer
/// pause started during another extends it: one band).
fn open(spans: &mut Vec<AppSpan>, app: usize, at_ms: u64) {
    if !spans.iter().any(|s| s.app == app && s.until_ms == OPEN) {
        spans.push(AppSpan {
            app,
            from_ms: at_ms,
            until_ms: OPEN,
        });
    }
}

/// `app`'s pause (or partition) under way, if any, ends at `at_ms`.
fn shut(spans: &mut [AppSpan], app: usize, at_ms: u64) {
    if let Some(s) = spans
        .iter_mut()
        .find(|s| s.app == app && s.until_ms == OPEN)
    {
        s.until_ms = at_ms;
    }
}
