//! The schedule explorer: runs a scenario under every fault schedule within [`Bounds`]
//! and reports whether any of them breaks the design, with the minimal counterexample.
//!
//! Drive it like this (the UI does one batch per animation frame):
//! 1. [`Explorer::new`] checks the bounds and refuses spaces over [`MAX_SCHEDULES`];
//! 2. [`Explorer::total`] is the exact number of schedules, known before running;
//! 3. call [`Explorer::explore_batch`] until [`Explorer::is_done`] (stopping early is
//!    cancelling: nothing else to clean up);
//! 4. read [`Explorer::summary`]; load [`Explorer::counterexample_scenario`] into `run`.
//!
//! A schedule is a set of at most `max_faults` candidate faults, added on top of the
//! scenario's own faults (if kept). The space is walked by size, then lexicographically
//! by candidate index, so the order and every count are deterministic. [`networks::NetworkExplorer`]
//! runs the same schedules on late member networks too.
//!
//! Equivalence: every schedule is run and counted in `explored`. Schedules that end in
//! the same verdict (same 64-bit fingerprint of violations, split-brain windows, write
//! counts, grants and final state; see `fingerprint`) are one outcome in
//! `distinct_outcomes`. Schedules with the same trace always share a verdict, so each
//! trace is counted at most once; different traces ending in an identical verdict are
//! merged too (e.g. a pause of an app that has already finished counts as no fault).

mod bounds;
mod error;
mod fingerprint;
pub mod networks;
mod parts;
mod space;
mod starts;
mod summary;
pub mod wire;

pub use bounds::Bounds;
pub use error::{BoundsProblem, ExploreError, Suggestion, MAX_SCHEDULES};
pub use fingerprint::verdict_fingerprint;
pub use parts::{Gathered, PartKind, PartReport, Share, CHUNK, MAX_PARTS};
pub use summary::{Counterexample, KindReport, KindTag, Summary};

use super::fault::Fault;
use super::scenario::Scenario;
use bounds::{candidates, Candidate};
use space::{count_schedules, Combos};
use starts::Starts;
use std::collections::BTreeSet;
use summary::Tried;

/// Progress after one [`Explorer::explore_batch`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchReport {
    /// Schedules run by this batch.
    pub ran: u64,
    /// Schedules run so far, all batches.
    pub explored: u64,
    /// Schedules in the whole space.
    pub total: u64,
    /// True when the whole space has been explored.
    pub done: bool,
}

impl BatchReport {
    /// Progress from 0.0 to 1.0, for a progress bar.
    pub fn fraction(&self) -> f64 {
        if self.total == 0 {
            return 1.0;
        }
        self.explored as f64 / self.total as f64
    }
}

/// Explores every fault schedule of a scenario within bounds, a batch at a time.
///
/// ```
/// use fencing_lab::engine::explore::{Bounds, Explorer, KindTag};
/// use fencing_lab::engine::Scenario;
///
/// // Both apps just read and write one item; no faults of their own.
/// let scenario = Scenario::default().with_enforcement(false);
/// let mut explorer = Explorer::new(&scenario, Bounds::for_scenario(&scenario)).unwrap();
/// while !explorer.is_done() {
///     explorer.explore_batch(1_000); // the UI yields to the page between batches
/// }
/// let summary = explorer.summary();
/// assert_eq!(summary.explored, explorer.total());
/// let oversold = summary.kind(KindTag::Oversold).expect("a pause oversells the item");
/// assert!(oversold.minimal.faults.len() <= 2); // two well-placed pauses suffice
/// let replay = explorer.counterexample_scenario(KindTag::Oversold).unwrap();
/// assert!(!fencing_lab::engine::run(&replay).unwrap().verdict.is_safe());
/// ```
#[derive(Clone, Debug)]
pub struct Explorer {
    base: Scenario,
    /// The runs of `base` with the current schedule's faults added.
    work: Starts,
    bounds: Bounds,
    candidates: Vec<Candidate>,
    combos: Combos,
    next_index: u64,
    outcomes: BTreeSet<u64>,
    /// Outcomes first seen since the last [`Explorer::report`] (kept only when shared).
    fresh: Vec<u64>,
    /// The schedules it runs; `None` is the whole space, unshared.
    share: Option<Share>,
    summary: Summary,
}

impl Explorer {
    /// Checks `scenario` and `bounds` and sizes the space. Refuses invalid bounds (naming
    /// the field) and spaces of more than [`MAX_SCHEDULES`] schedules (with a suggestion).
    pub fn new(scenario: &Scenario, bounds: Bounds) -> Result<Explorer, ExploreError> {
        let total = plan(scenario, &bounds)?;
        let mut base = scenario.clone();
        if !bounds.keep_scenario_faults {
            base.faults.clear();
        }
        let candidates = candidates(&bounds, &base);
        let k = usize::try_from(bounds.max_faults).unwrap_or(usize::MAX);
        let faults: Vec<Fault> = candidates.iter().map(|c| c.fault).collect();
        let work = Starts::new(&base, &faults)?;
        Ok(Explorer {
            combos: Combos::new(candidates.len(), k),
            base,
            work,
            bounds,
            candidates,
            next_index: 0,
            outcomes: BTreeSet::new(),
            fresh: Vec::new(),
            share: None,
            summary: Summary {
                total,
                ..Summary::default()
            },
        })
    }

    /// The same search, running only `share`'s schedules (see [`Share`]).
    pub fn shared(mut self, share: Share) -> Explorer {
        assert_eq!(self.next_index, 0, "a search is shared before it runs");
        self.share = Some(share);
        self
    }

    /// Exact number of schedules in the space (including the empty schedule).
    pub fn total(&self) -> u64 {
        self.summary.total
    }

    /// Number of candidate faults the schedules choose from.
    pub fn candidate_count(&self) -> usize {
        self.candidates.len()
    }

    /// The bounds being explored.
    pub fn bounds(&self) -> &Bounds {
        &self.bounds
    }

    /// The scenario every schedule starts from (its own faults removed unless kept).
    pub fn base_scenario(&self) -> &Scenario {
        &self.base
    }

    /// True once every schedule has been explored.
    pub fn is_done(&self) -> bool {
        self.combos.is_done()
    }

    /// What has been found so far.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// Runs the next `n` schedules of its share (fewer at the end of the space).
    pub fn explore_batch(&mut self, n: u64) -> BatchReport {
        let mut ran = 0;
        while ran < n && !self.combos.is_done() {
            if self.share.is_none_or(|share| share.owns(self.next_index)) {
                self.run_current();
                ran += 1;
            }
            self.next_index += 1;
            self.combos.advance();
        }
        BatchReport {
            ran,
            explored: self.summary.explored,
            total: self.summary.total,
            done: self.is_done(),
        }
    }

    /// Runs everything that is left; returns the final summary.
    pub fn explore_all(&mut self) -> &Summary {
        self.explore_batch(u64::MAX);
        &self.summary
    }

    /// The scenario of the minimal counterexample for `kind` (base scenario plus its
    /// faults), ready for [`super::run`]; `None` if no schedule showed `kind` (yet).
    pub fn counterexample_scenario(&self, kind: KindTag) -> Option<Scenario> {
        let report = self.summary.kind(kind)?;
        let mut scenario = self.base.clone();
        scenario
            .faults
            .extend(report.minimal.faults.iter().cloned());
        Some(scenario)
    }

    fn run_current(&mut self) {
        let result = self.work.verdict(self.combos.current());
        let added = &self.work.faults()[self.base.faults.len()..];
        debug_assert_eq!(added.len(), self.combos.current().len());
        let fault_ms = self
            .combos
            .current()
            .iter()
            .map(|&i| self.candidates[i].fault_ms)
            .fold(0u64, u64::saturating_add);
        let tried = Tried {
            index: self.next_index,
            faults: added,
            fault_ms,
        };
        match result {
            Ok(verdict) => {
                let fingerprint = verdict_fingerprint(&verdict);
                if self.outcomes.insert(fingerprint) && self.share.is_some() {
                    self.fresh.push(fingerprint);
                }
                self.summary.distinct_outcomes = self.outcomes.len() as u64;
                self.summary.record(tried, &verdict);
            }
            Err(_) => {
                debug_assert!(false, "bounds were validated: every schedule runs");
                self.summary.explored += 1;
                self.summary.refused_runs += 1;
            }
        }
    }

    /// What this explorer found so far, as its part of a shared search: the outcomes first
    /// seen since the previous report, and each kind's minimal counterexample by the
    /// candidates it picked.
    pub fn report(&mut self) -> PartReport {
        let fresh_outcomes = std::mem::take(&mut self.fresh);
        let summary = &self.summary;
        let kinds = summary.kinds.iter().map(|report| {
            let minimal = &report.minimal;
            let position = |fault: &Fault| self.candidates.iter().position(|c| c.fault == *fault);
            let kind = PartKind {
                kind: report.kind,
                schedules: report.schedules,
                schedule_index: minimal.schedule_index,
                picks: minimal.faults.iter().filter_map(position).collect(),
                fault_ms: minimal.fault_ms,
                violation: minimal.violation.clone(),
            };
            debug_assert_eq!(
                kind.picks.len(),
                minimal.faults.len(),
                "every fault is a candidate"
            );
            kind
        });
        PartReport {
            part: self.share.map_or(0, |share| share.part),
            done: self.is_done(),
            explored: summary.explored,
            breaking_schedules: summary.breaking_schedules,
            refused_runs: summary.refused_runs,
            fresh_outcomes,
            kinds: kinds.collect(),
        }
    }
}

/// The exact size of the space, or `TooLarge` with a suggestion.
/// What [`Explorer::new`] would make of `scenario` and `bounds` without building the search:
/// the exact number of schedules, or why the space cannot be searched. Cheap: it runs nothing.
pub fn plan(scenario: &Scenario, bounds: &Bounds) -> Result<u64, ExploreError> {
    scenario.validate()?;
    bounds.validate(scenario)?;
    size_space(scenario, bounds)
}

/// The faulted apps and the candidates (apps' and services') a schedule picks from.
fn candidate_count(scenario: &Scenario, bounds: &Bounds) -> (u128, u128) {
    let apps = bounds.faulted_apps(scenario).len() as u128;
    let per_app = apps.saturating_mul(bounds.candidates_per_app());
    (
        apps,
        per_app.saturating_add(bounds.service_candidates(scenario.members)),
    )
}

fn size_space(scenario: &Scenario, bounds: &Bounds) -> Result<u64, ExploreError> {
    let (apps, n) = candidate_count(scenario, bounds);
    let limit = u128::from(MAX_SCHEDULES);
    if let Some(total) = count_schedules(n, bounds.max_faults, limit) {
        return Ok(u64::try_from(total).unwrap_or(u64::MAX));
    }
    let schedules = count_schedules(n, bounds.max_faults, u128::MAX)
        .map_or(u64::MAX, |s| u64::try_from(s).unwrap_or(u64::MAX));
    Err(ExploreError::TooLarge {
        schedules,
        limit: MAX_SCHEDULES,
        suggestion: Box::new(suggestion(bounds, (apps, n), 1)),
    })
}

/// What to search instead of a space too large: the largest smaller `max_faults` whose space,
/// run on each of `networks` member networks, fits under [`MAX_SCHEDULES`].
fn suggestion(bounds: &Bounds, (apps, n): (u128, u128), networks: u128) -> Suggestion {
    let limit = u128::from(MAX_SCHEDULES) / networks;
    let smaller = (1..bounds.max_faults)
        .rev()
        .find_map(|k| count_schedules(n, k, limit).map(|total| (k, total * networks)));
    Suggestion {
        candidates: n,
        apps,
        grid: bounds.grid_len(),
        step_ms: bounds.step_ms,
        lengths: bounds.pause_lengths_ms.len(),
        max_faults: bounds.max_faults,
        smaller,
    }
}
