//! What can be wrong with a trace file, as data, with a plain sentence for each.

use std::fmt;

/// Why a trace file was not accepted. `Display` gives one plain sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceError {
    /// The file is larger than `max` bytes.
    TooLarge { bytes: usize, max: usize },
    /// Not valid JSON: at byte `offset`, `what` was expected.
    NotJson { offset: usize, what: &'static str },
    /// Nested deeper than `max` levels.
    TooDeep { max: usize },
    /// More than `max` of `what`.
    TooMany { what: &'static str, max: usize },
    /// Valid JSON, but not a trace (no `"format": "fencing-lab-trace"`).
    NotATrace,
    /// A version this build cannot read.
    Version { found: String },
    /// `path` is missing or has the wrong type: `expected` says what it must be.
    Field {
        path: String,
        expected: &'static str,
    },
    /// Event `index` has a kind this version does not know.
    UnknownKind { index: usize, kind: String },
    /// Event `index` names an app that is not in `apps`.
    UnknownApp { index: usize, name: String },
    /// Event `index` refers to a token no earlier event granted.
    UnknownToken { index: usize, token: u64 },
    /// Event `index` happens before the event preceding it, or after `end_ms`.
    TimeOrder { index: usize, at_ms: u64 },
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TraceError::*;
        match self {
            TooLarge { bytes, max } => write!(
                f,
                "The file is {bytes} bytes; a trace may be at most {max} bytes."
            ),
            NotJson { offset, what } => {
                write!(f, "This is not valid JSON: at byte {offset}, expected {what}.")
            }
            TooDeep { max } => write!(f, "The JSON is nested more than {max} levels deep."),
            TooMany { what, max } => write!(f, "The file has more than {max} {what}."),
            NotATrace => write!(
                f,
                "This JSON is not a Fencing Lab trace (no \"format\": \"{}\").",
                super::FORMAT
            ),
            Version { found } => write!(
                f,
                "This trace has version {found}; this lab reads version {}.",
                super::VERSION
            ),
            Field { path, expected } => write!(f, "\"{path}\" must be {expected}."),
            UnknownKind { index, kind } => {
                write!(f, "Event {index} has an unknown kind \"{kind}\".")
            }
            UnknownApp { index, name } => {
                write!(f, "Event {index} names app \"{name}\", which is not in \"apps\".")
            }
            UnknownToken { index, token } => write!(
                f,
                "Event {index} refers to token {token}, which no earlier event granted."
            ),
            TimeOrder { index, at_ms } => write!(
                f,
                "Event {index} at {at_ms} ms is out of order (before the previous event or after \"end_ms\")."
            ),
        }
    }
}

impl std::error::Error for TraceError {}
