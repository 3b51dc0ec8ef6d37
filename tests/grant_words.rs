//! On a real system whose grants carry no ordered token (DynamoDB, Kubernetes, Redlock), the
//! lab names a grant by its number ("grant #2"), never "token": every story, enforcement off
//! and on, in its shown narration, its notable event-log lines, its asked questions and its
//! banner. With ordered tokens the same places still say "token 101".
#![cfg(not(target_arch = "wasm32"))]

mod story_runs;

use fencing_lab::catalog::{by_id, catalog, Entry, Knob, Knobs, System, SYSTEMS};
use fencing_lab::engine::{run, Mode, Scenario, Tokens};
use fencing_lab::lab::moments::is_notable;
use fencing_lab::words;
use story_runs::{story_run, StoryRun};

/// Every sentence a learner reads about the run of `s` told as `entry`'s story.
fn said(entry: &Entry, s: &Scenario) -> Vec<String> {
    let r = run(s).expect("a story runs on every system");
    let mut out: Vec<String> = entry
        .tell(s, &r)
        .shown
        .into_iter()
        .map(|t| t.text)
        .collect();
    for q in entry.ask(s, &r).asked {
        out.extend(q.answers);
        out.push(q.prompt);
        out.push(q.because);
    }
    for e in r.trace.iter().filter(|e| is_notable(e)) {
        out.push(words::event(e, s));
        out.push(words::banner(&r, s, e.at_ms).text);
    }
    out
}

/// The stories that hand out grants (a story with no lock has none to name).
fn granting() -> impl Iterator<Item = &'static Entry> {
    catalog()
        .iter()
        .filter(|e| e.scenario().mode != Mode::NoLock)
}

#[test]
fn a_system_without_ordered_tokens_names_grants_by_number_and_never_says_token() {
    for entry in granting() {
        for system in SYSTEMS.into_iter().filter(|s| !s.preset().tokens.ordered()) {
            for on in [false, true] {
                let knobs = Knobs {
                    enforcement: on,
                    ..Knobs::defaults_for(entry).with_system(system)
                };
                let s = entry.scenario_with(&knobs);
                let lines = said(entry, &s);
                let bad: Vec<&String> = lines
                    .iter()
                    .filter(|l| l.to_lowercase().contains("token"))
                    .collect();
                assert!(bad.is_empty(), "{} on {system:?}: {bad:#?}", entry.id);
                assert!(
                    lines.iter().any(|l| l.contains("grant #1")),
                    "{} on {system:?} never names grant #1",
                    entry.id
                );
            }
        }
    }
}

#[test]
fn with_ordered_tokens_the_lab_still_says_token_101() {
    for entry in granting().filter(|e| e.scenario().tokens != Tokens::Epoch) {
        let s = entry.scenario_with(&Knobs::defaults_for(entry).with_system(SYSTEMS[0]));
        let lines = said(entry, &s);
        assert!(
            lines
                .iter()
                .any(|l| l.contains(&format!("token {}", s.first_token))),
            "{}",
            entry.id
        );
        assert!(!lines.iter().any(|l| l.contains("grant #")), "{}", entry.id);
    }
}

#[test]
fn a_story_offers_the_version_check_where_token_enforcement_is_impossible() {
    let story = Knobs {
        enforcement: true,
        ..Knobs::defaults_for(by_id("gc-pause").expect("in the catalog"))
    };
    let on = |system| story.with_system(system);
    assert_eq!(story.try_it(Knob::Enforcement), Knob::Enforcement);
    assert_eq!(
        on(System::Etcd).try_it(Knob::Enforcement),
        Knob::Enforcement
    );
    assert_eq!(
        on(System::DynamoDb).try_it(Knob::Enforcement),
        Knob::Enforcement
    );
    for tokenless in [System::Kubernetes, System::Redlock] {
        let knobs = on(tokenless);
        assert_eq!(knobs.try_it(Knob::Enforcement), Knob::ExactVersion);
        assert_eq!(knobs.try_it(Knob::Renewals), Knob::Renewals);
        let mut flipped = knobs;
        fencing_lab::lab::flip(&mut flipped, knobs.try_it(Knob::Enforcement));
        assert!(
            flipped.enforcing(),
            "the offered switch makes enforcement possible"
        );
    }
}

#[test]
fn with_no_lock_no_sentence_about_the_run_names_a_token_or_a_lease() {
    let entry = by_id("no-lock").expect("in the catalog");
    for on in [false, true] {
        let StoryRun {
            scenario: s,
            run: r,
            ..
        } = story_run(entry, on);
        let told = entry.tell(&s, &r);
        let mut lines: Vec<String> = told.shown.into_iter().map(|t| t.text).collect();
        // "Not in this run" too: the steps of a design with a lock are left out of it.
        for untold in &told.not_in_run {
            lines.push(format!(
                "{}: {}",
                untold.title,
                words::why_not(&s, &untold.why)
            ));
        }
        // A question's wrong answers may name a token: only what the run shows is checked.
        lines.extend(entry.ask(&s, &r).asked.into_iter().map(|q| q.because));
        for e in &r.trace {
            lines.push(words::event(e, &s));
            lines.push(words::banner(&r, &s, e.at_ms).text);
        }
        let bad: Vec<&String> = lines
            .iter()
            .filter(|l| {
                let l = l.to_lowercase();
                l.contains("token") || l.contains("lease")
            })
            .collect();
        assert!(bad.is_empty(), "enforcement {on}: {bad:#?}");
    }
}

#[test]
fn a_leader_elected_with_epochs_is_logged_by_its_epoch_never_by_a_token() {
    let entry = by_id("deposed-leader").expect("in the catalog");
    for on in [false, true] {
        let StoryRun {
            scenario: s,
            run: r,
            ..
        } = story_run(entry, on);
        let mut lines = vec![];
        for e in &r.trace {
            lines.push(words::event(e, &s));
            lines.push(words::banner(&r, &s, e.at_ms).text);
        }
        // The switch is named by what it compares (issue 51 item 4: it read "Token
        // enforcement" above epochs); a leader that gives its lease back steps down.
        lines.extend(entry.tell(&s, &r).shown.into_iter().map(|t| t.text));
        lines.push(words::enforcement_of(&s).to_string());
        // The story may say what an epoch is: "the fencing token under another name".
        let bad: Vec<&String> = lines
            .iter()
            .filter(|l| {
                l.to_lowercase()
                    .replace("fencing token", "")
                    .contains("token")
            })
            .collect();
        assert!(bad.is_empty(), "enforcement {on}: {bad:#?}");
        for epoch in ["epoch 1", "epoch 2", "Epoch enforcement"] {
            assert!(lines.iter().any(|l| l.contains(epoch)), "{epoch}");
        }
    }
}

/// The "Leader election + epoch" row of "Which pattern?" loads a run whose switch, narration,
/// log and banner speak of epochs and a leader stepping down, not of tokens.
#[test]
fn the_epoch_row_of_which_pattern_speaks_of_epochs() {
    use fencing_lab::catalog::{pattern_knobs, Design};
    let entry = by_id("which-pattern").expect("in the catalog");
    let knobs = pattern_knobs(Design::LeaderEpoch).expect("the story is there");
    assert_eq!(
        words::switch_label(&knobs, Knob::Enforcement),
        "Epoch enforcement"
    );
    let s = entry.scenario_with(&knobs);
    let lines = said(entry, &s);
    let bad: Vec<&String> = lines
        .iter()
        .filter(|l| l.to_lowercase().contains("token"))
        .collect();
    assert!(bad.is_empty(), "{bad:#?}");
    assert!(
        lines.iter().any(|l| l.contains("B stepped down")),
        "{lines:#?}"
    );
}
