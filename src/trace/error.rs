//! What can be wrong with a trace file, as data; the words layer says each in a plain sentence
//! (`Display` is terse, for logs and tests, not for users).

use super::expected::{Countable, Expected, Syntax};
use std::fmt;

/// Why a trace file was not accepted. The words layer's `trace_error` says it to users;
/// `Display` only names the variant and its fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceError {
    /// The file is larger than `max` bytes.
    TooLarge { bytes: usize, max: usize },
    /// Not valid JSON: at byte `offset`, `expected` was expected.
    NotJson { offset: usize, expected: Syntax },
    /// Nested deeper than `max` levels.
    TooDeep { max: usize },
    /// More than `max` of `what`.
    TooMany { what: Countable, max: usize },
    /// Valid JSON, but not a trace (no `"format": "fencing-lab-trace"`).
    NotATrace,
    /// A version this build cannot read.
    Version { found: String },
    /// `path` is missing or has the wrong type: `expected` says what it must be.
    Field { path: String, expected: Expected },
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
        write!(f, "{self:?}")
    }
}

impl std::error::Error for TraceError {}
