//! The lab's reactive state in five parts: what the user set up ([`Setup`], including a recorded
//! run opened in place of the simulation), what the engine made of it ([`Simulated`]), playback ([`Playback`]), how it is shown ([`ViewState`]) and the story's
//! questions ([`Questions`]). Every part is a `Copy` bundle of signals; [`LabState`] holds them
//! and is provided through context.

use std::sync::Arc;

use leptos::prelude::*;

use super::live::resume_at;
use super::quiz::{quiz_memo, Questions};
use super::recording::Recording;
use super::runnable::run_or_nothing;
use super::story;
use super::timeline::Window;
use crate::catalog::{Entry, Knobs, Told};
use crate::engine::{Enforce, Fault, Run, Scenario};
use crate::share::{self, LinkState, View};

/// Playback speeds offered, slowest first (a log scale).
pub const SPEEDS: [f64; 7] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0];
/// Index of ×1 in [`SPEEDS`].
pub const DEFAULT_SPEED: usize = 2;
/// Simulated milliseconds that pass per real millisecond at ×1.
pub const SIM_MS_PER_REAL_MS_AT_1X: f64 = 5.0;

/// What the user set up: the story, its knobs, and the changes made live.
#[derive(Clone, Copy)]
pub struct Setup {
    /// Catalog id of the current scenario.
    pub entry_id: RwSignal<String>,
    /// Toggles and parameters applied on top of the catalog scenario.
    pub knobs: RwSignal<Knobs>,
    /// Faults the user injected live, on top of the scenario's own.
    pub user_faults: RwSignal<Vec<Fault>>,
    /// "Resume now" requests: (app name, at_ms); each ends that app's pause or partition under way then.
    pub resumes: RwSignal<Vec<(usize, u64)>>,
    /// A recorded run shown instead of the simulation (which then simulates its scenario, if
    /// it can); the rest of the setup waits underneath, unchanged, until it is closed.
    pub recording: RwSignal<Option<Arc<Recording>>>,
}

/// What the engine made of the [`Setup`]: derived, never set by hand.
#[derive(Clone, Copy)]
pub struct Simulated {
    /// The scenario the engine runs: catalog entry + knobs + live faults.
    pub scenario: Memo<Arc<Scenario>>,
    /// The engine's run of [`Simulated::scenario`] (one in which nothing happens if the scenario
    /// cannot run, which the dispatcher never lets an action cause: see [`super::runnable`]).
    pub run: Memo<Arc<Run>>,
    /// How many trace events have happened by the playhead (changes only when one is passed).
    pub revealed: Memo<usize>,
    /// The story told against the run: the steps true of it (`shown`, in time order), and the
    /// ones not in it.
    pub told: Memo<Arc<Told>>,
}

/// Where the playhead stands and whether (and how fast) it moves.
#[derive(Clone, Copy)]
pub struct Playback {
    /// Where the playhead stands, in simulated ms.
    pub playhead_ms: RwSignal<u64>,
    /// Whether playback is running.
    pub playing: RwSignal<bool>,
    /// Index into [`SPEEDS`].
    pub speed: RwSignal<usize>,
}

/// How the lab is shown: modes, overlays, the timeline's window, and the action notice.
#[derive(Clone, Copy)]
pub struct ViewState {
    /// Compare mode: enforcement off above, on below.
    pub compare: RwSignal<bool>,
    /// Presentation view: timeline, narration line and a minimal control strip, in large type.
    pub presenting: RwSignal<bool>,
    /// Blank screen (a clicker's "black screen" key): hides everything until any key.
    pub blank: RwSignal<bool>,
    /// The keyboard help overlay is open.
    pub help: RwSignal<bool>,
    /// The "Who fences?" comparison of real systems is open.
    pub who_fences: RwSignal<bool>,
    /// The list of recorded runs (and the file picker) is open.
    pub recordings: RwSignal<bool>,
    /// The time window the viewer zoomed or panned to; `None`: fitted to the story.
    pub zoom: RwSignal<Option<Window>>,
    /// The window the timeline shows now (the fitted one or [`ViewState::zoom`]).
    pub shown_window: RwSignal<Window>,
    /// Whether routine messages are drawn; `None`: as the story suggests.
    pub routine: RwSignal<Option<bool>>,
    /// Why the last action could not be done, in words; `None` once an action succeeds.
    pub notice: RwSignal<Option<String>>,
}

/// All lab signals, shared through Leptos context (`use_lab()`).
#[derive(Clone, Copy)]
pub struct LabState {
    pub setup: Setup,
    pub sim: Simulated,
    pub playback: Playback,
    pub view: ViewState,
    pub quiz: Questions,
}

impl Setup {
    fn new(link: &LinkState) -> Setup {
        let entry = share::entry_or_default(&link.entry_id);
        Setup {
            entry_id: RwSignal::new(entry.id.to_string()),
            knobs: RwSignal::new(link.knobs),
            user_faults: RwSignal::new(link.faults.clone()),
            resumes: RwSignal::new(link.resumes.clone()),
            recording: RwSignal::new(None),
        }
    }

    /// The current catalog entry.
    pub fn entry(&self) -> &'static Entry {
        let id = self.entry_id.get();
        share::entry_or_default(&id)
    }

    /// The scenario this setup gives: the catalog entry with the knobs, the live faults and the
    /// resumes applied. Reads every part tracked, so a memo calling it follows them all.
    pub fn scenario(&self) -> Scenario {
        if let Some(rec) = self.recording.get() {
            // Beside a recording: its simulation, or (without one) the recording itself.
            return (*rec.simulated().0).clone();
        }
        let id = self.entry_id.get();
        let entry = share::entry_or_default(&id);
        let mut scenario = self.knobs.with(|k| entry.scenario_with(k));
        self.user_faults
            .with(|f| scenario.faults.extend(f.iter().cloned()));
        self.resumes.with(|r| {
            for (app, at_ms) in r {
                resume_at(&mut scenario.faults, *app, *at_ms);
            }
        });
        scenario
    }
}

impl Simulated {
    fn new(setup: Setup, playhead_ms: RwSignal<u64>) -> Simulated {
        let entry_id = setup.entry_id;
        let scenario = Memo::new(move |_| Arc::new(setup.scenario()));
        // A recording's simulation was run when it was opened.
        let run = Memo::new(move |_| match setup.recording.get() {
            Some(rec) => rec.simulated().1,
            None => scenario.with(|s| Arc::new(run_or_nothing(s))),
        });
        let revealed = Memo::new(move |_| run.with(|r| story::revealed(r, playhead_ms.get())));
        let told = Memo::new(move |_| {
            let entry = share::entry_or_default(&entry_id.get());
            scenario.with(|s| run.with(|r| Arc::new(entry.tell(s, r))))
        });
        Simulated {
            scenario,
            run,
            revealed,
            told,
        }
    }

    /// The run's end in ms (at least 1, so scales never divide by zero).
    pub fn end_ms(&self) -> u64 {
        self.run.with(|r| r.end_ms.max(1))
    }

    /// The same scenario with token enforcement set to `on` (for compare mode).
    pub fn run_with_enforcement(&self, on: bool) -> Arc<Run> {
        let scenario = self.scenario.get();
        if scenario.enforcement == on {
            return self.run.get();
        }
        let mut twin = (*scenario).clone();
        twin.enforcement = on;
        if on && !twin.tokens.ordered() {
            // Without ordered tokens the only check a resource can make is by version.
            twin.enforce = Enforce::ExactVersion;
        }
        Arc::new(run_or_nothing(&twin))
    }
}

impl ViewState {
    fn new(link: &LinkState) -> ViewState {
        let at = link.playhead_ms.max(1);
        ViewState {
            compare: RwSignal::new(link.compare),
            presenting: RwSignal::new(link.view == View::Presentation),
            blank: RwSignal::new(false),
            help: RwSignal::new(false),
            who_fences: RwSignal::new(false),
            recordings: RwSignal::new(false),
            zoom: RwSignal::new(link.zoom.map(|(from_ms, to_ms)| Window { from_ms, to_ms })),
            shown_window: RwSignal::new(Window::new(0, at, at)),
            routine: RwSignal::new(None),
            notice: RwSignal::new(None),
        }
    }
}

impl LabState {
    /// Creates the state a (decoded, hence valid) link describes.
    pub fn new(link: &LinkState) -> LabState {
        let setup = Setup::new(link);
        let playback = Playback {
            playhead_ms: RwSignal::new(link.playhead_ms),
            playing: RwSignal::new(false),
            speed: RwSignal::new(DEFAULT_SPEED),
        };
        let sim = Simulated::new(setup, playback.playhead_ms);
        let asked = quiz_memo(setup, sim.scenario, sim.run);
        LabState {
            setup,
            sim,
            playback,
            view: ViewState::new(link),
            quiz: Questions::new(link.questions, asked),
        }
    }

    /// Whether routine messages (asks, renewals, replies) are drawn: as the viewer chose, else
    /// only in stories about the network (a delayed message or a cut-off app).
    pub fn routine_messages(&self) -> bool {
        self.view.routine.get().unwrap_or_else(|| {
            self.sim.scenario.with(|s| {
                s.faults
                    .iter()
                    .any(|f| matches!(f, Fault::DelayMessage { .. } | Fault::Partition { .. }))
            })
        })
    }

    /// The current catalog entry.
    pub fn entry(&self) -> &'static Entry {
        self.setup.entry()
    }

    /// The run's end in ms (at least 1, so scales never divide by zero); with a recording open,
    /// the later of its end and its simulation's.
    pub fn end_ms(&self) -> u64 {
        let recorded = self
            .setup
            .recording
            .with(|r| r.as_ref().map_or(0, |r| r.run.end_ms));
        self.sim.end_ms().max(recorded)
    }

    /// The recorded run shown, if one is open.
    pub fn recorded_run(&self) -> Option<Arc<Run>> {
        self.setup
            .recording
            .with_untracked(|r| r.as_ref().map(|r| r.run.clone()))
    }

    /// Moves the playhead, clamped to the run.
    pub fn seek(&self, at_ms: u64) {
        self.playback.playhead_ms.set(at_ms.min(self.end_ms()));
    }
}

/// Provides a [`LabState`] restored from `link` to the components below.
pub fn provide_lab(link: &LinkState) -> LabState {
    let state = LabState::new(link);
    provide_context(state);
    state
}

/// The lab state provided by [`provide_lab`].
pub fn use_lab() -> LabState {
    expect_context::<LabState>()
}
