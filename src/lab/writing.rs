//! The Write panel's state as plain data: the text as typed (kept in this browser, restored on
//! the next visit) and its problems. A text that reads becomes the setup's written story; one
//! that does not leaves the last good run on screen while its problems are shown.

use crate::script::ScriptError;

/// What the Write panel holds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Writing {
    /// The text as typed.
    pub text: String,
    /// Its problems, in text order (empty when it reads, is empty, or is not read yet).
    pub errors: Vec<ScriptError>,
    /// The reader or writer could not be fetched when last asked (the next edit asks again).
    pub unloaded: bool,
}
