//! Running a scenario to its end: [`run`] gives the whole [`Run`] (trace, spans, verdict),
//! [`run_verdict_only`] only the verdict (fast; an explorer's runs: `explore/starts.rs`).

use super::event::Event;
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
