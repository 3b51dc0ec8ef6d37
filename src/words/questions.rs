//! How a "predict, then watch" question is told around its own words: the heading, the
//! verdict once the moment has played ("Right." / "Not this time."), and why a question is
//! not asked in a run (for authors and test reports).

use super::missing::why_not;
use crate::catalog::{Asked, WhyNot};
use crate::engine::Scenario;

/// The heading over a question.
pub const HEADING: &str = "Predict, then watch";

/// The line under a question, before the learner picks.
pub const INVITE: &str = "Pick an answer, then watch what happens.";

/// Why an answer cannot be taken: no question is open.
pub const NONE_OPEN: &str = "There is no question open right now";

/// Why an answer cannot be taken: the question is answered already (a change to the run asks
/// it again).
pub const ANSWERED: &str = "This question is answered: Continue plays on";

/// Why "Watch that moment" waits: nothing is picked yet.
pub const PICK_FIRST: &str = "Pick an answer first, then watch that moment";

/// Why an answer cannot be taken: the question has fewer answers.
pub fn no_such_answer(count: usize) -> String {
    format!("This question has {count} answers: press 1 to {count}")
}

/// The button that plays the moment without a pick (the room voted by hand).
pub const REVEAL: &str = "Reveal";
/// What a wrong pick is told before the answer is shown.
pub const NOT_THIS_RUN: &str = "Not this time. That is not what this run does.";
/// The button that replays a few seconds around the moment, then shows the answer.
pub const WATCH: &str = "Watch that moment";
/// The button that shows the answer after a wrong pick.
pub const SHOW: &str = "Show the answer";
/// The button that closes an answered question and plays on.
pub const CONTINUE: &str = "Continue ▶";
/// The switch that turns the story's questions on and off.
pub const SWITCH: &str = "Stop for questions";
/// The control that forgets the answers kept in this browser.
pub const RESET: &str = "Reset my answers";

/// The story's score in this browser: "2 of 3 answered right" (empty when it asks none).
pub fn score(right: usize, asked: usize) -> String {
    match asked {
        0 => String::new(),
        _ => format!("{} of {asked} answered right", right.min(asked)),
    }
}

/// The picker's mark for a story: "2/3 ✓" (right answers of the questions it asks).
pub fn mark(right: usize, asked: usize) -> String {
    if right == 0 || asked == 0 {
        String::new()
    } else {
        format!(" · {}/{} ✓", right.min(asked), asked)
    }
}

/// The verdict on the learner's pick: "Right." or "Not this time.".
pub fn verdict(right: bool) -> &'static str {
    if right {
        "Right."
    } else {
        "Not this time."
    }
}

/// What the learner reads once the moment has played: the verdict, the right answer when
/// the pick was wrong, and the reason, e.g. "Not this time. It rejects it: the token is too
/// old. The file has already seen token 102, …".
pub fn feedback(asked: &Asked, choice: usize) -> String {
    let right = asked.grade(choice);
    if right {
        format!("{} {}", verdict(true), asked.because)
    } else {
        format!(
            "{} The answer: {}. {}",
            verdict(false),
            asked.right_answer(),
            asked.because
        )
    }
}

/// What the room reads when the speaker reveals without a pick: the answer and why.
pub fn revealed(asked: &Asked) -> String {
    format!("The answer: {}. {}", asked.right_answer(), asked.because)
}

/// Why a question is not asked in this run, e.g. "B is never granted the lease".
pub fn why_unasked(s: &Scenario, why: &WhyNot) -> String {
    match why {
        WhyNot::NotInRun(missing) => why_not(s, missing),
        WhyNot::NoRightAnswer => "no answer is right in this run".into(),
        WhyNot::SeveralRight(all) => format!("{} answers are right in this run", all.len()),
        WhyNot::Unfilled(missing) => format!("a number is missing: {}", why_not(s, missing)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{by_id, Knobs};
    use crate::engine::run;

    #[test]
    fn feedback_names_the_right_answer_only_when_the_pick_was_wrong() {
        let entry = by_id("gc-pause").expect("the story");
        let s = entry.scenario_with(&Knobs::defaults_for(entry));
        let r = run(&s).expect("a valid story");
        let quiz = entry.ask(&s, &r);
        let asked = quiz.asked.last().expect("a question about A's write");
        let wrong = (asked.right + 1) % asked.answers.len();
        assert!(feedback(asked, asked.right).starts_with("Right. "));
        let told = feedback(asked, wrong);
        assert!(
            told.starts_with("Not this time. The answer: It takes A's write."),
            "{told}"
        );
        assert_eq!(
            why_unasked(&s, &WhyNot::NoRightAnswer),
            "no answer is right in this run"
        );
    }
}
