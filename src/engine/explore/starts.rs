//! Where each schedule's run starts (issue 52): not at 0, but from a mark (`marks.rs`), a run
//! kept as it stands before a time a candidate fault may strike. A schedule's last pick (in
//! the search's order) strikes at some time; everything before it is the run of the scenario
//! with the schedule's other picks, the same for every schedule that shares them (the
//! schedules of one size come in runs that share all picks but the last). So two kinds of
//! marks are kept: the scenario's own run's, and those of the run with the current schedule's
//! other picks, made as they are needed. A schedule starts from the latest mark before its last
//! pick strikes, in the run of its other picks if one of them struck by then, else in the
//! scenario's own run with all its picks placed late.

use super::super::fault::Fault;
use super::super::scenario::Scenario;
use super::super::scenario_error::ScenarioError;
use super::super::sim::Sim;
use super::super::speed::speed_over_size;
use super::super::verdict::Verdict;

/// The most marks a run keeps (a simulation each); with more times, every run starts at 0.
const MAX_MARKS: usize = 64;

/// Verdict-only runs of a scenario under schedules of candidate faults, each started from a
/// mark (see the module comment). Each verdict is [`super::super::run_verdict_only`]'s.
#[derive(Clone, Debug)]
pub(super) struct Starts {
    /// The run of the schedule at hand.
    sim: Sim,
    /// The candidate faults, each with when it may first change a run ([`strikes_ms`]).
    candidates: Vec<(Fault, u64)>,
    /// Whether the scenario with every candidate passes its checks: then so does any schedule
    /// of them, each fault being checked on its own ([`Scenario::validate`]), and none is
    /// checked again. Never where size matters more than speed (the app's wasm:
    /// [`speed_over_size`]): there every schedule is checked.
    all_valid: bool,
    /// How many of the scenario's faults are its own (kept in every run).
    own: usize,
    /// The scheduling number before those held for the candidates (two each, in their order).
    held: u64,
    /// The times of the marks, ascending, the first 0.
    times_ms: Vec<u64>,
    /// The scenario's own run before each of `times_ms`.
    base: Vec<Sim>,
    /// The other picks of the schedules at hand, their run so far (if started), and its
    /// `made` marks (by index into `times_ms`, from the first after the earliest of them
    /// strikes); the simulations are kept for the next others' to reuse.
    others: Vec<usize>,
    runner: (bool, Option<Sim>),
    marks: Vec<(usize, Sim)>,
    made: usize,
}

impl Starts {
    /// Runs of `scenario` under schedules of `candidates`.
    pub fn new(scenario: &Scenario, candidates: &[Fault]) -> Result<Starts, ScenarioError> {
        let mut sim = Sim::new_verdict_only(scenario)?;
        let held = sim.hold_for_faults(2 * candidates.len() as u64);
        let all_valid = speed_over_size() && {
            let mut all = scenario.clone();
            all.faults.extend_from_slice(candidates);
            all.validate().is_ok()
        };
        let candidates: Vec<(Fault, u64)> =
            candidates.iter().map(|&f| (f, strikes_ms(&f))).collect();
        let mut times_ms: Vec<u64> = candidates.iter().map(|c| c.1).collect();
        times_ms.push(0);
        times_ms.sort_unstable();
        times_ms.dedup();
        if times_ms.len() > MAX_MARKS {
            times_ms.truncate(1);
        }
        let base = times_ms.iter().map(|&at_ms| {
            sim.run_before(at_ms);
            sim.clone()
        });
        Ok(Starts {
            base: base.collect(),
            sim,
            candidates,
            all_valid,
            own: scenario.faults.len(),
            held,
            times_ms,
            others: Vec::new(),
            runner: (false, None),
            marks: Vec::new(),
            made: 0,
        })
    }

    /// The faults of the last run: the scenario's own, then the schedule's.
    pub fn faults(&self) -> &[Fault] {
        &self.sim.scenario.faults
    }

    /// Runs the schedule of `picks` (candidate indices, ascending): its verdict, or the first
    /// problem [`Scenario::validate`] finds.
    pub fn verdict(&mut self, picks: &[usize]) -> Result<Verdict, ScenarioError> {
        let Some((&last, others)) = picks.split_last() else {
            self.sim.restore(self.base.last().expect("a mark at 0"));
            return self.finish(picks);
        };
        let last_ms = self.candidates[last].1;
        let mark = self.times_ms.partition_point(|&at_ms| at_ms <= last_ms) - 1;
        let others_ms = others.iter().map(|&i| self.candidates[i].1).min();
        let late = if others_ms.is_none_or(|at_ms| at_ms >= self.times_ms[mark]) {
            self.sim.restore(&self.base[mark]);
            picks
        } else {
            let start = self.others_mark(others, mark);
            self.sim.restore(&self.marks[start].1);
            &picks[picks.len() - 1..]
        };
        for &i in late {
            let seq = self.held + 1 + 2 * i as u64;
            self.sim.place_late(&self.candidates[i].0, seq);
        }
        self.finish(picks)
    }

    /// Sets the run's faults to the scenario's own and `picks`', checks them and runs to the end.
    fn finish(&mut self, picks: &[usize]) -> Result<Verdict, ScenarioError> {
        let faults = &mut self.sim.scenario.faults;
        faults.truncate(self.own);
        faults.extend(picks.iter().map(|&i| self.candidates[i].0));
        if self.all_valid {
            debug_assert!(self.sim.scenario.validate().is_ok());
        } else {
            self.sim.scenario.validate()?;
        }
        Ok(self.sim.verdict())
    }

    /// The run of the scenario with the faults of `others` (one of which strikes before the
    /// mark's time), before the time of mark `mark`: its place in `marks`.
    fn others_mark(&mut self, others: &[usize], mark: usize) -> usize {
        if self.others != others {
            self.others.clear();
            self.others.extend_from_slice(others);
            (self.made, self.runner.0) = (0, false);
        }
        let made = &self.marks[..self.made];
        if let Some(i) = made.iter().position(|&(m, _)| m == mark) {
            return i;
        }
        let next = made.last().map(|&(m, _)| m + 1);
        let first_ms = others.iter().map(|&i| self.candidates[i].1).min();
        let first_ms = first_ms.expect("some other pick");
        let from = self.times_ms.partition_point(|&at_ms| at_ms <= first_ms) - 1;
        debug_assert!(from < mark, "one of the others strikes before the mark");
        let runner = match &mut self.runner {
            (true, Some(runner)) => runner,
            (started, runner) => {
                *started = true;
                let runner = match runner {
                    Some(runner) => {
                        runner.restore(&self.base[from]);
                        runner
                    }
                    None => runner.insert(self.base[from].clone()),
                };
                for &i in others {
                    let seq = self.held + 1 + 2 * i as u64;
                    runner.place_late(&self.candidates[i].0, seq);
                }
                runner
            }
        };
        for m in next.unwrap_or(from + 1)..=mark {
            runner.run_before(self.times_ms[m]);
            match self.marks.get_mut(self.made) {
                Some(slot) => {
                    slot.0 = m;
                    slot.1.restore(runner);
                }
                None => self.marks.push((m, runner.clone())),
            }
            self.made += 1;
        }
        self.made - 1
    }
}

/// When `fault` may first change a run: its time, for a fault that acts only through what it
/// queues then (`marks.rs`); 0 for one placed on a message or a write, and for a partition.
fn strikes_ms(fault: &Fault) -> u64 {
    match fault {
        Fault::Partition { .. } => 0,
        _ => fault.at_ms().unwrap_or(0),
    }
}

#[cfg(test)]
mod tests {
    use super::super::bounds::candidates;
    use super::super::space::Combos;
    use super::super::Bounds;
    use super::*;
    use crate::engine::{run_verdict_only, APP_A};

    /// Every schedule of a space (up to 2 picks of the candidates), started from its mark,
    /// ends in the very verdict of a fresh run from 0, event count included.
    fn every_schedule_as_from_0(scenario: &Scenario, bounds: &Bounds) {
        let faults: Vec<Fault> = candidates(bounds, scenario)
            .iter()
            .map(|c| c.fault)
            .collect();
        let mut starts = Starts::new(scenario, &faults).expect("a valid scenario");
        let mut combos = Combos::new(faults.len(), 2);
        loop {
            let picks = combos.current();
            let mut fresh = scenario.clone();
            fresh.faults.extend(picks.iter().map(|&i| faults[i]));
            assert_eq!(starts.verdict(picks), run_verdict_only(&fresh), "{picks:?}");
            assert_eq!(starts.faults(), &fresh.faults[..]);
            if combos.advance().is_none() {
                break;
            }
        }
    }

    #[test]
    fn every_run_from_a_mark_is_the_run_from_0() {
        let one_box = Scenario::gc_pause_story(true).with_fault(Fault::pause(APP_A, 9_000, 1));
        let bounds = Bounds {
            crashes: true,
            duplicate_writes_up_to: 1,
            service_faults: true,
            pause_lengths_ms: vec![7_000, 25_000],
            step_ms: 10_000,
            ..Bounds::for_scenario(&one_box)
        };
        every_schedule_as_from_0(&one_box, &bounds);
        let group = Scenario {
            members: 3,
            ..Scenario::gc_pause_story(true)
        };
        let bounds = Bounds {
            leader_cuts: true,
            member_crashes: true,
            ..bounds
        };
        every_schedule_as_from_0(&group, &bounds);
    }
}
