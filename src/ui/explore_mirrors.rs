//! The explorer's signals: each part of the core's [`crate::lab::Exploring`] the panel reads
//! (its choices, whether it runs, progress, rate, plan, summary and error), as a signal that
//! tracks the explorer's part's trigger and reads the core.

use std::sync::Arc;

use leptos::prelude::*;

use super::signal::{signal, Mirrored};
use crate::engine::{Bounds, ExploreError, Summary};
use crate::lab::{ExploreChoices, Lab};

/// The explorer as the panel reads it.
#[derive(Clone, Copy)]
pub struct Exploration {
    pub choices: Mirrored<ExploreChoices>,
    pub running: Mirrored<bool>,
    /// Schedules explored, of the total.
    pub progress: Mirrored<(u64, u64)>,
    /// Schedules per second of real time.
    pub rate: Mirrored<u64>,
    /// The bounds the choices describe, and the size of that space or why it cannot be searched.
    pub plan: Mirrored<Plan>,
    /// What the search found, and how many faults the user had added when it started.
    pub summary: Mirrored<Option<(Summary, usize)>>,
    /// Why the last start could not search.
    pub error: Mirrored<Option<Arc<ExploreError>>>,
    /// Whether the last search could not start because the explorer's code could not be fetched.
    pub unloaded: Mirrored<bool>,
    /// Whether the service is replicated (its leader can then be cut off).
    pub group: Mirrored<bool>,
}

/// The bounds chosen, and the size of their space or why it cannot be searched.
pub type Plan = (Bounds, Result<u64, Arc<ExploreError>>);

/// The explorer's signals: each tracks `trigger` (the explorer's part; `run`, the run's) and
/// reads `core`.
pub fn exploration((trigger, run): (Trigger, Trigger), core: StoredValue<Lab>) -> Exploration {
    Exploration {
        choices: signal(trigger, core, |l| l.exploring.choices),
        running: signal(trigger, core, |l| l.exploring.running()),
        progress: signal(trigger, core, |l| l.exploring.progress),
        rate: signal(trigger, core, |l| l.exploring.rate_per_s),
        plan: signal(trigger, core, |l| {
            (l.exploring.bounds.clone(), l.exploring.planned.clone())
        }),
        summary: signal(trigger, core, |l| {
            let ex = &l.exploring;
            ex.summary.clone().map(|s| (s, ex.added))
        }),
        error: signal(trigger, core, |l| l.exploring.error.clone()),
        unloaded: signal(trigger, core, |l| l.exploring.unloaded),
        group: signal(run, core, |l| l.scenario().members > 1),
    }
}
