//! The scenario being read, and what the reading has learnt on the way: where each setting
//! was written (so the engine's objection is marked at the text that set the field), which
//! statements were given, the faults waiting for their apps, and the problems found.

use super::cursor::Span;
use super::error::{ScriptError, ScriptProblem};
use super::field::{of_path, parent, Field};
use crate::engine::{Fault, Scenario};

/// A fault read, whose app is named but not yet looked up (apps may be declared after it).
pub struct Pending {
    /// The fault, its app (if it has one) still 0.
    pub fault: Fault,
    /// The app's name and where it was written, for faults on an app.
    pub app: Option<(String, Span)>,
}

/// The scenario so far.
pub struct Draft {
    /// The scenario: the defaults, with what the statements set so far.
    pub scenario: Scenario,
    /// Where each field was set, latest last (a list: a story sets a few dozen, and a map's
    /// code costs the wasm more).
    origins: Vec<(Field<'static>, Span)>,
    /// The faults read, in order.
    pub faults: Vec<Pending>,
    /// Problems found.
    pub errors: Vec<ScriptError>,
    /// The settings statements given, and where.
    said: Vec<&'static str>,
}

/// The text's first character.
const START: Span = Span {
    line: 1,
    column: 1,
    width: 1,
};

/// Fields whose objection, if the field was never written, is marked where another was.
const STAND_INS: [(&str, &str); 5] = [
    ("enforce", "mode"),
    ("tokens", "enforce"),
    ("drift_allowance_ms", "ttl_ms"),
    ("election_timeout_ms", "members"),
    ("member_jitter_ms", "members"),
];

impl Draft {
    /// Where `field` was last set, or the text's start.
    pub fn find_or_start(&self, field: Field) -> Span {
        self.find(field).unwrap_or(START)
    }

    /// Where `field` was last set, if it was.
    fn find(&self, field: Field) -> Option<Span> {
        let found = self.origins.iter().rev().find(|(f, _)| *f == field);
        found.map(|(_, span)| *span)
    }

    /// A draft of the default scenario without apps or faults.
    pub fn new() -> Draft {
        Draft {
            scenario: Scenario {
                apps: Vec::new(),
                ..Scenario::default()
            },
            origins: Vec::new(),
            faults: Vec::new(),
            errors: Vec::new(),
            said: Vec::new(),
        }
    }

    /// Notes that statement `key` is given at `span`: a second one is a problem.
    pub fn once(&mut self, key: &'static str, span: Span) -> Result<(), ScriptError> {
        if self.said.contains(&key) {
            let key = key.to_string();
            return Err(span.error(ScriptProblem::Twice { key }));
        }
        self.said.push(key);
        Ok(())
    }

    /// Notes that `field` was set at `span`.
    pub fn set(&mut self, field: Field<'static>, span: Span) {
        self.origins.push((field, span));
    }

    /// Where the text set the field the engine's `path` names, or the nearest thing that did:
    /// the whole app or fault it belongs to, a stand-in, or the text's start.
    pub fn origin(&self, path: &str) -> Span {
        let mut field = Some(of_path(path));
        while let Some(f) = field {
            if let Some(span) = self.find(f) {
                return span;
            }
            field = parent(f);
        }
        let stand_in = STAND_INS.iter().find(|(f, _)| *f == path);
        match stand_in.and_then(|(_, other)| self.find(Field::Own(other))) {
            Some(span) => span,
            None => START,
        }
    }
}
