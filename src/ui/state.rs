//! The lab's state as the components see it: read-only signals that mirror the pure core
//! ([`crate::lab::Lab`]), in the core's five parts. Components read them and send intents
//! ([`super::dispatch::act`]); only [`LabState::sync`], after the reducer ran, writes them, and
//! only the ones whose value changed, so each component redraws exactly when its part does.

use std::sync::Arc;

use leptos::prelude::*;

use crate::catalog::{Entry, Knobs, Quiz, Told};
use crate::engine::{Fault, Run, Scenario};
use crate::lab::{Lab, Pick, Progress, RecordedRun, Window};
use crate::share::{self, LinkState};

/// A value the mirror can tell apart from the one it shows: shared runs by pointer, the rest by
/// value.
pub trait Same {
    fn same(&self, other: &Self) -> bool;
}

impl<T> Same for Arc<T> {
    fn same(&self, other: &Self) -> bool {
        Arc::ptr_eq(self, other)
    }
}

impl<T> Same for Option<Arc<T>> {
    fn same(&self, other: &Self) -> bool {
        match (self, other) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        }
    }
}

impl<T> Same for Option<(Arc<T>, Arc<T>)> {
    fn same(&self, other: &Self) -> bool {
        match (self, other) {
            (Some(a), Some(b)) => Arc::ptr_eq(&a.0, &b.0) && Arc::ptr_eq(&a.1, &b.1),
            (None, None) => true,
            _ => false,
        }
    }
}

macro_rules! same_by_value {
    ($($t:ty),*) => { $(impl Same for $t { fn same(&self, other: &Self) -> bool { self == other } })* };
}
same_by_value!(
    bool,
    u64,
    usize,
    String,
    Knobs,
    Vec<Fault>,
    Vec<(usize, u64)>,
    Vec<Pick>,
    Option<usize>,
    Option<bool>,
    Option<Window>,
    Option<String>,
    Window,
    Progress,
    LinkState
);

/// One mirrored value: read by components, written only by [`LabState::sync`].
pub struct Mirror<T: 'static>(RwSignal<T>);

impl<T> Clone for Mirror<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Mirror<T> {}

impl<T: Same + Send + Sync + 'static> Mirror<T> {
    pub(super) fn new(value: T) -> Mirror<T> {
        Mirror(RwSignal::new(value))
    }

    /// Shows `value` if it differs from what is shown (computed only then, by `value`).
    pub(super) fn put(&self, differs: impl FnOnce(&T) -> Option<T>) {
        if let Some(value) = self.0.with_untracked(differs) {
            self.0.set(value);
        }
    }

    pub(super) fn show(&self, value: &T)
    where
        T: Clone,
    {
        self.put(|old| (!old.same(value)).then(|| value.clone()));
    }

    /// The read-only signal components take.
    pub fn read(&self) -> ReadSignal<T> {
        self.0.read_only()
    }
}

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

/// The lab's signals, shared through Leptos context (`use_lab()`), and the core they mirror.
#[derive(Clone, Copy)]
pub struct LabState {
    pub setup: Setup,
    pub sim: Simulated,
    pub playback: Playback,
    pub view: ViewState,
    pub quiz: Questions,
    /// The lab's state as a link (for the address bar).
    pub link: ReadSignal<LinkState>,
    /// The page element holding this lab (exports find its timelines inside it).
    pub root: NodeRef<leptos::html::Div>,
    core: StoredValue<Lab>,
    mirrors: super::mirrors::Mirrors,
}

impl LabState {
    /// The signals mirroring `lab`, and `lab` as their core.
    pub fn new(lab: Lab) -> LabState {
        let mirrors = super::mirrors::Mirrors::of(&lab);
        mirrors.state(StoredValue::new(lab))
    }

    /// The lab's parts, assembled by the mirrors.
    pub(super) fn assemble(
        parts: (Setup, Simulated, Playback, ViewState, Questions),
        link: ReadSignal<LinkState>,
        (core, mirrors): (StoredValue<Lab>, super::mirrors::Mirrors),
    ) -> LabState {
        let (setup, sim, playback, view, quiz) = parts;
        LabState {
            setup,
            sim,
            playback,
            view,
            quiz,
            link,
            root: NodeRef::new(),
            core,
            mirrors,
        }
    }

    /// Runs `change` on the core, then shows what changed. The one writer of the mirror.
    pub fn sync<R>(&self, change: impl FnOnce(&mut Lab) -> R) -> Option<R> {
        let out = self.core.try_update_value(change)?;
        self.core.with_value(|lab| self.mirrors.show(lab));
        Some(out)
    }

    /// Reads the core as it is now (untracked).
    pub fn with_core<R>(&self, read: impl FnOnce(&Lab) -> R) -> R {
        self.core.with_value(read)
    }

    /// The current catalog entry (tracked).
    pub fn entry(&self) -> &'static Entry {
        share::entry_or_default(&self.setup.entry_id.get())
    }

    /// The run's end in ms (tracked).
    pub fn end_ms(&self) -> u64 {
        self.sim.end_ms.get()
    }

    /// Whether routine messages are drawn (tracked).
    pub fn routine_messages(&self) -> bool {
        self.view.routine.get()
    }
}

/// Provides the lab restored from `link` to the components below.
pub fn provide_lab(link: &LinkState) -> LabState {
    let state = LabState::new(Lab::new(link, super::progress_store::load()));
    provide_context(state);
    state
}

/// The lab state provided by [`provide_lab`].
pub fn use_lab() -> LabState {
    expect_context::<LabState>()
}
