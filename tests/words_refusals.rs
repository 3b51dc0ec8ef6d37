//! The refusals in words: the lab's reducer tests compare `Refusal` values, and this file says
//! once what a user reads for each (in the notice under the action that was refused).
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::lab::{Lab, Progress, Refusal};
use fencing_lab::share::LinkState;
use fencing_lab::words;

fn lab_of(story: &str) -> Lab {
    Lab::new(&LinkState::default_for(story), Progress::default())
}

#[test]
fn each_refusal_the_reducer_tests_name_reads_as_a_sentence_about_the_run() {
    let lab = lab_of("acquire-work-renew");
    let cases = [
        (
            Refusal::NobodyHolds,
            "Nobody holds the lease at this moment",
        ),
        (
            Refusal::NotStalled { app: 0 },
            "A is not paused or cut off right now",
        ),
        (
            Refusal::AlreadyRestarts { at_ms: 45_000 },
            "The resource already restarts at 45 s",
        ),
        (
            Refusal::AlreadyCutsTheLeader { at_ms: 10_000 },
            "The coordination service's leader is already cut off at 10 s",
        ),
        (
            Refusal::AlreadyAnswered,
            "This question is answered: Continue plays on",
        ),
        (
            Refusal::NoQuestionOpen,
            "There is no question open right now",
        ),
        (
            Refusal::EffectFailed {
                why: "no image support".into(),
            },
            "no image support",
        ),
    ];
    for (refusal, sentence) in cases {
        assert_eq!(words::refusal(&refusal, &lab), sentence, "{refusal:?}");
    }
}

#[test]
fn with_no_lock_nobody_holds_a_lock_rather_than_a_lease() {
    let lab = lab_of("no-lock");
    assert_eq!(
        words::refusal(&Refusal::NobodyHolds, &lab),
        "Nobody holds a lock here"
    );
}
