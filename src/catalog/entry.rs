//! One story of the catalog, as data: its id, title, resource, the scenario it builds, its
//! narration and questions; told and asked against a run of it.

use super::ask::{self, Quiz};
use super::knobs::{Knob, Knobs};
use super::narration::{self, NarrationStep};
use super::question::Question;
use super::systems::System;
use super::tell::{self, Told};
use crate::engine::{ResourceKind, Run, Scenario};

/// Which kind of resource a story protects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceTag {
    /// Warehouse stock.
    Inventory,
    /// Invoices paid through a bank.
    Payments,
    /// A shared file.
    Storage,
}

impl ResourceTag {
    /// The tag of an engine resource.
    pub fn of(kind: &ResourceKind) -> ResourceTag {
        match kind {
            ResourceKind::Inventory { .. } => ResourceTag::Inventory,
            ResourceKind::Payments { .. } => ResourceTag::Payments,
            ResourceKind::Storage => ResourceTag::Storage,
        }
    }
}

/// One story of the catalog.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Stable kebab-case id, used in shareable URLs. Never change one.
    pub id: &'static str,
    /// Short title.
    pub title: &'static str,
    /// One line.
    pub summary: &'static str,
    /// The protected resource.
    pub resource: ResourceTag,
    /// Token enforcement when the story opens. On a system whose token a resource cannot
    /// compare by order, the switch may be on and still do nothing until the resource
    /// compares versions (see [`Knobs::enforcing`]).
    pub default_enforcement: bool,
    /// The toggle that repairs the failure the story shows (`None`: nothing fails).
    pub fix: Option<Knob>,
    /// Builds the scenario (its `enforcement` is replaced by `default_enforcement`).
    pub build: fn() -> Scenario,
    /// The narration, in time order.
    pub narration: &'static [NarrationStep],
    /// The questions the learner is asked before key moments ("predict, then watch").
    pub questions: &'static [Question],
    /// The real system whose defaults the story opens on (`None`: the story's own numbers).
    /// Its `build` must already use them, changed only where the story says so.
    pub system: Option<System>,
}

impl Entry {
    /// The scenario as the story opens: enforcement as the story sets it, where the
    /// scenario's tokens or version check allow it.
    pub fn scenario(&self) -> Scenario {
        (self.build)().enforcing(self.default_enforcement)
    }

    /// The scenario with the given knobs applied.
    pub fn scenario_with(&self, knobs: &Knobs) -> Scenario {
        knobs.apply(&self.scenario())
    }

    /// The narration told against `run`, the run of `scenario` (this story's, changed or not).
    ///
    /// Every story also tells, in time order, the first write the resource rejects by
    /// version when enforcement compares versions ([`narration::BY_VERSION`]) unless one of
    /// its own steps tells that write, and each stale
    /// write no step tells ([`narration::STALE_WRITES`]); its steps
    /// about tokens stay out of such a run where their claims fail. On a system whose grants
    /// carry no ordered token, the filled texts read as [`super::advice::without_token_advice`]
    /// says (advice that can be followed, grants named by number).
    pub fn tell(&self, scenario: &Scenario, run: &Run) -> Told {
        told_too(tell::tell(self.narration, scenario, run), scenario, run)
    }

    /// The story's questions asked of `run`, the run of `scenario` (see [`ask`]).
    pub fn ask(&self, scenario: &Scenario, run: &Run) -> Quiz {
        ask::ask(self.questions, scenario, run)
    }
}

/// `told` (a story's own steps told against `run`) with what every story tells too: the first
/// write rejected by version, unless a step tells it, and each stale write no step tells.
pub(crate) fn told_too(mut told: Told, scenario: &Scenario, run: &Run) -> Told {
    for timed in tell::tell(narration::BY_VERSION, scenario, run).shown {
        // Not twice: a story may tell that very rejection in its own words.
        let event = |t: &tell::TimedStep| t.step.anchor.event(run).map(|e| e as *const _);
        if !told.shown.iter().any(|t| event(t) == event(&timed)) {
            told.insert(timed);
        }
    }
    tell::tell_each(narration::STALE_WRITES, &mut told, scenario, run);
    told
}

impl Knobs {
    /// The knobs as `entry`'s own scenario sets them, with the enforcement switch as the
    /// story sets it (on, although it can do nothing, in a story whose system hands out no
    /// token a resource could compare by order).
    pub fn defaults_for(entry: &Entry) -> Knobs {
        Knobs {
            system: entry.system,
            enforcement: entry.default_enforcement,
            ..Knobs::read(&entry.scenario())
        }
    }
}
