//! No lock at all: an app reads, computes and writes with compare-and-set, and when its write
//! finds the resource changed since its read, it starts its plan over from the read. It asks
//! the coordination service for nothing: no lease, no token (its writes carry 0), no renewal,
//! no release. Only the resource's exact-version check ([`super::Enforce::ExactVersion`])
//! keeps it safe; what it costs under contention is the attempts it makes again.
//!
//! Handlers as in `app.rs`: they change the app's own state and append effects.

use super::app::{App, AppState, Phase};
use super::effect::Effects;
use super::event::EventKind;

/// Attempts at its plan an app makes before it gives up (the first one included): a bound
/// on the work contention can waste, as a client's retry limit is.
pub const MAX_ATTEMPTS: u32 = 8;

impl App<'_> {
    /// Starts the plan at once: there is nothing to acquire.
    pub(crate) fn start_without_lock(&self, state: &mut AppState, out: &mut Effects) {
        state.phase = Phase::Holding;
        state.step = 0;
        state.attempt = 1;
        self.run_step(state, out);
    }

    /// The write was refused, the resource having changed since the read: read again and
    /// start over, or give the plan up after [`MAX_ATTEMPTS`].
    pub(crate) fn start_over(&self, state: &mut AppState, out: &mut Effects) {
        state.awaiting_reply = false;
        if state.phase != Phase::Holding {
            return;
        }
        if state.attempt >= MAX_ATTEMPTS {
            return self.abandon(state, out);
        }
        state.attempt += 1;
        state.step = 0;
        state.has_read = false;
        let (app, attempt) = (self.id, state.attempt);
        out.emit(EventKind::StartedOver { app, attempt });
        self.run_step(state, out);
    }
}
