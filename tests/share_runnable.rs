//! Links whose settings are each in range but cannot run together (a lock without expiry on
//! a replicated service, one box under a story that cuts a member off) open a run the engine
//! accepts, settled as the lab's own switches do, and say what changed. A `members` value the
//! knob ignores (too long) is not the one member faults are read against either: a fault on a
//! member the run lacks is dropped with its own notice, and the link's other faults are kept.
#![cfg(not(target_arch = "wasm32"))]

mod share_support;

use fencing_lab::engine::{Fault, Mode, APP_A};
use fencing_lab::share::Decoded;
use share_support::{link, messages as said};

fn runs(d: &Decoded) -> bool {
    d.state.scenario().validate().is_ok()
}

#[test]
fn a_lock_asked_for_on_a_group_story_runs_on_one_box_as_the_switch_does() {
    let d = link(&[("scenario", "leader-change"), ("mode", "lock")]);
    assert!(runs(&d));
    assert_eq!(
        (d.state.knobs.mode, d.state.knobs.members),
        (Mode::PermanentLock, 1)
    );
    assert_eq!(
        said(&d),
        ["Mode 'lock': a lock without expiry runs on one box; using 1 member"]
    );
}

#[test]
fn a_lock_asked_for_with_a_group_named_keeps_the_group_and_uses_a_lease() {
    let d = link(&[
        ("scenario", "leader-change"),
        ("mode", "lock"),
        ("members", "5"),
    ]);
    assert!(runs(&d));
    assert_eq!(
        (d.state.knobs.mode, d.state.knobs.members),
        (Mode::Lease, 5)
    );
    assert_eq!(
        said(&d),
        ["Mode 'lock': a replicated coordination service grants leases only; using lease"]
    );
}

#[test]
fn one_box_asked_for_under_a_story_that_cuts_a_member_off_keeps_the_storys_group() {
    let d = link(&[("scenario", "minority-leader"), ("members", "1")]);
    assert!(runs(&d));
    assert_eq!(d.state.knobs.members, 3);
    assert_eq!(
        said(&d),
        ["Members: this story's faults need a replicated coordination service; using 3"]
    );
}

#[test]
fn a_lock_under_a_story_that_cuts_a_member_off_keeps_the_group_and_uses_a_lease() {
    let d = link(&[
        ("scenario", "minority-leader"),
        ("mode", "lock"),
        ("members", "1"),
    ]);
    assert!(runs(&d));
    assert_eq!(
        (d.state.knobs.mode, d.state.knobs.members),
        (Mode::Lease, 3)
    );
    assert_eq!(said(&d).len(), 2, "{:?}", said(&d));
}

#[test]
fn settings_that_run_together_are_left_alone() {
    let d = link(&[
        ("scenario", "leader-change"),
        ("mode", "lock"),
        ("members", "1"),
    ]);
    assert!(runs(&d) && said(&d).is_empty(), "{:?}", said(&d));
    assert_eq!(d.state.knobs.mode, Mode::PermanentLock);
}

#[test]
fn settings_that_still_cannot_run_together_fall_back_on_the_storys_own_and_say_so() {
    // The story's apps allow for clock drift (the engine refuses an allowance not shorter
    // than the lease): a 1 s lease is too short for it.
    let d = link(&[
        ("scenario", "kubernetes-two-leaders"),
        ("preset", "none"),
        ("ttl_ms", "1000"),
    ]);
    assert!(runs(&d));
    let story = fencing_lab::catalog::by_id("kubernetes-two-leaders").unwrap();
    assert_eq!(
        d.state.knobs,
        fencing_lab::catalog::Knobs::defaults_for(story)
    );
    assert_eq!(
        said(&d),
        ["These settings cannot run together; using the story's own, without added faults"]
    );
}

/// A `members` value of 250 characters that reads as 5 ("000…05"): longer than a link's
/// values may be, so the knob ignores it.
fn over_long_five() -> String {
    format!("{}5", "0".repeat(249))
}

#[test]
fn an_over_long_members_value_drops_only_the_member_faults_it_would_have_allowed() {
    let members = over_long_five();
    let d = link(&[
        ("members", members.as_str()),
        ("f", "m.5.1000.1000"),
        ("f", "p.A.1000.2000"),
    ]);
    assert!(runs(&d));
    assert_eq!(d.state.knobs.members, 1, "the story's one box");
    assert_eq!(d.state.faults, [Fault::pause(APP_A, 1_000, 2_000)]);
    assert_eq!(
        said(&d),
        [
            "Ignored 'members': its value is longer than 200 characters",
            "Ignored fault 'm.5.1000.1000': the coordination service is one box here: it has \
             no members to fail"
        ]
    );
}

#[test]
fn an_over_long_members_value_on_a_group_story_reads_member_faults_against_the_storys_group() {
    let members = over_long_five();
    let d = link(&[
        ("scenario", "leader-change"),
        ("members", members.as_str()),
        ("f", "m.5.1000.1000"),
        ("f", "m.3.1000.1000"),
        ("f", "p.A.1000.2000"),
    ]);
    assert!(runs(&d));
    assert_eq!(d.state.knobs.members, 3, "the story's group");
    assert_eq!(
        d.state.faults,
        [
            Fault::crash_member(Some(2), 1_000, 1_000),
            Fault::pause(APP_A, 1_000, 2_000)
        ]
    );
    let dropped: Vec<String> = said(&d)
        .into_iter()
        .filter(|m| m.starts_with("Ignored fault"))
        .collect();
    assert_eq!(
        dropped,
        [
            "Ignored fault 'm.5.1000.1000': no member '5': the coordination service has members \
          1 to 3, or 'leader'"
        ]
    );
}
