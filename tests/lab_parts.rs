//! The reducer says what it changed: each part of the lab is shared and replaced only when an
//! intent changes it (copy on write), so an intent leaves every part it does not change as the
//! very same value — nothing else is copied — and the browser's mirror finds what changed by
//! comparing pointers.
#![cfg(not(target_arch = "wasm32"))]

mod lab_support;

use std::sync::Arc;

use fencing_lab::lab::{Intent, Lab, PlaybackIntent, SetupIntent, ViewIntent};
use lab_support::{lab, ok};

/// Which parts `lab` holds other than `before`: setup, playback, view, questions, explorer.
fn changed(before: &Lab, lab: &Lab) -> [bool; 5] {
    [
        !Arc::ptr_eq(&before.setup, &lab.setup),
        !Arc::ptr_eq(&before.playback, &lab.playback),
        !Arc::ptr_eq(&before.view, &lab.view),
        !Arc::ptr_eq(&before.questions, &lab.questions),
        !Arc::ptr_eq(&before.exploring, &lab.exploring),
    ]
}

/// Does `intent` and says which parts it replaced.
fn parts_changed_by(lab: &mut Lab, intent: Intent) -> [bool; 5] {
    let before = lab.clone(); // shares every part: a copy of pointers
    ok(lab, intent);
    changed(&before, lab)
}

#[test]
fn a_tick_while_playing_replaces_playback_alone() {
    let mut lab = lab("gc-pause");
    ok(&mut lab, Intent::Playback(PlaybackIntent::TogglePlay));
    let tick = |now_ms| {
        Intent::Playback(PlaybackIntent::Tick {
            now_ms,
            elapsed_ms: 16.0,
            reduced_motion: false,
        })
    };
    for n in 1..=60 {
        let parts = parts_changed_by(&mut lab, tick(16.0 * f64::from(n)));
        assert_eq!(parts, [false, true, false, false, false], "tick {n}");
    }
}

#[test]
fn each_intent_replaces_only_the_parts_it_changes() {
    let mut lab = lab("gc-pause");
    let seek = Intent::Playback(PlaybackIntent::Seek(20_000));
    assert_eq!(
        parts_changed_by(&mut lab, seek.clone()),
        [false, true, false, false, false]
    );
    assert_eq!(
        parts_changed_by(&mut lab, seek),
        [false; 5],
        "the same seek changes nothing"
    );
    let help = Intent::View(ViewIntent::ToggleHelp);
    assert_eq!(
        parts_changed_by(&mut lab, help),
        [false, false, true, false, false]
    );
    let flip = Intent::Setup(SetupIntent::Flip(fencing_lab::catalog::Knob::Enforcement));
    let parts = parts_changed_by(&mut lab, flip);
    assert!(parts[0], "the setup changed");
    assert!(
        !parts[2] && !parts[3],
        "not the view nor the questions: {parts:?}"
    );
}
