//! How the simulation hosts its applications: it holds back what reaches a paused or
//! crashed app, shows a handler the app's own state and what the app may know, then
//! carries out the effects the handler returned, in the order returned: sending through
//! the network, scheduling, recording events, and telling the verdict trackers.

use super::app::{App, AppState};
use super::effect::{Effect, Effects};
use super::message::Node;
use super::pending::Pending;
use super::sim::Sim;

/// Most effects one handler returns beyond one per step of its plan (a grant that
/// starts the belief, sets the renewal and skips every write down to finishing the plan).
const MAX_EFFECTS_BEYOND_STEPS: usize = 8;

impl Sim {
    /// Runs one handler of app `id` on its state, then applies the effects it returned.
    pub(crate) fn host(
        &mut self,
        id: usize,
        handle: impl FnOnce(&App<'_>, &mut AppState, &mut Effects),
    ) {
        debug_assert!(
            self.effects.is_empty(),
            "every handler's effects are applied at once"
        );
        let s = &self.scenario;
        let app = App {
            id,
            cfg: &s.apps[id],
            mode: s.mode,
            client: s.client,
            ttl_ms: s.ttl_ms,
            drift_allowance_ms: s.drift_allowance_ms,
            resource: &s.resource,
            now_ms: self.now_ms,
            pauses_after_check: self.net.pauses_after_check(),
        };
        handle(&app, &mut self.apps[id], &mut self.effects);
        let count = self.effects.len();
        debug_assert!(count <= app.cfg.steps.len() + MAX_EFFECTS_BEYOND_STEPS);
        if count > 0 {
            self.apply(id, count);
        }
    }

    /// Carries out the `count` effects app `app`'s handler returned, in order, leaving the
    /// list empty.
    #[inline]
    fn apply(&mut self, app: usize, count: usize) {
        for i in 0..count {
            match self.effects.get(i) {
                Effect::Send { to, body } => self.send(Node::App(app), to, body),
                Effect::SetTimer {
                    timer,
                    gen,
                    after_ms,
                } => {
                    let pending = Pending::Timer { app, timer, gen };
                    self.schedule(self.now_ms + after_ms, pending);
                }
                Effect::CheckBeliefAt { gen, at_ms } => {
                    self.schedule(at_ms, Pending::BeliefCheck { app, gen })
                }
                Effect::ResumeAt { until_ms } => {
                    self.schedule(until_ms, Pending::PauseEnd { app, until_ms })
                }
                Effect::Emit(kind) => self.emit(kind),
                Effect::Believes(believes) => self.split.set(self.now_ms, app, believes),
                Effect::Crashed => self.stuck.crashed(app, self.now_ms),
            }
        }
        self.effects.clear();
    }

    /// Lets an app-bound happening through, or holds it: crashed apps drop it, paused
    /// apps get it again when they resume (belief checks are dropped: resuming re-checks).
    pub(crate) fn gate(&mut self, app: usize, pending: Pending) -> bool {
        let state = &self.apps[app];
        if state.crashed {
            return false;
        }
        match (state.paused_until, pending) {
            (None, _) => true,
            (Some(_), Pending::BeliefCheck { .. }) => false,
            (Some(until_ms), _) => {
                self.schedule(until_ms, pending);
                false
            }
        }
    }
}
