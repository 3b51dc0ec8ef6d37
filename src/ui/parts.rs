//! The lab's state as components read it: read-only signals ([`Mirrored`] values: each reads the
//! core and tracks its part's trigger), grouped as the core's parts are (what was set up, what
//! the engine made of it, playback, the view, the questions, the Write panel). They hold no state
//! of their own; each struct is named for the signals it holds (`SetupSignals` reads
//! `lab::Setup`), so a name means one thing.

use std::sync::Arc;

use super::signal::Mirrored;

use crate::catalog::{Knobs, Quiz, Told};
use crate::engine::{Fault, Run, Scenario};
use crate::lab::{Half, Pick, Progress, RecordedRun, Window, Writing};
use crate::share::Notice;

/// What the user set up.
#[derive(Clone, Copy)]
pub struct SetupSignals {
    pub entry_id: Mirrored<String>,
    pub knobs: Mirrored<Knobs>,
    /// The knobs as the story sets them (a written story's own, or the catalog entry's).
    pub story_knobs: Mirrored<Knobs>,
    pub user_faults: Mirrored<Vec<Fault>>,
    pub resumes: Mirrored<Vec<(usize, u64)>>,
    pub recording: Mirrored<Option<Arc<RecordedRun>>>,
}

/// What the engine made of the setup.
#[derive(Clone, Copy)]
pub struct SimSignals {
    pub scenario: Mirrored<Arc<Scenario>>,
    pub run: Mirrored<Arc<Run>>,
    /// How many trace events have happened by the playhead.
    pub revealed: Mirrored<usize>,
    pub told: Mirrored<Arc<Told>>,
    /// Compare mode's runs, enforcement off and on (while compare mode is on).
    pub twins: Mirrored<Option<(Half, Half)>>,
    /// The run's end (at least 1; with a recording, the later of its end and its simulation's).
    pub end_ms: Mirrored<u64>,
}

/// Where the playhead stands and whether (and how fast) it moves.
#[derive(Clone, Copy)]
pub struct PlaybackSignals {
    pub playhead_ms: Mirrored<u64>,
    pub playing: Mirrored<bool>,
    pub speed: Mirrored<usize>,
}

/// How the lab is shown.
#[derive(Clone, Copy)]
pub struct ViewSignals {
    pub compare: Mirrored<bool>,
    pub presenting: Mirrored<bool>,
    /// The story view (chart, transport, narration, the story's switch) instead of the whole lab.
    pub story: Mirrored<bool>,
    pub blank: Mirrored<bool>,
    /// The story's title card is up (presentation view, the lectern just opened the story).
    pub title_card: Mirrored<bool>,
    pub help: Mirrored<bool>,
    pub who_fences: Mirrored<bool>,
    pub which_pattern: Mirrored<bool>,
    pub recordings: Mirrored<bool>,
    pub zoom: Mirrored<Option<Window>>,
    pub shown_window: Mirrored<Window>,
    /// Whether routine messages are drawn (as the viewer chose, else as the story suggests).
    pub routine: Mirrored<bool>,
    /// Whether a replicated service's members get a row each.
    pub members: Mirrored<bool>,
    /// Why the last action could not be done, in words.
    pub notice: Mirrored<Option<String>>,
    /// The application the fault panel disturbs.
    pub fault_app: Mirrored<usize>,
    /// How long the fault panel's faults last.
    pub fault_length_ms: Mirrored<u64>,
    /// Whether exports carry the legend.
    pub export_legend: Mirrored<bool>,
    /// What of the opening link could not be used.
    pub link_notices: Mirrored<Arc<Vec<Notice>>>,
}

/// The story's questions.
#[derive(Clone, Copy)]
pub struct QuizSignals {
    pub on: Mirrored<bool>,
    pub picks: Mirrored<Vec<Pick>>,
    pub open: Mirrored<Option<usize>>,
    pub quiz: Mirrored<Arc<Quiz>>,
    pub progress: Mirrored<Progress>,
}

/// The Write panel's text and its problems.
#[derive(Clone, Copy)]
pub struct WriteSignals {
    pub writing: Mirrored<Arc<Writing>>,
}
