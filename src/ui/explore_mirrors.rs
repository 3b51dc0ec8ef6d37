//! The explorer's signals: one [`Mirror`] per part of the core's [`crate::lab::Exploring`]
//! (its choices, whether it runs, progress, rates, plan, summary and error), brought up to date
//! after every intent.

use leptos::prelude::*;

use super::mirror::Mirror;
use crate::engine::{Bounds, ExploreError, Summary};
use crate::lab::{ExploreChoices, Lab};

/// The explorer as the panel reads it.
#[derive(Clone, Copy)]
pub struct Exploration {
    pub choices: ReadSignal<ExploreChoices>,
    pub running: ReadSignal<bool>,
    /// Schedules explored, of the total.
    pub progress: ReadSignal<(u64, u64)>,
    /// Schedules per second: of real time, and of time inside the explorer.
    pub rates: ReadSignal<(u64, u64)>,
    /// The bounds the choices describe, and the size of that space or why it cannot be searched.
    pub plan: ReadSignal<Plan>,
    pub summary: ReadSignal<Option<Summary>>,
    /// Why the last start could not search.
    pub error: ReadSignal<Option<ExploreError>>,
}

/// The explorer's mirrored values.
#[derive(Clone, Copy)]
pub struct ExploreMirrors {
    choices: Mirror<ExploreChoices>,
    running: Mirror<bool>,
    progress: Mirror<(u64, u64)>,
    rates: Mirror<(u64, u64)>,
    plan: Mirror<Plan>,
    summary: Mirror<Option<Summary>>,
    error: Mirror<Option<ExploreError>>,
}

/// The bounds chosen, and the size of their space or why it cannot be searched.
pub type Plan = (Bounds, Result<u64, ExploreError>);

/// The small values shown, from the core.
fn shown(lab: &Lab) -> (ExploreChoices, bool, (u64, u64), (u64, u64)) {
    let ex = &lab.exploring;
    let rates = (ex.rate_per_s, ex.compute_rate_per_s);
    (ex.choices, ex.running(), ex.progress, rates)
}

impl ExploreMirrors {
    /// Signals showing `lab`'s explorer.
    pub fn of(lab: &Lab) -> ExploreMirrors {
        let (choices, running, progress, rates) = shown(lab);
        let ex = &lab.exploring;
        ExploreMirrors {
            choices: Mirror::new(choices),
            running: Mirror::new(running),
            progress: Mirror::new(progress),
            rates: Mirror::new(rates),
            plan: Mirror::new((ex.bounds.clone(), ex.planned.clone())),
            summary: Mirror::new(ex.summary.clone()),
            error: Mirror::new(ex.error.clone()),
        }
    }

    /// Shows `lab`'s explorer: writes each signal whose value changed.
    pub fn show(&self, lab: &Lab) {
        let (choices, running, progress, rates) = shown(lab);
        let ex = &lab.exploring;
        self.choices.show(&choices);
        self.running.show(&running);
        self.progress.show(&progress);
        self.rates.show(&rates);
        self.plan.put(|(bounds, planned)| {
            (*bounds != ex.bounds || *planned != ex.planned)
                .then(|| (ex.bounds.clone(), ex.planned.clone()))
        });
        self.summary.show(&ex.summary);
        self.error.show(&ex.error);
    }

    /// The read-only signals.
    pub fn parts(&self) -> Exploration {
        Exploration {
            choices: self.choices.read(),
            running: self.running.read(),
            progress: self.progress.read(),
            rates: self.rates.read(),
            plan: self.plan.read(),
            summary: self.summary.read(),
            error: self.error.read(),
        }
    }
}
