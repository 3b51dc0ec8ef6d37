//! The explorer's signals: each part of the core's [`crate::lab::Exploring`] the panel reads
//! (its choices, whether it runs, progress, rate, plan, summary and error), as a signal that
//! tracks the explorer's trigger and reads the core.

use std::sync::Arc;

use leptos::prelude::*;

use super::signal::signal;
use crate::engine::{Bounds, ExploreError, Summary};
use crate::lab::{ExploreChoices, Lab};

/// The explorer as the panel reads it.
#[derive(Clone, Copy)]
pub struct Exploration {
    pub choices: Signal<ExploreChoices>,
    pub running: Signal<bool>,
    /// Schedules explored, of the total.
    pub progress: Signal<(u64, u64)>,
    /// Schedules per second of real time.
    pub rate: Signal<u64>,
    /// The bounds the choices describe, and the size of that space or why it cannot be searched.
    pub plan: Signal<Plan>,
    /// What the search found, and how many faults the user had added when it started.
    pub summary: Signal<Option<(Summary, usize)>>,
    /// Why the last start could not search.
    pub error: Signal<Option<Arc<ExploreError>>>,
    /// Whether the service is replicated (its leader can then be cut off).
    pub group: Signal<bool>,
}

/// The bounds chosen, and the size of their space or why it cannot be searched.
pub type Plan = (Bounds, Result<u64, Arc<ExploreError>>);

/// The explorer's parts that differ between `a` (a copy without the search, which `ran` or
/// not) and `b`, as the panel shows them.
pub fn differs(ran: bool, a: &Lab, b: &Lab) -> bool {
    let (x, y) = (&a.exploring, &b.exploring);
    x.choices != y.choices
        || ran != y.running()
        || x.progress != y.progress
        || x.rate_per_s != y.rate_per_s
        || x.bounds != y.bounds
        || x.planned != y.planned
        || (&x.summary, x.added) != (&y.summary, y.added)
        || x.error != y.error
        || a.scenario().members != b.scenario().members
}

/// The explorer's signals: each tracks `trigger` and reads `core`.
pub fn exploration(trigger: Trigger, core: StoredValue<Lab>) -> Exploration {
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
        group: signal(trigger, core, |l| l.scenario().members > 1),
    }
}
