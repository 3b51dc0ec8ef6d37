//! Prints every catalog entry's trace, told narration and asked questions (run with
//! `--ignored --nocapture` while writing narration or questions).
#![cfg(not(target_arch = "wasm32"))]

mod story_runs;

use fencing_lab::engine::EventKind;
use story_runs::{every_story_run, StoryRun};

#[test]
#[ignore = "prints traces for authors"]
fn dump() {
    for StoryRun {
        entry,
        knobs,
        scenario: s,
        run: r,
    } in every_story_run()
    {
        println!("=== {} enforcement={}", entry.id, knobs.enforcement);
        for e in &r.trace {
            let quiet = matches!(
                e.kind,
                EventKind::MessageSent { .. } | EventKind::MessageDelivered { .. }
            );
            if !quiet {
                println!("{:>7} {}", e.at_ms, fencing_lab::words::event(e, &s));
            }
        }
        let v = &r.verdict;
        println!("violations={:?} split={:?}", v.violations, v.split_brain);
        let told = entry.tell(&s, &r);
        for t in &told.shown {
            println!("  [{:>6}] {}: {}", t.at_ms, t.title, t.text);
        }
        for u in &told.not_in_run {
            println!("  [  --  ] {} ({:?})", u.title, u.why);
        }
        for a in &entry.ask(&s, &r).asked {
            println!("  [{:>6}] ? {} {:?}", a.at_ms, a.prompt, a.answers);
            println!("           = {}: {}", a.right_answer(), a.because);
        }
    }
}
