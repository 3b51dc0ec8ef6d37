//! Which parts of the lab's core an intent changed. The core keeps each part behind its own
//! `Arc` and changes it only through `Arc::make_mut`, so a [`Snapshot`] — the parts' pointers
//! before the intent (and the few small values the engine derives, by value) — tells which
//! changed by comparing pointers: nothing of the lab is copied to find out. Playback is three
//! numbers, kept by value: the playhead (which moves every frame while playing) is told apart
//! from the controls (playing, speed), so the controls' readers sleep while it plays.

use std::sync::Arc;

use crate::engine::{Run, Scenario};
use crate::lab::{Exploring, Half, Lab, Playback, Questions, Setup, View, Window, Writing};

/// The core's parts before an intent.
pub struct Snapshot {
    setup: Arc<Setup>,
    playback: Playback,
    view: Arc<View>,
    questions: Arc<Questions>,
    exploring: Arc<Exploring>,
    writing: Arc<Writing>,
    run: (Arc<Scenario>, Arc<Run>),
    twins: Option<(Half, Half)>,
    frame: (Window, u64),
    revealed: usize,
}

/// Which parts changed: one flag per part a component reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Changed {
    pub setup: bool,
    /// Where the playhead stands.
    pub playhead: bool,
    /// Whether it plays, and how fast.
    pub playback: bool,
    pub view: bool,
    pub questions: bool,
    pub exploring: bool,
    /// The Write panel's text and its problems.
    pub writing: bool,
    /// The scenario, its run, the story told and the questions asked (they change together).
    pub run: bool,
    pub twins: bool,
    /// The window shown and the axis's end.
    pub frame: bool,
    pub revealed: bool,
}

impl Snapshot {
    /// The parts of `lab` as they are now (pointers, and the derived window and count).
    pub fn of(lab: &Lab) -> Snapshot {
        Snapshot {
            setup: lab.setup.clone(),
            playback: *lab.playback,
            view: lab.view.clone(),
            questions: lab.questions.clone(),
            exploring: lab.exploring.clone(),
            writing: lab.writing.clone(),
            run: (lab.scenario().clone(), lab.run().clone()),
            twins: lab.twins().cloned(),
            frame: (lab.shown_window(), lab.end_ms()),
            revealed: lab.revealed(),
        }
    }

    /// Which parts `lab` holds other than these.
    pub fn changed(&self, lab: &Lab) -> Changed {
        Changed {
            setup: !Arc::ptr_eq(&self.setup, &lab.setup),
            playhead: self.playback.playhead_ms != lab.playback.playhead_ms,
            playback: (self.playback.playing, self.playback.speed)
                != (lab.playback.playing, lab.playback.speed),
            view: !Arc::ptr_eq(&self.view, &lab.view),
            questions: !Arc::ptr_eq(&self.questions, &lab.questions),
            exploring: !Arc::ptr_eq(&self.exploring, &lab.exploring),
            writing: !Arc::ptr_eq(&self.writing, &lab.writing),
            run: !Arc::ptr_eq(&self.run.0, lab.scenario()) || !Arc::ptr_eq(&self.run.1, lab.run()),
            // Halves compare by pointer.
            twins: self.twins.as_ref() != lab.twins(),
            frame: self.frame != (lab.shown_window(), lab.end_ms()),
            revealed: self.revealed != lab.revealed(),
        }
    }
}
