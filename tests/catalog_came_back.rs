//! "The item came back" (the ABA case of compare-and-set): as the story opens the warehouse
//! compares values and A's reservation passes on a stock that went and came back; the
//! "Enforce by version" switch makes it compare versions, and the same reservation is refused
//! and A tries again. The story, its question and the switch's words follow the run.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::{by_id, Knob, Knobs};
use fencing_lab::engine::{run, Enforce, Mode, Scenario};
use fencing_lab::words;

/// The story's scenario, its told step titles, and its question's right answer's text.
fn story(by_version: bool) -> (Scenario, Vec<String>, String) {
    let entry = by_id("item-came-back").expect("in the catalog");
    let knobs = Knobs {
        by_version,
        ..Knobs::defaults_for(entry)
    };
    let s = entry.scenario_with(&knobs);
    let r = run(&s).expect("runs");
    let told = entry.tell(&s, &r);
    let titles = told.shown.iter().map(|t| t.title.clone()).collect();
    let quiz = entry.ask(&s, &r);
    let asked = quiz.asked.first().expect("its question is asked");
    let right = asked.answers[asked.right].clone();
    assert!(r.verdict.is_safe(), "one item, sold once");
    (s, titles, right)
}

#[test]
fn by_value_the_reservation_passes_and_by_version_it_is_refused() {
    let (s, titles, right) = story(false);
    assert_eq!(
        (s.mode, s.enforce, s.enforcement),
        (Mode::NoLock, Enforce::ExactValue, true)
    );
    assert_eq!(
        titles,
        [
            "A reads",
            "B reserves",
            "B's order is cancelled",
            "Same value, so it passes"
        ]
    );
    assert_eq!(right, "Takes it: the stock is what A read");
    let (s, titles, right) = story(true);
    assert_eq!(s.enforce, Enforce::ExactVersion);
    assert_eq!(
        titles,
        [
            "A reads",
            "B reserves",
            "B's order is cancelled",
            "Same value, new version",
            "A tries again"
        ]
    );
    assert_eq!(right, "Refuses it: the version moved on");
}

#[test]
fn with_no_lock_the_switches_say_value_or_version() {
    let entry = by_id("item-came-back").expect("in the catalog");
    let knobs = Knobs::defaults_for(entry);
    assert!(knobs.enforcing(), "a compare of values is enforcement");
    assert_eq!(
        words::switch_label(&knobs, Knob::Enforcement),
        "Value enforcement"
    );
    assert_eq!(
        words::switch_label(&knobs, Knob::ExactVersion),
        "Enforce by version"
    );
    let by_version = Knobs {
        by_version: true,
        ..knobs
    };
    assert_eq!(
        words::switch_label(&by_version, Knob::Enforcement),
        "Version enforcement"
    );
}
