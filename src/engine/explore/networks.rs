//! The explorer on late member networks ([`NetworkExplorer`]): the same fault schedules run on
//! the scenario's own member network, then on each of a list of member-network delays
//! (`Scenario::member_jitter_ms`) under [`JITTER_SEEDS`] seeds, so the members' own messages
//! arrive in other orders and at other times. One [`Explorer`] per network, walked in turn; what
//! they found is summed up as one search's. The lab's panel does not use it (its bundle stays
//! as it was); the native tests and benches do.

use super::summary::{KindReport, Summary};
use super::{candidate_count, plan, suggestion};
use super::{BatchReport, MAX_SCHEDULES};
use super::{Bounds, BoundsProblem, ExploreError, Explorer, KindTag};
use crate::engine::scenario::Scenario;
use crate::engine::validate::MAX_MEMBER_JITTER_MS;

/// Seeds each member-network delay is explored under: the scenario's and the next three.
pub const JITTER_SEEDS: u64 = 4;

/// Explores every fault schedule within [`Bounds`] on each member network, a batch at a time.
#[derive(Clone, Debug)]
pub struct NetworkExplorer {
    explorers: Vec<Explorer>,
    at: usize,
}

impl NetworkExplorer {
    /// Checks `scenario`, `bounds` and the delays (each `1..=MAX_MEMBER_JITTER_MS`, listed once,
    /// on a replicated service; the field named `member_jitters_ms[i]` when one is not) and
    /// sizes the whole space: refused over [`MAX_SCHEDULES`], as one search's is.
    pub fn new(
        scenario: &Scenario,
        bounds: Bounds,
        member_jitters_ms: &[u64],
    ) -> Result<NetworkExplorer, ExploreError> {
        let per_network = plan(scenario, &bounds)?;
        check_jitters(scenario, member_jitters_ms)?;
        let networks = 1 + member_jitters_ms.len() as u64 * JITTER_SEEDS;
        let total = u128::from(per_network) * u128::from(networks);
        if total > u128::from(MAX_SCHEDULES) {
            return Err(too_large(scenario, &bounds, total, networks));
        }
        let mut explorers = vec![Explorer::new(scenario, bounds.clone())?];
        for &jitter_ms in member_jitters_ms {
            for seed in 0..JITTER_SEEDS {
                let mut on_network = scenario.clone().with_member_jitter_ms(jitter_ms);
                on_network.seed = scenario.seed.wrapping_add(seed);
                explorers.push(Explorer::new(&on_network, bounds.clone())?);
            }
        }
        Ok(NetworkExplorer { explorers, at: 0 })
    }

    /// How many member networks every schedule runs on.
    pub fn networks(&self) -> usize {
        self.explorers.len()
    }

    /// Exact number of schedules over every network.
    pub fn total(&self) -> u64 {
        self.explorers.iter().map(Explorer::total).sum()
    }

    /// True once every schedule has run on every network.
    pub fn is_done(&self) -> bool {
        self.explorers.iter().all(Explorer::is_done)
    }

    /// Runs the next `n` schedules, network after network.
    pub fn explore_batch(&mut self, n: u64) -> BatchReport {
        let mut ran = 0;
        while ran < n && self.at < self.explorers.len() {
            ran += self.explorers[self.at].explore_batch(n - ran).ran;
            if self.explorers[self.at].is_done() {
                self.at += 1;
            }
        }
        let explored = self.explorers.iter().map(|e| e.summary().explored).sum();
        BatchReport {
            ran,
            explored,
            total: self.total(),
            done: self.is_done(),
        }
    }

    /// Runs everything that is left; returns what was found.
    pub fn explore_all(&mut self) -> Summary {
        self.explore_batch(u64::MAX);
        self.summary()
    }

    /// What every network's search found, as one search's: counts summed, outcomes told apart
    /// across networks, each kind's minimal counterexample the smallest of all (an earlier
    /// network first when equal; `schedule_index` counts on across the networks).
    pub fn summary(&self) -> Summary {
        let mut outcomes = std::collections::BTreeSet::new();
        let mut out = Summary::default();
        let mut offset = 0;
        for explorer in &self.explorers {
            let found = explorer.summary();
            outcomes.extend(explorer.outcomes.iter().copied());
            out.total += found.total;
            out.explored += found.explored;
            out.breaking_schedules += found.breaking_schedules;
            out.refused_runs += found.refused_runs;
            for report in &found.kinds {
                merge(&mut out.kinds, report, offset);
            }
            offset += found.total;
        }
        out.distinct_outcomes = outcomes.len() as u64;
        out
    }

    /// The scenario of the minimal counterexample for `kind`, on the member network it was
    /// found on (its seed and `member_jitter_ms`), ready for `run`.
    pub fn counterexample_scenario(&self, kind: KindTag) -> Option<Scenario> {
        let index = self.summary().kind(kind)?.minimal.schedule_index;
        let mut offset = 0;
        let explorer = self.explorers.iter().find(|e| {
            offset += e.total();
            index < offset
        })?;
        explorer.counterexample_scenario(kind)
    }
}

/// Adds `report` (its schedule indices `offset` on) to `kinds`, keeping the smaller minimal.
fn merge(kinds: &mut Vec<KindReport>, report: &KindReport, offset: u64) {
    let mut report = report.clone();
    report.minimal.schedule_index += offset;
    let key = |r: &KindReport| {
        let m = &r.minimal;
        (
            m.faults.len(),
            m.fault_ms,
            m.violation.at_ms,
            m.schedule_index,
        )
    };
    match kinds.binary_search_by_key(&report.kind, |r| r.kind) {
        Ok(at) => {
            let kept = &mut kinds[at];
            kept.schedules += report.schedules;
            if key(&report) < key(kept) {
                kept.minimal = report.minimal;
            }
        }
        Err(at) => kinds.insert(at, report),
    }
}

fn check_jitters(scenario: &Scenario, jitters_ms: &[u64]) -> Result<(), ExploreError> {
    if !jitters_ms.is_empty() && scenario.members < 3 {
        let problem = BoundsProblem::OneBox;
        return Err(ExploreError::invalid("member_jitters_ms", problem));
    }
    for (i, &jitter_ms) in jitters_ms.iter().enumerate() {
        let field = || format!("member_jitters_ms[{i}]");
        if jitter_ms == 0 || jitter_ms > MAX_MEMBER_JITTER_MS {
            let max_ms = MAX_MEMBER_JITTER_MS;
            let problem = BoundsProblem::LengthOutOfRange { max_ms };
            return Err(ExploreError::invalid(field(), problem));
        }
        if jitters_ms[..i].contains(&jitter_ms) {
            let problem = BoundsProblem::LengthTwice {
                length_ms: jitter_ms,
            };
            return Err(ExploreError::invalid(field(), problem));
        }
    }
    Ok(())
}

/// The refusal of a space of `total` schedules over `networks` networks, with the largest
/// smaller `max_faults` whose space over them all fits.
fn too_large(scenario: &Scenario, bounds: &Bounds, total: u128, networks: u64) -> ExploreError {
    let candidates = candidate_count(scenario, bounds);
    ExploreError::TooLarge {
        schedules: u64::try_from(total).unwrap_or(u64::MAX),
        limit: MAX_SCHEDULES,
        suggestion: Box::new(suggestion(bounds, candidates, u128::from(networks))),
    }
}
