//! The story's questions: a pick, a reveal, "Watch that moment", playing on, questions on or off and forgetting the answers.
//! Each variant says how the reducer treats it ([`Class`]) in one exhaustive `match`, so a new
//! variant does not build until its class is chosen.

use super::class::{Class, OnQuestion, UnderRecording};

/// The story's questions's intents.
#[derive(Clone, Debug, PartialEq)]
pub enum QuestionIntent {
    /// Pick answer `n` (0-based) of the open question; the moment plays and is graded.
    Answer(usize),
    /// Play the open question's moment without a pick (the room voted by hand), or show the
    /// answer after a wrong pick.
    Reveal,
    /// "Watch that moment": after a pick, replay from a few seconds before the open question's
    /// moment to a little after it, then show the answer.
    Watch,
    /// Close the answered question and play on.
    Continue,
    /// Questions on / off.
    ToggleQuestions,
    /// Forget which questions this browser answered right.
    ResetAnswers,
}

impl QuestionIntent {
    /// How the reducer treats this intent.
    pub fn class(&self) -> Class {
        use OnQuestion::*;
        use UnderRecording::*;
        let (quiet, recording, question) = match self {
            QuestionIntent::Answer(..) => (false, Refused, Keeps),
            QuestionIntent::Reveal => (false, Refused, Keeps),
            QuestionIntent::Watch => (false, Allowed, Keeps),
            QuestionIntent::Continue => (false, Refused, Keeps),
            QuestionIntent::ToggleQuestions => (false, Refused, Keeps),
            QuestionIntent::ResetAnswers => (false, Allowed, Keeps),
        };
        Class {
            quiet,
            recording,
            question,
        }
    }
}
