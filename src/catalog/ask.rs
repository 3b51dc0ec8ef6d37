//! Asking a story's questions of a run: each question whose moment happens, whose premise
//! holds and which has exactly one right answer is asked at its anchor's time, in time
//! order, its words filled from the run; the others are listed with why, as data (tests
//! report them; a question with no or several right answers is a catalog bug).

use super::advice::without_token_advice;
use super::fill::fill_at;
use super::narration::Missing;
use super::question::Question;
use crate::engine::{Run, Scenario};

/// A question as asked in one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Asked {
    /// The question as written.
    pub question: &'static Question,
    /// The time of its moment; playback stops just before it.
    pub at_ms: u64,
    /// The question, filled in.
    pub prompt: String,
    /// The answers' texts, in the order shown ([`Question::order`]).
    pub answers: Vec<String>,
    /// Index of the right answer in `answers`.
    pub right: usize,
    /// Why the right answer is right, filled in (shown after the moment has played).
    pub because: String,
}

impl Asked {
    /// Whether `choice` (an index into `answers`) is the right answer.
    pub fn grade(&self, choice: usize) -> bool {
        choice == self.right
    }

    /// The right answer's text.
    pub fn right_answer(&self) -> &str {
        self.answers.get(self.right).map_or("", String::as_str)
    }
}

/// Why a question is not asked in a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WhyNot {
    /// Its moment never happens, or its premise is false of the run.
    NotInRun(Missing),
    /// No answer is right in this run (a catalog bug).
    NoRightAnswer,
    /// These answers are all right in this run (a catalog bug).
    SeveralRight(Vec<usize>),
    /// A placeholder of the prompt or of the right answer's reason has no value here.
    Unfilled(Missing),
}

/// A question not asked in a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unasked {
    /// The question as written.
    pub question: &'static Question,
    /// Why it is not asked.
    pub why: WhyNot,
}

/// A story's questions resolved against one run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Quiz {
    /// The questions asked, in time order (story order at equal times).
    pub asked: Vec<Asked>,
    /// The others, in story order.
    pub unasked: Vec<Unasked>,
}

/// Resolves `questions` against `run`, the run of `scenario`.
pub fn ask(questions: &'static [Question], scenario: &Scenario, run: &Run) -> Quiz {
    let mut quiz = Quiz::default();
    for question in questions {
        match one(question, scenario, run) {
            Ok(asked) => {
                let at = quiz.asked.partition_point(|a| a.at_ms <= asked.at_ms);
                quiz.asked.insert(at, asked);
            }
            Err(why) => quiz.unasked.push(Unasked { question, why }),
        }
    }
    quiz
}

fn one(question: &'static Question, scenario: &Scenario, run: &Run) -> Result<Asked, WhyNot> {
    let event = question.anchor.event(run);
    let at_ms = match (question.anchor.matcher(), event) {
        (None, _) => run.end_ms,
        (Some(_), Some(e)) => e.at_ms,
        (Some(m), None) => return Err(WhyNot::NotInRun(Missing::Never(m))),
    };
    question
        .when
        .check(scenario, run)
        .map_err(WhyNot::NotInRun)?;
    let right: Vec<usize> = (0..question.answers.len())
        .filter(|&i| question.answers[i].right_if.check(scenario, run).is_ok())
        .collect();
    let right = match right[..] {
        [] => return Err(WhyNot::NoRightAnswer),
        [one] => one,
        _ => return Err(WhyNot::SeveralRight(right)),
    };
    let fill = |text| fill_at(text, scenario, run, at_ms, event).map_err(WhyNot::Unfilled);
    let order = question.order();
    Ok(Asked {
        question,
        at_ms,
        prompt: fill(question.prompt)?,
        answers: order
            .iter()
            .map(|&i| without_token_advice(question.answers[i].text, scenario))
            .collect(),
        right: order.iter().position(|&i| i == right).unwrap_or(0),
        because: fill(question.answers[right].because)?,
    })
}
