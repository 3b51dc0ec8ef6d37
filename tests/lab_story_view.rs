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
    let pairs = encode(&lab.link());
    assert!(
        pairs.iter().any(|(k, v)| k == "view" && v == "lab"),
        "the lab's link says so: {pairs:?}"
    );
    assert_eq!(decode(&pairs).state.view, View::Lab);
    ok(&mut lab, Intent::View(ViewIntent::StoryView(true)));
    let link = lab.link();
    assert_eq!(link.view, View::Story);
    let pairs = encode(&link);
    assert!(
        !pairs.iter().any(|(k, _)| k == "view"),
        "a reader's link needs no view: {pairs:?}"
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

/// The view a link without `view=` opens, for a link given as `key=value` pairs.
fn opens(link: &str) -> View {
    let pairs: Vec<(String, String)> = link
        .split('&')
        .map(|kv| kv.split_once('=').unwrap())
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    decode(&pairs).state.view
}

#[test]
fn a_link_to_a_story_opens_the_story_view_and_one_with_what_only_the_lab_shows_opens_the_lab() {
    assert_eq!(opens("scenario=gc-pause"), View::Story);
    assert_eq!(opens("scenario=gc-pause&t=30000"), View::Story);
    assert_eq!(
        opens("scenario=gc-pause&enforcement=on"),
        View::Story,
        "the story view's switch"
    );
    assert_eq!(
        opens("scenario=permanent-ownership&mode=lease"),
        View::Story,
        "the story's own fix"
    );
    assert_eq!(
        opens("scenario=gc-pause&f=p.B.1000.2000"),
        View::Lab,
        "a fault added"
    );
    assert_eq!(
        opens("scenario=gc-pause&ttl_ms=5000"),
        View::Story,
        "the story, told with its settings"
    );
    assert_eq!(opens("scenario=gc-pause&compare=on"), View::Lab);
    assert_eq!(opens("scenario=gc-pause&view=lab"), View::Lab);
    assert_eq!(
        opens("scenario=gc-pause&f=p.B.1000.2000&view=story"),
        View::Story
    );
}

#[test]
fn every_view_of_every_story_survives_its_link() {
    for entry in catalog() {
        for view in [View::Lab, View::Story, View::Presentation] {
            for compare in [false, true] {
                let mut state = LinkState::default_for(entry.id);
                (state.view, state.compare) = (view, compare);
                let back = decode(&encode(&state)).state;
                assert_eq!(back, state, "{} in {view:?}, compare {compare}", entry.id);
            }
        }
    }
}
