//! Links whose settings are each in range but cannot run together (a lock without expiry on
//! a replicated service, one box under a story that cuts a member off) open a run the engine
//! accepts, settled as the lab's own switches do, and say what changed.
#![cfg(not(target_arch = "wasm32"))]

mod share_support;

use fencing_lab::engine::Mode;
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
