//! "Who fences?" and the run its "Use" loads: each row judges exactly the run the lab then shows.
#![cfg(not(target_arch = "wasm32"))]

mod lab_support;

use fencing_lab::catalog::{fate, who_fences, Fate, WHO_FENCES_STORY};
use fencing_lab::lab::{Intent, SetupIntent, ViewIntent};
use fencing_lab::words::{banner, Tone};
use lab_support::{lab, ok};

#[test]
fn every_rows_use_loads_the_run_it_judges_and_the_banner_agrees_with_its_verdict() {
    for row in who_fences() {
        for from in ["gc-pause", "acquire-work-renew"] {
            let mut lab = lab(from);
            ok(&mut lab, Intent::View(ViewIntent::ToggleWhoFences));
            ok(
                &mut lab,
                Intent::Setup(SetupIntent::UseWhoFences(row.system)),
            );
            assert!(!lab.view.who_fences, "the dialog closes");
            assert_eq!(lab.setup.entry_id, WHO_FENCES_STORY);
            assert_eq!(**lab.scenario(), row.scenario, "{:?}", row.system);
            let run = lab.run();
            assert_eq!(run.verdict, row.verdict, "{:?}", row.system);
            let s = lab.scenario();
            assert_eq!(fate(&run.verdict, s.tokens, s.enforcement), row.fate);
            let end = banner(run, s, run.end_ms);
            let safe = matches!(row.fate, Fate::Rejected | Fate::NoneArrived);
            assert_eq!(
                end.tone == Tone::Good,
                safe,
                "{:?}: {}",
                row.system,
                end.head
            );
            if row.fate == Fate::Rejected {
                assert_eq!(end.head, "✓ Stale write rejected", "{:?}", row.system);
            }
        }
    }
}
