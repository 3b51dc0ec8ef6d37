//! The handlers' vocabulary: the app timers and the happenings the simulation schedules.
//! Apps, their effects, the network and fault placing speak it; the simulator's queue holds it.

use super::group::Wake;
use super::message::Message;

/// App timers (each carries a generation so stale ones are ignored).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Timer {
    Retry,
    WorkDone,
    Renew,
}

/// Something scheduled to happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pending {
    Start {
        app: usize,
    },
    Timer {
        app: usize,
        timer: Timer,
        gen: u32,
    },
    /// `arrived`: the network already delivered it (it waited for a paused app).
    Deliver {
        msg: Message,
        sent_ms: u64,
        arrived: bool,
    },
    Expiry {
        token: u64,
        expiry_ms: u64,
    },
    BeliefCheck {
        app: usize,
        gen: u32,
    },
    PauseStart {
        app: usize,
        for_ms: u64,
    },
    PauseEnd {
        app: usize,
        until_ms: u64,
    },
    Crash {
        app: usize,
    },
    ClockJump {
        app: usize,
        by_ms: i64,
    },
    PartitionStart {
        app: usize,
    },
    PartitionEnd {
        app: usize,
    },
    RestartResource,
    Failover,
    /// A replicated service's own wake-up (a message between members, a timer).
    Group(Wake),
    /// A member stops for `for_ms` (`None`: the leader of the moment).
    MemberDown {
        member: Option<usize>,
        for_ms: u64,
    },
    /// The member's crash that ends at `until_ms` is over (ignored if another crash of it
    /// ends later).
    MemberUp {
        member: usize,
        until_ms: u64,
    },
    /// A member is cut off from the others for `for_ms` (`None`: the leader of the moment).
    MemberCut {
        member: Option<usize>,
        for_ms: u64,
    },
    /// The member's cut-off that ends at `until_ms` is over (ignored if another cut-off of it
    /// ends later).
    MemberJoin {
        member: usize,
        until_ms: u64,
    },
}
