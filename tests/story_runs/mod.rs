//! Every story × enforcement, said once: the catalog's stories with their own knobs, token
//! enforcement off then on, and (run) the scenario each gives with its run. The tests that
//! sweep the catalog take their cases from here.
#![allow(dead_code)]

use fencing_lab::catalog::{catalog, Entry, Knobs, SYSTEMS};
use fencing_lab::engine::{run, Run, Scenario};

/// One story with one setting of its knobs, run.
pub struct StoryRun {
    pub entry: &'static Entry,
    pub knobs: Knobs,
    pub scenario: Scenario,
    pub run: Run,
}

/// Every story with its own knobs, enforcement off then on.
pub fn every_story_setting() -> impl Iterator<Item = (&'static Entry, Knobs)> {
    catalog()
        .iter()
        .flat_map(|entry| off_then_on(entry, Knobs::defaults_for(entry)))
}

/// Every story on its own numbers and on each real system's, enforcement off then on.
pub fn every_story_system_setting() -> impl Iterator<Item = (&'static Entry, Knobs)> {
    catalog().iter().flat_map(|entry| {
        let own = Knobs::defaults_for(entry);
        let systems = SYSTEMS.into_iter().map(move |s| own.with_system(s));
        std::iter::once(own)
            .chain(systems)
            .flat_map(move |knobs| off_then_on(entry, knobs))
    })
}

/// `entry` with `knobs`, enforcement off then on.
fn off_then_on(entry: &'static Entry, knobs: Knobs) -> [(&'static Entry, Knobs); 2] {
    [false, true].map(|enforcement| {
        let knobs = Knobs {
            enforcement,
            ..knobs
        };
        (entry, knobs)
    })
}

/// [`every_story_setting`], each run (every story is valid with its own knobs).
pub fn every_story_run() -> impl Iterator<Item = StoryRun> {
    every_story_setting().map(|(entry, knobs)| run_with(entry, knobs))
}

/// One story with its own knobs and enforcement `on`, run.
pub fn story_run(entry: &'static Entry, on: bool) -> StoryRun {
    let knobs = Knobs {
        enforcement: on,
        ..Knobs::defaults_for(entry)
    };
    run_with(entry, knobs)
}

fn run_with(entry: &'static Entry, knobs: Knobs) -> StoryRun {
    let scenario = entry.scenario_with(&knobs);
    let run = run(&scenario).expect("a valid story");
    StoryRun {
        entry,
        knobs,
        scenario,
        run,
    }
}
