//! Belief: whether an app thinks it owns the resource, judged by its own clock; plus the
//! faults that act on an app directly (pause, crash, clock jump). Handlers as in `app.rs`:
//! they change the app's own state and append what they want done to `Effects`.

use super::app::{App, AppState, Phase};
use super::app_config::Step;
use super::effect::Effects;
use super::event::{BeliefEnd, EventKind};
use super::scenario::{Client, Mode};

impl App<'_> {
    /// Starts believing after a grant, until the app's clock reads `valid_until_ms`
    /// (`None`: a permanent lock, believed until told otherwise).
    pub(crate) fn begin_belief(
        &self,
        state: &mut AppState,
        valid_until_ms: Option<i64>,
        out: &mut Effects,
    ) {
        state.believes = true;
        state.local_expiry_ms = valid_until_ms;
        out.emit(EventKind::BeliefStarted {
            app: self.id,
            token: state.token,
            local_expiry_ms: valid_until_ms,
        });
        out.believes(true);
        self.schedule_belief_check(state, out);
    }

    /// Until when (on the app's clock) a grant or renewal answering a request sent at
    /// `asked_ms` (app's clock) is valid. The careful client counts from the request and
    /// keeps the drift allowance; the naive one counts from now, when the reply arrived.
    pub(crate) fn valid_until_ms(&self, state: &AppState, asked_ms: i64) -> Option<i64> {
        match (self.mode, self.client) {
            (Mode::PermanentLock | Mode::NoLock, _) => None,
            (Mode::Lease, Client::Careful) => Some(
                asked_ms
                    .saturating_add_unsigned(self.ttl_ms)
                    .saturating_sub_unsigned(self.drift_allowance_ms),
            ),
            (Mode::Lease, Client::Naive) => Some(
                state
                    .clock
                    .local_ms(self.now_ms)
                    .saturating_add_unsigned(self.ttl_ms),
            ),
        }
    }

    /// True while the app's clock has not reached `valid_until_ms`.
    pub(crate) fn still_valid(&self, state: &AppState, valid_until_ms: Option<i64>) -> bool {
        let local_ms = state.clock.local_ms(self.now_ms);
        valid_until_ms.is_none_or(|until_ms| local_ms < until_ms)
    }

    /// A renewal reply arrived: extend the belief to its validity (never shortening it),
    /// restart it if it had ended, or ignore the reply if its validity is already over.
    pub(crate) fn extend_belief(&self, state: &mut AppState, asked_ms: i64, out: &mut Effects) {
        let valid_until_ms = self.valid_until_ms(state, asked_ms);
        if !self.still_valid(state, valid_until_ms) {
            let (app, token) = (self.id, state.token);
            return out.emit(EventKind::LateReplyIgnored { app, token });
        }
        if !state.believes {
            return self.begin_belief(state, valid_until_ms, out);
        }
        state.local_expiry_ms = match (state.local_expiry_ms, valid_until_ms) {
            (Some(old_ms), Some(new_ms)) => Some(old_ms.max(new_ms)),
            _ => None,
        };
        self.schedule_belief_check(state, out);
    }

    fn schedule_belief_check(&self, state: &mut AppState, out: &mut Effects) {
        state.belief_gen += 1;
        if let Some(expiry_local_ms) = state.local_expiry_ms {
            let at_ms = state.clock.true_ms_reaching(expiry_local_ms, self.now_ms);
            out.check_belief_at(state.belief_gen, at_ms);
        }
    }

    pub(crate) fn on_belief_check(&self, state: &mut AppState, gen: u32, out: &mut Effects) {
        if state.belief_gen != gen || !state.believes {
            return;
        }
        let local_ms = state.clock.local_ms(self.now_ms);
        match state.local_expiry_ms {
            Some(expiry_ms) if local_ms >= expiry_ms => {
                self.end_belief(state, BeliefEnd::ClockSaysExpired, out)
            }
            _ => self.schedule_belief_check(state, out),
        }
    }

    /// `check_before_write`: believes, and its clock is more than the margin before expiry.
    pub(crate) fn lease_looks_valid(&self, state: &AppState) -> bool {
        let margin_ms = self.cfg.safety_margin_ms;
        let local_ms = state.clock.local_ms(self.now_ms);
        state.believes
            && state
                .local_expiry_ms
                .is_none_or(|e| local_ms.saturating_add_unsigned(margin_ms) < e)
    }

    pub(crate) fn end_belief(&self, state: &mut AppState, why: BeliefEnd, out: &mut Effects) {
        if !state.believes {
            return;
        }
        state.believes = false;
        state.belief_gen += 1;
        out.emit(EventKind::BeliefEnded {
            app: self.id,
            token: state.token,
            why,
        });
        out.believes(false);
    }

    pub(crate) fn on_pause_start(&self, state: &mut AppState, for_ms: u64, out: &mut Effects) {
        if state.crashed {
            return;
        }
        self.start_pause(state, for_ms, out);
    }

    /// Freezes the app until `now + for_ms` (a longer pause already running wins).
    pub(crate) fn start_pause(&self, state: &mut AppState, for_ms: u64, out: &mut Effects) {
        let until_ms = self.now_ms + for_ms;
        let until_ms = state.paused_until.map_or(until_ms, |u| u.max(until_ms));
        state.paused_until = Some(until_ms);
        out.emit(EventKind::PauseStarted {
            app: self.id,
            until_ms,
        });
        out.resume_at(until_ms);
    }

    /// Resumes: a write frozen right after its check goes out first; then whatever waited
    /// is handled (already queued at this time); then the app looks at its clock.
    pub(crate) fn on_pause_end(&self, state: &mut AppState, until_ms: u64, out: &mut Effects) {
        if state.crashed || state.paused_until != Some(until_ms) {
            return;
        }
        state.paused_until = None;
        out.emit(EventKind::PauseEnded { app: self.id });
        if std::mem::take(&mut state.write_after_pause) {
            let returns = self.cfg.steps.get(state.step) == Some(&Step::Return);
            self.send_write(state, out, returns);
        }
        if state.believes {
            self.recheck_belief_now(state, out);
        }
    }

    fn recheck_belief_now(&self, state: &mut AppState, out: &mut Effects) {
        state.belief_gen += 1;
        out.check_belief_at(state.belief_gen, self.now_ms);
    }

    pub(crate) fn on_crash(&self, state: &mut AppState, out: &mut Effects) {
        if state.crashed {
            return;
        }
        self.end_belief(state, BeliefEnd::Crashed, out);
        state.crashed = true;
        state.phase = Phase::Done;
        state.paused_until = None;
        out.crashed();
        out.emit(EventKind::Crashed { app: self.id });
    }

    pub(crate) fn on_clock_jump(&self, state: &mut AppState, by_ms: i64, out: &mut Effects) {
        if state.crashed {
            return;
        }
        state.clock.jumped_ms = state.clock.jumped_ms.saturating_add(by_ms);
        out.emit(EventKind::ClockJumped {
            app: self.id,
            by_ms,
        });
        if state.believes && state.paused_until.is_none() {
            self.recheck_belief_now(state, out);
        }
    }
}
