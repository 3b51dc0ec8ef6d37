//! What can be wrong with a written story, as data: where (line and column, counted from 1 in
//! characters), how wide the mark under it is, and what is wrong. The words layer says it.

use crate::engine::ScenarioError;

/// One problem in a written story.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    /// The line, from 1.
    pub line: usize,
    /// The column of the first character marked, from 1, in characters.
    pub column: usize,
    /// How many characters are marked (at least 1).
    pub width: usize,
    /// What is wrong there.
    pub problem: ScriptProblem,
}

/// What a word or a line may have to be, for "expected …".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A statement's first word (`run`, `service`, `app`, `@20s` …).
    Statement,
    /// A duration with its unit.
    Duration,
    /// A duration with its sign.
    Signed,
    /// A whole number.
    Number,
    /// An app's name, a word.
    AppName,
    /// An app declared by an `app` statement.
    App,
    /// An app's role in double quotes.
    Role,
    /// A `key=value` setting of this statement, one of these keys.
    Setting(&'static [&'static str]),
    /// One of a fixed list of words (the list is the suggestion's).
    OneOf(&'static [&'static str]),
    /// A plan step.
    Step,
    /// An ordinal: `1st`, `2nd`, `3rd`, `4th` …
    Ordinal,
    /// A message kind.
    Kind,
    /// A clock drift in ppm (`+200ppm`).
    Ppm,
    /// The end of the statement.
    End,
}

/// What is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScriptProblem {
    /// The text is longer than `max_bytes`; the mark is where it crosses the limit.
    TooLong { max_bytes: usize },
    /// A word that is not what the place needs: `found`, what was `expected`, and the nearest
    /// valid word if one is close.
    Unexpected {
        found: String,
        expected: Expected,
        suggestion: Option<String>,
    },
    /// The statement ended where `expected` was needed.
    Missing { expected: Expected },
    /// A duration without a unit (`30`).
    NoUnit { found: String },
    /// A duration that is not whole milliseconds (`1.2345s`).
    NotWholeMs { found: String },
    /// A number above `max`.
    TooBig { max: u64 },
    /// A duration longer than `max_ms`, the longest any setting takes (one day).
    TooLongMs { max_ms: u64 },
    /// A setting given twice in a story (`key`: the setting or statement).
    Twice { key: String },
    /// A role longer than `max_chars` characters.
    RoleTooLong { max_chars: usize },
    /// A quote that never closes.
    Unclosed,
    /// A second app called `name`.
    SameName { name: String },
    /// More than `max` apps.
    TooManyApps { max: usize },
    /// More than `max` faults.
    TooManyFaults { max: usize },
    /// No `app` statement at all.
    NoApps,
    /// `release` before the plan's last step, or `acquire` after its first.
    StepOutOfPlace { step: &'static str },
    /// `renew` written as a step: renewals are the app's `renew=` setting.
    RenewIsASetting,
    /// The engine refuses the scenario; the mark is the text that set the field.
    Engine(ScenarioError),
}

/// The most of a word a problem quotes, in characters.
const QUOTED_CHARS: usize = 40;

/// `text` as a problem quotes it: its first [`QUOTED_CHARS`] characters.
pub fn clipped(text: &str) -> String {
    text.chars().take(QUOTED_CHARS).collect()
}

impl ScriptError {
    /// A problem at `line`, `column`, marking `width` characters.
    pub fn at(line: usize, column: usize, width: usize, problem: ScriptProblem) -> ScriptError {
        ScriptError {
            line,
            column,
            width: width.max(1),
            problem,
        }
    }
}
