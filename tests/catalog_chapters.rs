//! The catalog's chapters, as the picker lists them: every story once, in teaching order,
//! under a chapter with a title of its own.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::{catalog, chapters};
use fencing_lab::words::chapters::chapter;

#[test]
fn the_chapters_hold_every_story_once_in_teaching_order() {
    let listed: Vec<&str> = chapters()
        .flat_map(|(_, entries)| entries.iter().map(|e| e.id))
        .collect();
    let all: Vec<&str> = catalog().iter().map(|e| e.id).collect();
    assert_eq!(listed, all);
    assert!(chapters().all(|(_, entries)| !entries.is_empty()));
}

#[test]
fn each_chapter_has_a_title_of_its_own_and_the_stories_it_names() {
    let titled: Vec<(&str, Vec<&str>)> = chapters()
        .map(|(c, entries)| (chapter(c), entries.iter().map(|e| e.id).collect()))
        .collect();
    let titles: std::collections::BTreeSet<&str> = titled.iter().map(|(t, _)| *t).collect();
    assert_eq!(titles.len(), titled.len(), "{titles:?}");
    let holding = |id: &str| titled.iter().find(|(_, ids)| ids.contains(&id)).unwrap().0;
    assert_eq!(holding("gc-pause"), "Locks and leases");
    assert_eq!(holding("tokens-101-102-103"), "Fencing tokens");
    assert_eq!(holding("one-box"), "Beyond the lock");
    assert_eq!(holding("which-pattern"), "Beyond the lock");
    assert_eq!(holding("curator-session"), "Real systems' defaults");
}
