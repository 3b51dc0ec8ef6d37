//! What the engine made of the lab's [`super::Setup`]: the scenario, its run, the story told
//! against it, the questions it asks, compare mode's two runs, the window the timeline shows
//! and how far the playhead has revealed the run. Never set by hand: `Lab::refresh` computes
//! it after every intent, running the engine again only when the setup changed.
//! `crate::lab::Lab` reads it through its own accessors.

use std::sync::Arc;

use super::moments;
use super::runnable::run_or_nothing;
use super::setup::Setup;
use super::view::View;
use super::window::{self, Room, Window};
use crate::catalog::{Quiz, Told};
use crate::engine::{Enforce, Run, Scenario};

/// One half of compare mode: the scenario it runs and its run, which the half draws and names.
#[derive(Clone, Debug)]
pub struct Half {
    /// The scenario (the setup on screen with enforcement off or on).
    pub scenario: Arc<Scenario>,
    /// Its run.
    pub run: Arc<Run>,
}

/// Two halves are the same when they hold the very same scenario and run (no deep compare).
impl PartialEq for Half {
    fn eq(&self, other: &Half) -> bool {
        Arc::ptr_eq(&self.scenario, &other.scenario) && Arc::ptr_eq(&self.run, &other.run)
    }
}

/// The engine's answers about the current setup.
#[derive(Clone, Debug)]
pub struct Derived {
    /// The setup they were computed from (the lab's own, shared: kept once).
    from: Arc<Setup>,
    scenario: Arc<Scenario>,
    run: Arc<Run>,
    told: Arc<Told>,
    quiz: Arc<Quiz>,
    /// Compare mode's runs (enforcement off, on), computed only while compare mode is on.
    twins: Option<(Half, Half)>,
    /// The window fitted to the runs shown, in the measured room.
    fitted: Option<Window>,
    /// The room and the runs (by address) `fitted` was computed for.
    fitted_for: Option<(Room, Vec<usize>)>,
    /// The window the timeline shows: the viewer's zoom, else the fitted one.
    shown: Window,
    /// How many trace events have happened by the playhead.
    revealed: usize,
}

impl Derived {
    /// The engine's answers about `setup` (the view's parts are filled in by `refresh`).
    pub fn of(setup: &Arc<Setup>) -> Derived {
        let scenario = Arc::new(setup.scenario());
        // A recording's simulation was run when it was opened.
        let run = match &setup.recording {
            Some(rec) => rec.simulated().1,
            None => Arc::new(run_or_nothing(&scenario)),
        };
        let entry = setup.entry();
        let told = Arc::new(match setup.written {
            Some(_) => crate::catalog::tell_written(&scenario, &run),
            None => entry.tell(&scenario, &run),
        });
        let quiz = Arc::new(if setup.recording.is_some() {
            // A recorded run asks nothing: its story's questions are about the simulation.
            Quiz::default()
        } else {
            entry.ask(&scenario, &run)
        });
        let end_ms = run.end_ms.max(1);
        Derived {
            from: Arc::clone(setup),
            scenario,
            run,
            told,
            quiz,
            twins: None,
            fitted: None,
            fitted_for: None,
            shown: Window::new(0, end_ms, end_ms),
            revealed: 0,
        }
    }
}

/// `scenario` with token enforcement switched `on` (for compare mode), in its one meaning
/// ([`Scenario::enforcing`]); where the grants carry nothing a resource could compare by order
/// (no ordered tokens, or no lock to hand any out), the enforcing half checks the version it
/// read, the check the switch's refusal points to there.
fn with_enforcement(scenario: &Arc<Scenario>, run: &Arc<Run>, on: bool) -> Half {
    if scenario.enforcement == on {
        let (scenario, run) = (scenario.clone(), run.clone());
        return Half { scenario, run };
    }
    let mut twin = (**scenario).clone();
    if on && !twin.can_enforce() {
        twin.enforce = Enforce::ExactVersion;
    }
    let twin = twin.enforcing(on);
    let run = Arc::new(run_or_nothing(&twin));
    Half {
        scenario: Arc::new(twin),
        run,
    }
}

impl Derived {
    /// Brings these answers up to date with `setup`, `view` and the playhead: runs the engine
    /// again if the setup changed, compare mode's runs while it is on, the fitted and shown
    /// windows, the revealed count.
    pub fn refresh(&mut self, setup: &Arc<Setup>, view: &View, playhead_ms: u64) {
        if !Arc::ptr_eq(&self.from, setup) {
            if self.from.same_as(setup) {
                self.from = Arc::clone(setup);
            } else {
                *self = Derived::of(setup);
            }
        }
        if !view.compare {
            self.twins = None;
        } else if self.twins.is_none() {
            let off = with_enforcement(&self.scenario, &self.run, false);
            let on = with_enforcement(&self.scenario, &self.run, true);
            self.twins = Some((off, on));
        }
        let runs = self.axis_runs(setup);
        let key = view.room.map(|room| {
            let addresses = runs.iter().map(|r| *r as *const Run as usize).collect();
            (room, addresses)
        });
        if key != self.fitted_for {
            let fitted = key.as_ref().map(|(room, _)| window::fitted(&runs, *room));
            self.fitted = fitted;
            self.fitted_for = key;
        }
        self.refresh_window(setup, view, playhead_ms);
    }

    /// The shown window and the revealed count, after the playhead or the zoom moved.
    pub fn refresh_window(&mut self, setup: &Setup, view: &View, at_ms: u64) {
        let end_ms = self.axis_end_ms(setup);
        let narrow = view.room.is_some_and(|r| r.narrow);
        let w = view.zoom.unwrap_or_else(|| match self.fitted {
            // A phone shows part of the story: the part with the playhead in it, and the key
            // moment once the playhead has passed it.
            Some(fit) if narrow => {
                let shown = setup.recording.as_ref().map_or(&*self.run, |r| &r.run);
                let key_ms = moments::key_moment(shown);
                fit.showing(at_ms, end_ms).reaching(key_ms, end_ms)
            }
            Some(fit) => fit,
            None => Window::new(0, end_ms, end_ms),
        });
        self.shown = Window::new(w.from_ms, w.to_ms.clamp(1, end_ms), end_ms);
        self.revealed = moments::revealed(&self.run, at_ms);
    }

    /// The runs the timeline draws on one axis: a recording and its simulation, compare mode's
    /// two halves, or the one run.
    pub fn axis_runs<'a>(&'a self, setup: &'a Setup) -> Vec<&'a Run> {
        if let Some(rec) = &setup.recording {
            return vec![&rec.run, &self.run];
        }
        match &self.twins {
            Some((off, on)) => vec![&off.run, &on.run],
            None => vec![&self.run],
        }
    }

    /// The end of the timeline's axis: the latest end of [`Derived::axis_runs`].
    pub fn axis_end_ms(&self, setup: &Setup) -> u64 {
        let runs = self.axis_runs(setup);
        runs.iter().map(|r| r.end_ms).max().unwrap_or(1).max(1)
    }

    pub fn scenario(&self) -> &Arc<Scenario> {
        &self.scenario
    }

    pub fn run(&self) -> &Arc<Run> {
        &self.run
    }

    pub fn told(&self) -> &Arc<Told> {
        &self.told
    }

    pub fn quiz(&self) -> &Arc<Quiz> {
        &self.quiz
    }

    pub fn twins(&self) -> Option<&(Half, Half)> {
        self.twins.as_ref()
    }

    pub fn shown(&self) -> Window {
        self.shown
    }

    pub fn revealed(&self) -> usize {
        self.revealed
    }
}
