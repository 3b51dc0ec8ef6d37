//! A written story's problems in plain words: where ("line 2, column 8"), what is wrong, what
//! was expected, the nearest valid word, and the line quoted with a caret under the fault.

use super::scenario_errors::scenario_problem;
use crate::engine::ScenarioProblem;
use crate::lab::Problem;
use crate::script::{format_duration, Expected, ScriptError, ScriptProblem};
use crate::units::joined;

/// `words` as a list a person reads: "`a`, `b` or `c`".
fn listed(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", joined(rest, ", ")),
        _ => joined(&quoted, ""),
    }
}

/// What a place in a statement needs, after "expected".
pub fn expected(expected: Expected) -> String {
    match expected {
        Expected::Statement => "a statement: `run`, `service`, `network`, `clients`, \
            `resource`, `app`, a fault at a time (`@20s A pauses for 40s`) or on a message \
            (`A's 1st grant arrives 5s late`)"
            .into(),
        Expected::Duration => "a duration with its unit: `250ms`, `30s`, `1.5s`, `2min`".into(),
        Expected::Signed => "a duration with its sign: `+5s`, `-250ms`".into(),
        Expected::Number => "a whole number".into(),
        Expected::AppName => "an app's name: a word of letters, digits, `_` and `-` that \
            starts with a letter and is not one of the format's own words"
            .into(),
        Expected::App => "the name of an app the story declares with `app`".into(),
        Expected::Role => "the app's role in double quotes".into(),
        Expected::Setting(keys) => {
            format!("a setting `key=value`, the key one of {}", listed(keys))
        }
        Expected::OneOf([word]) => format!("`{word}`"),
        Expected::OneOf(words) => format!("one of {}", listed(words)),
        Expected::Step => "a step of the plan".into(),
        Expected::Ordinal => "an ordinal such as `1st`, `2nd`, `3rd` or `4th`".into(),
        Expected::Kind => "a message kind".into(),
        Expected::Ppm => "a clock drift in parts per million: `+200ppm`, `-100ppm`".into(),
        Expected::End => {
            "the end of the statement (a new one starts on a new line or after `;`)".into()
        }
    }
}

/// What is wrong, in a sentence (and the suggestion, if any).
pub fn script_problem(problem: &ScriptProblem) -> String {
    use ScriptProblem::*;
    match problem {
        TooLong { max_bytes } => {
            format!("The story is longer than {max_bytes} bytes; it crosses the limit here.")
        }
        Unexpected {
            found,
            expected: what,
            suggestion,
        } => {
            let found = match found.is_empty() {
                true => "Nothing".to_string(),
                false => format!("`{found}`"),
            };
            let mean = suggestion
                .as_ref()
                .map_or(String::new(), |s| format!(" Did you mean `{s}`?"));
            format!(
                "{found} is not expected here: expected {}.{mean}",
                expected(*what)
            )
        }
        Missing { expected: what } => {
            format!("The statement ends too soon: expected {}.", expected(*what))
        }
        NoUnit { found } => {
            format!("`{found}` needs a unit: `{found}ms`, `{found}s`, `{found}min` or `{found}h`.")
        }
        NotWholeMs { found } => format!("`{found}` is not a whole number of milliseconds."),
        TooBig { max } => format!("Too big: at most {max}."),
        TooLongMs { max_ms } => format!("Too long: at most {}.", format_duration(*max_ms)),
        Twice { key } => format!("`{key}` is given twice; a story sets it once."),
        RoleTooLong { max_chars } => format!("A role is at most {max_chars} characters."),
        Unclosed => "This quote never closes: end it with `\"`.".into(),
        SameName { name } => format!("There is already an app called `{name}`."),
        TooManyApps { max } => format!("A story has at most {max} apps."),
        TooManyFaults { max } => format!("A story has at most {max} faults."),
        NoApps => "A story needs at least one app, e.g. `app A \"Worker\"`.".into(),
        StepOutOfPlace { step: "acquire" } => "`acquire` can only be the plan's first step.".into(),
        StepOutOfPlace { step } => format!("`{step}` can only be the plan's last step."),
        RenewIsASetting => "An app renews by itself: say how often on its `app` line, with \
            `renew=10s`, `renew=third` or `renew=off`."
            .into(),
        Engine(error) => format!(
            "The engine cannot run this: {}.",
            engine_problem(&error.problem)
        ),
    }
}

/// The engine's objection, its times written as the story writes them.
fn engine_problem(problem: &ScenarioProblem) -> String {
    match problem {
        ScenarioProblem::AfterTheEnd { at_ms, horizon_ms } => format!(
            "{} is after the run's end ({})",
            format_duration(*at_ms),
            format_duration(*horizon_ms)
        ),
        ScenarioProblem::OverADay { value_ms, .. } => {
            format!("{} is longer than a day (24h)", format_duration(*value_ms))
        }
        other => scenario_problem(other),
    }
}

/// The problem with its place: "Line 2, column 8: …".
pub fn script_error(error: &ScriptError) -> String {
    format!(
        "Line {}, column {}: {}",
        error.line,
        error.column,
        script_problem(&error.problem)
    )
}

/// `errors` of `text`, each with its sentence and its line quoted, as the Write panel shows them.
pub fn problems(text: &str, errors: Vec<ScriptError>) -> Vec<Problem> {
    let problem = |at: ScriptError| Problem {
        says: script_error(&at),
        quote: script_error_quote(text, &at),
        at,
    };
    errors.into_iter().map(problem).collect()
}

/// The problem, then its line quoted with a caret under the part at fault, as a terminal or a
/// code panel shows it.
pub fn script_error_block(text: &str, error: &ScriptError) -> String {
    format!(
        "{}\n{}",
        script_error(error),
        script_error_quote(text, error)
    )
}

/// The line at fault quoted with its number, and a caret under the part at fault (two lines,
/// to show unwrapped).
pub fn script_error_quote(text: &str, error: &ScriptError) -> String {
    let line = text.split('\n').nth(error.line - 1).unwrap_or("");
    let line = line.trim_end_matches('\r');
    let number = error.line.to_string();
    let gutter = " ".repeat(number.len());
    let pad = " ".repeat(error.column.saturating_sub(1));
    let room = line.chars().count().saturating_sub(error.column - 1).max(1);
    let caret = "^".repeat(error.width.min(room));
    format!("{number} | {line}\n{gutter} | {pad}{caret}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::parse;

    #[test]
    fn a_slip_is_quoted_with_a_caret_and_the_word_meant() {
        let text = "app A\n@20s A pasue for 40s";
        let errors = parse(text).expect_err("a slip");
        let want = "Line 2, column 8: `pasue` is not expected here: expected one of `pauses`, \
            `crashes`, `is` or `clock`. Did you mean `pauses`?\n\
            2 | @20s A pasue for 40s\n  |        ^^^^^";
        assert_eq!(script_error_block(text, &errors[0]), want);
    }
}
