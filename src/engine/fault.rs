//! Faults: things that go wrong, each placed at a time. Apps are named by `AppConfig::name`.

use super::message::MsgKind;

/// One injected fault. Build with the helper constructors, e.g. `Fault::pause("A", 20_000, 40_000)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A stop-the-world pause (e.g. GC). The app does nothing; its timers and arriving
    /// messages wait until it resumes; its belief is frozen until then. On resuming it
    /// first handles what waited (in arrival order), then looks at its clock.
    Pause {
        app: String,
        at_ms: u64,
        for_ms: u64,
    },
    /// Like `Pause`, but placed exactly between the `check_before_write` check of the
    /// app's `write_nth` write (1-based) and sending that write. The check passes, the app
    /// freezes for `for_ms`, then sends the write without checking again.
    PauseAfterCheck {
        app: String,
        write_nth: u32,
        for_ms: u64,
    },
    /// The app stops for good at `at_ms`. Its messages already in flight still arrive.
    Crash { app: String, at_ms: u64 },
    /// The `nth` (1-based) message of `kind` sent by or to `app` is held in the network
    /// for `extra_ms` on top of its latency. Direction follows from `kind`
    /// (e.g. `Write` goes app → resource, `Grant` coordinator → app).
    DelayMessage {
        app: String,
        kind: MsgKind,
        nth: u32,
        extra_ms: u64,
    },
    /// Messages between `app` and the coordination service are lost when sent or due
    /// to arrive within `[from_ms, until_ms)`. Traffic with the resource is unaffected.
    Partition {
        app: String,
        from_ms: u64,
        until_ms: u64,
    },
    /// The app's local clock jumps by `by_ms` (may be negative) at `at_ms`.
    ClockJump { app: String, at_ms: u64, by_ms: i64 },
}

impl Fault {
    /// `Fault::Pause` for `app` from `at_ms`, lasting `for_ms`.
    pub fn pause(app: &str, at_ms: u64, for_ms: u64) -> Fault {
        Fault::Pause {
            app: app.into(),
            at_ms,
            for_ms,
        }
    }

    /// `Fault::PauseAfterCheck`: freeze right after the check of write number `write_nth`.
    pub fn pause_after_check(app: &str, write_nth: u32, for_ms: u64) -> Fault {
        Fault::PauseAfterCheck {
            app: app.into(),
            write_nth,
            for_ms,
        }
    }

    /// `Fault::Crash` of `app` at `at_ms`.
    pub fn crash(app: &str, at_ms: u64) -> Fault {
        Fault::Crash {
            app: app.into(),
            at_ms,
        }
    }

    /// `Fault::DelayMessage`: hold the `nth` `kind` message of `app` for `extra_ms`.
    pub fn delay(app: &str, kind: MsgKind, nth: u32, extra_ms: u64) -> Fault {
        Fault::DelayMessage {
            app: app.into(),
            kind,
            nth,
            extra_ms,
        }
    }

    /// `Fault::Partition` between `app` and the coordination service.
    pub fn partition(app: &str, from_ms: u64, until_ms: u64) -> Fault {
        Fault::Partition {
            app: app.into(),
            from_ms,
            until_ms,
        }
    }

    /// `Fault::ClockJump` of `app`'s clock by `by_ms` at `at_ms`.
    pub fn clock_jump(app: &str, at_ms: u64, by_ms: i64) -> Fault {
        Fault::ClockJump {
            app: app.into(),
            at_ms,
            by_ms,
        }
    }

    /// The name of the app this fault targets.
    pub fn app(&self) -> &str {
        match self {
            Fault::Pause { app, .. }
            | Fault::PauseAfterCheck { app, .. }
            | Fault::Crash { app, .. }
            | Fault::DelayMessage { app, .. }
            | Fault::Partition { app, .. }
            | Fault::ClockJump { app, .. } => app,
        }
    }
}
