//! What an exploration found so far: counts, violations by kind, and the minimal
//! counterexample of each kind.

use super::super::fault::Fault;
use super::super::verdict::{Verdict, Violation};
use super::super::violation::ViolationKind;

/// A violation kind without its details (the enum discriminant of [`ViolationKind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum KindTag {
    /// [`ViolationKind::Oversold`].
    Oversold,
    /// [`ViolationKind::PaidTwice`].
    PaidTwice,
    /// [`ViolationKind::LostUpdate`].
    LostUpdate,
}

impl KindTag {
    /// Every tag, in order.
    pub const ALL: [KindTag; 3] = [KindTag::Oversold, KindTag::PaidTwice, KindTag::LostUpdate];

    /// The tag of a violation kind.
    pub fn of(kind: &ViolationKind) -> KindTag {
        match kind {
            ViolationKind::Oversold { .. } => KindTag::Oversold,
            ViolationKind::PaidTwice { .. } => KindTag::PaidTwice,
            ViolationKind::LostUpdate { .. } => KindTag::LostUpdate,
        }
    }

    fn slot(self) -> usize {
        self as usize
    }
}

/// The smallest schedule found that breaks the design in one way.
///
/// "Smallest" orders by: fewest added faults, then shortest total fault time, then the
/// earliest violation of this kind, then enumeration order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// Position of the schedule in the enumeration (0 = the empty schedule).
    pub schedule_index: u64,
    /// The faults the explorer added (the scenario's own faults come on top, if kept).
    pub faults: Vec<Fault>,
    /// Total fault time: pause lengths + extra delays + time spent crashed.
    pub fault_ms: u64,
    /// The first violation of this kind in that schedule's run.
    pub violation: Violation,
}

impl Counterexample {
    fn key(&self) -> (usize, u64, u64, u64) {
        (
            self.faults.len(),
            self.fault_ms,
            self.violation.at_ms,
            self.schedule_index,
        )
    }
}

/// One violation kind: how many schedules showed it, and the minimal one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindReport {
    /// The kind.
    pub kind: KindTag,
    /// Schedules whose run showed at least one violation of this kind.
    pub schedules: u64,
    /// The minimal counterexample of this kind.
    pub minimal: Counterexample,
}

/// Totals of an exploration so far. Identical for identical scenario and bounds, however
/// the work was split into batches.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Schedules in the whole space (exact, known before running).
    pub total: u64,
    /// Schedules run so far.
    pub explored: u64,
    /// Distinct outcomes among them: distinct verdict fingerprints (see `fingerprint`).
    pub distinct_outcomes: u64,
    /// Schedules whose run broke at least one domain rule.
    pub breaking_schedules: u64,
    /// Runs the engine refused (never expected: the bounds are validated up front).
    pub refused_runs: u64,
    /// Violation kinds found, ordered by kind.
    pub kinds: Vec<KindReport>,
}

/// One schedule that was just run.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tried<'a> {
    /// Its position in the enumeration.
    pub index: u64,
    /// The faults the explorer added.
    pub faults: &'a [Fault],
    /// Their total fault time.
    pub fault_ms: u64,
}

impl Summary {
    /// What a search of `total` schedules stopped before its first one knows: nothing yet.
    pub fn untried(total: u64) -> Summary {
        Summary {
            total,
            explored: 0,
            distinct_outcomes: 0,
            breaking_schedules: 0,
            refused_runs: 0,
            kinds: Vec::new(),
        }
    }

    /// The report for `kind`, if any schedule showed it.
    pub fn kind(&self, kind: KindTag) -> Option<&KindReport> {
        self.kinds.iter().find(|r| r.kind == kind)
    }

    /// True when no explored schedule broke the design.
    pub fn is_safe(&self) -> bool {
        self.breaking_schedules == 0
    }

    /// True once every schedule has been explored.
    pub fn is_complete(&self) -> bool {
        self.explored == self.total
    }

    /// Records the verdict of `tried`.
    pub(crate) fn record(&mut self, tried: Tried<'_>, verdict: &Verdict) {
        self.explored += 1;
        debug_assert!(self.explored <= self.total, "explored more than the space");
        if verdict.violations.is_empty() {
            return;
        }
        self.breaking_schedules += 1;
        let mut counted = [false; 3];
        for violation in &verdict.violations {
            let tag = KindTag::of(&violation.kind);
            if !std::mem::replace(&mut counted[tag.slot()], true) {
                self.record_kind(tag, tried, violation);
            }
        }
    }

    fn record_kind(&mut self, tag: KindTag, tried: Tried<'_>, violation: &Violation) {
        let key = (
            tried.faults.len(),
            tried.fault_ms,
            violation.at_ms,
            tried.index,
        );
        let fresh = || Counterexample {
            schedule_index: tried.index,
            faults: tried.faults.to_vec(),
            fault_ms: tried.fault_ms,
            violation: violation.clone(),
        };
        match self.kinds.binary_search_by_key(&tag, |r| r.kind) {
            Ok(at) => {
                let report = &mut self.kinds[at];
                report.schedules += 1;
                if key < report.minimal.key() {
                    report.minimal = fresh();
                }
            }
            Err(at) => {
                let report = KindReport {
                    kind: tag,
                    schedules: 1,
                    minimal: fresh(),
                };
                self.kinds.insert(at, report);
            }
        }
    }
}
