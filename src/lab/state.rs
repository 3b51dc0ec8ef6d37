//! The lab's state as plain data, in the parts a user changes — what was set up ([`Setup`],
//! including a recorded run opened in place of the simulation), playback ([`Playback`]), how it
//! is shown ([`View`]), the story's questions ([`Questions`]) and the explorer's — and
//! what the engine made of them (`Derived`), kept in step by [`Lab::refresh`] after every intent.

use std::sync::Arc;

use super::derived::{Derived, Half};
use super::exploration::Exploring;
use super::picks::Questions;
use super::progress::Progress;
use super::setup::Setup;
use super::view::View;
use super::window::Window;
use super::writing::Writing;
use crate::catalog::{Entry, Quiz, Told};
use crate::engine::{Fault, Run, Scenario};
use crate::share::{LinkState, View as LinkView};

/// Playback speeds offered, slowest first (a log scale).
pub const SPEEDS: [f64; 7] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0];
/// Index of ×1 in [`SPEEDS`].
pub const DEFAULT_SPEED: usize = 2;
/// Simulated milliseconds that pass per real millisecond at ×1.
pub const SIM_MS_PER_REAL_MS_AT_1X: f64 = 5.0;

/// Where the playhead stands and whether (and how fast) it moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playback {
    /// Where the playhead stands, in simulated ms.
    pub playhead_ms: u64,
    /// Whether playback is running.
    pub playing: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
}

/// The whole lab: what the user changes, and what the engine made of it. Each part is shared
/// ([`Arc`]) and changed only through `Arc::make_mut` (the `*_mut` methods), so whoever keeps
/// the parts as they were (the browser's mirror) sees which changed by comparing pointers, as
/// stateright's `Cow` state does, and nothing else is copied.
#[derive(Clone, Debug)]
pub struct Lab {
    pub setup: Arc<Setup>,
    pub playback: Arc<Playback>,
    pub view: Arc<View>,
    pub questions: Arc<Questions>,
    /// The explorer: its choices, which search runs and what it found.
    pub exploring: Arc<Exploring>,
    /// The Write panel: the text typed and its problems.
    pub writing: Arc<Writing>,
    pub(super) derived: Derived,
}

impl Lab {
    /// The lab a (decoded, hence valid) link describes, with the progress this browser kept.
    pub fn new(link: &LinkState, progress: Progress) -> Lab {
        let setup = Arc::new(Setup::of_link(link));
        let derived = Derived::of(&setup);
        let exploring = Exploring::of(derived.scenario(), setup.clone());
        let mut lab = Lab {
            setup,
            playback: Arc::new(Playback {
                playhead_ms: link.playhead_ms,
                playing: false,
                speed: DEFAULT_SPEED,
            }),
            view: Arc::new(View::of_link(link)),
            questions: Arc::new(Questions {
                on: link.questions,
                picks: Vec::new(),
                open: None,
                watch: None,
                progress,
            }),
            exploring: Arc::new(exploring),
            writing: Arc::new(Writing {
                text: link
                    .written
                    .as_ref()
                    .map_or_else(String::new, |w| w.text.clone()),
                errors: Vec::new(),
                unloaded: false,
            }),
            derived,
        };
        lab.refresh();
        lab
    }

    /// The setup, to change (a copy only if someone keeps it as it was).
    pub fn setup_mut(&mut self) -> &mut Setup {
        Arc::make_mut(&mut self.setup)
    }

    /// Playback, to change.
    pub fn playback_mut(&mut self) -> &mut Playback {
        Arc::make_mut(&mut self.playback)
    }

    /// The view, to change.
    pub fn view_mut(&mut self) -> &mut View {
        Arc::make_mut(&mut self.view)
    }

    /// The questions, to change.
    pub fn questions_mut(&mut self) -> &mut Questions {
        Arc::make_mut(&mut self.questions)
    }

    /// The explorer, to change.
    pub fn exploring_mut(&mut self) -> &mut Exploring {
        Arc::make_mut(&mut self.exploring)
    }

    /// The lab's state as a link (what "Copy link" copies and the address bar keeps).
    pub fn link(&self) -> LinkState {
        LinkState {
            entry_id: self.setup.entry_id.clone(),
            knobs: self.setup.knobs,
            faults: self.setup.user_faults.clone(),
            resumes: self.setup.resumes.clone(),
            playhead_ms: self.playback.playhead_ms,
            compare: self.view.compare,
            view: match (self.view.presenting, self.view.story) {
                (true, _) => LinkView::Presentation,
                (false, true) => LinkView::Story,
                (false, false) => LinkView::Lab,
            },
            zoom: self.view.zoom.map(|w| (w.from_ms, w.to_ms)),
            questions: self.questions.on,
            recording: self.setup.shipped,
            written: self.setup.written.clone(),
        }
    }

    /// The current catalog entry.
    pub fn entry(&self) -> &'static Entry {
        self.setup.entry()
    }

    /// Whether routine messages (asks, renewals, replies) are drawn: as the viewer chose, else
    /// only in stories about the network (a delayed message or a cut-off app).
    pub fn routine_messages(&self) -> bool {
        self.view.routine.unwrap_or_else(|| {
            self.scenario()
                .faults
                .iter()
                .any(|f| matches!(f, Fault::DelayMessage { .. } | Fault::Partition { .. }))
        })
    }

    /// Moves the playhead, clamped to the run.
    pub fn seek(&mut self, at_ms: u64) {
        let at_ms = at_ms.min(self.end_ms());
        if self.playback.playhead_ms != at_ms {
            self.playback_mut().playhead_ms = at_ms;
        }
    }

    /// Stops playback and moves the playhead to `at_ms` (clamped to the run).
    pub fn stop_at(&mut self, at_ms: u64) {
        if self.playback.playing {
            self.playback_mut().playing = false;
        }
        self.seek(at_ms);
    }
}

/// What the engine made of the setup, as the reducer and the shell read it.
impl Lab {
    /// Brings what the engine made of the setup up to date (after every intent).
    pub fn refresh(&mut self) {
        let at_ms = self.playback.playhead_ms;
        self.derived.refresh(&self.setup, &self.view, at_ms);
    }

    /// The shown window and the revealed count, after the playhead or the zoom moved.
    pub fn refresh_window(&mut self) {
        let at_ms = self.playback.playhead_ms;
        self.derived.refresh_window(&self.setup, &self.view, at_ms);
    }

    /// The runs the timeline draws on one axis: a recording and its simulation, compare mode's
    /// two halves, or the one run.
    pub fn axis_runs(&self) -> Vec<&Run> {
        self.derived.axis_runs(&self.setup)
    }

    /// The end of the timeline's axis: the latest end of [`Lab::axis_runs`].
    pub fn axis_end_ms(&self) -> u64 {
        self.derived.axis_end_ms(&self.setup)
    }

    /// The scenario the engine runs: catalog entry + knobs + live changes.
    pub fn scenario(&self) -> &Arc<Scenario> {
        self.derived.scenario()
    }

    /// The engine's run of [`Lab::scenario`] (one in which nothing happens if it cannot run,
    /// which the reducer never lets an intent cause).
    pub fn run(&self) -> &Arc<Run> {
        self.derived.run()
    }

    /// The story told against the run: the steps true of it, in time order, and the others.
    pub fn told(&self) -> &Arc<Told> {
        self.derived.told()
    }

    /// The questions the run on screen asks, in time order.
    pub fn quiz(&self) -> &Arc<Quiz> {
        self.derived.quiz()
    }

    /// Compare mode's runs, enforcement off and on (`None` outside compare mode).
    pub fn twins(&self) -> Option<&(Half, Half)> {
        self.derived.twins()
    }

    /// The window the timeline shows.
    pub fn shown_window(&self) -> Window {
        self.derived.shown()
    }

    /// How many trace events have happened by the playhead.
    pub fn revealed(&self) -> usize {
        self.derived.revealed()
    }

    /// The run's end in ms (at least 1); with a recording open, the later of its end and its
    /// simulation's.
    pub fn end_ms(&self) -> u64 {
        let recorded = self.setup.recording.as_ref().map_or(0, |r| r.run.end_ms);
        self.run().end_ms.max(1).max(recorded)
    }

    /// The run the timeline shows first: the recording's, if one is open, else the simulation.
    pub fn shown_run(&self) -> &Arc<Run> {
        self.setup.recording.as_ref().map_or(self.run(), |r| &r.run)
    }
}
