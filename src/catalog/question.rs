//! "Predict, then watch": a question about one moment of a story, as data.
//!
//! A [`Question`] is asked just before its [`Anchor`]'s moment; each [`Answer`] is right
//! exactly when its [`Cond`] holds of the run, so the grading follows the run on screen
//! (enforcement flipped, a knob changed, a live fault added) instead of being typed in.
//! [`super::ask`] resolves questions against a run; the words layer phrases the verdict.

use super::narration::{Anchor, Cond};

/// One possible answer to a question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// What the learner picks, a few words (no placeholders).
    pub text: &'static str,
    /// The answer is the right one exactly when this holds of the run.
    pub right_if: Cond,
    /// One or two sentences saying why, pointing at the timeline; shown when this is the
    /// right answer, so it may hold `{placeholders}` of its own outcome (`{highest}`).
    pub because: &'static str,
}

impl Answer {
    /// An answer, right when `right_if` holds.
    pub const fn new(text: &'static str, right_if: Cond, because: &'static str) -> Self {
        Answer {
            text,
            right_if,
            because,
        }
    }
}

/// A question about one moment of a story.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    /// The question (may hold `{placeholders}`, filled as in narration, and true whatever
    /// the answer: it must not give the answer away).
    pub prompt: &'static str,
    /// The moment the question is about; playback stops just before it.
    pub anchor: Anchor,
    /// The question is asked only when this holds (its premise, e.g. "B has written").
    pub when: Cond,
    /// Two to four answers; exactly one is right in any run the question is asked in.
    pub answers: &'static [Answer],
}

impl Question {
    /// A question asked whenever its anchor's event happens.
    pub const fn new(prompt: &'static str, anchor: Anchor, answers: &'static [Answer]) -> Self {
        Question {
            prompt,
            anchor,
            when: Cond::Always,
            answers,
        }
    }

    /// The same question, asked only when `when` also holds.
    pub const fn only(self, when: Cond) -> Self {
        Question { when, ..self }
    }

    /// The order its answers are shown in, as indices into `answers`: sorted by a hash of the
    /// prompt and each answer's text as written, so it never follows which answer is right
    /// and stays the same whatever the run (a flipped switch keeps it).
    pub fn order(&self) -> Vec<usize> {
        let hash = |text: &str| {
            let bytes = self.prompt.bytes().chain(text.bytes());
            bytes.fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
            })
        };
        // Each answer's place is how many hash before it (a plain count: no sort in the wasm).
        let keys: Vec<(u64, usize)> = self.answers.iter().map(|a| hash(a.text)).zip(0..).collect();
        let mut order = vec![0; keys.len()];
        for &(key, i) in &keys {
            order[keys.iter().filter(|&&k| k < (key, i)).count()] = i;
        }
        order
    }
}
