//! Recorded traces: runs of a real system (e.g. etcd with real processes), read from a
//! documented, versioned JSON file and turned into the engine's own vocabulary
//! ([`Event`]/[`EventKind`]), so the timeline can draw them like a simulated run and the
//! conformance check can compare them with one.
//!
//! - [`Trace::parse`] reads and validates a file (never panics; caps on size, depth, count).
//! - [`Trace::to_json`] writes one (the recorder's output; `parse` reads it back unchanged).
//! - [`Trace::scenario`] and [`Trace::run`] give what the timeline needs to draw it: a [`Run`](crate::engine::Run)
//!   like a simulation's, with spans and a verdict.
//! - [`Outcome`] sums up a run (recorded or simulated) the way the conformance check compares.
//!
//! The format, key by key, is documented in the README ("Recorded runs").
//! Pure: no browser, no clock, no I/O.

pub mod compare;
mod error;
mod fields;
mod json;
mod outcome;
mod read;
mod read_kind;
mod run;
pub mod twin;
mod vocab;
mod write;

pub use error::TraceError;
pub use outcome::{Outcome, WriteMark};
pub use twin::NoTwin;

use crate::engine::{AppConfig, Event, Fault, ResourceKind, Scenario, Spans};

/// The value of the `format` key.
pub const FORMAT: &str = "fencing-lab-trace";
/// The only version this build reads.
pub const VERSION: u64 = 1;
/// Largest file read, in bytes.
pub const MAX_BYTES: usize = 2_000_000;
/// Most events in one trace.
pub const MAX_EVENTS: usize = 20_000;
/// Longest text (names, roles, source), in bytes.
pub const MAX_TEXT: usize = 200;
/// Most faults in one trace.
pub const MAX_FAULTS: usize = 64;

/// One application of a recorded run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceApp {
    /// Short name ("A"); events name apps by it.
    pub name: String,
    /// Role shown beside it ("Report writer").
    pub role: String,
}

/// A recorded run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// What was recorded ("etcd 3.4.23"), shown as "Recorded on …".
    pub source: String,
    /// The catalog story it replays, if any.
    pub scenario: Option<String>,
    /// Story milliseconds per recorded millisecond (15: a 30 s story lease became 2 s), if scaled.
    pub time_scale: Option<u64>,
    /// The lease length the apps asked for, in recorded ms.
    pub ttl_ms: u64,
    /// Whether the resource checked fencing tokens.
    pub enforcement: bool,
    /// The protected resource as it started.
    pub resource: ResourceKind,
    /// When the recording stopped, ms after it started.
    pub end_ms: u64,
    /// The applications; events refer to them by index.
    pub apps: Vec<TraceApp>,
    /// The faults done to the apps, as planned (pauses and crashes; version 1 records no
    /// other kind). With the story and `time_scale` they give the scenario to simulate beside it.
    pub faults: Vec<Fault>,
    /// Every event, in time order, in the engine's vocabulary.
    pub events: Vec<Event>,
}

impl Trace {
    /// Reads and validates a trace file. Any problem gives a [`TraceError`] saying what and
    /// where; nothing here panics, whatever the input.
    pub fn parse(text: &str) -> Result<Trace, TraceError> {
        read::trace(text)
    }

    /// The trace as JSON (format version [`VERSION`]), one event per line.
    pub fn to_json(&self) -> String {
        write::trace(self)
    }

    /// A recording of `scenario` from `source` ("etcd 3.4.23") with no events yet: its TTL,
    /// enforcement, resource, apps and faults, ending at its horizon.
    pub fn recording(
        scenario: &Scenario,
        source: &str,
        story: Option<&str>,
        time_scale: Option<u64>,
    ) -> Trace {
        Trace {
            source: source.to_string(),
            scenario: story.map(str::to_string),
            time_scale,
            ttl_ms: scenario.ttl_ms,
            enforcement: scenario.enforcement,
            resource: scenario.resource.clone(),
            end_ms: scenario.horizon_ms,
            apps: scenario
                .apps
                .iter()
                .map(|a| TraceApp {
                    name: a.name.clone(),
                    role: a.role.clone(),
                })
                .collect(),
            faults: scenario.faults.clone(),
            events: Vec::new(),
        }
    }

    /// A scenario carrying what the timeline shows of a recorded run: its apps, TTL, resource,
    /// enforcement, faults and length. It describes the recording; it is not meant to be simulated.
    pub fn scenario(&self) -> Scenario {
        let apps = self
            .apps
            .iter()
            .map(|a| AppConfig::new(&a.name, &a.role))
            .collect();
        let scenario = Scenario {
            faults: self.faults.clone(),
            ..Scenario::default()
        };
        scenario
            .with_apps(apps)
            .with_resource(self.resource.clone())
            .with_enforcement(self.enforcement)
            .with_ttl_ms(self.ttl_ms)
            .with_horizon_ms(self.end_ms)
    }

    /// The intervals and marks to draw, built by the same code as a simulated run's.
    pub fn spans(&self) -> Spans {
        Spans::from_trace(&self.scenario(), &self.events, self.end_ms)
    }

    /// The outcome the conformance check compares.
    pub fn outcome(&self) -> Outcome {
        Outcome::of(&self.events)
    }
}
