//! "Predict, then watch": the lab's question state. Playback stops just before a question's
//! moment; the learner picks an answer (or the room votes and the speaker reveals); the moment
//! plays and the pick is graded against the run on screen, so a flipped switch regrades it.
//!
//! Picks are kept per story by question (its index in `Entry::questions`), never by answer
//! text, so a changed run grades the same pick again.

use std::sync::Arc;

use leptos::prelude::*;

use super::progress::Progress;
use super::state::Setup;
use crate::catalog::{Asked, Entry, Quiz};
use crate::share;

/// A learner's pick for one question: `None` when the speaker revealed without one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pick {
    /// Index of the question in the story's `Entry::questions`.
    pub question: usize,
    /// Index of the answer picked, if any.
    pub choice: Option<usize>,
}

/// The question signals of the lab.
#[derive(Clone, Copy)]
pub struct Questions {
    /// Whether the story stops to ask (the link's `questions`).
    pub on: RwSignal<bool>,
    /// Picks in the current story.
    pub picks: RwSignal<Vec<Pick>>,
    /// The question playback stopped before, by index in `Entry::questions`.
    pub open: RwSignal<Option<usize>>,
    /// The questions the run on screen asks, in time order.
    pub quiz: Memo<Arc<Quiz>>,
    /// Which questions the learner got right, per story (kept in the browser).
    pub progress: RwSignal<Progress>,
}

/// Index of `asked`'s question in `entry.questions`.
pub fn index_of(entry: &Entry, asked: &Asked) -> Option<usize> {
    entry
        .questions
        .iter()
        .position(|q| std::ptr::eq(q, asked.question))
}

/// The first question asked in `(from_ms, to_ms]` that has no pick yet, with where playback
/// stops for it: just before its moment (never before `from_ms`).
pub fn stop_before(
    entry: &Entry,
    quiz: &Quiz,
    picks: &[Pick],
    from_ms: u64,
    to_ms: u64,
) -> Option<(usize, u64)> {
    quiz.asked.iter().find_map(|asked| {
        let question = index_of(entry, asked)?;
        let picked = picks.iter().any(|p| p.question == question);
        let ahead = from_ms < asked.at_ms && asked.at_ms <= to_ms;
        (ahead && !picked).then(|| (question, asked.at_ms.saturating_sub(1).max(from_ms)))
    })
}

/// The asked question with index `question`, if the run on screen asks it.
pub fn asked<'a>(entry: &Entry, quiz: &'a Quiz, question: usize) -> Option<&'a Asked> {
    quiz.asked
        .iter()
        .find(|a| index_of(entry, a) == Some(question))
}

/// The pick for `question`, if made.
pub fn pick_of(picks: &[Pick], question: usize) -> Option<Pick> {
    picks.iter().copied().find(|p| p.question == question)
}

impl Questions {
    /// The signals for a lab asking `quiz`, questions on or off as the link says.
    pub fn new(on: bool, quiz: Memo<Arc<Quiz>>) -> Questions {
        Questions {
            on: RwSignal::new(on),
            picks: RwSignal::new(Vec::new()),
            open: RwSignal::new(None),
            quiz,
            progress: RwSignal::new(Progress::load()),
        }
    }

    /// Another story (or link) starts with no picks and nothing open.
    pub fn start_afresh(&self) {
        self.picks.set(Vec::new());
        self.open.set(None);
    }
}

/// The questions the setup's story asks in the run on screen (none about a recorded run).
pub fn quiz_memo(
    setup: Setup,
    scenario: Memo<Arc<crate::engine::Scenario>>,
    run: Memo<Arc<crate::engine::Run>>,
) -> Memo<Arc<Quiz>> {
    Memo::new(move |_| {
        if setup.recording.with(Option::is_some) {
            // A recorded run asks nothing: its story's questions are about the simulation.
            return Arc::new(Quiz::default());
        }
        let entry = share::entry_or_default(&setup.entry_id.get());
        scenario.with(|s| run.with(|r| Arc::new(entry.ask(s, r))))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{by_id, Knobs};
    use crate::engine::run;

    fn gc_pause() -> (&'static Entry, Quiz) {
        let entry = by_id("gc-pause").expect("the story");
        let s = entry.scenario_with(&Knobs::defaults_for(entry));
        let r = run(&s).expect("a valid scenario");
        (entry, entry.ask(&s, &r))
    }

    #[test]
    fn playback_stops_just_before_the_first_question_not_yet_answered() {
        let (entry, quiz) = gc_pause();
        let first = &quiz.asked[0];
        let q = index_of(entry, first).expect("one of the story's");
        let stop = stop_before(entry, &quiz, &[], 0, u64::MAX);
        assert_eq!(stop, Some((q, first.at_ms - 1)));
        let picked = [Pick {
            question: q,
            choice: Some(0),
        }];
        let next = stop_before(entry, &quiz, &picked, 0, u64::MAX).expect("a second question");
        assert_eq!(next.1, quiz.asked[1].at_ms - 1, "answered ones are passed");
        assert_eq!(stop_before(entry, &quiz, &[], 0, first.at_ms - 1), None);
        assert_eq!(
            stop_before(entry, &quiz, &[], first.at_ms, first.at_ms + 1),
            None
        );
    }
}
