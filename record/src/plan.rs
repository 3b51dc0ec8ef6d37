//! What a recording runs, taken from an engine [`Scenario`] (already scaled to real
//! milliseconds): each app's plan as command-line arguments for its process, and the faults
//! the recorder does to the processes (SIGSTOP/SIGCONT for a pause, SIGKILL for a crash).

use crate::flag;
use fencing_lab::engine::{Fault, ResourceKind, Scenario, Step};

/// One step of an app's plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlanStep {
    Read,
    Work(u64),
    Write,
    /// Gives back the last item the app reserved (a write of the stock + 1).
    Return,
}

/// One application's part, as its process receives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppPlan {
    pub name: String,
    pub start_ms: u64,
    pub ttl_s: u64,
    pub steps: Vec<PlanStep>,
    pub release_at_end: bool,
    /// Inventory: a write takes one item, and nothing is written when none is left.
    pub counts_down: bool,
}

/// What the recorder does to an app's process at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// SIGSTOP, until SIGCONT at `until_ms`.
    Stop { until_ms: u64 },
    /// SIGCONT.
    Continue,
    /// SIGKILL.
    Kill,
}

impl AppPlan {
    /// The plan's command-line arguments (read back by [`AppPlan::from_args`]).
    pub fn to_args(&self) -> Vec<String> {
        let steps: Vec<String> = self
            .steps
            .iter()
            .map(|s| match s {
                PlanStep::Read => "read".to_string(),
                PlanStep::Work(ms) => format!("work:{ms}"),
                PlanStep::Write => "write".to_string(),
                PlanStep::Return => "return".to_string(),
            })
            .collect();
        let yes = |b: bool| if b { "yes" } else { "no" }.to_string();
        vec![
            "--name".into(),
            self.name.clone(),
            "--start-ms".into(),
            self.start_ms.to_string(),
            "--ttl-s".into(),
            self.ttl_s.to_string(),
            "--steps".into(),
            steps.join(","),
            "--release".into(),
            yes(self.release_at_end),
            "--counts-down".into(),
            yes(self.counts_down),
        ]
    }

    pub fn from_args(args: &[String]) -> Result<AppPlan, String> {
        let number = |name: &str| {
            flag(args, name)
                .and_then(|v| v.parse::<u64>().ok())
                .ok_or(format!("{name} N is required"))
        };
        let steps = flag(args, "--steps")
            .unwrap_or_default()
            .split(',')
            .filter(|s| !s.is_empty())
            .map(|s| match s.split_once(':') {
                None if s == "read" => Ok(PlanStep::Read),
                None if s == "write" => Ok(PlanStep::Write),
                None if s == "return" => Ok(PlanStep::Return),
                Some(("work", ms)) => ms.parse().map(PlanStep::Work).map_err(|e| e.to_string()),
                _ => Err(format!("unknown step {s:?}")),
            })
            .collect::<Result<_, _>>()?;
        Ok(AppPlan {
            name: flag(args, "--name")
                .ok_or("--name is required")?
                .to_string(),
            start_ms: number("--start-ms")?,
            ttl_s: number("--ttl-s")?,
            steps,
            release_at_end: flag(args, "--release") == Some("yes"),
            counts_down: flag(args, "--counts-down") == Some("yes"),
        })
    }
}

/// The app plans of `scenario`, whose TTL must be whole seconds (etcd's unit).
pub fn apps(scenario: &Scenario) -> Result<Vec<AppPlan>, String> {
    if !scenario.ttl_ms.is_multiple_of(1_000) || scenario.ttl_ms < 2_000 {
        return Err(format!(
            "the TTL must be whole seconds, at least etcd's minimum of 2 s (it is {} ms)",
            scenario.ttl_ms
        ));
    }
    let counts_down = matches!(scenario.resource, ResourceKind::Inventory { .. });
    Ok(scenario
        .apps
        .iter()
        .map(|a| AppPlan {
            name: a.name.clone(),
            start_ms: a.start_ms,
            ttl_s: scenario.ttl_ms / 1_000,
            steps: a
                .steps
                .iter()
                .map(|s| match *s {
                    Step::Read => PlanStep::Read,
                    Step::Work { for_ms } => PlanStep::Work(for_ms),
                    Step::Write => PlanStep::Write,
                    Step::Return => PlanStep::Return,
                })
                .collect(),
            release_at_end: a.release_at_end,
            counts_down,
        })
        .collect())
}

/// `(at_ms, app, action)` for every fault, in time order; faults that cannot be done to
/// real processes yet are refused by name.
pub fn actions(scenario: &Scenario) -> Result<Vec<(u64, usize, Action)>, String> {
    let mut out = Vec::new();
    for fault in &scenario.faults {
        match *fault {
            Fault::Pause { app, at_ms, for_ms } => {
                let until_ms = at_ms + for_ms;
                out.push((at_ms, app, Action::Stop { until_ms }));
                out.push((until_ms, app, Action::Continue));
            }
            Fault::Crash { app, at_ms } => out.push((at_ms, app, Action::Kill)),
            other => {
                return Err(format!(
                    "{other:?} cannot be recorded yet (only pauses and crashes)"
                ))
            }
        }
    }
    out.sort_by_key(|a| a.0);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every step, a return among them, reaches the app's process as it was planned.
    #[test]
    fn a_plan_with_every_step_survives_its_arguments() {
        let plan = AppPlan {
            name: "B".into(),
            start_ms: 2_000,
            ttl_s: 10,
            steps: vec![
                PlanStep::Read,
                PlanStep::Write,
                PlanStep::Work(3_000),
                PlanStep::Return,
            ],
            release_at_end: true,
            counts_down: true,
        };
        assert_eq!(AppPlan::from_args(&plan.to_args()), Ok(plan));
    }
}
