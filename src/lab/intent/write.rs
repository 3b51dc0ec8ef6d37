//! The Write panel's intents: the text typed (debounced by the panel), the setup on screen
//! written out as text to start from, the draft this browser kept, restored; and the answers of
//! the reader and writer, which the browser fetches on first use.

use super::class::{Class, OnQuestion, UnderRecording};
use crate::lab::writing::Told;

/// What the Write panel asks, or what its reader and writer answered.
#[derive(Clone, Debug, PartialEq)]
pub enum WriteIntent {
    /// The text as it now stands: run it if it reads.
    Edit(String),
    /// Write the setup on screen (story, knobs, added faults) as text in the panel.
    ShowAsText,
    /// The draft this browser kept, shown (and its problems found) without running it.
    Restore(String),
    /// What reading `text` gave; `run`: open it if it reads. An answer for a text no longer in
    /// the panel is dropped.
    Read {
        text: String,
        reading: Box<Told>,
        run: bool,
    },
    /// The setup on screen, written as text.
    Shown(String),
    /// The reader or writer could not be fetched: the text stays as typed.
    Unloaded,
}

impl WriteIntent {
    /// How the reducer treats this intent.
    pub fn class(&self) -> Class {
        use OnQuestion::*;
        use UnderRecording::*;
        let (quiet, recording, question) = match self {
            WriteIntent::Edit(..) | WriteIntent::ShowAsText => (false, Allowed, Keeps),
            WriteIntent::Restore(..) | WriteIntent::Unloaded | WriteIntent::Shown(..) => {
                (true, Allowed, Keeps)
            }
            WriteIntent::Read { run: true, .. } => (true, ClosesIt, Closes),
            WriteIntent::Read { run: false, .. } => (true, Allowed, Keeps),
        };
        Class {
            quiet,
            recording,
            question,
        }
    }
}
