//! Applications: acquire the lease (retrying), run the plan (read, work, write), renew,
//! release. What they *believe* lives in `belief.rs`.

use super::clock::LocalClock;
use super::event::{BeliefEnd, EventKind, SkipReason};
use super::message::{Body, Node, MSG_KINDS};
use super::scenario::{AppConfig, ResourceKind, Step};
use super::sim::{Pending, Sim, Timer};

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
    pub timer_gen: [u32; 3],
    pub msg_counts: [u32; MSG_KINDS],
    pub channel_free_ms: [u64; 4],
}

impl AppState {
    pub fn new(cfg: &AppConfig) -> AppState {
        AppState {
            phase: Phase::Idle,
            token: 0,
            step: 0,
            local_value: 0,
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
            timer_gen: [0; 3],
            msg_counts: [0; MSG_KINDS],
            channel_free_ms: [0; 4],
        }
    }
}

impl Sim {
    fn set_timer(&mut self, app: usize, timer: Timer, after_ms: u64) {
        let gen = &mut self.apps[app].timer_gen[timer as usize];
        *gen += 1;
        let pending = Pending::Timer {
            app,
            timer,
            gen: *gen,
        };
        self.schedule(self.now_ms + after_ms, pending);
    }

    pub(crate) fn on_start(&mut self, app: usize) -> bool {
        debug_assert_eq!(self.apps[app].phase, Phase::Idle);
        self.apps[app].phase = Phase::Acquiring;
        self.emit(EventKind::AppStarted { app });
        self.send_acquire(app);
        true
    }

    fn send_acquire(&mut self, app: usize) {
        let asked_ms = self.apps[app].clock.local_ms(self.now_ms);
        let body = Body::Acquire { asked_ms };
        self.send(Node::App(app), Node::Coordinator, body);
        let retry_ms = self.scenario.apps[app].retry_ms;
        self.set_timer(app, Timer::Retry, retry_ms);
    }

    pub(crate) fn on_timer(&mut self, app: usize, timer: Timer, gen: u32) -> bool {
        if self.apps[app].timer_gen[timer as usize] != gen {
            return false;
        }
        let phase = self.apps[app].phase;
        match (timer, phase) {
            (Timer::Retry, Phase::Acquiring) => self.send_acquire(app),
            (Timer::WorkDone, Phase::Holding) => self.next_step(app),
            (Timer::Renew, Phase::Holding) => self.send_renew(app),
            _ => {}
        }
        true
    }

    fn send_renew(&mut self, app: usize) {
        let token = self.apps[app].token;
        let asked_ms = self.apps[app].clock.local_ms(self.now_ms);
        let body = Body::Renew { token, asked_ms };
        self.send(Node::App(app), Node::Coordinator, body);
        self.schedule_renew(app);
    }

    fn schedule_renew(&mut self, app: usize) {
        let cfg = &self.scenario.apps[app];
        if let Some(period_ms) = cfg.renew_period_ms(self.scenario.ttl_ms) {
            self.set_timer(app, Timer::Renew, period_ms);
        }
    }

    pub(crate) fn on_app_message(&mut self, app: usize, body: Body) -> bool {
        let state = &self.apps[app];
        let holding = state.phase == Phase::Holding;
        let awaited = holding && state.awaiting_reply;
        match body {
            Body::Grant {
                token, asked_ms, ..
            } => self.on_grant(app, token, asked_ms),
            Body::Refused { .. } => {}
            Body::Renewed {
                token, asked_ms, ..
            } if holding && token == state.token => self.extend_belief(app, asked_ms),
            Body::Lost { token } if token == state.token => {
                self.end_belief(app, BeliefEnd::ToldLost);
                if holding {
                    self.abandon(app);
                }
            }
            Body::ReadReply { value } if awaited => {
                self.apps[app].awaiting_reply = false;
                self.apps[app].local_value = value;
                self.apps[app].has_read = true;
                self.next_step(app);
            }
            Body::WriteReply { accepted: true, .. } if awaited => {
                self.apps[app].awaiting_reply = false;
                self.next_step(app)
            }
            Body::WriteReply {
                accepted: false, ..
            } => {
                self.end_belief(app, BeliefEnd::WriteRejected);
                if holding {
                    self.abandon(app);
                }
            }
            _ => {}
        }
        true
    }

    fn on_grant(&mut self, app: usize, token: u64, asked_ms: i64) {
        let valid_until_ms = self.valid_until_ms(app, asked_ms);
        let in_time = self.still_valid(app, valid_until_ms);
        let state = &mut self.apps[app];
        match state.phase {
            // An answer for a lease it already handed back (e.g. a keep-alive's).
            Phase::Acquiring if token <= state.handed_back => {}
            Phase::Acquiring if !in_time => {
                // Too late to be of use: hand it back and keep asking.
                state.handed_back = state.handed_back.max(token);
                self.emit(EventKind::LateReplyIgnored { app, token });
                self.send(Node::App(app), Node::Coordinator, Body::Release { token });
            }
            Phase::Acquiring => {
                state.phase = Phase::Holding;
                state.token = token;
                state.step = 0;
                self.begin_belief(app, valid_until_ms);
                self.schedule_renew(app);
                self.run_step(app);
            }
            // A second answer for the lease it has (or had): nothing to do.
            Phase::Holding | Phase::Done if state.token == token => {}
            _ => {
                // A grant nobody waits for (answer to a re-sent acquire): hand it back.
                self.send(Node::App(app), Node::Coordinator, Body::Release { token });
            }
        }
    }

    fn next_step(&mut self, app: usize) {
        self.apps[app].step += 1;
        self.run_step(app);
    }

    fn run_step(&mut self, app: usize) {
        let step_index = self.apps[app].step;
        let Some(&step) = self.scenario.apps[app].steps.get(step_index) else {
            return self.finish_plan(app);
        };
        let token = self.apps[app].token;
        match step {
            Step::Read => {
                self.apps[app].awaiting_reply = true;
                self.send(Node::App(app), Node::Resource, Body::Read { token })
            }
            Step::Work { for_ms } => self.set_timer(app, Timer::WorkDone, for_ms),
            Step::Write => self.write_step(app),
        }
    }

    fn nothing_to_write(&self, app: usize) -> bool {
        let value = self.apps[app].local_value;
        if !self.apps[app].has_read {
            return true;
        }
        match self.scenario.resource {
            ResourceKind::Inventory { .. } | ResourceKind::Payments { .. } => value == 0,
            ResourceKind::Storage => false,
        }
    }

    fn write_step(&mut self, app: usize) {
        let token = self.apps[app].token;
        if self.nothing_to_write(app) {
            let reason = SkipReason::NothingToDo;
            self.emit(EventKind::WriteSkipped { app, token, reason });
            return self.next_step(app);
        }
        if !self.scenario.apps[app].check_before_write {
            return self.send_write(app);
        }
        if !self.lease_looks_valid(app) {
            let reason = SkipReason::LeaseOver;
            self.emit(EventKind::WriteSkipped { app, token, reason });
            return self.abandon(app);
        }
        self.apps[app].writes_checked += 1;
        let nth = self.apps[app].writes_checked;
        let pause = self
            .faults
            .pause_after_check
            .iter()
            .find(|p| p.0 == app && p.1 == nth);
        match pause.map(|p| p.2) {
            Some(for_ms) => {
                self.apps[app].write_after_pause = true;
                self.start_pause(app, for_ms);
            }
            None => self.send_write(app),
        }
    }

    /// Sends the write computed from the local value, then updates the local value as
    /// if the write applied (so a second write in the same plan does not repeat it).
    pub(crate) fn send_write(&mut self, app: usize) {
        self.apps[app].awaiting_reply = true;
        let state = &mut self.apps[app];
        let (token, based_on) = (state.token, state.local_value);
        state.local_value = match self.scenario.resource {
            ResourceKind::Inventory { .. } => based_on.saturating_sub(1),
            ResourceKind::Payments { .. } => 0,
            ResourceKind::Storage => based_on,
        };
        self.send(
            Node::App(app),
            Node::Resource,
            Body::Write { token, based_on },
        );
    }

    fn finish_plan(&mut self, app: usize) {
        let token = self.apps[app].token;
        if self.scenario.apps[app].release_at_end {
            self.send(Node::App(app), Node::Coordinator, Body::Release { token });
            self.end_belief(app, BeliefEnd::Released);
        }
        self.apps[app].phase = Phase::Done;
        self.emit(EventKind::PlanFinished {
            app,
            completed: true,
        });
    }

    /// Gives up the rest of the plan (the app learned it lost the lease).
    pub(crate) fn abandon(&mut self, app: usize) {
        self.apps[app].phase = Phase::Done;
        self.emit(EventKind::PlanFinished {
            app,
            completed: false,
        });
    }
}
