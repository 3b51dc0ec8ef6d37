//! Running a scenario to its end: [`run`] gives the whole [`Run`] (trace, spans, verdict),
//! [`run_verdict_only`] only the verdict (fast), and [`Reruns`] the verdicts of one scenario
//! under changing faults (faster: for explorers).

use super::event::Event;
use super::fault::Fault;
use super::scenario::{ResourceKind, Scenario};
use super::scenario_error::ScenarioError;
use super::sim::Sim;
use super::spans::Spans;
use super::verdict::Verdict;

/// Everything a run produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// Every event, in processing order.
    pub trace: Vec<Event>,
    /// Ready-to-draw intervals and marks.
    pub spans: Spans,
    /// The outcome.
    pub verdict: Verdict,
    /// The run's end (the horizon unless the event cap stopped it).
    pub end_ms: u64,
    /// The resource as it started (for [`Run::resource_at`]).
    pub resource: ResourceKind,
}

/// Runs `scenario` to its horizon. Never panics on bad input: an invalid scenario gives
/// the [`ScenarioError`] that [`Scenario::validate`] finds, naming the offending field.
///
/// ```
/// use fencing_lab::engine::{run, EventKind, Scenario};
///
/// let run = run(&Scenario::gc_pause_story(true))?;
/// assert!(run.verdict.violations.is_empty());
/// assert_eq!(run.verdict.stale_writes_rejected, 1);
/// assert!(run.trace.iter().any(|e| matches!(
///     e.kind,
///     EventKind::WriteRejected { token: 101, highest: 102, .. }
/// )));
///
/// let error = fencing_lab::engine::run(&Scenario::default().with_ttl_ms(0)).unwrap_err();
/// assert_eq!(error.field, "ttl_ms");
/// # Ok::<(), fencing_lab::engine::ScenarioError>(())
/// ```
pub fn run(scenario: &Scenario) -> Result<Run, ScenarioError> {
    Ok(Sim::new(scenario)?.finish())
}

/// Runs `scenario` recording nothing but the verdict (fast: for explorers).
pub fn run_verdict_only(scenario: &Scenario) -> Result<Verdict, ScenarioError> {
    Ok(Sim::new_verdict_only(scenario)?.finish_verdict())
}

/// Verdict-only runs of one scenario under faults that change from run to run: one
/// simulation kept and restarted, so a run clones no scenario and allocates little (its
/// queue, apps and network keep their room). Each verdict is [`run_verdict_only`]'s.
#[derive(Clone, Debug)]
pub(crate) struct Reruns {
    sim: Sim,
}

impl Reruns {
    /// Runs of `scenario` (checked now, and its faults again before each run).
    pub fn new(scenario: &Scenario) -> Result<Reruns, ScenarioError> {
        let sim = Sim::new_verdict_only(scenario)?;
        Ok(Reruns { sim })
    }

    /// The scenario the next run runs.
    pub fn scenario(&self) -> &Scenario {
        &self.sim.scenario
    }

    /// The faults of the next run, to change.
    pub fn faults_mut(&mut self) -> &mut Vec<Fault> {
        &mut self.sim.scenario.faults
    }

    /// Runs the scenario with its faults of the moment: the verdict, or the first problem
    /// [`Scenario::validate`] finds.
    pub fn verdict(&mut self) -> Result<Verdict, ScenarioError> {
        self.sim.scenario.validate()?;
        self.sim.restart()?;
        Ok(self.sim.verdict())
    }
}

impl Sim {
    /// Runs to the end and packages the trace, spans and verdict.
    pub fn finish(mut self) -> Run {
        self.run_to_end();
        let verdict = self.take_verdict();
        let trace = self.take_trace();
        let end_ms = verdict.end_ms;
        let spans = Spans::from_trace(self.scenario(), &trace, end_ms);
        Run {
            trace,
            spans,
            verdict,
            end_ms,
            resource: self.scenario().resource.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Fault, APP_A, APP_B};

    #[test]
    fn every_rerun_gives_the_verdict_of_a_fresh_run() {
        let single = Scenario::gc_pause_story(false);
        let group = Scenario {
            members: 3,
            ..Scenario::gc_pause_story(true)
        };
        let schedules = [
            vec![Fault::pause(APP_A, 5_000, 20_000)],
            vec![],
            vec![Fault::crash(APP_B, 1_000), Fault::pause(APP_A, 0, 40_000)],
            vec![Fault::Failover { at_ms: 12_000 }],
        ];
        for base in [single, group] {
            let mut reruns = Reruns::new(&base).expect("a valid scenario");
            for faults in schedules.iter().chain(schedules.iter().rev()) {
                reruns.faults_mut().clone_from(faults);
                let mut fresh = base.clone();
                fresh.faults.clone_from(faults);
                assert_eq!(reruns.verdict(), run_verdict_only(&fresh), "{faults:?}");
            }
        }
    }
}
