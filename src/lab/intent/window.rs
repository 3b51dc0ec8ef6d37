//! The timeline's window: zoom, pan, fit, a pinch's or a wheel's window, and the measured room.
//! Each variant says how the reducer treats it ([`Class`]) in one exhaustive `match`, so a new
//! variant does not build until its class is chosen.

use super::class::{Class, OnQuestion, UnderRecording};
use crate::lab::window::{Room, Window};

/// The timeline's window's intents.
#[derive(Clone, Debug, PartialEq)]
pub enum WindowIntent {
    /// Zoom the timeline in (`> 0`) or out around the playhead.
    Zoom(i32),
    /// Move the zoomed timeline by a third of its width (−1 earlier, +1 later).
    Pan(i64),
    /// Fit the timeline to the story again.
    Fit,
    /// Show this window of the timeline (`None`: fitted), as a pinch chose.
    ZoomTo(Option<Window>),
    /// Zoom in (`steps > 0`) or out around `at_ms` (a Ctrl + wheel under the pointer).
    ZoomAt { steps: i32, at_ms: u64 },
    /// Move the shown window by `by_ms` (a sideways wheel).
    PanBy(i64),
    /// The timeline was measured: the window fitted to the story depends on its room.
    Measure(Room),
}

impl WindowIntent {
    /// How the reducer treats this intent.
    pub fn class(&self) -> Class {
        use OnQuestion::*;
        use UnderRecording::*;
        let (quiet, recording, question) = match self {
            WindowIntent::Zoom(..) => (false, Allowed, Keeps),
            WindowIntent::Pan(..) => (false, Allowed, Keeps),
            WindowIntent::Fit => (false, Allowed, Keeps),
            WindowIntent::ZoomTo(..) => (false, Allowed, Keeps),
            WindowIntent::ZoomAt { .. } => (false, Allowed, Keeps),
            WindowIntent::PanBy(..) => (false, Allowed, Keeps),
            WindowIntent::Measure(..) => (true, Allowed, Keeps),
        };
        Class {
            quiet,
            recording,
            question,
        }
    }
}
