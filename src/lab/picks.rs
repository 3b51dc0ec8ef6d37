//! The story's questions as plain data — on or off, the picks made, the one open, the kept
//! progress — and the pure look-ups on them: which question is asked where, and where
//! playback stops for the first one not yet answered.

use super::progress::Progress;
use crate::catalog::{Asked, Entry, Quiz};

/// The story's questions: on or off, the picks made, the one open, and the kept progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Questions {
    /// Whether the story stops to ask (the link's `questions`).
    pub on: bool,
    /// Picks in the current story.
    pub picks: Vec<Pick>,
    /// The question playback stopped before, by index in `Entry::questions`.
    pub open: Option<usize>,
    /// "Watch that moment" under way: the question watched, and where playback stops for it.
    pub watch: Option<(usize, u64)>,
    /// Which questions the learner got right, per story (kept in the browser).
    pub progress: Progress,
}

impl Questions {
    /// Ends a "Watch that moment" replay (playback stopped): the watched answer is shown.
    pub fn watched(&mut self) {
        if let Some((question, _)) = self.watch.take() {
            let pick = self.picks.iter_mut().find(|p| p.question == question);
            if let Some(p) = pick {
                p.revealed = true;
            }
        }
    }
}

/// A learner's pick for one question: `None` when the speaker revealed without one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pick {
    /// Index of the question in the story's `Entry::questions`.
    pub question: usize,
    /// Index of the answer picked (in the order shown), if any.
    pub choice: Option<usize>,
    /// Whether the right answer is shown: at once for a right pick or a reveal; for a wrong
    /// pick once its moment was watched or the learner asked for it.
    pub revealed: bool,
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
