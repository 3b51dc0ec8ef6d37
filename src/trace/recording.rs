//! A recorded run as data: where it was recorded, its apps, resource, faults and events in
//! the engine's vocabulary, and what the timeline needs to draw it (a scenario and spans).

use super::tally::Tally;
use crate::engine::{AppConfig, Event, Fault, ResourceKind, Scenario, Spans};

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
    pub fn tally(&self) -> Tally {
        Tally::of(&self.events)
    }
}
