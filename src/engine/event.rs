//! Events: the trace of a run, as plain `Copy` data. `describe` (in `describe.rs`)
//! turns one into words for the UI's event log.

use super::group::MemberChange;
use super::message::{Message, RefuseReason};
use super::violation::ViolationKind;

/// One thing that happened, at a true simulated time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Event {
    /// True time, ms since the start of the run.
    pub at_ms: u64,
    /// What happened.
    pub kind: EventKind,
}

/// Why an app stopped believing it owns the resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BeliefEnd {
    /// Its own clock says the lease is over.
    ClockSaysExpired,
    /// The coordination service answered a renewal with Lost.
    ToldLost,
    /// The resource rejected its write.
    WriteRejected,
    /// It released the lease.
    Released,
    /// It crashed.
    Crashed,
}

/// Why an app did not send a write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SkipReason {
    /// `check_before_write`: its clock says the lease is over (or within the margin).
    LeaseOver,
    /// Nothing to write (no stock left, no unpaid invoice).
    NothingToDo,
}

/// Why the resource rejected a write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// Its token is below the highest the resource has seen.
    TokenBelowFence,
    /// The resource no longer holds what the writer read (`read`), but `now`.
    VersionChanged { read: u64, now: u64 },
}

/// Why a message never arrived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LossReason {
    /// A partition cut the app off from the coordination service.
    Partition,
    /// The receiving app had crashed.
    ReceiverCrashed,
}

/// What happened. App fields are indices into `Scenario::apps`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// The app starts its plan by asking for the lease.
    AppStarted { app: usize },
    /// A message left its sender; it is due at `deliver_at_ms` (`delayed_ms` of it by a fault).
    MessageSent {
        msg: Message,
        deliver_at_ms: u64,
        delayed_ms: u64,
    },
    /// A message reached its receiver.
    MessageDelivered { msg: Message },
    /// A message was lost.
    MessageLost { msg: Message, reason: LossReason },
    /// The coordination service granted the lease.
    LeaseGranted {
        app: usize,
        token: u64,
        expiry_ms: Option<u64>,
    },
    /// The coordination service refused an acquire.
    AcquireRefused { app: usize, reason: RefuseReason },
    /// The coordination service extended a lease.
    LeaseRenewed {
        app: usize,
        token: u64,
        expiry_ms: Option<u64>,
    },
    /// A renewal came too late (or for an old token): answered Lost.
    RenewRefused { app: usize, token: u64 },
    /// The coordination service's lease ran out.
    LeaseExpired { app: usize, token: u64 },
    /// A new leader found the lease and started its timer again: it now ends at `expiry_ms`.
    LeaseRestarted {
        app: usize,
        token: u64,
        expiry_ms: u64,
    },
    /// The holder released the lease.
    LeaseReleased { app: usize, token: u64 },
    /// A release for a lease that is no longer current was ignored.
    ReleaseIgnored { app: usize, token: u64 },
    /// The app now believes it owns the resource until its clock reads `local_expiry_ms`.
    BeliefStarted {
        app: usize,
        token: u64,
        local_expiry_ms: Option<i64>,
    },
    /// A grant or renewal of `token` reached the app after the validity it computes for
    /// it had already run out: it starts or extends nothing (a late grant is handed back).
    LateReplyIgnored { app: usize, token: u64 },
    /// The app stopped believing it owns the resource.
    BeliefEnded {
        app: usize,
        token: u64,
        why: BeliefEnd,
    },
    /// A pause (e.g. GC) began; it lasts until `until_ms`.
    PauseStarted { app: usize, until_ms: u64 },
    /// The app resumed.
    PauseEnded { app: usize },
    /// The app crashed for good.
    Crashed { app: usize },
    /// The app's local clock jumped.
    ClockJumped { app: usize, by_ms: i64 },
    /// The app got cut off from the coordination service.
    PartitionStarted { app: usize },
    /// The partition healed.
    PartitionEnded { app: usize },
    /// The resource served a read.
    ReadServed { app: usize, token: u64, value: u64 },
    /// The resource accepted a write (`returns`: one giving back the last item the app
    /// reserved).
    WriteAccepted {
        app: usize,
        token: u64,
        based_on: u64,
        stale: bool,
        returns: bool,
    },
    /// The resource rejected a write, for the reason `why`; `highest` is its fence.
    WriteRejected {
        app: usize,
        token: u64,
        highest: u64,
        why: Rejection,
    },
    /// The network delivers a second copy (`msg`, with its own id) of message `of`.
    MessageCopied {
        msg: Message,
        of: u32,
        deliver_at_ms: u64,
    },
    /// The resource restarted; its fence went from `highest_before` to `highest`.
    ResourceRestarted { highest_before: u64, highest: u64 },
    /// A new leader took over the coordination service: no grants before `until_ms`
    /// (leases only), and `next_token` is the next token it grants.
    FailedOver {
        until_ms: u64,
        next_token: Option<u64>,
    },
    /// The app decided not to write.
    WriteSkipped {
        app: usize,
        token: u64,
        reason: SkipReason,
    },
    /// The resource's state changed: `value` is stock / unpaid count / latest version.
    ResourceChanged { value: u64, highest_token: u64 },
    /// The resource now remembers a higher token (from a read or a write).
    FenceRaised { token: u64 },
    /// A domain rule broke (oversold item, double payment, lost update).
    Violation { kind: ViolationKind },
    /// The app finished (or abandoned) its plan.
    PlanFinished { app: usize, completed: bool },
    /// An app without a lock found the resource changed at its write and starts its plan
    /// over: this is its `attempt`th attempt (from 2).
    StartedOver { app: usize, attempt: u32 },
    /// A member of a replicated service changed (stood, voted, led, crashed, was cut off …).
    Member { member: usize, change: MemberChange },
}

impl EventKind {
    /// The app this event is about, if any.
    pub fn app(&self) -> Option<usize> {
        use EventKind::*;
        match *self {
            AppStarted { app }
            | LeaseGranted { app, .. }
            | AcquireRefused { app, .. }
            | LeaseRenewed { app, .. }
            | RenewRefused { app, .. }
            | LeaseExpired { app, .. }
            | LeaseRestarted { app, .. }
            | LeaseReleased { app, .. }
            | ReleaseIgnored { app, .. }
            | BeliefStarted { app, .. }
            | LateReplyIgnored { app, .. }
            | BeliefEnded { app, .. }
            | PauseStarted { app, .. }
            | PauseEnded { app }
            | Crashed { app }
            | ClockJumped { app, .. }
            | PartitionStarted { app }
            | PartitionEnded { app }
            | ReadServed { app, .. }
            | WriteAccepted { app, .. }
            | WriteRejected { app, .. }
            | WriteSkipped { app, .. }
            | PlanFinished { app, .. }
            | StartedOver { app, .. } => Some(app),
            MessageSent { msg, .. }
            | MessageDelivered { msg }
            | MessageLost { msg, .. }
            | MessageCopied { msg, .. } => Some(msg.app()),
            ResourceChanged { .. }
            | FenceRaised { .. }
            | Violation { .. }
            | ResourceRestarted { .. }
            | FailedOver { .. }
            | Member { .. } => None,
        }
    }
}
