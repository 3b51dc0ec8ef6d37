//! Compare mode's banner names both halves' verdicts at the playhead, each under its half's
//! title, in the graver tone: never one half's verdict over both timelines.
#![cfg(not(target_arch = "wasm32"))]

mod story_runs;

use fencing_lab::engine::run;
use fencing_lab::lab::{update, Intent, Lab, PlaybackIntent, Progress, ViewIntent};
use fencing_lab::share::LinkState;
use fencing_lab::words::screen::screen;
use fencing_lab::words::{banner, enforcement_of, timeline::compare_title};
use story_runs::every_story_setting;

#[test]
fn compares_banner_names_both_halves_verdicts() {
    for (entry, knobs) in every_story_setting() {
        let link = LinkState {
            knobs,
            ..LinkState::default_for(entry.id)
        };
        let mut lab = Lab::new(&link, Progress::default());
        update(&mut lab, Intent::View(ViewIntent::ToggleCompare)).expect("compare");
        let (off, on) = lab.twins().expect("both halves").clone();
        let name = enforcement_of(lab.scenario());
        let end_ms = off.run.end_ms.max(on.run.end_ms);
        for at_ms in [0, end_ms / 3, end_ms / 2, end_ms] {
            let case = format!("{} enforcement {} at {at_ms}", entry.id, knobs.enforcement);
            // Questions may stop the playhead short; the banner is judged where it stands.
            let _ = update(&mut lab, Intent::Playback(PlaybackIntent::Seek(at_ms)));
            let at_ms = lab.playback.playhead_ms;
            // Each half judged afresh, from its own scenario's run.
            let judged = |s| banner(&run(s).expect("a story runs"), s, at_ms);
            let (said_off, said_on) = (judged(&off.scenario), judged(&on.scenario));
            let shown = screen(&lab).banner;
            let off_part = format!("{}: {}", compare_title(name, false), said_off.head);
            let on_part = format!("{}: {}", compare_title(name, true), said_on.head);
            assert!(
                shown.head.starts_with(&off_part) && shown.head.ends_with(&on_part),
                "{case}: {}",
                shown.head
            );
            let (off_said, on_said) = shown.text.split_once(" ON: ").expect("both sentences");
            assert!(
                said_off
                    .text
                    .starts_with(off_said.trim_start_matches("OFF: "))
                    && on_said == said_on.text.as_str(),
                "{case}: {}",
                shown.text
            );
            assert!(
                !shown.text.contains("Switch on"),
                "no advice for a switch compare mode hides: {case}"
            );
            assert_eq!(shown.tone, said_off.tone.min(said_on.tone), "{case}");
        }
    }
}
