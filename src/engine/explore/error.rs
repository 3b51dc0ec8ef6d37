//! Why an exploration cannot start: bounds that are invalid or too large, or a scenario
//! that cannot run. Every error is plain data (the words layer says it in a sentence;
//! `Display` here is terse, for logs and tests); nothing panics.

use super::super::scenario_error::ScenarioError;
use std::fmt;

/// Largest schedule space [`super::Explorer::new`] accepts.
pub const MAX_SCHEDULES: u64 = 5_000_000;

/// Why [`super::Explorer::new`] refused to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExploreError {
    /// A bound is empty or invalid. `field` names it, e.g. `"step_ms"` or `"apps[1]"`.
    InvalidBounds {
        /// Path of the offending bound.
        field: String,
        /// What is wrong with it.
        problem: BoundsProblem,
    },
    /// The space holds more schedules than `limit` (`schedules` saturates at `u64::MAX`).
    TooLarge {
        /// Exact number of schedules the bounds describe (saturating).
        schedules: u64,
        /// The limit ([`MAX_SCHEDULES`]).
        limit: u64,
        /// What the space is made of, to say how to shrink it (boxed: it is large).
        suggestion: Box<Suggestion>,
    },
    /// The scenario (with its candidate faults) does not validate.
    Scenario(ScenarioError),
}

/// What is wrong with a bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoundsProblem {
    /// Zero where at least 1 is needed.
    BelowOne,
    /// Zero where at least 1 ms is needed.
    BelowOneMs,
    /// An empty list of apps (`None` means all of them).
    NoApps,
    /// App `app`, of `count` apps.
    NoSuchApp { app: usize, count: usize },
    /// App `app` listed a second time.
    AppTwice { app: usize },
    /// The grid ends at or before its start, `from_ms`.
    NotAfterStart { from_ms: u64 },
    /// The grid ends after the scenario's horizon, `horizon_ms`.
    BeyondHorizon { horizon_ms: u64 },
    /// No pause lengths.
    NoLengths,
    /// A length outside `1..=max_ms`.
    LengthOutOfRange { max_ms: u64 },
    /// A length, `length_ms`, listed a second time.
    LengthTwice { length_ms: u64 },
    /// Member faults asked of a scenario whose coordination service is one box.
    OneBox,
}

/// What a space too large is made of: `candidates` faults (on `apps` apps, `grid` start
/// times every `step_ms`, `lengths` pause lengths) taken up to `max_faults` at a time, and
/// the largest smaller `max_faults` that fits, with its number of schedules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Suggestion {
    /// Candidate faults.
    pub candidates: u128,
    /// Faulted apps.
    pub apps: u128,
    /// Start times on the grid.
    pub grid: u64,
    /// The grid's step.
    pub step_ms: u64,
    /// Pause lengths.
    pub lengths: usize,
    /// Most faults at a time, as asked.
    pub max_faults: u32,
    /// A smaller `max_faults` within the limit, and the schedules it gives.
    pub smaller: Option<(u32, u128)>,
}

impl ExploreError {
    /// An [`ExploreError::InvalidBounds`] for `field`.
    pub fn invalid(field: impl Into<String>, problem: BoundsProblem) -> ExploreError {
        ExploreError::InvalidBounds {
            field: field.into(),
            problem,
        }
    }

    /// The offending field, when the error is about one.
    pub fn field(&self) -> Option<&str> {
        match self {
            ExploreError::InvalidBounds { field, .. } => Some(field),
            ExploreError::Scenario(error) => Some(&error.field),
            ExploreError::TooLarge { .. } => None,
        }
    }
}

impl fmt::Display for ExploreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExploreError::InvalidBounds { field, problem } => write!(f, "{field}: {problem:?}"),
            ExploreError::TooLarge {
                schedules, limit, ..
            } => write!(f, "schedules: {schedules} > {limit}"),
            ExploreError::Scenario(error) => write!(f, "scenario: {error}"),
        }
    }
}

impl std::error::Error for ExploreError {}

impl From<ScenarioError> for ExploreError {
    fn from(error: ScenarioError) -> ExploreError {
        ExploreError::Scenario(error)
    }
}
