//! A recorded run: fetching a shipped one, opening one, closing it.
//! Each variant says how the reducer treats it ([`Class`]) in one exhaustive `match`, so a new
//! variant does not build until its class is chosen.

use std::sync::Arc;

use super::class::{Class, OnQuestion, UnderRecording};
use crate::lab::effect::ReadTrace;
use crate::lab::recording::RecordedRun;
use crate::trace::TraceError;

/// A recorded run's intents.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordingIntent {
    /// Fetch the shipped recording `id` and show it from `at_ms` once it arrives.
    OpenShipped { id: &'static str, at_ms: u64 },
    /// A file's text arrived: read it as a recording (the effect runner reads it and answers
    /// with [`RecordingIntent::Opened`] or [`RecordingIntent::Refused`]).
    Read(Box<ReadTrace>),
    /// `file` could not be read at all: `why`, from the browser.
    Unreadable { file: String, why: String },
    /// `file` was read but is not a trace this build accepts.
    Refused { file: String, error: TraceError },
    /// Show the recorded run `run` (the shipped recording `shipped`, if it is one) from `at_ms`.
    Opened {
        run: Arc<RecordedRun>,
        shipped: Option<&'static str>,
        at_ms: u64,
    },
    /// Close the recorded run and go back to the simulation as it was.
    CloseTrace,
}

impl RecordingIntent {
    /// What arrived of `file` (the shipped recording `shipped`, if it is one), to show from
    /// `at_ms`: its text to read, or why the browser could not read it.
    pub fn arrived(
        file: String,
        shipped: Option<&'static str>,
        text: Result<String, String>,
        at_ms: u64,
    ) -> RecordingIntent {
        match text {
            Ok(text) => RecordingIntent::Read(Box::new(ReadTrace {
                file,
                shipped,
                text,
                at_ms,
            })),
            Err(why) => RecordingIntent::Unreadable { file, why },
        }
    }

    /// How the reducer treats this intent.
    pub fn class(&self) -> Class {
        use OnQuestion::*;
        use UnderRecording::*;
        let (quiet, recording, question) = match self {
            RecordingIntent::OpenShipped { .. } => (true, Allowed, Keeps),
            RecordingIntent::Read(..) => (false, Allowed, Keeps),
            RecordingIntent::Unreadable { .. } => (false, Allowed, Keeps),
            RecordingIntent::Refused { .. } => (false, Allowed, Keeps),
            RecordingIntent::Opened { .. } => (false, Allowed, Keeps),
            RecordingIntent::CloseTrace => (false, Allowed, Keeps),
        };
        Class {
            quiet,
            recording,
            question,
        }
    }
}
