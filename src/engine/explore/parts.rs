//! One search shared among several explorers (the page's Web Workers, issue 52): each runs the
//! schedules of its [`Share`] (every `parts`-th chunk of [`CHUNK`] schedules, so cheap and dear
//! corners of the space are spread evenly), reports what it found as a [`PartReport`], and
//! [`Gathered`] merges the reports into the [`Summary`] one explorer alone would have given:
//! counts add up, distinct outcomes are the union of the parts' fingerprints, and each kind's
//! minimal counterexample is the least by the summary's own order, rebuilt from the candidates
//! it picked.

use std::collections::BTreeSet;

use super::super::scenario::Scenario;
use super::super::verdict::Violation;
use super::bounds::{candidates, Bounds};
use super::summary::{Counterexample, KindReport, KindTag, Summary};

/// Schedules in a row that go to one part.
pub const CHUNK: u64 = 64;

/// The most parts a search is shared among.
pub const MAX_PARTS: u32 = 16;

/// Which schedules one explorer runs: chunk `c` (schedules `c * CHUNK ..`) is part `c % parts`'s.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    /// This part, from 0.
    pub part: u32,
    /// How many parts share the search (1 to [`MAX_PARTS`]).
    pub parts: u32,
}

impl Share {
    /// The whole space, to one explorer.
    pub const WHOLE: Share = Share { part: 0, parts: 1 };

    /// `part` of `parts`, or `None` if there is no such part.
    pub fn new(part: u32, parts: u32) -> Option<Share> {
        ((1..=MAX_PARTS).contains(&parts) && part < parts).then_some(Share { part, parts })
    }

    /// Whether schedule `index` is this part's to run.
    pub fn owns(self, index: u64) -> bool {
        (index / CHUNK) % u64::from(self.parts) == u64::from(self.part)
    }
}

/// The minimal counterexample of one kind in one part, by the candidates it picked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartKind {
    /// The kind.
    pub kind: KindTag,
    /// This part's schedules that showed it.
    pub schedules: u64,
    /// The minimal one's position in the whole space's enumeration.
    pub schedule_index: u64,
    /// Its faults, as indices into the search's candidates (ascending).
    pub picks: Vec<usize>,
    /// Its total fault time.
    pub fault_ms: u64,
    /// Its first violation of this kind.
    pub violation: Violation,
}

impl PartKind {
    fn key(&self) -> (usize, u64, u64, u64) {
        let at_ms = self.violation.at_ms;
        (self.picks.len(), self.fault_ms, at_ms, self.schedule_index)
    }
}

/// What one part has found so far: counts since its start, and the outcomes new since its
/// previous report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PartReport {
    /// Which part.
    pub part: u32,
    /// Whether it has run all of its share.
    pub done: bool,
    /// Schedules it ran.
    pub explored: u64,
    /// Of which broke the design.
    pub breaking_schedules: u64,
    /// Runs the engine refused.
    pub refused_runs: u64,
    /// Verdict fingerprints first seen since the previous report.
    pub fresh_outcomes: Vec<u64>,
    /// Each kind it found, ordered by kind.
    pub kinds: Vec<PartKind>,
}

/// The reports of every part, merged.
#[derive(Clone, Debug)]
pub struct Gathered {
    total: u64,
    latest: Vec<PartReport>,
    outcomes: BTreeSet<u64>,
}

impl Gathered {
    /// Nothing reported yet by `parts` parts of a space of `total` schedules.
    pub fn new(total: u64, parts: u32) -> Gathered {
        assert!((1..=MAX_PARTS).contains(&parts), "parts out of range");
        let latest = (0..parts).map(|part| PartReport {
            part,
            ..PartReport::default()
        });
        Gathered {
            total,
            latest: latest.collect(),
            outcomes: BTreeSet::new(),
        }
    }

    /// Takes a part's report (a later one replaces its counts); `false` for a part that does
    /// not exist or a report that runs backwards, which is dropped.
    pub fn take(&mut self, mut report: PartReport) -> bool {
        let Some(slot) = self.latest.get_mut(report.part as usize) else {
            return false;
        };
        if report.explored < slot.explored || slot.done {
            return false;
        }
        self.outcomes.extend(report.fresh_outcomes.drain(..));
        *slot = report;
        true
    }

    /// Schedules in the whole space.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// Schedules run so far, every part.
    pub fn explored(&self) -> u64 {
        self.latest.iter().map(|r| r.explored).sum()
    }

    /// Whether every part has run all of its share.
    pub fn is_done(&self) -> bool {
        self.latest.iter().all(|r| r.done)
    }

    /// What the parts found, as one explorer of `scenario` within `bounds` would say it (its
    /// counterexamples' faults taken from the candidates they picked).
    pub fn summary(&self, scenario: &Scenario, bounds: &Bounds) -> Summary {
        let sum = |count: fn(&PartReport) -> u64| self.latest.iter().map(count).sum::<u64>();
        let mut base = scenario.clone();
        if !bounds.keep_scenario_faults {
            base.faults.clear();
        }
        let candidates = candidates(bounds, &base);
        let kinds = KindTag::ALL.iter().filter_map(|&tag| {
            let found = self.latest.iter().flat_map(|r| &r.kinds);
            let of_tag: Vec<&PartKind> = found.filter(|k| k.kind == tag).collect();
            let minimal = of_tag.iter().min_by_key(|k| k.key())?;
            let faults = minimal.picks.iter().filter_map(|&i| candidates.get(i));
            Some(KindReport {
                kind: tag,
                schedules: of_tag.iter().map(|k| k.schedules).sum(),
                minimal: Counterexample {
                    schedule_index: minimal.schedule_index,
                    faults: faults.map(|c| c.fault).collect(),
                    fault_ms: minimal.fault_ms,
                    violation: minimal.violation.clone(),
                },
            })
        });
        Summary {
            total: self.total,
            explored: sum(|r| r.explored),
            distinct_outcomes: self.outcomes.len() as u64,
            breaking_schedules: sum(|r| r.breaking_schedules),
            refused_runs: sum(|r| r.refused_runs),
            kinds: kinds.collect(),
        }
    }
}
