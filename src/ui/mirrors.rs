//! The signals behind `LabState`: one [`Mirror`] per part of the core's state, made from a
//! [`Lab`] and brought up to date from it after every intent (only the ones that changed).

use std::sync::Arc;

use super::mirror::Mirror;
use super::parts::{Playback, Questions, Setup, Simulated, ViewState};
use crate::catalog::{Knobs, Quiz, Told};
use crate::engine::{Fault, Run, Scenario};
use crate::lab::{Lab, Pick, Progress, RecordedRun, Window};
use crate::words;

/// The five parts of the lab's read-only signals.
pub type Parts = (Setup, Simulated, Playback, ViewState, Questions);

/// Every mirrored value of the lab.
#[derive(Clone, Copy)]
pub struct Mirrors {
    entry_id: Mirror<String>,
    knobs: Mirror<Knobs>,
    user_faults: Mirror<Vec<Fault>>,
    resumes: Mirror<Vec<(usize, u64)>>,
    recording: Mirror<Option<Arc<RecordedRun>>>,
    scenario: Mirror<Arc<Scenario>>,
    run: Mirror<Arc<Run>>,
    revealed: Mirror<usize>,
    told: Mirror<Arc<Told>>,
    twins: Mirror<Option<(Arc<Run>, Arc<Run>)>>,
    end_ms: Mirror<u64>,
    playback: (Mirror<u64>, Mirror<bool>, Mirror<usize>),
    modes: [Mirror<bool>; 6],
    zoom: Mirror<Option<Window>>,
    shown_window: Mirror<Window>,
    routine: Mirror<bool>,
    notice: Mirror<Option<String>>,
    questions: (Mirror<bool>, Mirror<Vec<Pick>>, Mirror<Option<usize>>),
    quiz: Mirror<Arc<Quiz>>,
    progress: Mirror<Progress>,
}

/// The view's on/off modes, in the order of [`Mirrors::modes`].
fn modes(lab: &Lab) -> [bool; 6] {
    let v = &lab.view;
    [
        v.compare,
        v.presenting,
        v.blank,
        v.help,
        v.who_fences,
        v.recordings,
    ]
}

/// The action notice in words.
fn notice(lab: &Lab) -> Option<String> {
    lab.view.notice.as_ref().map(|why| words::refusal(why, lab))
}

impl Mirrors {
    /// Signals showing `lab`.
    pub fn of(lab: &Lab) -> Mirrors {
        let p = &lab.playback;
        let q = &lab.questions;
        Mirrors {
            entry_id: Mirror::new(lab.setup.entry_id.clone()),
            knobs: Mirror::new(lab.setup.knobs),
            user_faults: Mirror::new(lab.setup.user_faults.clone()),
            resumes: Mirror::new(lab.setup.resumes.clone()),
            recording: Mirror::new(lab.setup.recording.clone()),
            scenario: Mirror::new(lab.scenario().clone()),
            run: Mirror::new(lab.run().clone()),
            revealed: Mirror::new(lab.revealed()),
            told: Mirror::new(lab.told().clone()),
            twins: Mirror::new(lab.twins().cloned()),
            end_ms: Mirror::new(lab.end_ms()),
            playback: (
                Mirror::new(p.playhead_ms),
                Mirror::new(p.playing),
                Mirror::new(p.speed),
            ),
            modes: modes(lab).map(Mirror::new),
            zoom: Mirror::new(lab.view.zoom),
            shown_window: Mirror::new(lab.shown_window()),
            routine: Mirror::new(lab.routine_messages()),
            notice: Mirror::new(notice(lab)),
            questions: (
                Mirror::new(q.on),
                Mirror::new(q.picks.clone()),
                Mirror::new(q.open),
            ),
            quiz: Mirror::new(lab.quiz().clone()),
            progress: Mirror::new(q.progress.clone()),
        }
    }

    /// Shows `lab`: writes each signal whose value changed, and no other.
    pub fn show(&self, lab: &Lab) {
        let s = &lab.setup;
        self.entry_id.show(&s.entry_id);
        self.knobs.show(&s.knobs);
        self.user_faults.show(&s.user_faults);
        self.resumes.show(&s.resumes);
        self.recording.show(&s.recording);
        self.scenario.show(lab.scenario());
        self.run.show(lab.run());
        self.told.show(lab.told());
        self.twins.show(&lab.twins().cloned());
        self.end_ms.show(&lab.end_ms());
        self.revealed.show(&lab.revealed());
        let p = &lab.playback;
        self.playback.0.show(&p.playhead_ms);
        self.playback.1.show(&p.playing);
        self.playback.2.show(&p.speed);
        for (mirror, on) in self.modes.iter().zip(modes(lab)) {
            mirror.show(&on);
        }
        self.zoom.show(&lab.view.zoom);
        self.shown_window.show(&lab.shown_window());
        self.routine.show(&lab.routine_messages());
        self.notice.show(&notice(lab));
        let q = &lab.questions;
        self.questions.0.show(&q.on);
        self.questions.1.show(&q.picks);
        self.questions.2.show(&q.open);
        self.quiz.show(lab.quiz());
        self.progress.show(&q.progress);
    }

    /// The read-only signals, as the components take them.
    pub fn parts(&self) -> Parts {
        let setup = Setup {
            entry_id: self.entry_id.read(),
            knobs: self.knobs.read(),
            user_faults: self.user_faults.read(),
            resumes: self.resumes.read(),
            recording: self.recording.read(),
        };
        let sim = Simulated {
            scenario: self.scenario.read(),
            run: self.run.read(),
            revealed: self.revealed.read(),
            told: self.told.read(),
            twins: self.twins.read(),
            end_ms: self.end_ms.read(),
        };
        let playback = Playback {
            playhead_ms: self.playback.0.read(),
            playing: self.playback.1.read(),
            speed: self.playback.2.read(),
        };
        let [compare, presenting, blank, help, who_fences, recordings] =
            self.modes.map(|m| m.read());
        let view = ViewState {
            compare,
            presenting,
            blank,
            help,
            who_fences,
            recordings,
            zoom: self.zoom.read(),
            shown_window: self.shown_window.read(),
            routine: self.routine.read(),
            notice: self.notice.read(),
        };
        let quiz = Questions {
            on: self.questions.0.read(),
            picks: self.questions.1.read(),
            open: self.questions.2.read(),
            quiz: self.quiz.read(),
            progress: self.progress.read(),
        };
        (setup, sim, playback, view, quiz)
    }
}
