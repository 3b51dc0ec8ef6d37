//! Native tests of the question flow through the one dispatch: playback steps stop before a
//! question, a pick plays its moment, and a flipped switch regrades the same pick.

use leptos::prelude::*;

use super::dispatch::act;
use super::intent::Intent;
use super::quiz::{asked, index_of, pick_of};
use super::state::LabState;
use crate::catalog::Knob;
use crate::share::LinkState;

fn with_lab(entry_id: &str, test: impl FnOnce(LabState)) {
    let owner = Owner::new();
    owner.with(|| test(LabState::new(&LinkState::default_for(entry_id))));
}

/// The right answer to `question` in the run on screen.
fn right_now(lab: LabState, question: usize) -> usize {
    let entry = lab.entry();
    let quiz = lab.quiz.quiz.get_untracked();
    asked(entry, &quiz, question).expect("asked").right
}

#[test]
fn next_step_stops_before_the_write_question_and_a_flipped_switch_regrades_the_pick() {
    with_lab("gc-pause", |lab| {
        let entry = lab.entry();
        let quiz = lab.quiz.quiz.get_untracked();
        let write = quiz.asked.last().expect("gc-pause asks questions");
        let question = index_of(entry, write).expect("one of the story's");
        let before_ms = write.at_ms - 1;
        for _ in 0..40 {
            if lab.quiz.open.get_untracked() == Some(question) {
                break;
            }
            if lab.quiz.open.get_untracked().is_some() {
                act(lab, Intent::Answer(0));
            }
            act(lab, Intent::NextStep);
        }
        assert_eq!(lab.quiz.open.get_untracked(), Some(question));
        assert_eq!(
            lab.playback.playhead_ms.get_untracked(),
            before_ms,
            "just before"
        );

        // The answer that would be right with the switch flipped is wrong now.
        let off = right_now(lab, question);
        act(lab, Intent::Flip(Knob::Enforcement));
        let on = right_now(lab, question);
        act(lab, Intent::Flip(Knob::Enforcement));
        assert_ne!(
            off, on,
            "enforcement decides what the resource does with the write"
        );
        act(lab, Intent::Answer(on));
        assert_eq!(
            lab.playback.playhead_ms.get_untracked(),
            write.at_ms,
            "the moment plays"
        );
        let graded = |lab: LabState| {
            let pick = lab.quiz.picks.with_untracked(|p| pick_of(p, question));
            pick.and_then(|p| p.choice) == Some(right_now(lab, question))
        };
        assert!(!graded(lab), "wrong with enforcement off");
        act(lab, Intent::Flip(Knob::Enforcement));
        assert!(
            graded(lab),
            "the same pick is right once the resource enforces"
        );
        assert!(lab.view.notice.get_untracked().is_none());
    });
}

#[test]
fn stepping_back_or_seeking_closes_the_open_question_and_passing_it_again_reopens_it() {
    with_lab("gc-pause", |lab| {
        for _ in 0..10 {
            if lab.quiz.open.get_untracked().is_some() {
                break;
            }
            act(lab, Intent::NextStep);
        }
        let open = lab.quiz.open.get_untracked();
        assert!(open.is_some(), "gc-pause asks on its way");
        act(lab, Intent::PrevStep);
        assert_eq!(lab.quiz.open.get_untracked(), None);
        act(lab, Intent::NextStep);
        assert_eq!(
            lab.quiz.open.get_untracked(),
            open,
            "still unanswered: asked again"
        );
        act(lab, Intent::Seek(0));
        assert_eq!(lab.quiz.open.get_untracked(), None);
    });
}

#[test]
fn with_questions_off_next_step_never_stops_for_one() {
    with_lab("gc-pause", |lab| {
        act(lab, Intent::ToggleQuestions);
        for _ in 0..20 {
            act(lab, Intent::NextStep);
            assert_eq!(lab.quiz.open.get_untracked(), None);
        }
        act(lab, Intent::Answer(0));
        assert!(
            lab.view.notice.get_untracked().is_some(),
            "no question is open"
        );
    });
}
