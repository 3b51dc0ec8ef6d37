//! "Predict, then watch": playback stops just before a question's moment; the learner picks an
//! answer (or the room votes and the speaker reveals), graded against the run on screen. A right
//! pick plays the moment; a wrong one leaves it ahead and offers "Watch that moment" (a replay
//! from a few seconds before it to a little after, then the answer) or "Show the answer".
//! A pick is a prediction about one run: when the learner changes the run (a switch, a knob, a
//! fault), every pick is dropped and the open question is asked again, just before its moment
//! in the new run; what was answered right stays in the progress. Picks are kept per story by
//! question (its index in `Entry::questions`), never by answer text.

use super::effect::Effect;
use super::intent::{OnQuestion, QuestionIntent};
use super::picks::{asked, pick_of, Pick};
use super::playback::{step_target, toggle_play};
use super::refusal::Refusal;
use super::state::Lab;
use super::stops::question_on_the_way;

/// "Watch that moment" starts this long before the question's moment…
const WATCH_BEFORE_MS: u64 = 5_000;
/// …and stops this long after it.
const WATCH_AFTER_MS: u64 = 2_000;

/// Does a question intent.
pub fn perform(lab: &mut Lab, intent: QuestionIntent) -> Result<Vec<Effect>, Refusal> {
    match intent {
        QuestionIntent::Answer(choice) => answer(lab, Some(choice)),
        QuestionIntent::Reveal => answer(lab, None),
        QuestionIntent::Watch => watch(lab),
        QuestionIntent::Continue => Ok(carry_on(lab)),
        QuestionIntent::ToggleQuestions => {
            toggle(lab);
            Ok(Vec::new())
        }
        QuestionIntent::ResetAnswers => Ok(reset(lab)),
    }
}

/// Closes the open question when an intent of class `on_question` moves away from it (any jump
/// or restart, another story or link, or playing on once it is answered). An unanswered
/// question stays open while playing (playback stops before it again): it is answered,
/// revealed, or switched off.
pub fn close_if_away(lab: &mut Lab, on_question: OnQuestion) {
    let Some(question) = lab.questions.open else {
        return;
    };
    let answered = pick_of(&lab.questions.picks, question).is_some();
    let away = match on_question {
        OnQuestion::Keeps => false,
        OnQuestion::Closes => true,
        OnQuestion::ClosesIfAnswered => answered,
    };
    if away {
        lab.questions_mut().open = None;
        lab.questions_mut().watch = None;
    }
}

/// PageDown: on an open question whose answer is not shown, show it; on an answered one, close
/// it and go to the next step; else to the next step, stopping before any question on the way.
/// Returns `None` past the last step, where nothing is left to do in this story.
pub fn next_step(lab: &mut Lab) -> Option<Vec<Effect>> {
    if let Some(question) = lab.questions.open {
        let picked = pick_of(&lab.questions.picks, question);
        if picked.is_none_or(|p| !p.revealed) {
            if let Ok(effects) = answer(lab, None) {
                return Some(effects);
            }
        }
        lab.questions_mut().open = None;
    }
    let at = lab.playback.playhead_ms;
    let target = step_target(&lab.told().shown, at, 1);
    let question = question_on_the_way(lab, at, target.unwrap_or(lab.end_ms()));
    lab.stop_at(question.or(target)?);
    Some(Vec::new())
}

/// The open question, as its index and its moment's time in the run on screen.
fn open_at(lab: &Lab) -> Result<(usize, u64), Refusal> {
    let question = lab.questions.open.ok_or(Refusal::NoQuestionOpen)?;
    let asked = asked(lab.entry(), lab.quiz(), question).ok_or(Refusal::NoQuestionOpen)?;
    Ok((question, asked.at_ms))
}

/// Takes `choice` for the open question: right, it plays the moment; wrong, the moment stays
/// ahead and the answer hidden. No choice: a reveal (the room voted by hand), or "Show the
/// answer" after a wrong pick; both play the moment.
pub fn answer(lab: &mut Lab, choice: Option<usize>) -> Result<Vec<Effect>, Refusal> {
    let (question, at_ms) = open_at(lab)?;
    let (count, right) = asked(lab.entry(), lab.quiz(), question)
        .map(|a| (a.answers.len(), a.right))
        .ok_or(Refusal::NoQuestionOpen)?;
    if choice.is_some_and(|c| c >= count) {
        return Err(Refusal::NoSuchAnswer { count });
    }
    let revealed = choice.is_none_or(|c| c == right);
    let picks = &mut lab.questions_mut().picks;
    match picks.iter_mut().find(|p| p.question == question) {
        Some(p) if p.revealed || choice.is_some() => return Err(Refusal::AlreadyAnswered),
        Some(p) => p.revealed = true,
        None => picks.push(Pick {
            question,
            choice,
            revealed,
        }),
    }
    if revealed {
        lab.stop_at(at_ms);
    }
    if choice != Some(right) {
        return Ok(Vec::new());
    }
    let story = lab.entry().id;
    lab.questions_mut().progress.right(story, question);
    Ok(vec![Effect::SaveProgress(lab.questions.progress.clone())])
}

/// "Watch that moment": once the open question is picked, plays from a few seconds before its
/// moment to a little after it; the clock then stops and shows the answer.
pub fn watch(lab: &mut Lab) -> Result<Vec<Effect>, Refusal> {
    let (question, at_ms) = open_at(lab)?;
    if pick_of(&lab.questions.picks, question).is_none() {
        return Err(Refusal::PickFirst);
    }
    lab.questions_mut().watch = Some((question, at_ms + WATCH_AFTER_MS));
    lab.stop_at(at_ms.saturating_sub(WATCH_BEFORE_MS));
    Ok(toggle_play(lab))
}

/// The run changed: every pick was about the earlier run, so all are dropped, and the open
/// question is asked again just before its moment in this run (or closed if it is not asked).
pub fn rerun(lab: &mut Lab) {
    let q = &lab.questions;
    if !q.picks.is_empty() || q.watch.is_some() {
        let q = lab.questions_mut();
        q.picks.clear();
        q.watch = None;
    }
    match open_at(lab) {
        Ok((_, at_ms)) => lab.stop_at(at_ms.saturating_sub(1)),
        Err(_) if lab.questions.open.is_some() => lab.questions_mut().open = None,
        Err(_) => {}
    }
}

/// Closes the open question and plays on from its moment.
pub fn carry_on(lab: &mut Lab) -> Vec<Effect> {
    lab.questions_mut().open = None;
    if lab.playback.playhead_ms < lab.end_ms() {
        return toggle_play(lab);
    }
    Vec::new()
}

/// Questions on / off; off also closes the open one.
pub fn toggle(lab: &mut Lab) {
    lab.questions_mut().on = !lab.questions.on;
    if !lab.questions.on {
        lab.questions_mut().open = None;
    }
}

/// Forgets the answers this browser kept, and this story's picks.
pub fn reset(lab: &mut Lab) -> Vec<Effect> {
    lab.questions_mut().progress = Default::default();
    start_afresh(lab);
    vec![Effect::SaveProgress(lab.questions.progress.clone())]
}

/// Another story (or link) starts with no picks and nothing open.
pub fn start_afresh(lab: &mut Lab) {
    lab.questions_mut().picks.clear();
    lab.questions_mut().open = None;
    lab.questions_mut().watch = None;
}
