//! Why an exploration cannot start: bounds that are invalid or too large, or a scenario
//! that cannot run. Every error is plain data with a readable `Display`; nothing panics.

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
        /// What is wrong, in plain words.
        problem: String,
    },
    /// The space holds more schedules than `limit` (`schedules` saturates at `u64::MAX`).
    TooLarge {
        /// Exact number of schedules the bounds describe (saturating).
        schedules: u64,
        /// The limit ([`MAX_SCHEDULES`]).
        limit: u64,
        /// How to shrink the bounds, in plain words.
        suggestion: String,
    },
    /// The scenario (with its candidate faults) does not validate.
    Scenario(ScenarioError),
}

impl ExploreError {
    /// An [`ExploreError::InvalidBounds`] for `field`.
    pub fn invalid(field: impl Into<String>, problem: impl Into<String>) -> ExploreError {
        ExploreError::InvalidBounds {
            field: field.into(),
            problem: problem.into(),
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
            ExploreError::InvalidBounds { field, problem } => write!(f, "{field}: {problem}"),
            ExploreError::TooLarge {
                schedules,
                limit,
                suggestion,
            } => write!(
                f,
                "these bounds describe {schedules} schedules, more than the limit of \
                 {limit}; {suggestion}"
            ),
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
