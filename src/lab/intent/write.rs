//! The Write panel's intents: the text typed (debounced by the panel), the setup on screen
//! written out as text to start from, and the draft this browser kept, restored.

use super::class::{Class, OnQuestion, UnderRecording};

/// What the Write panel asks.
#[derive(Clone, Debug, PartialEq)]
pub enum WriteIntent {
    /// The text as it now stands: run it if it reads.
    Edit(String),
    /// Write the setup on screen (story, knobs, added faults) as text in the panel.
    ShowAsText,
    /// The draft this browser kept, shown (and its problems found) without running it.
    Restore(String),
}

impl WriteIntent {
    /// How the reducer treats this intent.
    pub fn class(&self) -> Class {
        use OnQuestion::*;
        use UnderRecording::*;
        let (quiet, recording, question) = match self {
            WriteIntent::Edit(..) => (false, ClosesIt, Closes),
            WriteIntent::ShowAsText => (false, Allowed, Keeps),
            WriteIntent::Restore(..) => (true, Allowed, Keeps),
        };
        Class {
            quiet,
            recording,
            question,
        }
    }
}
