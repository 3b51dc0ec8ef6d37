//! A written story as the lab keeps it: the text as typed and the scenario it reads to.

use super::error::ScriptError;
use super::parse::parse;
use crate::engine::Scenario;

/// What reading a text gives: the story, or its problems in text order.
pub type Reading = Result<Written, Vec<ScriptError>>;

/// A story that reads: its text and its scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Written {
    /// The text, as typed.
    pub text: String,
    /// What it reads to (valid: the engine runs it).
    pub scenario: Scenario,
}

impl Written {
    /// `text` read, or its problems.
    pub fn read(text: &str) -> Reading {
        let scenario = parse(text)?;
        Ok(Written {
            text: text.to_string(),
            scenario,
        })
    }
}
