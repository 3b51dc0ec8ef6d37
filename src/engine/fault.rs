//! Faults: things that go wrong, each placed at a time. An app is named by its index in
//! `Scenario::apps`, as events and spans name it; the resource and the coordination
//! service, one each, need no name.

use super::message::MsgKind;

/// Index of the first app in `Scenario::apps` (every story calls it A).
pub const APP_A: usize = 0;
/// Index of the second app (B in every story).
pub const APP_B: usize = 1;
/// Index of the third app (C in the stories that have one).
pub const APP_C: usize = 2;

/// One injected fault. Build with the helper constructors, e.g. `Fault::pause(0, 20_000, 40_000)` (the
/// first app pauses at 20 s for 40 s).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A stop-the-world pause (e.g. GC). The app does nothing; its timers and arriving
    /// messages wait until it resumes; its belief is frozen until then. On resuming it
    /// first handles what waited (in arrival order), then looks at its clock.
    Pause { app: usize, at_ms: u64, for_ms: u64 },
    /// Like `Pause`, but placed exactly between the `check_before_write` check of the
    /// app's `write_nth` write (1-based) and sending that write. The check passes, the app
    /// freezes for `for_ms`, then sends the write without checking again.
    PauseAfterCheck {
        app: usize,
        write_nth: u32,
        for_ms: u64,
    },
    /// The app stops for good at `at_ms`. Its messages already in flight still arrive.
    Crash { app: usize, at_ms: u64 },
    /// The `nth` (1-based) message of `kind` sent by or to `app` is held in the network
    /// for `extra_ms` on top of its latency. Direction follows from `kind`
    /// (e.g. `Write` goes app → resource, `Grant` coordinator → app).
    DelayMessage {
        app: usize,
        kind: MsgKind,
        nth: u32,
        extra_ms: u64,
    },
    /// Messages between `app` and the coordination service are lost when sent or due
    /// to arrive within `[from_ms, until_ms)`. Traffic with the resource is unaffected.
    Partition {
        app: usize,
        from_ms: u64,
        until_ms: u64,
    },
    /// The app's local clock jumps by `by_ms` (may be negative) at `at_ms`.
    ClockJump { app: usize, at_ms: u64, by_ms: i64 },
    /// The network delivers the `nth` `kind` message of `app` twice: a copy arrives
    /// `after_ms` after the original (a retransmission the receiver cannot tell apart).
    Duplicate {
        app: usize,
        kind: MsgKind,
        nth: u32,
        after_ms: u64,
    },
    /// The `nth` `kind` message of `app` is held for `extra_ms`, and later messages on its
    /// channel overtake it (unlike `DelayMessage`, which holds them back too).
    Reorder {
        app: usize,
        kind: MsgKind,
        nth: u32,
        extra_ms: u64,
    },
    /// The resource restarts at `at_ms`. Its data survives; its highest token seen
    /// survives only if `Scenario::fence_durable`.
    RestartResource { at_ms: u64 },
    /// The coordination service fails over to a new leader at `at_ms`. The new leader
    /// knows no lease, so it refuses grants for one lease length (any old lease has run
    /// out by then) and answers renewals with Lost; its token counter continues only if
    /// `Scenario::counter_durable`, else it starts again at `first_token`. In a replicated
    /// service, the leader crashes and comes back one election timeout later, as a follower:
    /// by then the others have elected a new leader.
    Failover { at_ms: u64 },
    /// A member of a replicated service (`Scenario::members` above 1) stops at `at_ms` and
    /// comes back `for_ms` later; `member: None` is whichever member leads at `at_ms`.
    CrashMember {
        member: Option<usize>,
        at_ms: u64,
        for_ms: u64,
    },
    /// A member of a replicated service is cut off from the other members at `at_ms` for
    /// `for_ms` (apps still reach it); `member: None` is whichever member leads at `at_ms`.
    /// A cut-off leader keeps leading its term but can commit nothing.
    CutMember {
        member: Option<usize>,
        at_ms: u64,
        for_ms: u64,
    },
}

impl Fault {
    /// `Fault::Pause` for `app` from `at_ms`, lasting `for_ms`.
    pub fn pause(app: usize, at_ms: u64, for_ms: u64) -> Fault {
        Fault::Pause { app, at_ms, for_ms }
    }

    /// `Fault::PauseAfterCheck`: freeze right after the check of write number `write_nth`.
    pub fn pause_after_check(app: usize, write_nth: u32, for_ms: u64) -> Fault {
        Fault::PauseAfterCheck {
            app,
            write_nth,
            for_ms,
        }
    }

    /// `Fault::Crash` of `app` at `at_ms`.
    pub fn crash(app: usize, at_ms: u64) -> Fault {
        Fault::Crash { app, at_ms }
    }

    /// `Fault::DelayMessage`: hold the `nth` `kind` message of `app` for `extra_ms`.
    pub fn delay(app: usize, kind: MsgKind, nth: u32, extra_ms: u64) -> Fault {
        Fault::DelayMessage {
            app,
            kind,
            nth,
            extra_ms,
        }
    }

    /// `Fault::Partition` between `app` and the coordination service.
    pub fn partition(app: usize, from_ms: u64, until_ms: u64) -> Fault {
        Fault::Partition {
            app,
            from_ms,
            until_ms,
        }
    }

    /// `Fault::ClockJump` of `app`'s clock by `by_ms` at `at_ms`.
    pub fn clock_jump(app: usize, at_ms: u64, by_ms: i64) -> Fault {
        Fault::ClockJump { app, at_ms, by_ms }
    }

    /// `Fault::Duplicate`: deliver the `nth` `kind` message of `app` twice.
    pub fn duplicate(app: usize, kind: MsgKind, nth: u32, after_ms: u64) -> Fault {
        Fault::Duplicate {
            app,
            kind,
            nth,
            after_ms,
        }
    }

    /// `Fault::Reorder`: hold the `nth` `kind` message of `app` while later ones pass.
    pub fn reorder(app: usize, kind: MsgKind, nth: u32, extra_ms: u64) -> Fault {
        Fault::Reorder {
            app,
            kind,
            nth,
            extra_ms,
        }
    }

    /// `Fault::RestartResource` at `at_ms`.
    pub fn restart_resource(at_ms: u64) -> Fault {
        Fault::RestartResource { at_ms }
    }

    /// `Fault::Failover` of the coordination service at `at_ms`.
    pub fn failover(at_ms: u64) -> Fault {
        Fault::Failover { at_ms }
    }

    /// `Fault::CrashMember`: `member` (`None`: the leader) stops at `at_ms` for `for_ms`.
    pub fn crash_member(member: Option<usize>, at_ms: u64, for_ms: u64) -> Fault {
        Fault::CrashMember {
            member,
            at_ms,
            for_ms,
        }
    }

    /// `Fault::CutMember`: `member` (`None`: the leader) is cut off at `at_ms` for `for_ms`.
    pub fn cut_member(member: Option<usize>, at_ms: u64, for_ms: u64) -> Fault {
        Fault::CutMember {
            member,
            at_ms,
            for_ms,
        }
    }

    /// The member of a replicated service this fault names (`Some(None)`: the leader of the
    /// moment; `None` for every other fault).
    pub fn member(&self) -> Option<Option<usize>> {
        match self {
            Fault::CrashMember { member, .. } | Fault::CutMember { member, .. } => Some(*member),
            _ => None,
        }
    }

    /// The index of the app this fault targets (`None` for the resource's and the
    /// coordination service's own faults).
    pub fn app(&self) -> Option<usize> {
        match self {
            Fault::Pause { app, .. }
            | Fault::PauseAfterCheck { app, .. }
            | Fault::Crash { app, .. }
            | Fault::DelayMessage { app, .. }
            | Fault::Partition { app, .. }
            | Fault::ClockJump { app, .. }
            | Fault::Duplicate { app, .. }
            | Fault::Reorder { app, .. } => Some(*app),
            Fault::RestartResource { .. }
            | Fault::Failover { .. }
            | Fault::CrashMember { .. }
            | Fault::CutMember { .. } => None,
        }
    }

    /// The fault moved onto app `app` (a fault on no app is unchanged).
    pub fn on_app(mut self, app: usize) -> Fault {
        match &mut self {
            Fault::Pause { app: a, .. }
            | Fault::PauseAfterCheck { app: a, .. }
            | Fault::Crash { app: a, .. }
            | Fault::DelayMessage { app: a, .. }
            | Fault::Partition { app: a, .. }
            | Fault::ClockJump { app: a, .. }
            | Fault::Duplicate { app: a, .. }
            | Fault::Reorder { app: a, .. } => *a = app,
            Fault::RestartResource { .. }
            | Fault::Failover { .. }
            | Fault::CrashMember { .. }
            | Fault::CutMember { .. } => {}
        }
        self
    }

    /// When the fault strikes, for faults placed at a time (`None` for those placed on a
    /// write or message).
    pub fn at_ms(&self) -> Option<u64> {
        match self {
            Fault::Pause { at_ms, .. }
            | Fault::Crash { at_ms, .. }
            | Fault::ClockJump { at_ms, .. }
            | Fault::RestartResource { at_ms }
            | Fault::Failover { at_ms }
            | Fault::CrashMember { at_ms, .. }
            | Fault::CutMember { at_ms, .. } => Some(*at_ms),
            Fault::Partition { from_ms, .. } => Some(*from_ms),
            _ => None,
        }
    }
}
