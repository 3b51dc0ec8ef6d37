//! The scenario being read, and what the reading has learnt on the way: where each setting
//! was written (so the engine's objection is marked at the text that set the field), which
//! statements were given, the faults waiting for their apps, and the problems found.

use std::collections::BTreeMap;

use super::cursor::Span;
use super::error::{ScriptError, ScriptProblem};
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
    /// Where each field was set, by the engine's path for it (`ttl_ms`, `apps[1].start_ms`).
    pub origins: BTreeMap<String, Span>,
    /// The faults read, in order.
    pub faults: Vec<Pending>,
    /// Problems found.
    pub errors: Vec<ScriptError>,
    /// The settings statements given, and where.
    said: BTreeMap<&'static str, Span>,
}

/// Fields whose objection, if the field was never written, is marked where another was.
const STAND_INS: [(&str, &str); 5] = [
    ("enforce", "mode"),
    ("tokens", "enforce"),
    ("drift_allowance_ms", "ttl_ms"),
    ("election_timeout_ms", "members"),
    ("member_jitter_ms", "members"),
];

impl Draft {
    /// A draft of the default scenario without apps or faults.
    pub fn new() -> Draft {
        Draft {
            scenario: Scenario {
                apps: Vec::new(),
                ..Scenario::default()
            },
            origins: BTreeMap::new(),
            faults: Vec::new(),
            errors: Vec::new(),
            said: BTreeMap::new(),
        }
    }

    /// Notes that statement `key` is given at `span`: a second one is a problem.
    pub fn once(&mut self, key: &'static str, span: Span) -> Result<(), ScriptError> {
        if self.said.insert(key, span).is_some() {
            let key = key.to_string();
            return Err(span.error(ScriptProblem::Twice { key }));
        }
        Ok(())
    }

    /// Notes that `field` was set at `span`.
    pub fn set(&mut self, field: impl Into<String>, span: Span) {
        self.origins.insert(field.into(), span);
    }

    /// Where the text set `field`, or the nearest thing that did: the field's parents
    /// (`apps[1].steps[0].for_ms`, then `apps[1].steps[0]`, then `apps[1]`), a stand-in, or
    /// the text's start.
    pub fn origin(&self, field: &str) -> Span {
        let mut path = field;
        loop {
            if let Some(span) = self.origins.get(path) {
                return *span;
            }
            match path.rfind(['.', '[']) {
                Some(cut) => path = &path[..cut],
                None => break,
            }
        }
        let stand_in = STAND_INS.iter().find(|(f, _)| *f == field);
        match stand_in.and_then(|(_, other)| self.origins.get(*other)) {
            Some(span) => *span,
            None => Span {
                line: 1,
                column: 1,
                width: 1,
            },
        }
    }
}
