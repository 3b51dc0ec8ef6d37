//! The lab's state as components read it: read-only signals (each reads the core and tracks
//! its part's trigger), grouped as the core's parts are (what was set up, what the engine made
//! of it, playback, the view, the questions). They hold no state of their own; each struct is
//! named for the signals it holds (`SetupSignals` reads `lab::Setup`), so a name means one thing.

use std::sync::Arc;

use leptos::prelude::*;

use crate::catalog::{Knobs, Quiz, Told};
use crate::engine::{Fault, Run, Scenario};
use crate::lab::{Half, Pick, Progress, RecordedRun, Window};
use crate::share::Notice;

/// What the user set up.
#[derive(Clone, Copy)]
pub struct SetupSignals {
    pub entry_id: Signal<String>,
    pub knobs: Signal<Knobs>,
    pub user_faults: Signal<Vec<Fault>>,
    pub resumes: Signal<Vec<(usize, u64)>>,
    pub recording: Signal<Option<Arc<RecordedRun>>>,
}

/// What the engine made of the setup.
#[derive(Clone, Copy)]
pub struct SimSignals {
    pub scenario: Signal<Arc<Scenario>>,
    pub run: Signal<Arc<Run>>,
    /// How many trace events have happened by the playhead.
    pub revealed: Signal<usize>,
    pub told: Signal<Arc<Told>>,
    /// Compare mode's runs, enforcement off and on (while compare mode is on).
    pub twins: Signal<Option<(Half, Half)>>,
    /// The run's end (at least 1; with a recording, the later of its end and its simulation's).
    pub end_ms: Signal<u64>,
}

/// Where the playhead stands and whether (and how fast) it moves.
#[derive(Clone, Copy)]
pub struct PlaybackSignals {
    pub playhead_ms: Signal<u64>,
    pub playing: Signal<bool>,
    pub speed: Signal<usize>,
}

/// How the lab is shown.
#[derive(Clone, Copy)]
pub struct ViewSignals {
    pub compare: Signal<bool>,
    pub presenting: Signal<bool>,
    /// The story view (chart, transport, narration, the story's switch) instead of the whole lab.
    pub story: Signal<bool>,
    pub blank: Signal<bool>,
    /// The story's title card is up (presentation view, the lectern just opened the story).
    pub title_card: Signal<bool>,
    pub help: Signal<bool>,
    pub who_fences: Signal<bool>,
    pub which_pattern: Signal<bool>,
    pub recordings: Signal<bool>,
    pub zoom: Signal<Option<Window>>,
    pub shown_window: Signal<Window>,
    /// Whether routine messages are drawn (as the viewer chose, else as the story suggests).
    pub routine: Signal<bool>,
    /// Whether a replicated service's members get a row each.
    pub members: Signal<bool>,
    /// Why the last action could not be done, in words.
    pub notice: Signal<Option<String>>,
    /// The application the fault panel disturbs.
    pub fault_app: Signal<usize>,
    /// How long the fault panel's faults last.
    pub fault_length_ms: Signal<u64>,
    /// Whether exports carry the legend.
    pub export_legend: Signal<bool>,
    /// What of the opening link could not be used.
    pub link_notices: Signal<Arc<Vec<Notice>>>,
}

/// The story's questions.
#[derive(Clone, Copy)]
pub struct QuizSignals {
    pub on: Signal<bool>,
    pub picks: Signal<Vec<Pick>>,
    pub open: Signal<Option<usize>>,
    pub quiz: Signal<Arc<Quiz>>,
    pub progress: Signal<Progress>,
}
