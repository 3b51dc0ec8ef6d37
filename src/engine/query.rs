//! Questions about a finished run, answered from its trace and spans: who holds the lease
//! at t, who believes it owns the resource, who is paused, cut off or crashed, what the
//! resource holds, how the run stands so far, and which message is an app's n-th.
//!
//! The UI asks these instead of working the answers out itself, so the timeline, the
//! panels and the narration agree by construction. "At t" includes events at exactly t.

use super::event::EventKind;
use super::message::{MsgKind, Node};
use super::resource::{Resource, ResourceState};
use super::run::Run;
use super::spans::{AppSpan, BeliefSpan, MessageSpan, WriteOutcome};

/// Why an app is not acting at some moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StallKind {
    /// Frozen (a GC pause, a VM stop).
    Paused,
    /// Cut off from the coordination service.
    CutOff,
}

/// A pause or partition under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stall {
    /// Paused or cut off.
    pub kind: StallKind,
    /// When it began.
    pub from_ms: u64,
    /// When it ends (or ended; the run's end if it outlasted the run).
    pub until_ms: u64,
}

/// The resource at some moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResourceAt {
    /// Its domain state (stock, ledger, versions).
    pub state: ResourceState,
    /// The highest token it has seen (0 before any).
    pub fence: u64,
    /// Writes it accepted so far.
    pub accepted: u32,
    /// Writes it rejected so far.
    pub rejected: u32,
}

/// How the run stands at some moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SoFar {
    /// Domain rules broken so far.
    pub violations: u32,
    /// When the first rule broke.
    pub first_violation_ms: Option<u64>,
    /// Stale writes the resource accepted so far.
    pub stale_accepted: u32,
    /// Stale writes the resource rejected so far.
    pub stale_rejected: u32,
    /// The first rejected write: (token, the fence it met, when).
    pub first_rejection: Option<(u64, u64, u64)>,
    /// Leases granted so far.
    pub grants: u32,
}

/// An app's message: which kind, and its number among that app's messages of that kind
/// (1-based, counting both directions), as [`crate::engine::Fault::delay`] names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NthMessage {
    /// The message.
    pub span: MessageSpan,
    /// Its kind.
    pub kind: MsgKind,
    /// 1 for the app's first message of this kind.
    pub nth: u32,
}

fn within(span: &AppSpan, app: usize, at_ms: u64) -> bool {
    span.app == app && span.from_ms <= at_ms && at_ms < span.until_ms
}

/// True when a lease or belief drawn from `from_ms` to `until_ms` covers `at_ms` (one that
/// began and ended at the same instant covers that instant).
fn covers(from_ms: u64, until_ms: u64, at_ms: u64) -> bool {
    from_ms <= at_ms && at_ms < until_ms.max(from_ms + 1)
}

fn involves(m: &MessageSpan, app: usize) -> bool {
    m.from == Node::App(app) || m.to == Node::App(app)
}

/// A message `app` sent or was sent, not the network's copy of one: what faults count.
fn counted(m: &MessageSpan, app: usize) -> bool {
    m.copy_of.is_none() && involves(m, app)
}

impl Run {
    /// Who holds the lease at the coordination service at `at_ms`: (app, token).
    pub fn holder_at(&self, at_ms: u64) -> Option<(usize, u64)> {
        self.spans
            .leases
            .iter()
            .rev()
            .find(|l| covers(l.from_ms, l.until_ms, at_ms))
            .map(|l| (l.app, l.token))
    }

    /// Who believes they own the resource at `at_ms`, by app: (app, token).
    pub fn believers_at(&self, at_ms: u64) -> Vec<(usize, u64)> {
        let mut out: Vec<(usize, u64)> = Vec::new();
        let live = |b: &&BeliefSpan| covers(b.from_ms, b.until_ms, at_ms);
        for b in self.spans.beliefs.iter().filter(live) {
            // By app (an insertion, not a sort: a few apps, and no sort code in the wasm).
            let at = out.partition_point(|&(app, _)| app <= b.app);
            out.insert(at, (b.app, b.token));
        }
        out
    }

    /// When `app` crashed, if it had by `at_ms`.
    pub fn crashed_by(&self, app: usize, at_ms: u64) -> Option<u64> {
        let crash = self.spans.crashes.iter().find(|&&(a, _)| a == app)?;
        (crash.1 <= at_ms).then_some(crash.1)
    }

    /// The pause or partition of `app` under way at `at_ms` (a pause first, if both are).
    pub fn stall_at(&self, app: usize, at_ms: u64) -> Option<Stall> {
        let pause = self.spans.pauses.iter().find(|p| within(p, app, at_ms));
        let cut = self.spans.partitions.iter().find(|p| within(p, app, at_ms));
        let (kind, span) = match (pause, cut) {
            (Some(p), _) => (StallKind::Paused, p),
            (None, Some(c)) => (StallKind::CutOff, c),
            (None, None) => return None,
        };
        Some(Stall {
            kind,
            from_ms: span.from_ms,
            until_ms: span.until_ms,
        })
    }

    /// The resource as it stood at `at_ms`: the engine's own resource, fed the writes it
    /// accepted by then; its fence as raised, and as a restart left it.
    pub fn resource_at(&self, at_ms: u64) -> ResourceAt {
        let mut resource = Resource::new(&self.resource, false, false);
        let (mut fence, mut accepted, mut rejected) = (0, 0, 0);
        let mut ignored = Vec::new();
        for event in self.trace.iter().take_while(|e| e.at_ms <= at_ms) {
            match event.kind {
                EventKind::WriteAccepted {
                    app,
                    token,
                    based_on,
                    returns,
                    ..
                } => {
                    resource.replay((app, token), based_on, returns, &mut ignored);
                    accepted += 1;
                }
                EventKind::WriteRejected { .. } => rejected += 1,
                EventKind::FenceRaised { token } => fence = token,
                EventKind::ResourceRestarted { highest, .. } => fence = highest,
                _ => {}
            }
        }
        ResourceAt {
            state: resource.state().clone(),
            fence,
            accepted,
            rejected,
        }
    }

    /// How the run stands at `at_ms`: rules broken, stale writes, grants. Reads the verdict
    /// and the spans (a few entries per write or grant), not the whole trace, so it is cheap
    /// to ask on every frame of a long run.
    pub fn so_far(&self, at_ms: u64) -> SoFar {
        let mut out = SoFar::default();
        for v in self
            .verdict
            .violations
            .iter()
            .take_while(|v| v.at_ms <= at_ms)
        {
            out.violations += 1;
            out.first_violation_ms.get_or_insert(v.at_ms);
        }
        for a in self.spans.accesses.iter().take_while(|a| a.at_ms <= at_ms) {
            match a.write {
                Some(WriteOutcome::Accepted { stale: true }) => out.stale_accepted += 1,
                Some(WriteOutcome::Rejected { highest, .. }) => {
                    out.stale_rejected += 1;
                    out.first_rejection
                        .get_or_insert((a.token, highest, a.at_ms));
                }
                _ => {}
            }
        }
        let granted = self.spans.leases.iter().take_while(|l| l.from_ms <= at_ms);
        out.grants = granted.count() as u32;
        out
    }

    /// The `nth` (1-based) message of `kind` to or from `app` (the network's copies are not
    /// counted: they are no message of the app's).
    pub fn nth_message(&self, app: usize, kind: MsgKind, nth: u32) -> Option<MessageSpan> {
        self.spans
            .messages
            .iter()
            .filter(|m| m.kind == kind && counted(m, app))
            .nth(nth.checked_sub(1)? as usize)
            .copied()
    }

    /// The first message to or from `app` sent at or after `at_ms`, with its number (copies
    /// neither found nor counted).
    pub fn next_message_of(&self, app: usize, at_ms: u64) -> Option<NthMessage> {
        let messages = &self.spans.messages;
        let next = messages
            .iter()
            .find(|m| m.sent_ms >= at_ms && counted(m, app))?;
        let nth = messages
            .iter()
            .filter(|m| m.id <= next.id && m.kind == next.kind && counted(m, app))
            .count();
        Some(NthMessage {
            span: *next,
            kind: next.kind,
            nth: nth as u32,
        })
    }
}
