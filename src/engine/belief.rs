//! Belief: whether an app thinks it owns the resource, judged by its own clock; plus the
//! faults that act on an app directly (pause, crash, clock jump).

use super::app::Phase;
use super::event::{BeliefEnd, EventKind};
use super::scenario::Mode;
use super::sim::{Pending, Sim};

impl Sim {
    /// Starts believing after a grant: the app computes its expiry as
    /// `local_time_at_grant + ttl` (none for a permanent lock).
    pub(crate) fn begin_belief(&mut self, app: usize) {
        let local_expiry_ms = self.local_expiry_from_now(app);
        let state = &mut self.apps[app];
        state.believes = true;
        state.local_expiry_ms = local_expiry_ms;
        let token = state.token;
        self.emit(EventKind::BeliefStarted {
            app,
            token,
            local_expiry_ms,
        });
        self.split.set(self.now_ms, app, true);
        self.schedule_belief_check(app);
    }

    fn local_expiry_from_now(&self, app: usize) -> Option<i64> {
        let local_ms = self.apps[app].clock.local_ms(self.now_ms);
        match self.scenario.mode {
            Mode::Lease => Some(local_ms.saturating_add_unsigned(self.scenario.ttl_ms)),
            Mode::PermanentLock => None,
        }
    }

    /// A renewal reply arrived: extend (or restart) the belief from now.
    pub(crate) fn extend_belief(&mut self, app: usize) {
        if !self.apps[app].believes {
            return self.begin_belief(app);
        }
        self.apps[app].local_expiry_ms = self.local_expiry_from_now(app);
        self.schedule_belief_check(app);
    }

    fn schedule_belief_check(&mut self, app: usize) {
        let state = &mut self.apps[app];
        state.belief_gen += 1;
        let gen = state.belief_gen;
        if let Some(expiry_local_ms) = state.local_expiry_ms {
            let at_ms = state.clock.true_ms_reaching(expiry_local_ms, self.now_ms);
            self.schedule(at_ms, Pending::BeliefCheck { app, gen });
        }
    }

    pub(crate) fn on_belief_check(&mut self, app: usize, gen: u32) -> bool {
        let state = &self.apps[app];
        if state.belief_gen != gen || !state.believes {
            return false;
        }
        let local_ms = state.clock.local_ms(self.now_ms);
        match state.local_expiry_ms {
            Some(expiry_ms) if local_ms >= expiry_ms => {
                self.end_belief(app, BeliefEnd::ClockSaysExpired)
            }
            _ => self.schedule_belief_check(app),
        }
        true
    }

    /// `check_before_write`: believes, and its clock is more than the margin before expiry.
    pub(crate) fn lease_looks_valid(&self, app: usize) -> bool {
        let state = &self.apps[app];
        let margin_ms = self.scenario.apps[app].safety_margin_ms;
        let local_ms = state.clock.local_ms(self.now_ms);
        state.believes
            && state
                .local_expiry_ms
                .is_none_or(|e| local_ms.saturating_add_unsigned(margin_ms) < e)
    }

    pub(crate) fn end_belief(&mut self, app: usize, why: BeliefEnd) {
        let state = &mut self.apps[app];
        if !state.believes {
            return;
        }
        state.believes = false;
        state.belief_gen += 1;
        let token = state.token;
        self.emit(EventKind::BeliefEnded { app, token, why });
        self.split.set(self.now_ms, app, false);
    }

    pub(crate) fn on_pause_start(&mut self, app: usize, for_ms: u64) -> bool {
        if self.apps[app].crashed {
            return false;
        }
        self.start_pause(app, for_ms);
        true
    }

    /// Freezes the app until `now + for_ms` (a longer pause already running wins).
    pub(crate) fn start_pause(&mut self, app: usize, for_ms: u64) {
        let until_ms = self.now_ms + for_ms;
        let state = &mut self.apps[app];
        let until_ms = state.paused_until.map_or(until_ms, |u| u.max(until_ms));
        state.paused_until = Some(until_ms);
        self.emit(EventKind::PauseStarted { app, until_ms });
        self.schedule(until_ms, Pending::PauseEnd { app, until_ms });
    }

    /// Resumes: a write frozen right after its check goes out first; then whatever waited
    /// is handled (already queued at this time); then the app looks at its clock.
    pub(crate) fn on_pause_end(&mut self, app: usize, until_ms: u64) -> bool {
        let state = &mut self.apps[app];
        if state.crashed || state.paused_until != Some(until_ms) {
            return false;
        }
        state.paused_until = None;
        self.emit(EventKind::PauseEnded { app });
        if std::mem::take(&mut self.apps[app].write_after_pause) {
            self.send_write(app);
        }
        if self.apps[app].believes {
            self.recheck_belief_now(app);
        }
        true
    }

    fn recheck_belief_now(&mut self, app: usize) {
        let state = &mut self.apps[app];
        state.belief_gen += 1;
        let gen = state.belief_gen;
        self.schedule(self.now_ms, Pending::BeliefCheck { app, gen });
    }

    pub(crate) fn on_crash(&mut self, app: usize) -> bool {
        if self.apps[app].crashed {
            return false;
        }
        self.end_belief(app, BeliefEnd::Crashed);
        let state = &mut self.apps[app];
        state.crashed = true;
        state.phase = Phase::Done;
        state.paused_until = None;
        self.stuck.crashed(app, self.now_ms);
        self.emit(EventKind::Crashed { app });
        true
    }

    pub(crate) fn on_clock_jump(&mut self, app: usize, by_ms: i64) -> bool {
        let state = &mut self.apps[app];
        if state.crashed {
            return false;
        }
        state.clock.jumped_ms = state.clock.jumped_ms.saturating_add(by_ms);
        self.emit(EventKind::ClockJumped { app, by_ms });
        if self.apps[app].believes && self.apps[app].paused_until.is_none() {
            self.recheck_belief_now(app);
        }
        true
    }
}
