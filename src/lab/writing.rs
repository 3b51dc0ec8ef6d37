//! The Write panel's state as plain data: the text as typed (kept in this browser, restored on
//! the next visit) and its problems. A text that reads becomes the setup's written story; one
//! that does not leaves the last good run on screen while its problems are shown.

use crate::script::{ScriptError, Written};

/// What the Write panel holds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Writing {
    /// The text as typed.
    pub text: String,
    /// Its problems, in text order (empty when it reads, is empty, or is not read yet).
    pub errors: Vec<Problem>,
    /// The reader or writer could not be fetched when last asked (the next edit asks again).
    pub unloaded: bool,
}

/// One problem of the text, with its words: written where the reader runs, so that the words
/// for every kind of problem load with the reader, not with the page.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// Where it is and what is wrong, as data.
    pub at: ScriptError,
    /// What is wrong, in a sentence that names the line and column.
    pub says: String,
    /// The line at fault quoted, with a caret under the part at fault (two lines).
    pub quote: String,
}

/// What the reader made of a text: the story, or its problems in text order.
pub type Told = Result<Written, Vec<Problem>>;
