//! A question comes before its answer (issue 51, item 5): in every story, enforcement off and
//! on, nothing the learner has seen when a question is asked already settles it. Neither the
//! run (the event that decides the right answer comes at the question's moment or later) nor
//! a narration card shown before it (a card's words may depend only on what has happened by
//! its own moment, so no card tells what is still to come).
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::{catalog, Anchor, Cond, Entry, EventMatcher, Knobs};
use fencing_lab::engine::{run, Run};

/// The first time an event of kind `m` happens.
fn first(run: &Run, m: EventMatcher) -> Option<u64> {
    run.trace
        .iter()
        .find(|e| m.matches(&e.kind))
        .map(|e| e.at_ms)
}

/// When a run shows whether `cond` holds (`cond` holds of `run`): the moment of the last event
/// it needs, 0 for a setting (the learner picked it), the run's end for what can only be known
/// at the end (that something never happens).
fn settled_ms(cond: &Cond, run: &Run) -> u64 {
    settled(cond, run, run.end_ms)
}

/// As [`settled_ms`], with `absent_ms` for when a run shows that something never happens.
fn settled(cond: &Cond, run: &Run, absent_ms: u64) -> u64 {
    let end = run.end_ms;
    let at = |m| first(run, m).unwrap_or(end);
    match *cond {
        Cond::Happens(m) | Cond::Before(m, _) => at(m),
        Cond::Then(_, b) => at(b),
        Cond::Never(_) => absent_ms,
        Cond::Once(m) => at(m).max(absent_ms),
        Cond::Stuck | Cond::Safe | Cond::OneOwner => end,
        Cond::Broken => run.verdict.violations.first().map_or(end, |v| v.at_ms),
        Cond::SplitBrain => run.verdict.split_brain.first().map_or(end, |s| s.from_ms),
        Cond::Is(anchor, _) => anchor_ms(anchor, run),
        Cond::Token(..) => end.min(run_grants_ms(run)),
        Cond::And(a, b) => settled(a, run, absent_ms).max(settled(b, run, absent_ms)),
        _ => 0,
    }
}

/// When the last grant happened (a comparison of tokens is settled once both are granted).
fn run_grants_ms(run: &Run) -> u64 {
    run.spans
        .leases
        .iter()
        .map(|l| l.from_ms)
        .max()
        .unwrap_or(0)
}

fn anchor_ms(anchor: Anchor, run: &Run) -> u64 {
    anchor.event(run).map_or(run.end_ms, |e| e.at_ms)
}

/// Every story's runs with enforcement off and on (a switch it does not offer is skipped).
fn runs() -> Vec<(&'static Entry, bool, fencing_lab::engine::Scenario, Run)> {
    let mut out = Vec::new();
    for entry in catalog() {
        for enforcement in [false, true] {
            let knobs = Knobs {
                enforcement,
                ..Knobs::defaults_for(entry)
            };
            let s = entry.scenario_with(&knobs);
            if let Ok(r) = run(&s) {
                out.push((entry, enforcement, s, r));
            }
        }
    }
    out
}

/// The first moment the run shows any part of `cond` that is an outcome (not a setting the
/// learner picked): seeing one part of the right answer already gives it away.
fn first_shown_ms(cond: &Cond, run: &Run) -> Option<u64> {
    match *cond {
        Cond::And(a, b) => match (first_shown_ms(a, run), first_shown_ms(b, run)) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, y) => x.or(y),
        },
        Cond::Happens(_)
        | Cond::Never(_)
        | Cond::Once(_)
        | Cond::Stuck
        | Cond::Safe
        | Cond::Broken
        | Cond::SplitBrain
        | Cond::OneOwner
        | Cond::Then(..)
        | Cond::Before(..)
        | Cond::Is(..)
        | Cond::Token(..) => Some(settled_ms(cond, run)),
        _ => None,
    }
}

#[test]
fn no_question_is_asked_after_the_run_has_settled_it() {
    let mut early = Vec::new();
    for (entry, on, s, run) in runs() {
        for asked in entry.ask(&s, &run).asked {
            let q = asked.question;
            let right = &q.answers[q.order()[asked.right]];
            let settled = first_shown_ms(&right.right_if, &run).unwrap_or(asked.at_ms);
            if settled < asked.at_ms {
                early.push(format!(
                    "{} (enforcement {on}): {:?} asked at {} ms, settled at {settled} ms",
                    entry.id, asked.prompt, asked.at_ms
                ));
            }
        }
    }
    assert!(early.is_empty(), "{early:#?}");
}

/// A card shown before a question may not depend on what happens at the question's moment or
/// later: its words would tell the learner the answer. (That something never happens in a
/// story, such as "A does not renew", is how the story is set up, not a foretold outcome.)
#[test]
fn no_card_shown_before_a_question_tells_its_outcome() {
    let mut told = Vec::new();
    for (entry, on, s, run) in runs() {
        let steps = entry.tell(&s, &run).shown;
        for asked in entry.ask(&s, &run).asked {
            for step in steps.iter().filter(|t| t.at_ms < asked.at_ms) {
                let settled = settled(&step.step.when, &run, 0);
                if settled >= asked.at_ms {
                    told.push(format!(
                        "{} (enforcement {on}): {:?} at {} ms depends on {settled} ms, after {:?} at {} ms",
                        entry.id, step.title, step.at_ms, asked.prompt, asked.at_ms
                    ));
                }
            }
        }
    }
    assert!(told.is_empty(), "{told:#?}");
}
