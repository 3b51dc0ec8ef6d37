//! Bounds of an exploration: which faults may be added to a scenario (pauses on a time
//! grid, delayed writes, crashes), and how many at once. Also turns bounds into the list
//! of candidate faults the explorer combines.

use super::super::fault::Fault;
use super::super::message::MsgKind;
use super::super::scenario::Scenario;
use super::super::validate::MAX_DURATION_MS;
use super::error::{BoundsProblem, ExploreError};

/// Which fault schedules to explore. Build with [`Bounds::for_scenario`] (recommended) or
/// `Bounds::default()`, then adjust fields.
///
/// Candidate faults, for every app in `apps`:
/// - a pause starting at each grid time (`from_ms`, `from_ms + step_ms`, … `< until_ms`)
///   for each of `pause_lengths_ms`;
/// - if `delay_writes_up_to >= 1`: its 1st … `delay_writes_up_to`-th `Write` message held
///   back by each of `pause_lengths_ms`;
/// - if `crashes`: a crash at each grid time;
/// - if `duplicate_writes_up_to >= 1`: its 1st … nth `Write` message delivered twice, the
///   copy arriving after each of `pause_lengths_ms`.
///
/// And, once for the whole system, if `service_faults`: a resource restart and a failover
/// of the coordination service at each grid time; if `leader_cuts` (a replicated service
/// only): the leader of the moment cut off from the other members at each grid time, for
/// each of `pause_lengths_ms`; if `member_crashes` (a replicated service only): each member
/// crashed for good at each grid time.
///
/// A schedule is any set of at most `max_faults` distinct candidates (the empty set too).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// Indices (in `Scenario::apps`) of the apps that may be faulted; `None` = every app.
    pub apps: Option<Vec<usize>>,
    /// First pause/crash start time on the grid.
    pub from_ms: u64,
    /// The grid ends before this time (exclusive); at most the scenario's horizon.
    pub until_ms: u64,
    /// Distance between grid times (at least 1 ms).
    pub step_ms: u64,
    /// Pause lengths, also used as the extra hold of delayed writes (distinct, ≥ 1 ms).
    pub pause_lengths_ms: Vec<u64>,
    /// At most this many added faults per schedule (k, at least 1).
    pub max_faults: u32,
    /// Delay each app's 1st … nth `Write` message; 0 = no delay candidates.
    pub delay_writes_up_to: u32,
    /// Add crash candidates at the grid times.
    pub crashes: bool,
    /// Duplicate each app's 1st … nth `Write` message; 0 = no duplicate candidates.
    pub duplicate_writes_up_to: u32,
    /// Add resource restarts and coordination-service failovers at the grid times.
    pub service_faults: bool,
    /// Cut the leader off from the other members at the grid times, for each pause length
    /// (a scenario with a replicated coordination service only).
    pub leader_cuts: bool,
    /// Crash each member of the replicated service for good at the grid times (a scenario
    /// with a replicated coordination service only).
    pub member_crashes: bool,
    /// Keep the scenario's own faults under every schedule (default `true`).
    ///
    /// `true` explores the scenario exactly as the learner sees it, with their faults;
    /// faults the explorer never generates (clock jumps, partitions, pauses after a check)
    /// stay in play. If those faults already break the design, the minimal counterexample
    /// is the empty schedule. `false` starts from the fault-free scenario and asks which
    /// added faults break it.
    pub keep_scenario_faults: bool,
}

impl Default for Bounds {
    /// Defaults for a 120 s horizon and a 30 s TTL: every app, pauses starting every 5 s
    /// during the first 60 s, lasting 10, 20 or 40 s, a delayed first write, no crashes,
    /// at most 2 faults, scenario faults kept.
    fn default() -> Bounds {
        Bounds {
            apps: None,
            from_ms: 0,
            until_ms: 60_000,
            step_ms: 5_000,
            pause_lengths_ms: vec![10_000, 20_000, 40_000],
            max_faults: 2,
            delay_writes_up_to: 1,
            crashes: false,
            duplicate_writes_up_to: 0,
            service_faults: false,
            leader_cuts: false,
            member_crashes: false,
            keep_scenario_faults: true,
        }
    }
}

/// Rounds down to a whole second when at least one second, and never below 1 ms.
fn round_ms(value_ms: u64) -> u64 {
    if value_ms >= 1_000 {
        value_ms - value_ms % 1_000
    } else {
        value_ms.max(1)
    }
}

impl Bounds {
    /// Defaults derived from `scenario`: a grid of 12 start times across the first half of
    /// the horizon, pauses of a third, two thirds and four thirds of the TTL (so some
    /// outlast the lease), other fields as in `Bounds::default()`.
    pub fn for_scenario(scenario: &Scenario) -> Bounds {
        let until_ms = (scenario.horizon_ms / 2).max(1);
        let step_ms = round_ms(until_ms / 12);
        let ttl_ms = scenario.ttl_ms.min(MAX_DURATION_MS);
        let mut pause_lengths_ms: Vec<u64> = [ttl_ms / 3, ttl_ms * 2 / 3, ttl_ms * 4 / 3]
            .iter()
            .map(|&ms| round_ms(ms).min(MAX_DURATION_MS))
            .collect();
        pause_lengths_ms.dedup();
        Bounds {
            until_ms,
            step_ms,
            pause_lengths_ms,
            ..Bounds::default()
        }
    }

    /// Number of grid times (pause and crash starts).
    pub fn grid_len(&self) -> u64 {
        if self.step_ms == 0 || self.until_ms <= self.from_ms {
            return 0;
        }
        (self.until_ms - self.from_ms).div_ceil(self.step_ms)
    }

    /// The grid times, ascending.
    pub fn grid_ms(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.grid_len()).map(move |i| self.from_ms + i * self.step_ms)
    }

    /// Checks every bound against `scenario`; the first problem found names its field.
    pub fn validate(&self, scenario: &Scenario) -> Result<(), ExploreError> {
        self.validate_apps(scenario)?;
        self.validate_grid(scenario)?;
        self.validate_lengths()?;
        if self.max_faults == 0 {
            return Err(ExploreError::invalid("max_faults", BoundsProblem::BelowOne));
        }
        if self.leader_cuts && scenario.members < 3 {
            let problem = BoundsProblem::OneBox;
            return Err(ExploreError::invalid("leader_cuts", problem));
        }
        if self.member_crashes && scenario.members < 3 {
            let problem = BoundsProblem::OneBox;
            return Err(ExploreError::invalid("member_crashes", problem));
        }
        Ok(())
    }

    fn validate_apps(&self, scenario: &Scenario) -> Result<(), ExploreError> {
        let Some(apps) = &self.apps else {
            return Ok(());
        };
        if apps.is_empty() {
            return Err(ExploreError::invalid("apps", BoundsProblem::NoApps));
        }
        for (i, app) in apps.iter().enumerate() {
            if *app >= scenario.apps.len() {
                let (app, count) = (*app, scenario.apps.len());
                let problem = BoundsProblem::NoSuchApp { app, count };
                return Err(ExploreError::invalid(format!("apps[{i}]"), problem));
            }
            if apps[..i].contains(app) {
                let problem = BoundsProblem::AppTwice { app: *app };
                return Err(ExploreError::invalid(format!("apps[{i}]"), problem));
            }
        }
        Ok(())
    }

    fn validate_grid(&self, scenario: &Scenario) -> Result<(), ExploreError> {
        if self.step_ms == 0 {
            return Err(ExploreError::invalid("step_ms", BoundsProblem::BelowOneMs));
        }
        if self.until_ms <= self.from_ms {
            let problem = BoundsProblem::NotAfterStart {
                from_ms: self.from_ms,
            };
            return Err(ExploreError::invalid("until_ms", problem));
        }
        if self.until_ms > scenario.horizon_ms {
            let problem = BoundsProblem::BeyondHorizon {
                horizon_ms: scenario.horizon_ms,
            };
            return Err(ExploreError::invalid("until_ms", problem));
        }
        Ok(())
    }

    fn validate_lengths(&self) -> Result<(), ExploreError> {
        if self.pause_lengths_ms.is_empty() {
            return Err(ExploreError::invalid(
                "pause_lengths_ms",
                BoundsProblem::NoLengths,
            ));
        }
        for (i, &length_ms) in self.pause_lengths_ms.iter().enumerate() {
            let field = format!("pause_lengths_ms[{i}]");
            if length_ms == 0 || length_ms > MAX_DURATION_MS {
                let max_ms = MAX_DURATION_MS;
                let problem = BoundsProblem::LengthOutOfRange { max_ms };
                return Err(ExploreError::invalid(field, problem));
            }
            if self.pause_lengths_ms[..i].contains(&length_ms) {
                let problem = BoundsProblem::LengthTwice { length_ms };
                return Err(ExploreError::invalid(field, problem));
            }
        }
        Ok(())
    }

    /// The indices of the apps that may be faulted, in scenario order.
    pub fn faulted_apps(&self, scenario: &Scenario) -> Vec<usize> {
        let chosen = |app: &usize| self.apps.as_ref().is_none_or(|apps| apps.contains(app));
        (0..scenario.apps.len()).filter(chosen).collect()
    }

    /// Candidate faults per faulted app: `grid × lengths` pauses, `delay_writes_up_to ×
    /// lengths` delays, `grid` crashes if on, `duplicate_writes_up_to × lengths` copies.
    pub fn candidates_per_app(&self) -> u128 {
        let grid = u128::from(self.grid_len());
        let lengths = self.pause_lengths_ms.len() as u128;
        let delays = u128::from(self.delay_writes_up_to) * lengths;
        let copies = u128::from(self.duplicate_writes_up_to) * lengths;
        grid * lengths + delays + copies + if self.crashes { grid } else { 0 }
    }

    /// Candidate faults of the services: a restart and a failover per grid time, if on; a
    /// cut of the leader per grid time and pause length, if on; and a crash of each of
    /// `members` per grid time, if on.
    pub fn service_candidates(&self, members: usize) -> u128 {
        let grid = u128::from(self.grid_len());
        let lengths = self.pause_lengths_ms.len() as u128;
        let services = if self.service_faults { 2 * grid } else { 0 };
        let cuts = if self.leader_cuts { grid * lengths } else { 0 };
        let crashes = if self.member_crashes {
            grid * members as u128
        } else {
            0
        };
        services + cuts + crashes
    }
}

/// One fault the explorer may add, with its cost for the "minimal" ordering.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Candidate {
    /// The fault.
    pub fault: Fault,
    /// Fault time: pause length, extra delay, or time spent crashed before the horizon.
    pub fault_ms: u64,
}

/// Every candidate, in a fixed order: per app (scenario order), pauses (by start, then
/// length), then delays (by nth, then length), then crashes (by time).
pub(crate) fn candidates(bounds: &Bounds, scenario: &Scenario) -> Vec<Candidate> {
    let mut out = Vec::new();
    for app in bounds.faulted_apps(scenario) {
        for at_ms in bounds.grid_ms() {
            for &for_ms in &bounds.pause_lengths_ms {
                let fault = Fault::pause(app, at_ms, for_ms);
                out.push(Candidate {
                    fault,
                    fault_ms: for_ms,
                });
            }
        }
        for nth in 1..=bounds.delay_writes_up_to {
            for &extra_ms in &bounds.pause_lengths_ms {
                let fault = Fault::delay(app, MsgKind::Write, nth, extra_ms);
                out.push(Candidate {
                    fault,
                    fault_ms: extra_ms,
                });
            }
        }
        let crash_times = bounds.grid_ms().filter(|_| bounds.crashes);
        for at_ms in crash_times {
            let fault_ms = scenario.horizon_ms.saturating_sub(at_ms);
            out.push(Candidate {
                fault: Fault::crash(app, at_ms),
                fault_ms,
            });
        }
        for nth in 1..=bounds.duplicate_writes_up_to {
            for &after_ms in &bounds.pause_lengths_ms {
                let fault = Fault::duplicate(app, MsgKind::Write, nth, after_ms);
                out.push(Candidate {
                    fault,
                    fault_ms: after_ms,
                });
            }
        }
    }
    service_candidates(bounds, &mut out);
    member_crashes(bounds, scenario, &mut out);
    out
}

/// Each member crashed for good at each grid time, by time, then member (a crash costs the
/// time left before the horizon, as an app's does).
fn member_crashes(bounds: &Bounds, scenario: &Scenario, out: &mut Vec<Candidate>) {
    for at_ms in bounds.grid_ms().filter(|_| bounds.member_crashes) {
        let fault_ms = scenario
            .horizon_ms
            .saturating_sub(at_ms)
            .clamp(1, MAX_DURATION_MS);
        for member in 0..scenario.members {
            let fault = Fault::crash_member(Some(member), at_ms, fault_ms);
            out.push(Candidate { fault, fault_ms });
        }
    }
}

/// Restarts and failovers at each grid time; a restart costs nothing but the moment, so
/// its `fault_ms` is 1 (it comes before longer faults in the minimal ordering). Then the
/// leader's cuts, by start and length.
fn service_candidates(bounds: &Bounds, out: &mut Vec<Candidate>) {
    for at_ms in bounds.grid_ms().filter(|_| bounds.service_faults) {
        for fault in [Fault::restart_resource(at_ms), Fault::failover(at_ms)] {
            out.push(Candidate { fault, fault_ms: 1 });
        }
    }
    for at_ms in bounds.grid_ms().filter(|_| bounds.leader_cuts) {
        for &for_ms in &bounds.pause_lengths_ms {
            let fault = Fault::cut_member(None, at_ms, for_ms);
            out.push(Candidate {
                fault,
                fault_ms: for_ms,
            });
        }
    }
}
