//! The lease and fencing engine: a pure, deterministic, sans-IO simulation.
//!
//! A [`Scenario`] describes everything (settings, apps and their plans, faults, seed);
//! [`run()`] turns it into a [`Run`]: the event trace, spans to draw and a [`Verdict`].
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
mod app_config;
mod belief;
mod builder;
mod clock;
mod coordinator;
mod effect;
mod event;
mod examples;
pub mod explore;
mod fault;
pub mod group;
mod group_host;
mod group_setup;
mod host;
mod leader_change;
mod marks;
mod member_spans;
mod message;
mod net;
mod no_lock;
mod pending;
mod placing;
mod query;
mod queue;
mod resource;
mod rng;
mod run;
mod scenario;
mod scenario_error;
mod services;
mod sim;
mod spans;
mod speed;
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
pub use leader_change::LeaderChange;
pub use member_spans::{member_spans, MemberMark, MemberSpan, MemberState};
pub use message::{Body, Message, MsgKind, Node, RefuseReason, MSG_KIND_NAMES};
pub use no_lock::MAX_ATTEMPTS;
pub use query::{NthMessage, ResourceAt, SoFar, Stall, StallKind};
pub use resource::{Payment, Reservation, Resource, ResourceState, Version, WriteResult};
pub use rng::Rng;
pub use run::{run, run_verdict_only, Run};
pub use scenario::{AppConfig, Client, Enforce, Mode, Renew, ResourceKind, Scenario, Step};
pub use scenario_error::{Counted, ScenarioError, ScenarioProblem};
pub use sim::Sim;
pub use spans::{
    AccessMark, AppSpan, BeliefSpan, FailoverSpan, LeaseEnd, LeaseSpan, MessageSpan, ResourcePoint,
    RestartMark, Spans, WriteOutcome,
};
pub use speed::speed_over_size_in_this_wasm;
pub use tokens::Tokens;
pub use validate::{
    starts_by_horizon, MAX_APPS, MAX_DRIFT_PPM, MAX_DURATION_MS, MAX_EVENTS, MAX_FIRST_TOKEN,
    MAX_HORIZON_MS, MAX_MEMBER_JITTER_MS, MAX_STEPS,
};
pub use verdict::{SplitBrain, SplitBrainTracker, Stuck, Verdict, Violation};
pub use violation::ViolationKind;
