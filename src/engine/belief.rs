//! Belief: whether an app thinks it owns the resource, judged by its own clock; plus the
//! faults that act on an app directly (pause, crash, clock jump).

use super::app::Phase;
use super::event::{BeliefEnd, EventKind};
use super::scenario::{Client, Mode};
use super::sim::{Pending, Sim};

impl Sim {
    /// Starts believing after a grant, until the app's clock reads `valid_until_ms`
    /// (`None`: a permanent lock, believed until told otherwise).
    pub(crate) fn begin_belief(&mut self, app: usize, valid_until_ms: Option<i64>) {
        let state = &mut self.apps[app];
        state.believes = true;
        state.local_expiry_ms = valid_until_ms;
        let token = state.token;
        self.emit(EventKind::BeliefStarted {
            app,
            token,
            local_expiry_ms: valid_until_ms,
        });
        self.split.set(self.now_ms, app, true);
        self.schedule_belief_check(app);
    }

    /// Until when (on the app's clock) a grant or renewal answering a request sent at
    /// `asked_ms` (app's clock) is valid. The careful client counts from the request and
    /// keeps the drift allowance; the naive one counts from now, when the reply arrived.
    pub(crate) fn valid_until_ms(&self, app: usize, asked_ms: i64) -> Option<i64> {
        let s = &self.scenario;
        match (s.mode, s.client) {
            (Mode::PermanentLock, _) => None,
            (Mode::Lease, Client::Careful) => Some(
                asked_ms
                    .saturating_add_unsigned(s.ttl_ms)
                    .saturating_sub_unsigned(s.drift_allowance_ms),
            ),
            (Mode::Lease, Client::Naive) => Some(
                self.apps[app]
                    .clock
                    .local_ms(self.now_ms)
                    .saturating_add_unsigned(s.ttl_ms),
            ),
        }
    }

    /// True while the app's clock has not reached `valid_until_ms`.
    pub(crate) fn still_valid(&self, app: usize, valid_until_ms: Option<i64>) -> bool {
        let local_ms = self.apps[app].clock.local_ms(self.now_ms);
        valid_until_ms.is_none_or(|until_ms| local_ms < until_ms)
    }

    /// A renewal reply arrived: extend the belief to its validity (never shortening it),
    /// restart it if it had ended, or ignore the reply if its validity is already over.
    pub(crate) fn extend_belief(&mut self, app: usize, asked_ms: i64) {
        let valid_until_ms = self.valid_until_ms(app, asked_ms);
        if !self.still_valid(app, valid_until_ms) {
            let token = self.apps[app].token;
            return self.emit(EventKind::LateReplyIgnored { app, token });
        }
        if !self.apps[app].believes {
            return self.begin_belief(app, valid_until_ms);
        }
        let state = &mut self.apps[app];
        state.local_expiry_ms = match (state.local_expiry_ms, valid_until_ms) {
            (Some(old_ms), Some(new_ms)) => Some(old_ms.max(new_ms)),
            _ => None,
        };
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
