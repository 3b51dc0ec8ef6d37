//! The lab stays on a scenario the engine can run. [`keep_runnable`] undoes an action that would
//! turn the setup into one whose scenario cannot run and says why in words (the action notice), so
//! the lab keeps its last valid run and every earlier change. [`run_or_nothing`] is what the lab
//! shows should such a setup arrive some other way: a run in which nothing happens, while the
//! outcome banner says why the setup cannot run.

use leptos::prelude::*;

use super::state::{LabState, Setup};
use crate::catalog::Knobs;
use crate::engine::{run, Fault, Resource, Run, Scenario, Spans, Verdict};
use crate::words::cannot_run;

/// The values of a [`Setup`], to compare and to put back.
#[derive(PartialEq)]
struct Saved {
    entry_id: String,
    knobs: Knobs,
    user_faults: Vec<Fault>,
    resumes: Vec<(usize, u64)>,
}

impl Saved {
    fn of(setup: Setup) -> Saved {
        Saved {
            entry_id: setup.entry_id.get_untracked(),
            knobs: setup.knobs.get_untracked(),
            user_faults: setup.user_faults.get_untracked(),
            resumes: setup.resumes.get_untracked(),
        }
    }

    fn restore(self, setup: Setup) {
        setup.entry_id.set(self.entry_id);
        setup.knobs.set(self.knobs);
        setup.user_faults.set(self.user_faults);
        setup.resumes.set(self.resumes);
    }
}

/// Does `action` to `lab`; if it changed the setup into one whose scenario cannot run, puts the
/// setup back as it was and says why, in words.
pub fn keep_runnable(
    lab: LabState,
    action: impl FnOnce() -> Result<(), String>,
) -> Result<(), String> {
    let before = Saved::of(lab.setup);
    let done = action();
    if Saved::of(lab.setup) == before {
        return done;
    }
    if let Err(why) = untrack(|| lab.setup.scenario()).validate() {
        before.restore(lab.setup);
        return Err(cannot_run(&why));
    }
    done
}

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
