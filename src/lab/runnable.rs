//! The lab stays on a scenario the engine can run: the reducer undoes an intent that would turn
//! the setup into one whose scenario cannot run and says why ([`super::Refusal::CannotRun`]),
//! so the lab keeps its last valid run and every earlier change. [`run_or_nothing`] is what the
//! lab shows should such a setup arrive some other way: a run in which nothing happens, while
//! the outcome banner says why the setup cannot run.

use crate::engine::{run, Resource, Run, Scenario, Spans, Verdict};

/// The run of `scenario`, or a run in which nothing happens if it cannot run.
pub fn run_or_nothing(scenario: &Scenario) -> Run {
    run(scenario).unwrap_or_else(|_| nothing(scenario))
}

fn nothing(scenario: &Scenario) -> Run {
    let fresh = Resource::new(
        &scenario.resource,
        scenario.enforcement,
        scenario.fence_reads,
    );
    let verdict = Verdict::empty(fresh.state().clone(), 0);
    Run {
        trace: Vec::new(),
        spans: Spans::default(),
        verdict,
        end_ms: 0,
        resource: scenario.resource.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_that_cannot_run_gives_a_run_in_which_nothing_happens() {
        let story = Scenario::gc_pause_story(true);
        assert!(!run_or_nothing(&story).trace.is_empty());
        let nothing = run_or_nothing(&story.with_ttl_ms(0));
        assert!(nothing.trace.is_empty() && nothing.verdict.is_safe());
        assert_eq!((nothing.end_ms, nothing.verdict.grants), (0, 0));
    }
}
