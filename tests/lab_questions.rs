//! Native tests of the reducer's question intents: steps stop before a question, a right pick
//! plays its moment, a wrong one waits for "Watch that moment" or "Show the answer", a change
//! to the run asks again, progress is kept.
#![cfg(not(target_arch = "wasm32"))]

mod lab_support;

use fencing_lab::catalog::Knob;
use fencing_lab::lab::{
    asked, index_of, pick_of, Effect, Intent, Lab, PlaybackIntent, QuestionIntent, Refusal,
    SetupIntent,
};
use lab_support::{act, lab, ok, refused};

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
            let _ = act(lab, Intent::Question(QuestionIntent::Answer(0)));
        }
        ok(lab, Intent::Playback(PlaybackIntent::NextStep));
    }
    panic!("question {question} never opened");
}

/// The gc-pause question about A's write, open and unanswered, enforcement off.
fn at_the_write_question(lab: &mut Lab) -> (usize, u64) {
    let write = lab.quiz().asked.last().expect("gc-pause asks").clone();
    let question = index_of(lab.entry(), &write).expect("one of the story's");
    step_to(lab, question);
    assert_eq!(lab.playback.playhead_ms, write.at_ms - 1, "just before");
    (question, write.at_ms)
}

/// Ticks the clock (50 ms real each) until playback stops.
fn play_until_stopped(lab: &mut Lab) {
    for _ in 0..10_000 {
        let tick = Intent::Playback(PlaybackIntent::Tick {
            now_ms: 0.0,
            elapsed_ms: 50.0,
            reduced_motion: false,
        });
        ok(lab, tick);
        if !lab.playback.playing {
            return;
        }
    }
    panic!("playback never stopped");
}

#[test]
fn a_wrong_pick_keeps_the_moment_unplayed_and_the_answer_hidden_until_asked_for() {
    let mut lab = lab("gc-pause");
    let (question, at_ms) = at_the_write_question(&mut lab);
    let wrong = (right_now(&lab, question) + 1) % 3;
    assert!(
        ok(&mut lab, Intent::Question(QuestionIntent::Answer(wrong))).is_empty(),
        "nothing kept"
    );
    let pick = pick_of(&lab.questions.picks, question).expect("the pick");
    assert_eq!((pick.choice, pick.revealed), (Some(wrong), false));
    assert_eq!(
        lab.playback.playhead_ms,
        at_ms - 1,
        "the moment is still ahead"
    );
    assert_eq!(lab.questions.open, Some(question));
    ok(&mut lab, Intent::Question(QuestionIntent::Reveal));
    let pick = pick_of(&lab.questions.picks, question).expect("the pick");
    assert_eq!((pick.choice, pick.revealed), (Some(wrong), true));
    assert_eq!(lab.playback.playhead_ms, at_ms, "the moment plays");
}

#[test]
fn watch_that_moment_replays_the_seconds_around_it_then_shows_the_answer() {
    let mut lab = lab("gc-pause");
    let (question, at_ms) = at_the_write_question(&mut lab);
    let early = refused(&mut lab, Intent::Question(QuestionIntent::Watch));
    assert_eq!(early, Refusal::PickFirst, "nothing picked yet");
    let wrong = (right_now(&lab, question) + 1) % 3;
    ok(&mut lab, Intent::Question(QuestionIntent::Answer(wrong)));
    assert_eq!(
        ok(&mut lab, Intent::Question(QuestionIntent::Watch)),
        vec![Effect::StartClock]
    );
    let from = lab.playback.playhead_ms;
    assert!(lab.playback.playing);
    assert!(
        (2_000..=10_000).contains(&(at_ms - from)),
        "from {from}, moment {at_ms}"
    );
    play_until_stopped(&mut lab);
    let stop = lab.playback.playhead_ms;
    assert!(stop > at_ms && stop <= at_ms + 5_000, "stopped at {stop}");
    assert_eq!(lab.questions.open, Some(question), "the card stays");
    assert!(pick_of(&lab.questions.picks, question).is_some_and(|p| p.revealed));
}

#[test]
fn after_a_flipped_switch_the_answered_question_is_asked_again_about_the_new_run() {
    let mut lab = lab("gc-pause");
    let (question, at_ms) = at_the_write_question(&mut lab);
    let off = right_now(&lab, question);
    ok(&mut lab, Intent::Question(QuestionIntent::Answer(off)));
    assert_eq!(lab.playback.playhead_ms, at_ms, "the moment plays");
    let kept = lab.questions.progress.count("gc-pause");
    assert!(kept >= 1, "the right answer is kept");
    ok(
        &mut lab,
        Intent::Setup(SetupIntent::Flip(Knob::Enforcement)),
    );
    assert_eq!(lab.questions.progress.count("gc-pause"), kept, "and stays");
    assert_eq!(
        pick_of(&lab.questions.picks, question),
        None,
        "asked afresh"
    );
    assert_eq!(lab.questions.open, Some(question));
    assert_eq!(
        lab.playback.playhead_ms,
        at_ms - 1,
        "before the moment again"
    );
    let on = right_now(&lab, question);
    assert_ne!(
        off, on,
        "enforcement decides what the file does with the write"
    );
    let effects = ok(&mut lab, Intent::Question(QuestionIntent::Answer(on)));
    assert!(matches!(&effects[..], [Effect::SaveProgress(p)] if p.count("gc-pause") == kept));
    assert!(pick_of(&lab.questions.picks, question).is_some_and(|p| p.revealed));
    assert!(lab.view.notice.is_none());
}

#[test]
fn a_right_answer_is_kept_and_reset_forgets_it() {
    let mut lab = lab("gc-pause");
    let first = lab.quiz().asked[0].clone();
    let question = index_of(lab.entry(), &first).expect("one of the story's");
    step_to(&mut lab, question);
    let effects = ok(
        &mut lab,
        Intent::Question(QuestionIntent::Answer(first.right)),
    );
    assert!(matches!(&effects[..], [Effect::SaveProgress(p)] if p.count("gc-pause") == 1));
    let again = refused(
        &mut lab,
        Intent::Question(QuestionIntent::Answer(first.right)),
    );
    assert_eq!(again, Refusal::AlreadyAnswered);
    let effects = ok(&mut lab, Intent::Question(QuestionIntent::ResetAnswers));
    assert!(matches!(&effects[..], [Effect::SaveProgress(p)] if p.is_empty()));
    assert!(lab.questions.picks.is_empty() && lab.questions.open.is_none());
}

#[test]
fn a_reveal_plays_the_moment_without_a_pick_and_continue_plays_on() {
    let mut lab = lab("gc-pause");
    let first = lab.quiz().asked[0].clone();
    let question = index_of(lab.entry(), &first).expect("one of the story's");
    step_to(&mut lab, question);
    let past =
        act(&mut lab, Intent::Question(QuestionIntent::Answer(9))).expect_err("no such answer");
    assert!(
        past.contains('2') || past.contains('3') || past.contains('4'),
        "{past}"
    );
    ok(&mut lab, Intent::Question(QuestionIntent::Reveal));
    assert_eq!(
        pick_of(&lab.questions.picks, question).map(|p| p.choice),
        Some(None)
    );
    assert_eq!(lab.playback.playhead_ms, first.at_ms);
    assert_eq!(
        ok(&mut lab, Intent::Question(QuestionIntent::Continue)),
        vec![Effect::StartClock]
    );
    assert!(lab.playback.playing && lab.questions.open.is_none());
}

#[test]
fn stepping_back_or_seeking_closes_the_open_question_and_passing_it_again_reopens_it() {
    let mut lab = lab("gc-pause");
    for _ in 0..10 {
        if lab.questions.open.is_some() {
            break;
        }
        ok(&mut lab, Intent::Playback(PlaybackIntent::NextStep));
    }
    let open = lab.questions.open;
    assert!(open.is_some(), "gc-pause asks on its way");
    ok(&mut lab, Intent::Playback(PlaybackIntent::PrevStep));
    assert_eq!(lab.questions.open, None);
    ok(&mut lab, Intent::Playback(PlaybackIntent::NextStep));
    assert_eq!(lab.questions.open, open, "still unanswered: asked again");
    ok(&mut lab, Intent::Playback(PlaybackIntent::Seek(0)));
    assert_eq!(lab.questions.open, None);
}

#[test]
fn playing_stops_before_an_unanswered_question() {
    let mut lab = lab("gc-pause");
    let first = lab.quiz().asked[0].clone();
    ok(&mut lab, Intent::Playback(PlaybackIntent::TogglePlay));
    play_until_stopped(&mut lab);
    assert!(lab.questions.open.is_some());
    assert_eq!(lab.playback.playhead_ms, first.at_ms - 1);
}

#[test]
fn with_questions_off_next_step_never_stops_for_one() {
    let mut lab = lab("gc-pause");
    ok(&mut lab, Intent::Question(QuestionIntent::ToggleQuestions));
    for _ in 0..20 {
        ok(&mut lab, Intent::Playback(PlaybackIntent::NextStep));
        assert_eq!(lab.questions.open, None);
    }
    let why = refused(&mut lab, Intent::Question(QuestionIntent::Answer(0)));
    assert_eq!(why, Refusal::NoQuestionOpen);
    assert_eq!(lab.view.notice.as_deref(), Some(&why));
}
