//! "Enforcement on" has one meaning, `Scenario::enforcing`: the resource checks writes when the
//! switch is on and its grants give it something to check, and nothing otherwise. Over every
//! story, on its own numbers and on each real system's, with the switch off and on, a story's
//! opening, the knobs, the lab's switch and compare mode's halves all agree with it.
#![cfg(not(target_arch = "wasm32"))]

mod lab_support;
mod story_runs;

use fencing_lab::catalog::{catalog, Knob, Knobs};
use fencing_lab::lab::{update, Intent, Lab, Progress, Refusal, SetupIntent, ViewIntent};
use fencing_lab::share::LinkState;
use story_runs::every_story_system_setting;

/// Every story's knobs: its own numbers and each system's, the switch off and on.
fn every_setting() -> Vec<(&'static str, Knobs)> {
    every_story_system_setting()
        .map(|(entry, knobs)| (entry.id, knobs))
        .collect()
}

/// A lab showing `story` with `knobs`.
fn lab_with(story: &str, knobs: Knobs) -> Lab {
    let link = LinkState {
        knobs,
        ..LinkState::default_for(story)
    };
    Lab::new(&link, Progress::default())
}

#[test]
fn a_story_opens_enforcing_only_what_it_can_check() {
    for entry in catalog() {
        let s = entry.scenario();
        assert_eq!(
            s.enforcement,
            entry.default_enforcement && s.can_enforce(),
            "{}",
            entry.id
        );
        assert!(s.validate().is_ok(), "{}", entry.id);
    }
}

#[test]
fn the_knobs_the_switch_and_compare_mode_mean_the_same_enforcement() {
    let mut refused = 0;
    for (story, knobs) in every_setting() {
        let entry = fencing_lab::catalog::by_id(story).expect("a story");
        let s = entry.scenario_with(&knobs);
        let case = format!("{story} {:?} on={}", knobs.system, knobs.enforcement);
        assert_eq!(
            s.enforcement,
            knobs.enforcement && s.can_enforce(),
            "knobs: {case}"
        );
        let mut lab = lab_with(story, knobs);
        assert_eq!(
            lab.scenario().enforcement,
            s.enforcement,
            "the lab's run: {case}"
        );
        let flip = Intent::Setup(SetupIntent::Flip(Knob::Enforcement));
        match update(&mut lab, flip) {
            Err(why) => {
                refused += 1;
                assert_eq!(*why, Refusal::CannotEnforce, "{case}");
                assert!(!s.can_enforce(), "refused though it could check: {case}");
            }
            Ok(_) => assert_eq!(
                lab.scenario().enforcement,
                !s.enforcement,
                "the switch flips the run's check: {case}"
            ),
        }
        let mut lab = lab_with(story, knobs);
        update(&mut lab, Intent::View(ViewIntent::ToggleCompare)).expect("compare");
        let (off, on) = lab.twins().expect("both halves");
        assert!(
            !off.scenario.enforcement,
            "the off half checks nothing: {case}"
        );
        assert!(on.scenario.enforcement, "the on half checks: {case}");
        assert!(on.scenario.can_enforce(), "{case}");
    }
    assert!(
        refused > 0,
        "some systems hand out nothing to compare by order"
    );
}
