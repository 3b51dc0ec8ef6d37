//! Where playback stops for a question: just before the moment of the first question on the way
//! that has no pick yet, which it opens. Playing, stepping and PageDown all ask here.

use super::picks::stop_before;
use super::state::Lab;

/// Where playback moving from `from_ms` to `to_ms` must stop instead, for an unanswered question
/// on the way: opens it and returns the stop. `None`: nothing to ask, move on.
pub fn question_on_the_way(lab: &mut Lab, from_ms: u64, to_ms: u64) -> Option<u64> {
    if !lab.questions.on {
        return None;
    }
    let entry = lab.entry();
    let (question, stop_ms) = stop_before(entry, lab.quiz(), &lab.questions.picks, from_ms, to_ms)?;
    lab.questions_mut().open = Some(question);
    Some(stop_ms)
}
