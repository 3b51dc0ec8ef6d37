//! The simulation beside a recording of etcd (the conformance check's, and the lab's compare
//! view of a recorded run): a catalog story on the lab's etcd preset
//! (`System::Etcd`: renewals every TTL/3, counted from the keep-alive's answer, no lock
//! delay, ordered tokens that survive failover), scaled to real time:
//!
//! - every time (TTL, starts, retries, work, faults, latency, horizon) is divided by
//!   [`TIME_SCALE`] = 15, so the stories' 30 s lease becomes 2 s, etcd's minimum TTL
//!   (⌈1.5 × election timeout⌉ with the default 100 ms heartbeat and 1000 ms election);
//! - a lease (etcd has no lock without expiry), renewed every TTL/3 by every app (the
//!   session's keep-alive), counted from the keep-alive's answer (`Client::Naive`);
//! - no lock delay; tokens survive failover (`counter_durable`, the key's create revision);
//! - no pre-vote: the recorder's etcd 3.4.23 ships `PreVote: false` (`embed/config.go`),
//!   where the preset, as etcd 3.5 and later, asks for pre-votes;
//! - a waiting contender asks again every 10 ms: etcd wakes it through a watch as soon as
//!   the lock key goes, which the engine (no wait queue) models as a quick retry.

use super::recording::Trace;
use crate::catalog::{self, Knobs, System};
use crate::engine::{Client, Fault, Mode, Renew, Scenario, Step};

/// Story milliseconds per real millisecond.
pub const TIME_SCALE: u64 = 15;
/// etcd's smallest lease with default settings.
pub const MIN_TTL_MS: u64 = 2_000;
/// How often a waiting contender looks again, in real ms (see the module doc).
pub const WAITER_RETRY_MS: u64 = 10;

/// `story_ms` in real ms, rounded to the nearest.
pub fn scaled(story_ms: u64) -> u64 {
    (story_ms + TIME_SCALE / 2) / TIME_SCALE
}

/// The story `story_id` with `enforcement`, under etcd's numbers, in real ms
/// ([`NoTwin::UnknownStory`] if the catalog has no such story).
pub fn simulated(story_id: &str, enforcement: bool) -> Result<Scenario, NoTwin> {
    let entry =
        catalog::by_id(story_id).ok_or_else(|| NoTwin::UnknownStory(story_id.to_string()))?;
    let mut knobs = Knobs::defaults_for(entry).with_system(System::Etcd);
    knobs.enforcement = enforcement;
    knobs.mode = Mode::Lease;
    knobs.ttl_ms = entry.scenario().ttl_ms;
    knobs.latency_ms = scaled(50).max(1);
    let story = knobs.apply(&entry.scenario());
    let ttl_ms = scaled(story.ttl_ms).max(MIN_TTL_MS).div_ceil(1_000) * 1_000;
    let mut s = story
        .with_ttl_ms(ttl_ms)
        .with_network(knobs.latency_ms, 0)
        .with_pre_vote(false);
    assert!(s.client == Client::Naive && s.lock_delay_ms == 0 && s.counter_durable);
    s.horizon_ms = scaled(s.horizon_ms);
    for app in &mut s.apps {
        app.start_ms = scaled(app.start_ms);
        app.retry_ms = WAITER_RETRY_MS;
        app.renew = Renew::TtlThird;
        for step in &mut app.steps {
            if let Step::Work { for_ms } = step {
                *for_ms = scaled(*for_ms);
            }
        }
    }
    s.faults = s.faults.iter().map(|f| scale_fault(*f)).collect();
    Ok(s)
}

fn scale_fault(fault: Fault) -> Fault {
    use Fault::*;
    match fault {
        Pause { app, at_ms, for_ms } => Fault::pause(app, scaled(at_ms), scaled(for_ms)),
        PauseAfterCheck {
            app,
            write_nth,
            for_ms,
        } => Fault::pause_after_check(app, write_nth, scaled(for_ms)),
        Crash { app, at_ms } => Fault::crash(app, scaled(at_ms)),
        DelayMessage {
            app,
            kind,
            nth,
            extra_ms,
        } => Fault::delay(app, kind, nth, scaled(extra_ms)),
        Partition {
            app,
            from_ms,
            until_ms,
        } => Fault::partition(app, scaled(from_ms), scaled(until_ms)),
        ClockJump { app, at_ms, by_ms } => {
            let by = by_ms.signum() * scaled(by_ms.unsigned_abs()) as i64;
            Fault::clock_jump(app, scaled(at_ms), by)
        }
        Duplicate {
            app,
            kind,
            nth,
            after_ms,
        } => Fault::duplicate(app, kind, nth, scaled(after_ms)),
        Reorder {
            app,
            kind,
            nth,
            extra_ms,
        } => Fault::reorder(app, kind, nth, scaled(extra_ms)),
        RestartResource { at_ms } => Fault::restart_resource(scaled(at_ms)),
        Failover { at_ms } => Fault::failover(scaled(at_ms)),
        CrashMember {
            member,
            at_ms,
            for_ms,
        } => Fault::crash_member(member, scaled(at_ms), scaled(for_ms)),
        CutMember {
            member,
            at_ms,
            for_ms,
        } => Fault::cut_member(member, scaled(at_ms), scaled(for_ms)),
    }
}

/// Why a recording has no simulation beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoTwin {
    /// The trace names no catalog story.
    NoStory,
    /// It names a story this build does not have.
    UnknownStory(String),
    /// It was not recorded on etcd (the only system the lab models a recorder for).
    NotEtcd(String),
    /// Its time scale is not the recorder's (`None`: not scaled).
    OtherScale(Option<u64>),
    /// Its apps are not the story's.
    OtherApps,
    /// The story, with the recording's numbers, is not a scenario the engine can run (why).
    CannotRun(crate::engine::ScenarioError),
}

impl Trace {
    /// The scenario to simulate beside this recording: its story on etcd's numbers, scaled the
    /// same way, with the recording's TTL, faults and length. `Err` says why there is none.
    pub fn twin(&self) -> Result<Scenario, NoTwin> {
        if !self.source.to_ascii_lowercase().starts_with("etcd") {
            return Err(NoTwin::NotEtcd(self.source.clone()));
        }
        if self.time_scale != Some(TIME_SCALE) {
            return Err(NoTwin::OtherScale(self.time_scale));
        }
        let story = self.scenario.as_deref().ok_or(NoTwin::NoStory)?;
        let mut s = simulated(story, self.enforcement)?;
        let names = |apps: Vec<&str>| crate::units::joined(&apps, ",");
        let ours = names(s.apps.iter().map(|a| a.name.as_str()).collect());
        let theirs = names(self.apps.iter().map(|a| a.name.as_str()).collect());
        if ours != theirs {
            return Err(NoTwin::OtherApps);
        }
        s = s.with_ttl_ms(self.ttl_ms);
        s.faults = self.faults.clone();
        s.horizon_ms = self.end_ms;
        Ok(s)
    }
}
