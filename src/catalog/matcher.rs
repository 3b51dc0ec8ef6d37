//! Event matchers: which events of a run a narration step or a question points at ("B is
//! granted the lease", "A's write is rejected for its token"), for one application or any.

use crate::engine::group::MemberChange;
use crate::engine::{EventKind, MsgKind, RefuseReason, Rejection};

/// Which application an [`EventMatcher`] looks at (index into `Scenario::apps`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// Any application (or none, for resource events).
    Any,
    /// The application with this index.
    App(usize),
}

/// Application A (the first app of a scenario).
pub const A: Who = Who::App(0);
/// Application B.
pub const B: Who = Who::App(1);
/// Application C.
pub const C: Who = Who::App(2);

impl Who {
    fn matches(self, app: Option<usize>) -> bool {
        match self {
            Who::Any => true,
            Who::App(want) => app == Some(want),
        }
    }
}

/// A kind of event in the trace, for one application or any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventMatcher {
    /// The coordination service granted a lease.
    Granted(Who),
    /// The coordination service refused an acquire.
    Refused(Who),
    /// The coordination service refused an acquire because a lock delay was running.
    HeldOff(Who),
    /// The coordination service extended a lease.
    Renewed(Who),
    /// The coordination service refused a renewal: it knows no such lease.
    RenewRefused(Who),
    /// A lease ran out at the coordination service.
    Expired(Who),
    /// A lease was released.
    Released(Who),
    /// An app started (or restarted) believing it owns the resource.
    BeliefStarted(Who),
    /// An app stopped believing it owns the resource.
    BeliefEnded(Who),
    /// An app ignored a grant or renewal that came after the lease it counted.
    LateReply(Who),
    /// The answer to an app's renewal left the coordination service, held up by a fault.
    AnswerHeld(Who),
    /// A pause began.
    PauseStarted(Who),
    /// A pause ended.
    PauseEnded(Who),
    /// An app crashed.
    Crashed(Who),
    /// The resource served a read.
    ReadServed(Who),
    /// An app sent a write.
    WriteSent(Who),
    /// The resource accepted a write.
    WriteAccepted(Who),
    /// The resource accepted a write whose token was below its fence.
    StaleAccepted(Who),
    /// The resource accepted a return: an app gave back the last item it reserved.
    Returned(Who),
    /// The resource rejected a write for its token (below the highest seen).
    WriteRejected(Who),
    /// The resource rejected a write because what the writer read had changed.
    VersionRejected(Who),
    /// An app decided not to write.
    WriteSkipped(Who),
    /// An app without a lock found the resource changed at its write and started over.
    StartedOver(Who),
    /// A write reached the resource, whatever it did with it (accepted or rejected).
    WriteArrived(Who),
    /// The resource's highest token rose to this value.
    FenceRaisedTo(u64),
    /// The resource restarted and forgot its highest token.
    FenceForgotten,
    /// The resource restarted and kept its highest token.
    FenceKept,
    /// The resource restarted, keeping its highest token or not.
    Restarted,
    /// The coordination service failed over to a new leader.
    FailedOver,
    /// A new leader found the app's lease and started its timer again.
    LeaseRestarted(Who),
    /// A member of a replicated service was cut off from the other members.
    MemberCut,
    /// A leader that heard from no majority for an election timeout stopped leading.
    LeaderAlone,
    /// A member cut off from the others heard them again.
    MemberJoined,
    /// A leader heard of a later term from another member and stopped leading.
    LeaderDeposed,
    /// The network made a second copy of a message to or from an app.
    Copied(Who),
    /// A domain rule broke.
    Violation,
}

impl EventMatcher {
    /// True when `kind` is an event of this sort.
    pub fn matches(&self, kind: &EventKind) -> bool {
        use EventKind as K;
        let app = kind.app();
        match (*self, kind) {
            (Self::Granted(w), K::LeaseGranted { .. })
            | (Self::Refused(w), K::AcquireRefused { .. })
            | (Self::Renewed(w), K::LeaseRenewed { .. })
            | (Self::RenewRefused(w), K::RenewRefused { .. })
            | (Self::Expired(w), K::LeaseExpired { .. })
            | (Self::LeaseRestarted(w), K::LeaseRestarted { .. })
            | (Self::Released(w), K::LeaseReleased { .. })
            | (Self::BeliefStarted(w), K::BeliefStarted { .. })
            | (Self::BeliefEnded(w), K::BeliefEnded { .. })
            | (Self::LateReply(w), K::LateReplyIgnored { .. })
            | (Self::PauseStarted(w), K::PauseStarted { .. })
            | (Self::PauseEnded(w), K::PauseEnded { .. })
            | (Self::Crashed(w), K::Crashed { .. })
            | (Self::ReadServed(w), K::ReadServed { .. })
            | (Self::WriteAccepted(w), K::WriteAccepted { .. })
            | (
                Self::WriteRejected(w),
                K::WriteRejected {
                    why: Rejection::TokenBelowFence,
                    ..
                },
            )
            | (
                Self::VersionRejected(w),
                K::WriteRejected {
                    why: Rejection::VersionChanged { .. },
                    ..
                },
            )
            | (Self::WriteSkipped(w), K::WriteSkipped { .. })
            | (Self::StartedOver(w), K::StartedOver { .. })
            | (Self::WriteArrived(w), K::WriteAccepted { .. } | K::WriteRejected { .. }) => {
                w.matches(app)
            }
            (Self::StaleAccepted(w), K::WriteAccepted { stale: true, .. })
            | (Self::Returned(w), K::WriteAccepted { returns: true, .. }) => w.matches(app),
            (Self::HeldOff(w), K::AcquireRefused { reason, .. }) => {
                matches!(reason, RefuseReason::LockDelay { .. }) && w.matches(app)
            }
            (Self::WriteSent(w), K::MessageSent { msg, .. }) => {
                msg.body.kind() == MsgKind::Write && w.matches(app)
            }
            (
                Self::AnswerHeld(w),
                K::MessageSent {
                    msg, delayed_ms, ..
                },
            ) => msg.body.kind() == MsgKind::Renewed && *delayed_ms > 0 && w.matches(app),
            (Self::FenceRaisedTo(t), K::FenceRaised { token }) => *token == t,
            _ => self.matches_service(kind),
        }
    }

    /// [`EventMatcher::matches`] for the services' own faults, copies and violations.
    fn matches_service(&self, kind: &EventKind) -> bool {
        use EventKind as K;
        match (*self, kind) {
            (
                Self::FenceForgotten,
                K::ResourceRestarted {
                    highest_before,
                    highest,
                },
            ) => highest < highest_before,
            (
                Self::FenceKept,
                K::ResourceRestarted {
                    highest_before,
                    highest,
                },
            ) => highest == highest_before,
            (Self::FailedOver, K::FailedOver { .. })
            | (Self::Restarted, K::ResourceRestarted { .. }) => true,
            (Self::Copied(w), K::MessageCopied { .. }) => w.matches(kind.app()),
            (Self::MemberCut, K::Member { change, .. }) => *change == MemberChange::Cut,
            (Self::LeaderAlone, K::Member { change, .. }) => {
                matches!(change, MemberChange::LostMajority { .. })
            }
            (Self::MemberJoined, K::Member { change, .. }) => *change == MemberChange::Joined,
            (Self::LeaderDeposed, K::Member { change, .. }) => {
                matches!(change, MemberChange::SteppedDown { .. })
            }
            (Self::Violation, K::Violation { .. }) => true,
            _ => false,
        }
    }
}
