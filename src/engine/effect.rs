//! Effects: what an application's handler wants done, as data.
//!
//! A handler changes only its own `AppState`; everything else it wants (a message sent, a
//! timer set, an event recorded, a tracker told) it appends to an [`Effects`] list, and the
//! simulation carries the list out afterwards, in order (see `host.rs`). The order matters:
//! sends draw jitter and scheduling numbers ties, so effects apply exactly as appended.

use super::event::EventKind;
use super::message::{Body, Node};
use super::pending::Timer;

/// Room reserved up front, for what most handlers return: a grant that starts the belief,
/// sets the renewal and sends the first step's message returns 4 effects (5 with its event
/// recorded); only a plan skipping many writes in a row returns more.
const USUAL_EFFECTS: usize = 8;

/// One thing an application wants done. The application is implied: the one whose
/// handler returned it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Effect {
    /// Send `body` from the app to `to`, through the network.
    Send { to: Node, body: Body },
    /// Fire `timer` after `after_ms` of true time, unless a later setting of the same timer
    /// (a higher `gen`) replaces it.
    SetTimer {
        timer: Timer,
        gen: u32,
        after_ms: u64,
    },
    /// Look at the belief again at true time `at_ms` (ignored unless `gen` is still current).
    CheckBeliefAt { gen: u32, at_ms: u64 },
    /// Wake the paused app at true time `until_ms` (ignored if its pause was extended).
    ResumeAt { until_ms: u64 },
    /// Record this event in the trace.
    Emit(EventKind),
    /// The app starts (true) or stops (false) believing it owns the resource.
    Believes(bool),
    /// The app stopped for good (for the stuck-system verdict).
    Crashed,
}

/// The effects of one handler call, in order. The simulation keeps one and reuses it, so
/// collecting effects allocates nothing once the list has grown to its working size.
#[derive(Clone, Debug)]
pub(crate) struct Effects {
    list: Vec<Effect>,
    /// Whether `Emit` effects are kept: a simulation that records no trace drops them here
    /// rather than carry them to `Sim::emit`, which would drop them anyway.
    record: bool,
}

impl Effects {
    /// An empty list, with room for what most handlers return; `record`: keep the events
    /// to record (else drop them at once).
    pub fn new(record: bool) -> Effects {
        Effects {
            list: Vec::with_capacity(USUAL_EFFECTS),
            record,
        }
    }

    /// Sends `body` to `to`.
    pub fn send(&mut self, to: Node, body: Body) {
        self.list.push(Effect::Send { to, body });
    }

    /// Sets `timer` (generation `gen`) to fire after `after_ms`.
    pub fn set_timer(&mut self, timer: Timer, gen: u32, after_ms: u64) {
        self.list.push(Effect::SetTimer {
            timer,
            gen,
            after_ms,
        });
    }

    /// Checks the belief (generation `gen`) at true time `at_ms`.
    pub fn check_belief_at(&mut self, gen: u32, at_ms: u64) {
        self.list.push(Effect::CheckBeliefAt { gen, at_ms });
    }

    /// Wakes the app at `until_ms`.
    pub fn resume_at(&mut self, until_ms: u64) {
        self.list.push(Effect::ResumeAt { until_ms });
    }

    /// Records `kind` (when recording).
    pub fn emit(&mut self, kind: EventKind) {
        if self.record {
            self.list.push(Effect::Emit(kind));
        }
    }

    /// Tells the split-brain tracker whether the app believes it owns the resource.
    pub fn believes(&mut self, believes: bool) {
        self.list.push(Effect::Believes(believes));
    }

    /// Tells the stuck-system tracker the app crashed.
    pub fn crashed(&mut self) {
        self.list.push(Effect::Crashed);
    }

    /// How many effects wait to be applied.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// True when no effect waits.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The `i`th effect appended (0-based).
    pub fn get(&self, i: usize) -> Effect {
        self.list[i]
    }

    /// Empties the list, keeping its capacity for the next handler.
    pub fn clear(&mut self) {
        self.list.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effects_come_out_in_the_order_they_went_in_and_the_list_is_reused() {
        let mut out = Effects::new(true);
        out.emit(EventKind::AppStarted { app: 0 });
        out.send(Node::Coordinator, Body::Acquire { asked_ms: 7 });
        out.set_timer(Timer::Retry, 1, 1_000);
        out.believes(true);
        assert_eq!(out.len(), 4);
        assert_eq!(out.get(0), Effect::Emit(EventKind::AppStarted { app: 0 }));
        assert_eq!(out.get(3), Effect::Believes(true));
        out.clear();
        assert!(out.is_empty());
        assert!(
            out.list.capacity() >= 4,
            "the buffer stays for the next call"
        );
    }

    #[test]
    fn without_recording_events_are_dropped_and_everything_else_kept() {
        let mut out = Effects::new(false);
        out.emit(EventKind::AppStarted { app: 0 });
        out.crashed();
        assert_eq!((out.len(), out.get(0)), (1, Effect::Crashed));
    }
}
