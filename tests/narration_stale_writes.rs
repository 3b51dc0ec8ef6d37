//! Every stale write a run shows is narrated: in every story, with enforcement off and on and
//! with a message held up or copied, each write the resource accepts below its fence or
//! refuses has a shown step at its time.
#![cfg(not(target_arch = "wasm32"))]

mod story_runs;

use fencing_lab::catalog::{catalog, Knobs};
use fencing_lab::engine::{run, EventKind, Fault, MsgKind};
use story_runs::every_story_setting;

/// The added faults: none, and a message of each app held up or copied.
fn faults() -> Vec<Option<Fault>> {
    let mut out = vec![None];
    for app in 0..2 {
        for kind in [
            MsgKind::Renew,
            MsgKind::Grant,
            MsgKind::Write,
            MsgKind::WriteReply,
        ] {
            for nth in 1..=2 {
                for extra_ms in [20_000, 60_000] {
                    out.push(Some(Fault::delay(app, kind, nth, extra_ms)));
                }
                out.push(Some(Fault::duplicate(app, kind, nth, 30_000)));
            }
        }
    }
    out
}

#[test]
fn every_stale_write_the_run_shows_has_a_step_at_its_time() {
    let mut untold = Vec::new();
    let mut seen = 0;
    for (entry, knobs) in every_story_setting() {
        let enforcement = knobs.enforcement;
        for fault in faults() {
            let mut s = entry.scenario_with(&knobs);
            s.faults
                .extend(fault.filter(|f| f.app().is_none_or(|a| a < s.apps.len())));
            let Ok(r) = run(&s) else { continue };
            let told = entry.tell(&s, &r);
            for e in &r.trace {
                let stale = matches!(
                    e.kind,
                    EventKind::WriteAccepted { stale: true, .. } | EventKind::WriteRejected { .. }
                );
                seen += usize::from(stale);
                if stale && !told.shown.iter().any(|t| t.at_ms == e.at_ms) {
                    untold.push(format!(
                        "{} enforcement={enforcement} {:?}: {e:?}",
                        entry.id, s.faults
                    ));
                }
            }
        }
    }
    assert!(seen > 100, "the runs show stale writes ({seen})");
    assert!(
        untold.is_empty(),
        "{} untold:\n{}",
        untold.len(),
        untold.join("\n")
    );
}

#[test]
fn a_second_stale_write_after_a_held_renewal_is_told_with_its_time_and_token() {
    let entry = catalog()
        .iter()
        .find(|e| e.id == "acquire-work-renew")
        .unwrap();
    let mut s = entry.scenario_with(&Knobs::defaults_for(entry));
    s.faults.push(Fault::delay(0, MsgKind::Renew, 2, 60_000));
    let r = run(&s).unwrap();
    let told = entry.tell(&s, &r);
    let again = told
        .shown
        .iter()
        .find(|t| t.at_ms == 75_450)
        .expect("a step at 75.45 s");
    assert_eq!(again.title, "A's stale write");
    assert!(
        again.text.starts_with("At 75.45 s A writes with token 101"),
        "{}",
        again.text
    );
    assert!(
        again.text.ends_with("the resource takes it."),
        "{}",
        again.text
    );
}
