//! Playback: play and pause, steps, seeking, the speed and the clock's ticks.
//! Each variant says how the reducer treats it ([`Class`]) in one exhaustive `match`, so a new
//! variant does not build until its class is chosen.

use super::class::{Class, OnQuestion, UnderRecording};

/// Playback's intents.
#[derive(Clone, Debug, PartialEq)]
pub enum PlaybackIntent {
    /// Start or stop playback; starting at the end restarts from 0.
    TogglePlay,
    /// Stop and put the playhead at 0.
    Restart,
    /// Stop and move to the previous notable event (or 0).
    PrevEvent,
    /// Stop and move to the next notable event (or the end).
    NextEvent,
    /// Move to the previous narration step (or 0).
    PrevStep,
    /// Move to the next narration step, if there is one (stopping before an unanswered
    /// question on the way; on an open question: reveal it, then go on).
    NextStep,
    /// Stop and move the playhead here (clamped to the run).
    Seek(u64),
    /// Playback speed, as an index into [`crate::lab::SPEEDS`].
    SetSpeed(usize),
    /// The animation clock ticked at `now_ms` (real ms), `elapsed_ms` after its last tick;
    /// `reduced_motion`: the viewer asked for less motion (jump from event to event).
    Tick {
        now_ms: f64,
        elapsed_ms: f64,
        reduced_motion: bool,
    },
}

impl PlaybackIntent {
    /// How the reducer treats this intent.
    pub fn class(&self) -> Class {
        use OnQuestion::*;
        use UnderRecording::*;
        let (quiet, recording, question) = match self {
            PlaybackIntent::TogglePlay => (false, Allowed, ClosesIfAnswered),
            PlaybackIntent::Restart => (false, Allowed, Closes),
            PlaybackIntent::PrevEvent => (false, Allowed, Closes),
            PlaybackIntent::NextEvent => (false, Allowed, Closes),
            PlaybackIntent::PrevStep => (false, AsEvent, Closes),
            PlaybackIntent::NextStep => (false, AsEvent, Keeps),
            PlaybackIntent::Seek(..) => (false, Allowed, Closes),
            PlaybackIntent::SetSpeed(..) => (false, Allowed, Keeps),
            PlaybackIntent::Tick { .. } => (true, Allowed, Keeps),
        };
        Class {
            quiet,
            recording,
            question,
        }
    }
}
