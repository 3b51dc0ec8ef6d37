//! Why a scenario cannot run, as data: the offending field and what is wrong with it. The
//! words layer says it in a sentence; `Display` here is terse (field and variant), for logs
//! and tests.

use std::fmt;

/// Why a scenario cannot run (or why `Coordinator::new` refuses its settings). `field`
/// names the offending setting, e.g. `"ttl_ms"` or `"faults[2].app"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError {
    /// Path of the offending field.
    pub field: String,
    /// What is wrong with it.
    pub problem: ScenarioProblem,
}

/// What is wrong with a scenario's field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScenarioProblem {
    /// Zero where at least 1 ms is needed (`or_none`: leaving the setting out is fine too).
    BelowOneMs { or_none: bool },
    /// Zero where at least 1 is needed.
    BelowOne,
    /// `value_ms` is longer than the longest setting accepted, `max_ms` (one day).
    OverADay { value_ms: u64, max_ms: u64 },
    /// Something placed at `at_ms`, after the run ends at `horizon_ms`.
    AfterTheEnd { at_ms: u64, horizon_ms: u64 },
    /// The drift allowance is not shorter than the lease, so no lease is ever valid.
    AllowanceNotShorterThanLease,
    /// Enforcement by the highest token, with tokens that have no order.
    UnorderedTokens,
    /// Enforcement by the highest token with no lock, whose writes carry no token.
    NoTokenWithoutLock,
    /// Outside `1..=max`.
    OutOfRange { max: u64 },
    /// A first token outside `1..=2^63` (`max`).
    FirstTokenOutOfRange { max: u64 },
    /// More stock than a story may hold (1_000_000 items).
    TooMuchStock,
    /// More than `max` invoices.
    TooManyInvoices { max: usize },
    /// An invoice id given twice.
    RepeatedInvoice,
    /// `count` apps, outside `1..=max`.
    AppCount { max: usize, count: usize },
    /// An app with no name.
    EmptyName,
    /// A second app called `name`.
    DuplicateName { name: String },
    /// A clock drift beyond `±max_ppm`.
    DriftOutOfRange { max_ppm: i64 },
    /// A clock offset of more than one day.
    OffsetOverADay,
    /// A plan of more than `max` steps.
    TooManySteps { max: usize },
    /// A fault on app `app`, of `count` apps.
    NoSuchApp { app: usize, count: usize },
    /// An `nth` of 0: messages or writes are counted from 1.
    CountedFromOne { what: Counted },
    /// A partition that ends before it starts.
    EndsBeforeStart,
    /// A partition of `length_ms`, longer than `max_ms` (one day).
    LastsOverADay { length_ms: u64, max_ms: u64 },
    /// A coordination service of `count` members: it has 1 (one box), 3 or 5.
    MemberCount { count: usize },
    /// A fault on member `member` (0-based), of `count` members.
    NoSuchMember { member: usize, count: usize },
    /// A fault on a member of a service that is one box.
    NoMembers,
    /// A replicated service with a permanent lock: the group grants leases only.
    GroupGrantsLeasesOnly,
    /// Outside `min..=max`.
    Between { min: u64, max: u64 },
}

/// What a fault counts from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Messages of a kind.
    Messages,
    /// An app's writes.
    Writes,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {:?}", self.field, self.problem)
    }
}

impl std::error::Error for ScenarioError {}

impl ScenarioError {
    /// The error for `field`, with `problem`.
    pub(crate) fn new(field: impl Into<String>, problem: ScenarioProblem) -> ScenarioError {
        ScenarioError {
            field: field.into(),
            problem,
        }
    }
}
