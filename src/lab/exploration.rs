//! The explorer's state as plain data ([`Exploring`]): the bounds the learner chose
//! ([`ExploreChoices`]: how many faults at once, which kinds beyond pauses and delayed writes),
//! which search runs ([`SearchState`]; the search itself is the effect runner's, see
//! `super::search`), its progress and rate, and its summary (a cancelled search's partial one
//! included) or why it cannot run.

use std::sync::Arc;

use super::setup::Setup;
use crate::engine::explore::plan as size_of_space;
use crate::engine::{Bounds, ExploreError, Scenario, Summary};

/// Which kind of fault, beyond pauses and delayed writes, a search may add.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExploreKind {
    /// App crashes at the grid times.
    Crashes,
    /// Copies of each app's first write, delivered again later.
    Copies,
    /// Restarts of the resource and failovers of the coordination service (on a replicated
    /// service, its leader cut off from the other members too).
    Services,
}

/// The bounds the panel's choices describe, around the current scenario. The scenario's own
/// faults are kept (the default), so "Show me" can add a counterexample's faults as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExploreChoices {
    /// At most this many added faults per schedule.
    pub max_faults: u32,
    pub crashes: bool,
    pub copies: bool,
    pub services: bool,
}

impl Default for ExploreChoices {
    fn default() -> ExploreChoices {
        ExploreChoices {
            max_faults: 2,
            crashes: false,
            copies: false,
            services: false,
        }
    }
}

impl ExploreChoices {
    /// The bounds around `scenario`.
    pub fn bounds(&self, scenario: &Scenario) -> Bounds {
        Bounds {
            max_faults: self.max_faults,
            crashes: self.crashes,
            duplicate_writes_up_to: u32::from(self.copies),
            service_faults: self.services,
            leader_cuts: self.services && scenario.members > 1,
            member_crashes: self.crashes && scenario.members > 1,
            ..Bounds::for_scenario(scenario)
        }
    }
}
/// Which search the lab waits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchState {
    /// None.
    Idle,
    /// Search `id` runs: its progress and what it finds are taken.
    Running(u64),
    /// Search `id` was cancelled: what it found so far is taken, then the lab is idle.
    Stopping(u64),
}

/// The explorer: choices, the search under way, and what it found.
#[derive(Clone, Debug)]
pub struct Exploring {
    pub choices: ExploreChoices,
    /// The bounds the choices describe around the current scenario.
    pub bounds: Bounds,
    /// The size of that space, or why it cannot be searched (shared: copies of the lab and the
    /// panel's signals do not copy the error).
    pub planned: Result<u64, Arc<ExploreError>>,
    /// Which search the lab waits on.
    pub search: SearchState,
    /// The id the next search gets.
    pub(super) next_id: u64,
    /// Schedules explored, of the total.
    pub progress: (u64, u64),
    /// Schedules per second of real time since the start.
    pub rate_per_s: u64,
    /// What the last search found, all of its space or (cancelled) part of it; dropped when
    /// the bounds change.
    pub summary: Option<Summary>,
    /// How many faults the user had added when the search started: the setup it varies from.
    pub added: usize,
    /// Why the last start could not search (kept until a start succeeds; shared, as `planned`).
    pub error: Option<Arc<ExploreError>>,
    /// Whether the last search could not start because the explorer's code could not be
    /// fetched (kept until the next start).
    pub unloaded: bool,
    /// The scenario `planned` was sized for.
    pub(super) sized_for: Arc<Scenario>,
    /// The setup whose story and knobs the search and summary are about (the lab's own,
    /// shared: kept once).
    pub(super) about: Arc<Setup>,
}

impl Exploring {
    /// A fresh explorer with the default choices, around `scenario`.
    pub fn of(scenario: &Arc<Scenario>, about: Arc<Setup>) -> Exploring {
        let choices = ExploreChoices::default();
        let bounds = choices.bounds(scenario);
        Exploring {
            choices,
            planned: plan(scenario, &bounds),
            bounds,
            search: SearchState::Idle,
            next_id: 1,
            progress: (0, 0),
            rate_per_s: 0,
            summary: None,
            added: 0,
            error: None,
            unloaded: false,
            sized_for: scenario.clone(),
            about,
        }
    }

    /// Whether a search runs.
    pub fn running(&self) -> bool {
        matches!(self.search, SearchState::Running(_))
    }
}

/// The size of the space `bounds` describe around `scenario`, or why it cannot be searched.
pub fn plan(scenario: &Scenario, bounds: &Bounds) -> Result<u64, Arc<ExploreError>> {
    size_of_space(scenario, bounds).map_err(Arc::new)
}
