//! Why a scenario cannot run, in plain words: "ttl_ms: must be at least 1 ms",
//! "faults[0].at_ms: 130000 ms is after the end of the run (120000 ms)".

use super::members::member_number;
use crate::engine::{Counted, ScenarioError, ScenarioProblem};

/// The error as one line: the offending field, then what is wrong with it.
pub fn scenario_error(error: &ScenarioError) -> String {
    format!("{}: {}", error.field, scenario_problem(&error.problem))
}

/// What is wrong with a scenario's field, in plain words.
pub fn scenario_problem(problem: &ScenarioProblem) -> String {
    use ScenarioProblem::*;
    match problem {
        BelowOneMs { or_none: false } => "must be at least 1 ms".into(),
        BelowOneMs { or_none: true } => "must be at least 1 ms (or None)".into(),
        BelowOne => "must be at least 1".into(),
        OverADay { value_ms, max_ms } => {
            format!("{value_ms} ms is more than one day ({max_ms} ms)")
        }
        AfterTheEnd { at_ms, horizon_ms } => {
            format!("{at_ms} ms is after the end of the run ({horizon_ms} ms)")
        }
        AllowanceNotShorterThanLease => {
            "must be shorter than the lease (ttl_ms), or no lease is ever valid".into()
        }
        UnorderedTokens => {
            "enforcement by the highest token needs ordered tokens; compare versions instead".into()
        }
        NoTokenWithoutLock => {
            "without a lock no write carries a token to compare; compare versions instead".into()
        }
        OutOfRange { max } => format!("must be in 1..={max}"),
        FirstTokenOutOfRange { max } => format!("must be in 1..=2^63 ({max})"),
        TooMuchStock => "more than 1_000_000 items".into(),
        TooManyInvoices { max } => format!("more than {max} invoices"),
        RepeatedInvoice => "invoice ids must be distinct".into(),
        AppCount { max, count } => format!("need 1 to {max} apps, got {count}"),
        EmptyName => "must not be empty".into(),
        DuplicateName { name } => format!("duplicate app name \"{name}\""),
        DriftOutOfRange { max_ppm } => format!("must be within ±{max_ppm}"),
        OffsetOverADay => "more than one day".into(),
        TooManySteps { max } => format!("more than {max} steps"),
        NoSuchApp { app, count } => match count.checked_sub(1) {
            Some(last) => format!("no app {app}: apps are 0 to {last}"),
            None => format!("no app {app}: there are no apps"),
        },
        CountedFromOne {
            what: Counted::Messages,
        } => "messages are counted from 1".into(),
        CountedFromOne {
            what: Counted::Writes,
        } => "writes are counted from 1".into(),
        EndsBeforeStart => "ends before it starts".into(),
        LastsOverADay { length_ms, max_ms } => {
            format!("lasts {length_ms} ms, more than one day ({max_ms} ms)")
        }
        MemberCount { count } => {
            format!("the coordination service has 1, 3 or 5 members, not {count}")
        }
        NoSuchMember { member, count } => {
            format!(
                "no member {}: members are 1 to {count}",
                member_number(*member)
            )
        }
        NoMembers => "the coordination service is one box: it has no members to fail".into(),
        GroupGrantsLeasesOnly => {
            "a replicated coordination service grants leases only, not permanent locks".into()
        }
        Between { min, max } => format!("must be in {min}..={max}"),
    }
}

#[cfg(test)]
mod tests {
    use super::scenario_error;
    use crate::engine::Scenario;

    #[test]
    fn a_scenario_error_names_its_field_then_says_what_is_wrong() {
        let error = Scenario::default().with_ttl_ms(0).validate().unwrap_err();
        assert_eq!(scenario_error(&error), "ttl_ms: must be at least 1 ms");
    }
}
