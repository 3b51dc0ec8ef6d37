//! The lectern (issue 51, item 6): in presentation view the clicker alone moves a talk through
//! the whole catalog. PageDown past a story's last step opens the next story in the chapters'
//! order with its title card up; the next PageDown takes the card down; PageUp at a story's
//! start opens the previous story. Outside presentation view PageDown stops at the last step.
#![cfg(not(target_arch = "wasm32"))]

mod lab_support;

use fencing_lab::catalog::catalog;
use fencing_lab::lab::{Intent, Lab, PlaybackIntent, ViewIntent};
use lab_support::{lab, ok};

const NEXT: Intent = Intent::Playback(PlaybackIntent::NextStep);
const PREV: Intent = Intent::Playback(PlaybackIntent::PrevStep);

fn presenting(id: &str) -> Lab {
    let mut lab = lab(id);
    ok(&mut lab, Intent::View(ViewIntent::TogglePresenting));
    assert!(lab.view.presenting);
    lab
}

/// Presses PageDown until the story changes (through every step and question); how many
/// presses it took. Fails after far more presses than any story has steps.
fn page_down_out_of(lab: &mut Lab) -> usize {
    let id = lab.entry().id;
    for presses in 1..200 {
        ok(lab, NEXT);
        if lab.entry().id != id {
            return presses;
        }
    }
    panic!("{id}: PageDown never left the story");
}

#[test]
fn page_down_past_the_last_step_opens_the_next_story_with_its_title_card() {
    let stories = catalog();
    let mut lab = presenting(stories[0].id);
    for next in &stories[1..] {
        page_down_out_of(&mut lab);
        assert_eq!(lab.entry().id, next.id, "the chapters' order");
        assert!(lab.view.title_card && lab.view.presenting);
        assert_eq!(lab.playback.playhead_ms, 0);
        ok(&mut lab, NEXT);
        assert!(
            !lab.view.title_card,
            "the next PageDown takes the card down"
        );
        assert_eq!(lab.entry().id, next.id);
        assert_eq!(lab.playback.playhead_ms, 0, "and moves nothing else");
    }
    // The last story's end: PageDown does nothing more.
    for _ in 0..200 {
        ok(&mut lab, NEXT);
    }
    assert_eq!(lab.entry().id, stories[stories.len() - 1].id);
    assert!(!lab.view.title_card);
}

#[test]
fn page_up_at_a_storys_start_opens_the_previous_one() {
    let stories = catalog();
    let mut lab = presenting(stories[2].id);
    ok(&mut lab, NEXT);
    ok(&mut lab, PREV);
    assert_eq!(lab.entry().id, stories[2].id, "first back to the start");
    assert_eq!(lab.playback.playhead_ms, 0);
    ok(&mut lab, PREV);
    assert_eq!(lab.entry().id, stories[1].id);
    assert!(lab.view.title_card);
    ok(&mut lab, PREV);
    assert_eq!(lab.entry().id, stories[0].id);
    ok(&mut lab, PREV);
    assert_eq!(
        lab.entry().id,
        stories[0].id,
        "nothing before the first story"
    );
}

#[test]
fn playing_or_leaving_presentation_takes_the_title_card_down() {
    let stories = catalog();
    let mut lab = presenting(stories[0].id);
    page_down_out_of(&mut lab);
    ok(&mut lab, Intent::Playback(PlaybackIntent::TogglePlay));
    assert!(!lab.view.title_card && lab.playback.playing);
    page_down_out_of(&mut lab);
    assert!(lab.view.title_card);
    ok(&mut lab, Intent::View(ViewIntent::TogglePresenting));
    assert!(!lab.view.title_card && !lab.view.presenting);
}

#[test]
fn outside_presentation_page_down_stops_at_the_last_step() {
    let mut lab = lab(catalog()[0].id);
    for _ in 0..200 {
        ok(&mut lab, NEXT);
    }
    assert_eq!(lab.entry().id, catalog()[0].id);
    assert!(!lab.view.title_card);
}
