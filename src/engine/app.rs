//! Applications: acquire the lease (retrying), run the plan (read, work, write), renew,
//! release. What they *believe* lives in `belief.rs`.
//!
//! Handlers work like actors: each takes the app's own [`AppState`] and a read-only view of
//! what it may know ([`App`]), changes only its state, and appends what it wants done to an
//! [`Effects`] list that the simulation carries out (`host.rs`).

use super::clock::LocalClock;
use super::effect::Effects;
use super::event::{BeliefEnd, EventKind, SkipReason};
use super::message::{Body, Node};
use super::pending::Timer;
use super::scenario::{AppConfig, Client, Mode, ResourceKind, Step};

/// Where an app is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    Idle,
    Acquiring,
    Holding,
    Done,
}

/// Mutable state of one application.
#[derive(Clone, Debug)]
pub(crate) struct AppState {
    pub phase: Phase,
    pub token: u64,
    pub step: usize,
    /// The value the next write is computed from (last read, updated by own writes).
    pub local_value: u64,
    /// The resource's version at that read (updated by own writes, as the value is).
    pub local_version: u64,
    /// Whether the app has read anything (a write needs a read to be based on).
    pub has_read: bool,
    pub believes: bool,
    pub local_expiry_ms: Option<i64>,
    pub belief_gen: u32,
    pub clock: LocalClock,
    pub paused_until: Option<u64>,
    pub crashed: bool,
    pub writes_checked: u32,
    /// Highest token the app handed back; a later answer for it is ignored.
    pub handed_back: u64,
    pub write_after_pause: bool,
    /// A read or write is out and its reply not yet in (a second reply, to a copy the
    /// network made, is ignored).
    pub awaiting_reply: bool,
    /// Which attempt at the plan this is, from 1 (an app without a lock starts over when
    /// its write finds the resource changed).
    pub attempt: u32,
    pub timer_gen: [u32; 3],
}

impl AppState {
    pub fn new(cfg: &AppConfig) -> AppState {
        AppState {
            phase: Phase::Idle,
            token: 0,
            step: 0,
            local_value: 0,
            local_version: 0,
            has_read: false,
            believes: false,
            local_expiry_ms: None,
            belief_gen: 0,
            clock: LocalClock::new(cfg.clock_offset_ms, cfg.clock_drift_ppm),
            paused_until: None,
            crashed: false,
            writes_checked: 0,
            handed_back: 0,
            write_after_pause: false,
            awaiting_reply: false,
            attempt: 1,
            timer_gen: [0; 3],
        }
    }
}

/// One application as its handlers see it, read-only: who it is, its configuration, the
/// scenario settings it acts on, the true time, and the one fault it must know of itself
/// (pauses placed right after a `check_before_write` check).
#[derive(Clone, Copy, Debug)]
pub(crate) struct App<'a> {
    pub id: usize,
    pub cfg: &'a AppConfig,
    pub mode: Mode,
    pub client: Client,
    pub ttl_ms: u64,
    pub drift_allowance_ms: u64,
    pub resource: &'a ResourceKind,
    pub now_ms: u64,
    /// `(app, write_nth, for_ms)` of every `Fault::PauseAfterCheck` (of any app).
    pub pauses_after_check: &'a [(usize, u32, u64)],
}

impl App<'_> {
    fn set_timer(&self, state: &mut AppState, timer: Timer, after_ms: u64, out: &mut Effects) {
        let gen = &mut state.timer_gen[timer as usize];
        *gen += 1;
        out.set_timer(timer, *gen, after_ms);
    }

    pub(crate) fn on_start(&self, state: &mut AppState, out: &mut Effects) {
        debug_assert_eq!(state.phase, Phase::Idle);
        out.emit(EventKind::AppStarted { app: self.id });
        if self.mode == Mode::NoLock {
            return self.start_without_lock(state, out);
        }
        state.phase = Phase::Acquiring;
        self.send_acquire(state, out);
    }

    fn send_acquire(&self, state: &mut AppState, out: &mut Effects) {
        let asked_ms = state.clock.local_ms(self.now_ms);
        out.send(Node::Coordinator, Body::Acquire { asked_ms });
        self.set_timer(state, Timer::Retry, self.cfg.retry_ms, out);
    }

    pub(crate) fn on_timer(&self, state: &mut AppState, timer: Timer, gen: u32, out: &mut Effects) {
        if state.timer_gen[timer as usize] != gen {
            return;
        }
        match (timer, state.phase) {
            (Timer::Retry, Phase::Acquiring) => self.send_acquire(state, out),
            (Timer::WorkDone, Phase::Holding) => self.next_step(state, out),
            (Timer::Renew, Phase::Holding) => self.send_renew(state, out),
            _ => {}
        }
    }

    fn send_renew(&self, state: &mut AppState, out: &mut Effects) {
        let token = state.token;
        let asked_ms = state.clock.local_ms(self.now_ms);
        out.send(Node::Coordinator, Body::Renew { token, asked_ms });
        self.schedule_renew(state, out);
    }

    fn schedule_renew(&self, state: &mut AppState, out: &mut Effects) {
        if let Some(period_ms) = self.cfg.renew_period_ms(self.ttl_ms) {
            self.set_timer(state, Timer::Renew, period_ms, out);
        }
    }

    pub(crate) fn on_app_message(&self, state: &mut AppState, body: Body, out: &mut Effects) {
        let holding = state.phase == Phase::Holding;
        let awaited = holding && state.awaiting_reply;
        // The reply the current step waits for: a read's or a write's, not a copy's of the other.
        let step = self.cfg.steps.get(state.step).copied();
        let (read_awaited, write_awaited) = (
            awaited && step == Some(Step::Read),
            awaited && matches!(step, Some(Step::Write | Step::Return)),
        );
        match body {
            Body::Grant {
                token, asked_ms, ..
            } => self.on_grant(state, token, asked_ms, out),
            Body::Refused { .. } => {}
            Body::Renewed {
                token, asked_ms, ..
            } if holding && token == state.token => self.extend_belief(state, asked_ms, out),
            Body::Lost { token } if token == state.token => {
                self.end_belief(state, BeliefEnd::ToldLost, out);
                if holding {
                    self.abandon(state, out);
                }
            }
            Body::ReadReply { value, version } if read_awaited => {
                state.awaiting_reply = false;
                state.local_value = value;
                state.local_version = version;
                state.has_read = true;
                self.next_step(state, out);
            }
            Body::WriteReply {
                accepted: true,
                value,
                ..
            } if write_awaited => {
                state.awaiting_reply = false;
                if matches!(self.resource, ResourceKind::Storage) {
                    // The version its own write made: a next write is computed from it.
                    state.local_value = value;
                    state.local_version = value;
                }
                self.next_step(state, out)
            }
            // Only the awaited answer: one to a copy the network made says nothing of the lease.
            Body::WriteReply {
                accepted: false, ..
            } if write_awaited && self.mode == Mode::NoLock => self.start_over(state, out),
            Body::WriteReply {
                accepted: false, ..
            } if write_awaited => {
                self.end_belief(state, BeliefEnd::WriteRejected, out);
                if holding {
                    self.abandon(state, out);
                }
            }
            _ => {}
        }
    }

    fn on_grant(&self, state: &mut AppState, token: u64, asked_ms: i64, out: &mut Effects) {
        let valid_until_ms = self.valid_until_ms(state, asked_ms);
        let in_time = self.still_valid(state, valid_until_ms);
        match state.phase {
            // An answer for a lease it already handed back (e.g. a keep-alive's).
            Phase::Acquiring if token <= state.handed_back => {}
            Phase::Acquiring if !in_time => {
                // Too late to be of use: hand it back and keep asking.
                state.handed_back = state.handed_back.max(token);
                let app = self.id;
                out.emit(EventKind::LateReplyIgnored { app, token });
                out.send(Node::Coordinator, Body::Release { token });
            }
            Phase::Acquiring => {
                state.phase = Phase::Holding;
                state.token = token;
                state.step = 0;
                self.begin_belief(state, valid_until_ms, out);
                self.schedule_renew(state, out);
                self.run_step(state, out);
            }
            // A second answer for the lease it has (or had): nothing to do.
            Phase::Holding | Phase::Done if state.token == token => {}
            _ => {
                // A grant nobody waits for (answer to a re-sent acquire): hand it back.
                out.send(Node::Coordinator, Body::Release { token });
            }
        }
    }

    pub(crate) fn next_step(&self, state: &mut AppState, out: &mut Effects) {
        state.step += 1;
        self.run_step(state, out);
    }

    pub(crate) fn run_step(&self, state: &mut AppState, out: &mut Effects) {
        let Some(&step) = self.cfg.steps.get(state.step) else {
            return self.finish_plan(state, out);
        };
        let token = state.token;
        match step {
            Step::Read => {
                state.awaiting_reply = true;
                out.send(Node::Resource, Body::Read { token })
            }
            Step::Work { for_ms } => self.set_timer(state, Timer::WorkDone, for_ms, out),
            Step::Write | Step::Return => self.write_step(state, out, step == Step::Return),
        }
    }

    /// Nothing to write: no read yet, no stock or unpaid invoice left (for a return: no stock
    /// kept at all).
    fn nothing_to_write(&self, state: &AppState, returns: bool) -> bool {
        if !state.has_read {
            return true;
        }
        match self.resource {
            ResourceKind::Inventory { .. } => state.local_value == 0 && !returns,
            ResourceKind::Payments { .. } => state.local_value == 0 || returns,
            ResourceKind::Storage => returns,
        }
    }

    fn write_step(&self, state: &mut AppState, out: &mut Effects, returns: bool) {
        let (app, token) = (self.id, state.token);
        if self.nothing_to_write(state, returns) {
            let reason = SkipReason::NothingToDo;
            out.emit(EventKind::WriteSkipped { app, token, reason });
            return self.next_step(state, out);
        }
        // Without a lock there is no lease to look at.
        if !self.cfg.check_before_write || self.mode == Mode::NoLock {
            return self.send_write(state, out, returns);
        }
        if !self.lease_looks_valid(state) {
            let reason = SkipReason::LeaseOver;
            out.emit(EventKind::WriteSkipped { app, token, reason });
            return self.abandon(state, out);
        }
        state.writes_checked += 1;
        let nth = state.writes_checked;
        let pause = self
            .pauses_after_check
            .iter()
            .find(|p| p.0 == app && p.1 == nth);
        match pause.map(|p| p.2) {
            Some(for_ms) => {
                state.write_after_pause = true;
                self.start_pause(state, for_ms, out);
            }
            None => self.send_write(state, out, returns),
        }
    }

    /// Sends the write (`returns`: a return) computed from the local value, then updates the
    /// local value as if the write applied (so a second write in the same plan does not
    /// repeat it).
    pub(crate) fn send_write(&self, state: &mut AppState, out: &mut Effects, returns: bool) {
        state.awaiting_reply = true;
        let (token, based_on, version) = (state.token, state.local_value, state.local_version);
        state.local_value = match self.resource {
            ResourceKind::Inventory { .. } if returns => based_on.saturating_add(1),
            ResourceKind::Inventory { .. } => based_on.saturating_sub(1),
            ResourceKind::Payments { .. } => 0,
            ResourceKind::Storage => based_on,
        };
        state.local_version = version + 1;
        let body = Body::Write {
            token,
            based_on,
            version,
            returns,
        };
        out.send(Node::Resource, body);
    }

    fn finish_plan(&self, state: &mut AppState, out: &mut Effects) {
        let token = state.token;
        if self.cfg.release_at_end && self.mode != Mode::NoLock {
            out.send(Node::Coordinator, Body::Release { token });
            self.end_belief(state, BeliefEnd::Released, out);
        }
        state.phase = Phase::Done;
        out.emit(EventKind::PlanFinished {
            app: self.id,
            completed: true,
        });
    }

    /// Gives up the rest of the plan (the app learned it lost the lease).
    pub(crate) fn abandon(&self, state: &mut AppState, out: &mut Effects) {
        state.phase = Phase::Done;
        out.emit(EventKind::PlanFinished {
            app: self.id,
            completed: false,
        });
    }
}

#[cfg(test)]
#[path = "app_tests.rs"]
mod tests;
