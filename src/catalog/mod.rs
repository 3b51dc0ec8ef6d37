//! The scenario catalog: the stories of leases and fencing tokens, as engine scenarios
//! with narration. Pure data and pure functions (no browser, no clock).
//!
//! - [`catalog`] lists every [`Entry`]; [`by_id`] finds one by its stable URL id.
//! - [`Entry::scenario`] builds the engine [`Scenario`]; [`Knobs`] changes it.
//! - [`Entry::tell`] tells the narration against a [`Run`]: the steps true of it, in time order.
//! - [`Entry::ask`] asks the story's questions of a [`Run`]: "predict, then watch", each
//!   graded by the run itself.

mod advice;
mod ask;
mod check;
mod clients;
mod faults;
mod knobs;
mod leases;
mod matcher;
mod narration;
mod outages;
mod question;
mod questions;
mod recordings;
mod stale;
mod systems;
mod systems_stories;
mod systems_tokens;
mod tell;
mod tokens;
mod who_fences;

pub use advice::without_token_advice;
pub use ask::{ask, Asked, Quiz, Unasked, WhyNot};
pub use check::{mentions, Facts, Mention};
pub use knobs::{
    range, Knob, KnobRange, Knobs, LATENCY_RANGE, PAUSE_RANGE, STOCK_RANGE, TTL_RANGE,
};
pub use narration::{Anchor, Cond, EventMatcher, Missing, NarrationStep, Who, A, B, C};
pub use question::{Answer, Question};
pub use recordings::{recording, Recording, RECORDINGS};
pub use systems::{Allowance, Cadence, Fact, Preset, System, FACTS, SYSTEMS};
pub use tell::{placeholders, tell, TimedStep, Told, Untold};
pub use who_fences::{fate, pause_for, scenario_for, who_fences, Fate, Row};

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
        let s = (self.build)();
        let on = self.default_enforcement && s.can_enforce();
        s.with_enforcement(on)
    }

    /// The scenario with the given knobs applied.
    pub fn scenario_with(&self, knobs: &Knobs) -> Scenario {
        knobs.apply(&self.scenario())
    }

    /// The narration told against `run`, the run of `scenario` (this story's, changed or not).
    ///
    /// Every story also tells, in time order, the first write the resource rejects by
    /// version when enforcement compares versions ([`narration::BY_VERSION`]); its steps
    /// about tokens stay out of such a run where their claims fail. On a system whose grants
    /// carry no ordered token, advice to switch on token enforcement becomes advice that can
    /// be followed (a version check).
    pub fn tell(&self, scenario: &Scenario, run: &Run) -> Told {
        let mut told = tell::tell(self.narration, scenario, run);
        for timed in tell::tell(narration::BY_VERSION, scenario, run).shown {
            let at = told.shown.partition_point(|t| t.at_ms <= timed.at_ms);
            told.shown.insert(at, timed);
        }
        if !scenario.tokens.ordered() {
            for timed in &mut told.shown {
                timed.text = without_token_advice(&timed.text);
            }
        }
        told
    }

    /// The story's questions asked of `run`, the run of `scenario` (see [`ask`]).
    pub fn ask(&self, scenario: &Scenario, run: &Run) -> Quiz {
        ask::ask(self.questions, scenario, run)
    }
}

static CATALOG: [Entry; 19] = [
    leases::PERMANENT_OWNERSHIP,
    leases::ACQUIRE_WORK_RENEW,
    leases::GC_PAUSE,
    stale::PAYMENT_SERVICE,
    stale::LAST_ITEM,
    tokens::TOKENS_101_102_103,
    tokens::RESOURCE_ENFORCES,
    tokens::CHECK_NOT_ENOUGH,
    faults::DELAYED_PACKET,
    faults::CLOCK_SKEW,
    clients::LATE_ANSWER,
    outages::COPIED_WRITE,
    outages::FORGOTTEN_FENCE,
    outages::REISSUED_TOKEN,
    faults::LEASES_AND_TOKENS,
    systems_stories::CURATOR_SESSION,
    systems_tokens::KUBERNETES_TWO_LEADERS,
    systems_tokens::DYNAMODB_VERSION_CHECK,
    systems_stories::CONSUL_LOCK_DELAY,
];

/// Every entry, in teaching order.
pub fn catalog() -> &'static [Entry] {
    &CATALOG
}

/// The entry with this id.
pub fn by_id(id: &str) -> Option<&'static Entry> {
    CATALOG.iter().find(|e| e.id == id)
}
