//! Telling a story of a run: each narration step whose claim holds is placed at its
//! anchor's time, in time order, with its `{placeholders}` filled from the run
//! ([`super::fill`]); the others are listed as not in this run, with why (as data).
//!
//! A placeholder the run cannot fill (B is never granted a token) keeps the step out of
//! the story, exactly like an anchor that never happens.

use super::fill::{fill, Ctx};
use super::knobs::Knob;
use super::narration::{Anchor, Missing, NarrationStep};
use crate::engine::{Event, Mode, Run, Scenario};

/// A step told at a moment of the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimedStep {
    /// The step as written.
    pub step: &'static NarrationStep,
    /// When it happens.
    pub at_ms: u64,
    /// Its title, filled in.
    pub title: String,
    /// Its text, filled in.
    pub text: String,
}

/// A step whose claim does not hold in the run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Untold {
    /// The step as written.
    pub step: &'static NarrationStep,
    /// Its title, filled in from the run where it can be.
    pub title: String,
    /// Why it is not in this run.
    pub why: Missing,
}

/// A story told against one run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Told {
    /// The steps that hold, in time order (story order at equal times).
    pub shown: Vec<TimedStep>,
    /// The steps that do not, in story order.
    pub not_in_run: Vec<Untold>,
}

impl Told {
    /// Adds `timed` in time order, after the steps at its time (an insertion: a story has a
    /// handful of steps, and a sort would add kilobytes of wasm).
    pub fn insert(&mut self, timed: TimedStep) {
        let at = self.shown.partition_point(|t| t.at_ms <= timed.at_ms);
        self.shown.insert(at, timed);
    }
}

/// Tells `steps` against `run`, the run of `scenario`. With no lock, a step that needs one is
/// left out of "not in this run" too: its words are of leases and tokens, which that run has
/// none of.
pub fn tell(steps: &'static [NarrationStep], scenario: &Scenario, run: &Run) -> Told {
    let mut told = Told::default();
    for step in steps {
        match place(step, scenario, run) {
            Ok(timed) => told.insert(timed),
            Err(_) if needs_a_lock(step, scenario, run) => {}
            Err(why) => told.not_in_run.push(Untold {
                step,
                title: untold_title(step, scenario, run),
                why,
            }),
        }
    }
    told
}

/// Whether `step` is of a design with a lock and the run has none.
fn needs_a_lock(step: &NarrationStep, scenario: &Scenario, run: &Run) -> bool {
    scenario.mode == Mode::NoLock
        && matches!(
            step.when.check(scenario, run),
            Err(Missing::Setting(Knob::Mode, _))
        )
}

fn place(
    step: &'static NarrationStep,
    scenario: &Scenario,
    run: &Run,
) -> Result<TimedStep, Missing> {
    let event = step.anchor.event(run);
    let at_ms = match (step.anchor.matcher(), event) {
        (None, _) => run.end_ms,
        (Some(_), Some(e)) => e.at_ms,
        (Some(m), None) => return Err(Missing::Never(m)),
    };
    step.when.check(scenario, run)?;
    let ctx = Ctx {
        scenario,
        run,
        at_ms,
        event,
    };
    Ok(TimedStep {
        step,
        at_ms,
        title: fill(step.title, &ctx)?,
        text: fill(step.text, &ctx)?,
    })
}

/// Adds to `told` each of `steps` (anchored on [`Anchor::Each`]) at every event it matches
/// that no step already in `told` is anchored on, when its condition holds.
pub fn tell_each(steps: &'static [NarrationStep], told: &mut Told, scenario: &Scenario, run: &Run) {
    let anchored: Vec<&Event> = told
        .shown
        .iter()
        .filter_map(|t| t.step.anchor.event(run))
        .collect();
    // Each step's condition is about the whole run: checked once, not at every event.
    let holds: Vec<bool> = steps
        .iter()
        .map(|s| s.when.check(scenario, run).is_ok())
        .collect();
    for event in &run.trace {
        if anchored.iter().any(|a| std::ptr::eq(*a, event)) {
            continue;
        }
        for (step, _) in steps.iter().zip(&holds).filter(|(_, holds)| **holds) {
            let Anchor::Each(m) = step.anchor else {
                continue;
            };
            if !m.matches(&event.kind) {
                continue;
            }
            let ctx = Ctx {
                scenario,
                run,
                at_ms: event.at_ms,
                event: Some(event),
            };
            if let (Ok(title), Ok(text)) = (fill(step.title, &ctx), fill(step.text, &ctx)) {
                told.insert(TimedStep {
                    step,
                    at_ms: event.at_ms,
                    title,
                    text,
                });
            }
        }
    }
}

/// An untold step's title: filled in at the run's end, or with its placeholders dropped.
fn untold_title(step: &NarrationStep, scenario: &Scenario, run: &Run) -> String {
    let ctx = Ctx {
        scenario,
        run,
        at_ms: run.end_ms,
        event: None,
    };
    fill(step.title, &ctx).unwrap_or_else(|_| {
        let words: Vec<&str> = step.title.split(' ').filter(|w| !w.contains('{')).collect();
        crate::units::joined(&words, " ")
    })
}
