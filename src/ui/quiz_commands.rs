//! What the question intents do: stop before a question, take a pick (or reveal), play its
//! moment, go on; switch questions off; forget the kept answers.

use leptos::prelude::*;

use super::commands::{step_target, stop_at};
use super::intent::Intent;
use super::quiz::{asked, pick_of, stop_before, Pick};
use super::state::LabState;

/// Closes the open question when `intent` moves away from it: any jump or restart, another
/// story or link, or playing on once it is answered. An unanswered question stays open while
/// playing (playback stops before it again): it is answered, revealed, or switched off.
pub fn before(lab: LabState, intent: &Intent) {
    let Some(question) = lab.quiz.open.get_untracked() else {
        return;
    };
    let answered = lab
        .quiz
        .picks
        .with_untracked(|p| pick_of(p, question))
        .is_some();
    let away = matches!(
        intent,
        Intent::PrevStep
            | Intent::PrevEvent
            | Intent::NextEvent
            | Intent::Seek(_)
            | Intent::Restart
            | Intent::PlayFromStart
            | Intent::Select(_)
            | Intent::Load(_)
    );
    if away || (answered && *intent == Intent::TogglePlay) {
        lab.quiz.open.set(None);
    }
}

/// Where playback moving from `from_ms` to `to_ms` must stop instead, for an unanswered question
/// on the way: opens it and returns the stop. `None`: nothing to ask, move on.
pub fn question_on_the_way(lab: LabState, from_ms: u64, to_ms: u64) -> Option<u64> {
    if !lab.quiz.on.get_untracked() {
        return None;
    }
    let entry = lab.entry();
    let (question, stop_ms) = lab.quiz.quiz.with_untracked(|quiz| {
        lab.quiz
            .picks
            .with_untracked(|picks| stop_before(entry, quiz, picks, from_ms, to_ms))
    })?;
    lab.quiz.open.set(Some(question));
    Some(stop_ms)
}

/// PageDown: on an open question not yet answered, reveal it; on an answered one, close it and
/// go to the next step; else to the next step, stopping before any question on the way.
pub fn next_step(lab: LabState) {
    if let Some(question) = lab.quiz.open.get_untracked() {
        let picked = lab.quiz.picks.with_untracked(|p| pick_of(p, question));
        if picked.is_none() && answer(lab, None).is_ok() {
            return;
        }
        lab.quiz.open.set(None);
    }
    let at = lab.playback.playhead_ms.get_untracked();
    let target = lab
        .sim
        .told
        .with_untracked(|told| step_target(&told.shown, at, 1));
    let question = question_on_the_way(lab, at, target.unwrap_or(lab.end_ms()));
    if let Some(stop_ms) = question.or(target) {
        stop_at(lab, stop_ms);
    }
}

/// Takes `choice` (or none: a reveal) for the open question and plays its moment.
pub fn answer(lab: LabState, choice: Option<usize>) -> Result<(), String> {
    let entry = lab.entry();
    let question = lab
        .quiz
        .open
        .get_untracked()
        .ok_or_else(|| crate::words::questions::NONE_OPEN.to_string())?;
    let (at_ms, count, right) = lab
        .quiz
        .quiz
        .with_untracked(|quiz| {
            asked(entry, quiz, question).map(|a| (a.at_ms, a.answers.len(), a.right))
        })
        .ok_or_else(|| crate::words::questions::NONE_OPEN.to_string())?;
    if choice.is_some_and(|c| c >= count) {
        return Err(crate::words::questions::no_such_answer(count));
    }
    if lab
        .quiz
        .picks
        .with_untracked(|p| pick_of(p, question))
        .is_some()
    {
        return Err(crate::words::questions::ANSWERED.to_string());
    }
    lab.quiz.picks.update(|picks| {
        picks.retain(|p| p.question != question);
        picks.push(Pick { question, choice });
    });
    if choice == Some(right) {
        lab.quiz.progress.update(|p| p.right(entry.id, question));
        lab.quiz.progress.with_untracked(|p| p.save());
    }
    stop_at(lab, at_ms);
    Ok(())
}

/// Closes the open question and plays on from its moment.
pub fn carry_on(lab: LabState) {
    lab.quiz.open.set(None);
    if lab.playback.playhead_ms.get_untracked() < lab.end_ms() {
        super::playback::toggle_play(lab);
    }
}

/// Questions on / off; off also closes the open one.
pub fn toggle(lab: LabState) {
    lab.quiz.on.update(|on| *on = !*on);
    if !lab.quiz.on.get_untracked() {
        lab.quiz.open.set(None);
    }
}

/// Forgets the answers this browser kept, and this story's picks.
pub fn reset(lab: LabState) {
    lab.quiz.progress.set(Default::default());
    lab.quiz.progress.with_untracked(|p| p.save());
    lab.quiz.picks.set(Vec::new());
    lab.quiz.open.set(None);
}
