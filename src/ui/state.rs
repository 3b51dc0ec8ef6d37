//! The lab's state as the components see it: read-only signals over the pure core
//! ([`crate::lab::Lab`]), in the core's parts. Components read them and send intents
//! ([`super::dispatch::act`]); only [`LabState::sync`] changes the core, and after the reducer
//! ran it fires the trigger of each part that changed, so each component redraws exactly when
//! a part it reads does.

use leptos::prelude::*;

pub use super::parts::{
    PlaybackSignals, QuizSignals, SetupSignals, SimSignals, ViewSignals, WriteSignals,
};
use crate::catalog::Entry;
use crate::lab::Lab;
use crate::share::{self, LinkState};

/// The lab's signals, shared through Leptos context (`use_lab()`), and the core they mirror.
#[derive(Clone, Copy)]
pub struct LabState {
    pub setup: SetupSignals,
    pub sim: SimSignals,
    pub playback: PlaybackSignals,
    pub view: ViewSignals,
    pub quiz: QuizSignals,
    /// The Write panel's text and its problems.
    pub write: WriteSignals,
    /// The explorer's state.
    pub explore: super::explore_mirrors::Exploration,
    /// The page element holding this lab (exports find its timelines inside it).
    pub root: NodeRef<leptos::html::Div>,
    core: StoredValue<Lab>,
    mirrors: super::mirrors::Mirrors,
}

impl LabState {
    /// The signals mirroring `lab`, and `lab` as their core.
    pub fn new(lab: Lab) -> LabState {
        let core = StoredValue::new(lab);
        let mirrors = super::mirrors::Mirrors::new(core);
        LabState::assemble(mirrors.parts(), (core, mirrors))
    }

    /// The lab's parts, assembled by the mirrors.
    pub(super) fn assemble(
        parts: (
            SetupSignals,
            SimSignals,
            PlaybackSignals,
            ViewSignals,
            QuizSignals,
        ),
        (core, mirrors): (StoredValue<Lab>, super::mirrors::Mirrors),
    ) -> LabState {
        let (setup, sim, playback, view, quiz) = parts;
        LabState {
            setup,
            sim,
            playback,
            view,
            quiz,
            write: mirrors.writing(),
            explore: mirrors.exploration(),
            root: NodeRef::new(),
            core,
            mirrors,
        }
    }

    /// Runs `change` on the core, then shows what changed. The one writer of the mirror.
    pub fn sync<R>(&self, change: impl FnOnce(&mut Lab) -> R) -> Option<R> {
        let (before, out) = self.core.try_update_value(|lab| {
            let before = super::mirror::Snapshot::of(lab);
            (before, change(lab))
        })?;
        self.core
            .with_value(|after| self.mirrors.show(&before, after));
        Some(out)
    }

    /// Reads the core as it is now (untracked).
    pub fn with_core<R>(&self, read: impl FnOnce(&Lab) -> R) -> R {
        self.core.with_value(read)
    }

    /// Reads the core as it is now (untracked); `None` once the lab is gone (unmounted).
    pub fn try_with_core<R>(&self, read: impl FnOnce(&Lab) -> R) -> Option<R> {
        self.core.try_with_value(read)
    }

    /// Whether the lab plays, untracked; `None` once the lab is gone (unmounted).
    pub fn playing_now(&self) -> Option<bool> {
        self.core.try_with_value(|lab| lab.playback.playing)
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
///
/// Not `expect_context`: its panic message formats the caller's location and the type's name with
/// `{:?}`, which linked the Debug formatting of `str`, `char` and `Location` into the wasm. Every
/// component that calls this is mounted below `provide_lab`, so the context is always there.
pub fn use_lab() -> LabState {
    use_context::<LabState>().unwrap()
}
