//! Written stories: a whole scenario as text a person can type and read aloud, and back.
//!
//! [`parse`] reads a story (format version [`FORMAT_VERSION`], `docs/story-format.md`) into a
//! [`Scenario`] or a list of [`ScriptError`]s, each at a line and column of the text, with what
//! was expected and the nearest valid word; [`write`] writes any scenario in the format, so
//! `parse(&write(s)) == Ok(s)`. Pure: no browser, no English (the words layer says the errors).

mod apps;
mod cursor;
mod draft;
mod duration;
mod error;
mod faults;
mod field;
mod lex;
mod limits;
mod names;
mod parse;
mod settings;
mod suggest;
mod values;
mod vocab;
mod write;
mod write_faults;
mod written;

pub use duration::{format_duration, format_signed};
pub use error::{Expected, ScriptError, ScriptProblem};
pub use limits::{FORMAT_VERSION, MAX_ERRORS, MAX_FAULTS, MAX_NTH, MAX_TEXT_BYTES};
pub use parse::parse;
pub use write::write;
pub use written::{Reading, Written};

#[cfg(test)]
mod parse_tests;
