//! Written stories: a whole scenario as text a person can type and read aloud, and back.
//!
//! [`parse`] reads a story (format version [`FORMAT_VERSION`], `docs/story-format.md`) into a
//! [`Scenario`] or a list of [`ScriptError`]s, each at a line and column of the text, with what
//! was expected and the nearest valid word; [`write`] writes any scenario in the format, so
//! `parse(&write(s)) == Ok(s)`. Pure: no browser, no English (the words layer says the errors).

mod duration;
mod error;
mod lex;
mod parse;
mod statements;
mod suggest;
mod vocab;
mod write;
mod write_faults;

pub use duration::{format_duration, format_signed};
pub use error::{Expected, ScriptError, ScriptProblem};
pub use parse::parse;
pub use write::write;

/// The format's version, which a link names beside the text.
pub const FORMAT_VERSION: u32 = 1;
/// The longest story read, in bytes.
pub const MAX_TEXT_BYTES: usize = 6_000;
/// The most faults a story may have: a catalog story's own and the link's twenty.
pub const MAX_FAULTS: usize = 40;
/// The most errors reported; the rest are left for the next reading.
pub const MAX_ERRORS: usize = 20;
