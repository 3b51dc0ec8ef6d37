//! The story view and the lab are two views of the same run: a first visit opens the first
//! story's story view, the view is in the link, and leaving it changes nothing of the run.
#![cfg(not(target_arch = "wasm32"))]

mod lab_support;

use fencing_lab::catalog::catalog;
use fencing_lab::lab::{Intent, Lab, PlaybackIntent, Progress, ViewIntent};
use fencing_lab::share::{decode, encode, LinkState, View};
use lab_support::ok;

#[test]
fn a_first_visit_opens_the_documents_first_story_in_the_story_view() {
    let first = LinkState::first_visit();
    assert_eq!(first.entry_id, catalog()[0].id);
    assert_eq!(first.view, View::Story);
    let lab = Lab::new(&first, Progress::default());
    assert!(lab.view.story && !lab.view.presenting);
    assert_eq!(lab.link().view, View::Story);
}

#[test]
fn experiment_opens_the_lab_on_the_same_run_and_the_link_says_which_view() {
    let mut lab = Lab::new(&LinkState::first_visit(), Progress::default());
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(50_000)));
    let run = lab.run().clone();
    ok(&mut lab, Intent::View(ViewIntent::StoryView(false)));
    assert!(!lab.view.story);
    assert!(std::sync::Arc::ptr_eq(&run, lab.run()), "the same run");
    assert_eq!(lab.playback.playhead_ms, 50_000, "the same moment");
    assert_eq!(lab.link().view, View::Lab);
    ok(&mut lab, Intent::View(ViewIntent::StoryView(true)));
    let link = lab.link();
    assert_eq!(link.view, View::Story);
    let pairs = encode(&link);
    assert!(
        pairs.iter().any(|(k, v)| k == "view" && v == "story"),
        "{pairs:?}"
    );
    assert_eq!(
        decode(&pairs).state,
        link,
        "a story-view link opens the story view"
    );
}

#[test]
fn presentation_from_the_story_view_returns_to_it() {
    let mut lab = Lab::new(&LinkState::first_visit(), Progress::default());
    ok(&mut lab, Intent::View(ViewIntent::TogglePresenting));
    assert_eq!(lab.link().view, View::Presentation);
    ok(&mut lab, Intent::View(ViewIntent::TogglePresenting));
    assert_eq!(lab.link().view, View::Story);
}

#[test]
fn a_link_without_a_view_opens_the_lab_as_links_always_did() {
    let pairs = vec![("scenario".to_string(), "gc-pause".to_string())];
    assert_eq!(decode(&pairs).state.view, View::Lab);
}
