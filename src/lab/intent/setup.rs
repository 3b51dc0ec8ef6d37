//! What runs: another story or link, a knob, a real system's defaults, faults and resumes at the playhead, an explorer counterexample.
//! Each variant says how the reducer treats it ([`Class`]) in one exhaustive `match`, so a new
//! variant does not build until its class is chosen.

use super::class::{Class, OnQuestion, UnderRecording};
use crate::catalog::{Design, Knob, StoryId, System};
use crate::engine::Fault;
use crate::lab::live_fault::{LiveFault, ServiceFault};
use crate::share::LinkState;

/// What runs's intents.
#[derive(Clone, Debug, PartialEq)]
pub enum SetupIntent {
    /// Restore everything a (decoded, hence valid) link describes.
    Load(Box<LinkState>),
    /// Switch to another catalog entry: its own knobs, no live faults, playhead at 0.
    Select(StoryId),
    /// Flip an on/off knob (numeric knobs are left alone).
    Flip(Knob),
    /// Set a numeric knob (on/off knobs are left alone).
    SetKnob(Knob, u64),
    /// Run on a real system's defaults (`None`: back to the story's own numbers).
    SetSystem(Option<System>),
    /// Load the run a "Who fences?" row judges (its story with its knobs) and close the dialog.
    UseWhoFences(System),
    /// Load the run a "Which pattern?" row judges (its story with its knobs) and close the
    /// dialog.
    UseWhichPattern(Design),
    /// Inject a fault on application `app` at the playhead.
    Inject { app: usize, live: LiveFault },
    /// Inject a fault of the whole system (the resource's or the coordination service's) at
    /// the playhead.
    InjectService(ServiceFault),
    /// Pause whoever holds the lease at the playhead, for the pause length knob.
    PauseHolder,
    /// End application `app`'s pause or partition under way at the playhead.
    Resume { app: usize },
    /// Remove every fault and resume added live.
    ClearChanges,
    /// Add an explorer counterexample's faults and stop just before its damage at `at_ms`.
    ShowMe { faults: Vec<Fault>, at_ms: u64 },
}

impl SetupIntent {
    /// How the reducer treats this intent.
    pub fn class(&self) -> Class {
        use OnQuestion::*;
        use UnderRecording::*;
        let (quiet, recording, question) = match self {
            SetupIntent::Load(..) => (false, ClosesIt, Closes),
            SetupIntent::Select(..) => (false, ClosesIt, Closes),
            SetupIntent::Flip(..) => (false, Refused, Keeps),
            SetupIntent::SetKnob(..) => (false, Refused, Keeps),
            SetupIntent::SetSystem(..) => (false, Refused, Keeps),
            SetupIntent::UseWhoFences(..) => (false, ClosesIt, Closes),
            SetupIntent::UseWhichPattern(..) => (false, ClosesIt, Closes),
            SetupIntent::Inject { .. } => (false, Refused, Keeps),
            SetupIntent::InjectService(..) => (false, Refused, Keeps),
            SetupIntent::PauseHolder => (false, Refused, Keeps),
            SetupIntent::Resume { .. } => (false, Refused, Keeps),
            SetupIntent::ClearChanges => (false, Refused, Keeps),
            SetupIntent::ShowMe { .. } => (false, Refused, Closes),
        };
        Class {
            quiet,
            recording,
            question,
        }
    }
}
