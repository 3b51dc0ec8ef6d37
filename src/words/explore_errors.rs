//! Why the explorer cannot start, in plain words ("step_ms: must be at least 1 ms", "these
//! bounds describe … schedules, more than the limit of …; try …"), and the names of the ways
//! a design breaks ("oversold", "paid twice", "lost update").

use super::scenario_errors::scenario_error;
use crate::engine::explore::{BoundsProblem, ExploreError, KindTag, Suggestion};

/// The error as one line.
pub fn explore_error(error: &ExploreError) -> String {
    match error {
        ExploreError::InvalidBounds { field, problem } => {
            format!("{field}: {}", bounds_problem(problem))
        }
        ExploreError::TooLarge {
            schedules,
            limit,
            suggestion,
        } => format!(
            "these bounds describe {} schedules, more than the limit of {limit}; {}",
            schedules,
            shrink(suggestion)
        ),
        ExploreError::Scenario(error) => format!("scenario: {}", scenario_error(error)),
    }
}

/// What is wrong with a bound, in plain words.
pub fn bounds_problem(problem: &BoundsProblem) -> String {
    use BoundsProblem::*;
    match problem {
        BelowOne => "must be at least 1".into(),
        BelowOneMs => "must be at least 1 ms".into(),
        NoApps => "list at least one app (or None for all)".into(),
        NoSuchApp { app, count } => format!("no app {app}: apps are 0 to {}", count - 1),
        AppTwice { app } => format!("app {app} listed twice"),
        NotAfterStart { from_ms } => format!("must be after from_ms ({from_ms} ms)"),
        BeyondHorizon { horizon_ms } => format!("beyond the scenario's horizon ({horizon_ms} ms)"),
        NoLengths => "give at least one length".into(),
        LengthOutOfRange { max_ms } => format!("must be in 1..={max_ms} ms"),
        LengthTwice { length_ms } => format!("{length_ms} ms listed twice"),
        OneBox => "needs a replicated coordination service (3 or 5 members)".into(),
    }
}

/// How to shrink a space too large.
pub fn shrink(s: &Suggestion) -> String {
    let mut text = format!(
        "{} candidate faults ({} apps, {} start times every {} ms, {} pause lengths) \
         taken up to {} at a time; try fewer pause lengths, a coarser grid (larger step_ms) \
         or a smaller max_faults",
        count(s.candidates),
        count(s.apps),
        s.grid,
        s.step_ms,
        s.lengths,
        s.max_faults
    );
    if let Some((k, total)) = s.smaller {
        text.push_str(&format!(
            " (max_faults = {k} gives {} schedules)",
            count(total)
        ));
    }
    text
}

/// A count of the explorer's space. Through `u64`: formatting a `u128` costs the wasm 1.5 KB
/// of code, and no count the lab shows comes near 2^64 (one that did says "more than").
fn count(n: u128) -> String {
    u64::try_from(n).map_or_else(|_| format!("more than {}", u64::MAX), |n| n.to_string())
}

/// Short label of a way a design breaks, e.g. "oversold".
pub fn kind_label(kind: KindTag) -> &'static str {
    match kind {
        KindTag::Oversold => "oversold",
        KindTag::PaidTwice => "paid twice",
        KindTag::LostUpdate => "lost update",
    }
}
