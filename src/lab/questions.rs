//! "Predict, then watch": playback stops just before a question's moment; the learner picks an
//! answer (or the room votes and the speaker reveals); the moment plays and the pick is graded
//! against the run on screen, so a flipped switch regrades it. Picks are kept per story by
//! question (its index in `Entry::questions`), never by answer text.

use super::effect::Effect;
use super::intent::Intent;
use super::picks::{asked, pick_of, Pick};
use super::playback::{step_target, toggle_play};
use super::refusal::Refusal;
use super::state::Lab;
use super::stops::question_on_the_way;

/// Closes the open question when `intent` moves away from it: any jump or restart, another
/// story or link, or playing on once it is answered. An unanswered question stays open while
/// playing (playback stops before it again): it is answered, revealed, or switched off.
pub fn close_if_away(lab: &mut Lab, intent: &Intent) {
    let Some(question) = lab.questions.open else {
        return;
    };
    let answered = pick_of(&lab.questions.picks, question).is_some();
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
            | Intent::UseWhoFences(_)
    );
    if away || (answered && matches!(intent, Intent::TogglePlay)) {
        lab.questions.open = None;
    }
}

/// PageDown: on an open question not yet answered, reveal it; on an answered one, close it and
/// go to the next step; else to the next step, stopping before any question on the way.
pub fn next_step(lab: &mut Lab) -> Vec<Effect> {
    if let Some(question) = lab.questions.open {
        let picked = pick_of(&lab.questions.picks, question);
        if picked.is_none() {
            if let Ok(effects) = answer(lab, None) {
                return effects;
            }
        }
        lab.questions.open = None;
    }
    let at = lab.playback.playhead_ms;
    let target = step_target(&lab.told().shown, at, 1);
    let question = question_on_the_way(lab, at, target.unwrap_or(lab.end_ms()));
    if let Some(stop_ms) = question.or(target) {
        lab.stop_at(stop_ms);
    }
    Vec::new()
}

/// Takes `choice` (or none: a reveal) for the open question and plays its moment.
pub fn answer(lab: &mut Lab, choice: Option<usize>) -> Result<Vec<Effect>, Refusal> {
    let entry = lab.entry();
    let question = lab.questions.open.ok_or(Refusal::NoQuestionOpen)?;
    let (at_ms, count, right) = asked(entry, lab.quiz(), question)
        .map(|a| (a.at_ms, a.answers.len(), a.right))
        .ok_or(Refusal::NoQuestionOpen)?;
    if choice.is_some_and(|c| c >= count) {
        return Err(Refusal::NoSuchAnswer { count });
    }
    if pick_of(&lab.questions.picks, question).is_some() {
        return Err(Refusal::AlreadyAnswered);
    }
    let picks = &mut lab.questions.picks;
    picks.retain(|p| p.question != question);
    picks.push(Pick { question, choice });
    let mut effects = Vec::new();
    if choice == Some(right) {
        lab.questions.progress.right(entry.id, question);
        effects.push(Effect::SaveProgress(lab.questions.progress.clone()));
    }
    lab.stop_at(at_ms);
    Ok(effects)
}

/// Closes the open question and plays on from its moment.
pub fn carry_on(lab: &mut Lab) -> Vec<Effect> {
    lab.questions.open = None;
    if lab.playback.playhead_ms < lab.end_ms() {
        return toggle_play(lab);
    }
    Vec::new()
}

/// Questions on / off; off also closes the open one.
pub fn toggle(lab: &mut Lab) {
    lab.questions.on = !lab.questions.on;
    if !lab.questions.on {
        lab.questions.open = None;
    }
}

/// Forgets the answers this browser kept, and this story's picks.
pub fn reset(lab: &mut Lab) -> Vec<Effect> {
    lab.questions.progress = Default::default();
    start_afresh(lab);
    vec![Effect::SaveProgress(lab.questions.progress.clone())]
}

/// Another story (or link) starts with no picks and nothing open.
pub fn start_afresh(lab: &mut Lab) {
    lab.questions.picks.clear();
    lab.questions.open = None;
}
