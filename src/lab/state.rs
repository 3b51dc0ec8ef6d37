//! The lab's state as plain data, in four parts a user changes — what was set up ([`Setup`],
//! including a recorded run opened in place of the simulation), playback ([`Playback`]), how it
//! is shown ([`View`]) and the story's questions ([`Questions`]) — and what the engine made of
//! them ([`super::Derived`]), kept in step by [`Lab::refresh`] after every intent.

use std::sync::Arc;

use super::derived::Derived;
use super::live_fault::resume_at;
use super::questions::Pick;
use super::recording::RecordedRun;
use super::window::{Room, Window};
use super::{Progress, Refusal};
use crate::catalog::{Entry, Knobs};
use crate::engine::{Fault, Scenario};
use crate::share::{self, LinkState, View as LinkView};

/// Playback speeds offered, slowest first (a log scale).
pub const SPEEDS: [f64; 7] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0];
/// Index of ×1 in [`SPEEDS`].
pub const DEFAULT_SPEED: usize = 2;
/// Simulated milliseconds that pass per real millisecond at ×1.
pub const SIM_MS_PER_REAL_MS_AT_1X: f64 = 5.0;

/// What the user set up: the story, its knobs, and the changes made live.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Catalog id of the current story.
    pub entry_id: String,
    /// Toggles and parameters applied on top of the catalog scenario.
    pub knobs: Knobs,
    /// Faults the user added live, on top of the scenario's own.
    pub user_faults: Vec<Fault>,
    /// "Resume now" requests: (app index, at_ms); each ends that app's pause or partition then.
    pub resumes: Vec<(usize, u64)>,
    /// A recorded run shown instead of the simulation (which then simulates its scenario, if
    /// it can); the rest of the setup waits underneath, unchanged, until it is closed.
    pub recording: Option<Arc<RecordedRun>>,
}

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

/// How the lab is shown: modes, overlays, the timeline's window, and the action notice.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    /// Compare mode: enforcement off above, on below.
    pub compare: bool,
    /// Presentation view: timeline, narration line and a minimal control strip, in large type.
    pub presenting: bool,
    /// Blank screen (a clicker's "black screen" key): hides everything until any key.
    pub blank: bool,
    /// The keyboard help overlay is open.
    pub help: bool,
    /// The "Who fences?" comparison of real systems is open.
    pub who_fences: bool,
    /// The list of recorded runs (and the file picker) is open.
    pub recordings: bool,
    /// The window the viewer zoomed or panned to; `None`: fitted to the story.
    pub zoom: Option<Window>,
    /// The timeline's room as last measured (`None` before the first measure).
    pub room: Option<Room>,
    /// Whether routine messages are drawn; `None`: as the story suggests.
    pub routine: Option<bool>,
    /// Why the last intent was refused; `None` once one succeeds.
    pub notice: Option<Refusal>,
}

/// The story's questions: on or off, the picks made, the one open, and the kept progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Questions {
    /// Whether the story stops to ask (the link's `questions`).
    pub on: bool,
    /// Picks in the current story.
    pub picks: Vec<Pick>,
    /// The question playback stopped before, by index in `Entry::questions`.
    pub open: Option<usize>,
    /// Which questions the learner got right, per story (kept in the browser).
    pub progress: Progress,
}

/// The whole lab: what the user changes, and what the engine made of it.
#[derive(Clone, Debug)]
pub struct Lab {
    pub setup: Setup,
    pub playback: Playback,
    pub view: View,
    pub questions: Questions,
    pub(super) derived: Derived,
}

impl Setup {
    /// The setup a (decoded, hence valid) link describes.
    pub fn of_link(link: &LinkState) -> Setup {
        let entry = share::entry_or_default(&link.entry_id);
        Setup {
            entry_id: entry.id.to_string(),
            knobs: link.knobs,
            user_faults: link.faults.clone(),
            resumes: link.resumes.clone(),
            recording: None,
        }
    }

    /// The current catalog entry.
    pub fn entry(&self) -> &'static Entry {
        share::entry_or_default(&self.entry_id)
    }

    /// The scenario this setup gives: the catalog entry with the knobs, the live faults and the
    /// resumes applied; beside a recording, its simulation (or the recording itself).
    pub fn scenario(&self) -> Scenario {
        if let Some(rec) = &self.recording {
            return (*rec.simulated().0).clone();
        }
        let mut scenario = self.entry().scenario_with(&self.knobs);
        scenario.faults.extend(self.user_faults.iter().cloned());
        for (app, at_ms) in &self.resumes {
            resume_at(&mut scenario.faults, *app, *at_ms);
        }
        scenario
    }

    /// Whether `other` gives the same run: the same story, knobs, changes and recording.
    pub fn same_as(&self, other: &Setup) -> bool {
        let same_recording = match (&self.recording, &other.recording) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        same_recording && self.same_changes(other)
    }

    /// Whether `other` has the same story, knobs and live changes (a recording aside).
    pub fn same_changes(&self, other: &Setup) -> bool {
        self.entry_id == other.entry_id
            && self.knobs == other.knobs
            && self.user_faults == other.user_faults
            && self.resumes == other.resumes
    }
}

impl View {
    /// The view a link describes.
    pub fn of_link(link: &LinkState) -> View {
        View {
            compare: link.compare,
            presenting: link.view == LinkView::Presentation,
            blank: false,
            help: false,
            who_fences: false,
            recordings: false,
            zoom: link.zoom.map(|(from_ms, to_ms)| Window { from_ms, to_ms }),
            room: None,
            routine: None,
            notice: None,
        }
    }
}

impl Lab {
    /// The lab a (decoded, hence valid) link describes, with the progress this browser kept.
    pub fn new(link: &LinkState, progress: Progress) -> Lab {
        let setup = Setup::of_link(link);
        let derived = Derived::of(&setup);
        let mut lab = Lab {
            setup,
            playback: Playback {
                playhead_ms: link.playhead_ms,
                playing: false,
                speed: DEFAULT_SPEED,
            },
            view: View::of_link(link),
            questions: Questions {
                on: link.questions,
                picks: Vec::new(),
                open: None,
                progress,
            },
            derived,
        };
        lab.refresh();
        lab
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
            view: if self.view.presenting {
                LinkView::Presentation
            } else {
                LinkView::Lab
            },
            zoom: self.view.zoom.map(|w| (w.from_ms, w.to_ms)),
            questions: self.questions.on,
            recording: self.setup.recording.as_ref().and_then(|r| r.shipped),
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
        self.playback.playhead_ms = at_ms.min(self.end_ms());
    }

    /// Stops playback and moves the playhead to `at_ms` (clamped to the run).
    pub fn stop_at(&mut self, at_ms: u64) {
        self.playback.playing = false;
        self.seek(at_ms);
    }
}
