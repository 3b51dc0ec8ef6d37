//! The lease and fencing engine: a pure, deterministic, sans-IO simulation.
//!
//! A [`Scenario`] describes everything (settings, apps and their plans, faults, seed);
//! [`run`] turns it into a [`Run`]: the event trace, spans to draw and a [`Verdict`].
//! Time is virtual milliseconds (`u64`); happenings are processed in `(at_ms, seq)`
//! order, so a run is a pure function of its scenario.
//!
//! Ordering rules worth knowing:
//! - At equal times, whatever was scheduled first happens first.
//! - A paused app's timers and messages wait; on resuming it handles them in order,
//!   and only then looks at its clock (so a GC-paused app acts on its stale belief first).
//! - To pause exactly between a `check_before_write` check and the write, use
//!   [`Fault::PauseAfterCheck`] (a plain `Pause` at the check's time runs *before* the
//!   check if it was scheduled first, which it always is).

mod app;
mod belief;
mod builder;
mod clock;
mod coordinator;
mod effect;
mod event;
pub mod explore;
mod fault;
mod host;
mod message;
mod net;
mod pending;
mod placing;
mod query;
mod resource;
mod rng;
mod scenario;
mod scenario_error;
mod services;
mod sim;
mod spans;
mod story;
mod tokens;
mod transit;
mod validate;
mod verdict;
mod violation;

pub use builder::ScenarioBuilder;
pub use clock::LocalClock;
pub use coordinator::{Acquired, Coordinator, Lease};
pub use event::{BeliefEnd, Event, EventKind, LossReason, Rejection, SkipReason};
pub use explore::{Bounds, ExploreError, Explorer, KindTag, Summary};
pub use fault::{Fault, APP_A, APP_B, APP_C};
pub use message::{Body, Message, MsgKind, Node, RefuseReason};
pub use query::{NthMessage, ResourceAt, SoFar, Stall, StallKind};
pub use resource::{Payment, Reservation, Resource, ResourceState, Version, WriteResult};
pub use rng::Rng;
pub use scenario::{AppConfig, Client, Enforce, Mode, Renew, ResourceKind, Scenario, Step};
pub use scenario_error::{Counted, ScenarioError, ScenarioProblem};
pub use sim::Sim;
pub use spans::{
    AccessMark, AppSpan, BeliefSpan, FailoverSpan, LeaseEnd, LeaseSpan, MessageSpan, ResourcePoint,
    RestartMark, Spans, WriteOutcome,
};
pub use tokens::Tokens;
pub use validate::{
    starts_by_horizon, MAX_APPS, MAX_DRIFT_PPM, MAX_EVENTS, MAX_FIRST_TOKEN, MAX_HORIZON_MS,
};
pub use verdict::{SplitBrain, SplitBrainTracker, Stuck, Verdict, Violation};
pub use violation::ViolationKind;

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
