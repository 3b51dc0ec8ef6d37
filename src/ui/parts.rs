//! The lab's state as components read it: read-only signals in the core's five parts (what
//! was set up, what the engine made of it, playback, the view, the questions).

use std::sync::Arc;

use leptos::prelude::*;

use crate::catalog::{Knobs, Quiz, Told};
use crate::engine::{Fault, Run, Scenario};
use crate::lab::{Pick, Progress, RecordedRun, Window};

/// What the user set up.
#[derive(Clone, Copy)]
pub struct Setup {
    pub entry_id: ReadSignal<String>,
    pub knobs: ReadSignal<Knobs>,
    pub user_faults: ReadSignal<Vec<Fault>>,
    pub resumes: ReadSignal<Vec<(usize, u64)>>,
    pub recording: ReadSignal<Option<Arc<RecordedRun>>>,
}

/// What the engine made of the setup.
#[derive(Clone, Copy)]
pub struct Simulated {
    pub scenario: ReadSignal<Arc<Scenario>>,
    pub run: ReadSignal<Arc<Run>>,
    /// How many trace events have happened by the playhead.
    pub revealed: ReadSignal<usize>,
    pub told: ReadSignal<Arc<Told>>,
    /// Compare mode's runs, enforcement off and on (while compare mode is on).
    pub twins: ReadSignal<Option<(Arc<Run>, Arc<Run>)>>,
    /// The run's end (at least 1; with a recording, the later of its end and its simulation's).
    pub end_ms: ReadSignal<u64>,
}

/// Where the playhead stands and whether (and how fast) it moves.
#[derive(Clone, Copy)]
pub struct Playback {
    pub playhead_ms: ReadSignal<u64>,
    pub playing: ReadSignal<bool>,
    pub speed: ReadSignal<usize>,
}

/// How the lab is shown.
#[derive(Clone, Copy)]
pub struct ViewState {
    pub compare: ReadSignal<bool>,
    pub presenting: ReadSignal<bool>,
    pub blank: ReadSignal<bool>,
    pub help: ReadSignal<bool>,
    pub who_fences: ReadSignal<bool>,
    pub recordings: ReadSignal<bool>,
    pub zoom: ReadSignal<Option<Window>>,
    pub shown_window: ReadSignal<Window>,
    /// Whether routine messages are drawn (as the viewer chose, else as the story suggests).
    pub routine: ReadSignal<bool>,
    /// Why the last action could not be done, in words.
    pub notice: ReadSignal<Option<String>>,
}

/// The story's questions.
#[derive(Clone, Copy)]
pub struct Questions {
    pub on: ReadSignal<bool>,
    pub picks: ReadSignal<Vec<Pick>>,
    pub open: ReadSignal<Option<usize>>,
    pub quiz: ReadSignal<Arc<Quiz>>,
    pub progress: ReadSignal<Progress>,
}
