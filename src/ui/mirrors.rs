//! The signals behind `LabState`: one trigger per [`Part`] of the core's state, and for each
//! value a component reads, a signal that tracks its part's trigger and reads the core. After
//! every intent the mirror fires the triggers of the parts that changed, and no other.

use leptos::prelude::*;

use super::mirror::{changed, Before, Part, PARTS};
use super::parts::{Playback, Questions, Setup, Simulated, ViewState};
use super::signal::signal;
use crate::lab::Lab;
use crate::words;

/// The five parts of the lab's read-only signals.
pub type Parts = (Setup, Simulated, Playback, ViewState, Questions);

/// A trigger per part of the lab.
#[derive(Clone, Copy)]
pub struct Mirrors {
    triggers: [Trigger; PARTS],
    core: StoredValue<Lab>,
}

impl Mirrors {
    /// The triggers of a lab kept in `core`.
    pub fn new(core: StoredValue<Lab>) -> Mirrors {
        Mirrors {
            triggers: std::array::from_fn(|_| Trigger::new()),
            core,
        }
    }

    /// Wakes the readers of every part that differs between `before` and `after`.
    pub fn show(&self, before: &Before, after: &Lab) {
        for part in changed(before, after) {
            self.triggers[part as usize].notify();
        }
    }

    fn on<T: Send + Sync + 'static>(&self, part: Part, read: fn(&Lab) -> T) -> Signal<T> {
        signal(self.triggers[part as usize], self.core, read)
    }

    /// What the user set up, and what the engine made of it.
    fn setup(&self) -> (Setup, Simulated) {
        let setup = Setup {
            entry_id: self.on(Part::EntryId, |l| l.setup.entry_id.clone()),
            knobs: self.on(Part::Knobs, |l| l.setup.knobs),
            user_faults: self.on(Part::UserFaults, |l| l.setup.user_faults.clone()),
            resumes: self.on(Part::Resumes, |l| l.setup.resumes.clone()),
            recording: self.on(Part::Recording, |l| l.setup.recording.clone()),
        };
        let sim = Simulated {
            scenario: self.on(Part::Run, |l| l.scenario().clone()),
            run: self.on(Part::Run, |l| l.run().clone()),
            revealed: self.on(Part::Revealed, Lab::revealed),
            told: self.on(Part::Run, |l| l.told().clone()),
            twins: self.on(Part::Twins, |l| l.twins().cloned()),
            end_ms: self.on(Part::Shown, Lab::end_ms),
        };
        (setup, sim)
    }

    /// The explorer's read-only signals.
    pub fn exploration(&self) -> super::explore_mirrors::Exploration {
        super::explore_mirrors::exploration(self.triggers[Part::Exploring as usize], self.core)
    }

    /// The read-only signals, as the components take them.
    pub fn parts(&self) -> Parts {
        let (setup, sim) = self.setup();
        let playback = Playback {
            playhead_ms: self.on(Part::Playhead, |l| l.playback.playhead_ms),
            playing: self.on(Part::Playing, |l| l.playback.playing),
            speed: self.on(Part::Speed, |l| l.playback.speed),
        };
        let view = ViewState {
            compare: self.on(Part::Modes, |l| l.view.compare),
            presenting: self.on(Part::Modes, |l| l.view.presenting),
            story: self.on(Part::Modes, |l| l.view.story),
            blank: self.on(Part::Modes, |l| l.view.blank),
            help: self.on(Part::Modes, |l| l.view.help),
            who_fences: self.on(Part::Modes, |l| l.view.who_fences),
            which_pattern: self.on(Part::Modes, |l| l.view.which_pattern),
            recordings: self.on(Part::Modes, |l| l.view.recordings),
            zoom: self.on(Part::Zoom, |l| l.view.zoom),
            shown_window: self.on(Part::Shown, Lab::shown_window),
            routine: self.on(Part::Routine, Lab::routine_messages),
            members: self.on(Part::Routine, |l| l.view.members),
            notice: self.on(Part::Notice, |l| {
                l.view.notice.as_ref().map(|why| words::refusal(why, l))
            }),
            fault_app: self.on(Part::Choices, |l| l.view.fault_app),
            fault_length_ms: self.on(Part::Choices, |l| l.view.fault_length_ms),
            export_legend: self.on(Part::Choices, |l| l.view.export_legend),
            link_notices: self.on(Part::LinkNotices, |l| l.view.link_notices.clone()),
        };
        let quiz = Questions {
            on: self.on(Part::QuestionsOn, |l| l.questions.on),
            picks: self.on(Part::Picks, |l| l.questions.picks.clone()),
            open: self.on(Part::Open, |l| l.questions.open),
            quiz: self.on(Part::Run, |l| l.quiz().clone()),
            progress: self.on(Part::Progress, |l| l.questions.progress.clone()),
        };
        (setup, sim, playback, view, quiz)
    }
}
