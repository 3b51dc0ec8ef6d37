//! Native tests of the reducer's question intents: steps stop before a question, a pick plays
//! its moment and is graded by the run, a flipped switch regrades it, progress is kept.
#![cfg(not(target_arch = "wasm32"))]

mod lab_support;

use fencing_lab::catalog::Knob;
use fencing_lab::lab::{asked, index_of, pick_of, Effect, Intent, Lab};
use lab_support::{act, lab, ok};

/// The right answer to `question` in the run on screen.
fn right_now(lab: &Lab, question: usize) -> usize {
    asked(lab.entry(), lab.quiz(), question)
        .expect("asked")
        .right
}

/// Steps on (answering any other question on the way) until `question` is open.
fn step_to(lab: &mut Lab, question: usize) {
    for _ in 0..40 {
        if lab.questions.open == Some(question) {
            return;
        }
        if lab.questions.open.is_some() {
            let _ = act(lab, Intent::Answer(0));
        }
        ok(lab, Intent::NextStep);
    }
    panic!("question {question} never opened");
}

#[test]
fn next_step_stops_before_the_write_question_and_a_flipped_switch_regrades_the_pick() {
    let mut lab = lab("gc-pause");
    let write = lab
        .quiz()
        .asked
        .last()
        .expect("gc-pause asks questions")
        .clone();
    let question = index_of(lab.entry(), &write).expect("one of the story's");
    step_to(&mut lab, question);
    assert_eq!(lab.playback.playhead_ms, write.at_ms - 1, "just before");
    let off = right_now(&lab, question);
    ok(&mut lab, Intent::Flip(Knob::Enforcement));
    let on = right_now(&lab, question);
    ok(&mut lab, Intent::Flip(Knob::Enforcement));
    assert_ne!(
        off, on,
        "enforcement decides what the resource does with the write"
    );
    ok(&mut lab, Intent::Answer(on));
    assert_eq!(lab.playback.playhead_ms, write.at_ms, "the moment plays");
    let graded = |lab: &Lab| {
        let pick = pick_of(&lab.questions.picks, question);
        pick.and_then(|p| p.choice) == Some(right_now(lab, question))
    };
    assert!(!graded(&lab), "wrong with enforcement off");
    ok(&mut lab, Intent::Flip(Knob::Enforcement));
    assert!(
        graded(&lab),
        "the same pick is right once the resource enforces"
    );
    assert!(lab.view.notice.is_none());
}

#[test]
fn a_right_answer_is_kept_and_reset_forgets_it() {
    let mut lab = lab("gc-pause");
    let first = lab.quiz().asked[0].clone();
    let question = index_of(lab.entry(), &first).expect("one of the story's");
    step_to(&mut lab, question);
    let effects = ok(&mut lab, Intent::Answer(first.right));
    assert!(matches!(&effects[..], [Effect::SaveProgress(p)] if p.count("gc-pause") == 1));
    let again = act(&mut lab, Intent::Answer(first.right));
    assert_eq!(
        again,
        Err("This question is answered: Continue plays on".into())
    );
    let effects = ok(&mut lab, Intent::ResetAnswers);
    assert!(matches!(&effects[..], [Effect::SaveProgress(p)] if p.is_empty()));
    assert!(lab.questions.picks.is_empty() && lab.questions.open.is_none());
}

#[test]
fn a_reveal_plays_the_moment_without_a_pick_and_continue_plays_on() {
    let mut lab = lab("gc-pause");
    let first = lab.quiz().asked[0].clone();
    let question = index_of(lab.entry(), &first).expect("one of the story's");
    step_to(&mut lab, question);
    let past = act(&mut lab, Intent::Answer(9)).expect_err("no such answer");
    assert!(
        past.contains('2') || past.contains('3') || past.contains('4'),
        "{past}"
    );
    ok(&mut lab, Intent::Reveal);
    assert_eq!(
        pick_of(&lab.questions.picks, question).map(|p| p.choice),
        Some(None)
    );
    assert_eq!(lab.playback.playhead_ms, first.at_ms);
    assert_eq!(ok(&mut lab, Intent::Continue), vec![Effect::StartClock]);
    assert!(lab.playback.playing && lab.questions.open.is_none());
}

#[test]
fn stepping_back_or_seeking_closes_the_open_question_and_passing_it_again_reopens_it() {
    let mut lab = lab("gc-pause");
    for _ in 0..10 {
        if lab.questions.open.is_some() {
            break;
        }
        ok(&mut lab, Intent::NextStep);
    }
    let open = lab.questions.open;
    assert!(open.is_some(), "gc-pause asks on its way");
    ok(&mut lab, Intent::PrevStep);
    assert_eq!(lab.questions.open, None);
    ok(&mut lab, Intent::NextStep);
    assert_eq!(lab.questions.open, open, "still unanswered: asked again");
    ok(&mut lab, Intent::Seek(0));
    assert_eq!(lab.questions.open, None);
}

#[test]
fn playing_stops_before_an_unanswered_question() {
    let mut lab = lab("gc-pause");
    let first = lab.quiz().asked[0].clone();
    ok(&mut lab, Intent::TogglePlay);
    for _ in 0..10_000 {
        let tick = Intent::Tick {
            now_ms: 0.0,
            elapsed_ms: 50.0,
            reduced_motion: false,
        };
        ok(&mut lab, tick);
        if !lab.playback.playing {
            break;
        }
    }
    assert!(lab.questions.open.is_some());
    assert_eq!(lab.playback.playhead_ms, first.at_ms - 1);
}

#[test]
fn with_questions_off_next_step_never_stops_for_one() {
    let mut lab = lab("gc-pause");
    ok(&mut lab, Intent::ToggleQuestions);
    for _ in 0..20 {
        ok(&mut lab, Intent::NextStep);
        assert_eq!(lab.questions.open, None);
    }
    let refused = act(&mut lab, Intent::Answer(0));
    assert_eq!(refused, Err("There is no question open right now".into()));
    assert!(lab.view.notice.is_some());
}
