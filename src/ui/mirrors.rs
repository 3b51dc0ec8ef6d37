//! The signals behind `LabState`: one trigger per part of the core (the parts
//! [`super::mirror::Changed`] names), and for each value a component reads, a signal that tracks
//! its part's trigger and reads the core. After every intent the mirror fires the triggers of
//! the parts that changed, and no other. (A memo per value, waking readers only when the value
//! itself changed, measured 2.8 KB more wasm, 0.1 KB for switches alone: not worth it.)

use leptos::prelude::*;

use super::mirror::Snapshot;
use super::parts::{
    PlaybackSignals, QuizSignals, SetupSignals, SimSignals, ViewSignals, WriteSignals,
};
use super::signal::{signal, signal2};
use crate::lab::Lab;
use crate::words;

/// The five parts of the lab's read-only signals.
pub type Parts = (
    SetupSignals,
    SimSignals,
    PlaybackSignals,
    ViewSignals,
    QuizSignals,
);

/// A trigger per part of the lab.
#[derive(Clone, Copy)]
struct Triggers {
    setup: Trigger,
    playhead: Trigger,
    playback: Trigger,
    view: Trigger,
    questions: Trigger,
    exploring: Trigger,
    writing: Trigger,
    run: Trigger,
    twins: Trigger,
    frame: Trigger,
    revealed: Trigger,
}

/// The triggers of a lab kept in `core`.
#[derive(Clone, Copy)]
pub struct Mirrors {
    t: Triggers,
    core: StoredValue<Lab>,
}

impl Mirrors {
    /// The triggers of a lab kept in `core`.
    pub fn new(core: StoredValue<Lab>) -> Mirrors {
        let t = Triggers {
            setup: Trigger::new(),
            playhead: Trigger::new(),
            playback: Trigger::new(),
            view: Trigger::new(),
            questions: Trigger::new(),
            exploring: Trigger::new(),
            writing: Trigger::new(),
            run: Trigger::new(),
            twins: Trigger::new(),
            frame: Trigger::new(),
            revealed: Trigger::new(),
        };
        Mirrors { t, core }
    }

    /// Wakes the readers of every part `after` holds other than `before`.
    pub fn show(&self, before: &Snapshot, after: &Lab) {
        let c = before.changed(after);
        let t = &self.t;
        let fired = [
            (c.setup, t.setup),
            (c.playhead, t.playhead),
            (c.playback, t.playback),
            (c.view, t.view),
            (c.questions, t.questions),
            (c.exploring, t.exploring),
            (c.writing, t.writing),
            (c.run, t.run),
            (c.twins, t.twins),
            (c.frame, t.frame),
            (c.revealed, t.revealed),
        ];
        for (changed, trigger) in fired {
            if changed {
                trigger.notify();
            }
        }
    }

    /// The explorer's read-only signals.
    pub fn exploration(&self) -> super::explore_mirrors::Exploration {
        super::explore_mirrors::exploration((self.t.exploring, self.t.run), self.core)
    }

    /// The Write panel's read-only signal.
    pub fn writing(&self) -> WriteSignals {
        WriteSignals {
            writing: signal(self.t.writing, self.core, |l| l.writing.clone()),
        }
    }

    /// What the user set up, and what the engine made of it.
    fn setup(&self) -> (SetupSignals, SimSignals) {
        let (t, core) = (self.t, self.core);
        let setup = SetupSignals {
            entry_id: signal(t.setup, core, |l| l.setup.entry_id.clone()),
            knobs: signal(t.setup, core, |l| l.setup.knobs),
            story_knobs: signal(t.setup, core, |l| l.setup.story_knobs()),
            user_faults: signal(t.setup, core, |l| l.setup.user_faults.clone()),
            resumes: signal(t.setup, core, |l| l.setup.resumes.clone()),
            recording: signal(t.setup, core, |l| l.setup.recording.clone()),
        };
        let sim = SimSignals {
            scenario: signal(t.run, core, |l| l.scenario().clone()),
            run: signal(t.run, core, |l| l.run().clone()),
            revealed: signal(t.revealed, core, Lab::revealed),
            told: signal(t.run, core, |l| l.told().clone()),
            twins: signal(t.twins, core, |l| l.twins().cloned()),
            end_ms: signal(t.frame, core, Lab::end_ms),
        };
        (setup, sim)
    }

    /// How the lab is shown.
    fn view(&self) -> ViewSignals {
        let (t, core) = (self.t, self.core);
        ViewSignals {
            compare: signal(t.view, core, |l| l.view.compare),
            presenting: signal(t.view, core, |l| l.view.presenting),
            story: signal(t.view, core, |l| l.view.story),
            blank: signal(t.view, core, |l| l.view.blank),
            title_card: signal(t.view, core, |l| l.view.title_card),
            help: signal(t.view, core, |l| l.view.help),
            who_fences: signal(t.view, core, |l| l.view.who_fences),
            which_pattern: signal(t.view, core, |l| l.view.which_pattern),
            recordings: signal(t.view, core, |l| l.view.recordings),
            zoom: signal(t.view, core, |l| l.view.zoom),
            shown_window: signal(t.frame, core, Lab::shown_window),
            // As the viewer chose, else as the run on screen suggests.
            routine: signal2((t.view, t.run), core, Lab::routine_messages),
            members: signal(t.view, core, |l| l.view.members),
            notice: signal(t.view, core, |l| {
                l.view.notice.as_ref().map(|why| words::refusal(why, l))
            }),
            fault_app: signal(t.view, core, |l| l.view.fault_app),
            fault_length_ms: signal(t.view, core, |l| l.view.fault_length_ms),
            export_legend: signal(t.view, core, |l| l.view.export_legend),
            link_notices: signal(t.view, core, |l| l.view.link_notices.clone()),
        }
    }

    /// The read-only signals, as the components take them.
    pub fn parts(&self) -> Parts {
        let (t, core) = (self.t, self.core);
        let (setup, sim) = self.setup();
        let playback = PlaybackSignals {
            playhead_ms: signal(t.playhead, core, |l| l.playback.playhead_ms),
            playing: signal(t.playback, core, |l| l.playback.playing),
            speed: signal(t.playback, core, |l| l.playback.speed),
        };
        let quiz = QuizSignals {
            on: signal(t.questions, core, |l| l.questions.on),
            picks: signal(t.questions, core, |l| l.questions.picks.clone()),
            open: signal(t.questions, core, |l| l.questions.open),
            quiz: signal(t.run, core, |l| l.quiz().clone()),
            progress: signal(t.questions, core, |l| l.questions.progress.clone()),
        };
        (setup, sim, playback, self.view(), quiz)
    }
}
