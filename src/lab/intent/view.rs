//! How the lab is shown: modes, overlays, routine messages and member rows, the panels' own choices and the notices.
//! Each variant says how the reducer treats it ([`Class`]) in one exhaustive `match`, so a new
//! variant does not build until its class is chosen.

use super::class::{Class, OnQuestion, UnderRecording};
use crate::share::Notice;

/// How the lab is shown's intents.
#[derive(Clone, Debug, PartialEq)]
pub enum ViewIntent {
    /// The "Who fences?" comparison on/off.
    ToggleWhoFences,
    /// The "Which pattern?" comparison on/off.
    ToggleWhichPattern,
    /// The list of recorded runs on/off.
    ToggleRecordings,
    /// Compare mode on/off.
    ToggleCompare,
    /// Presentation view on/off.
    TogglePresenting,
    /// The story view (`true`) or the whole lab (`false`).
    StoryView(bool),
    /// Close the help and leave presentation view.
    Escape,
    /// The keyboard help on/off.
    ToggleHelp,
    /// Close the keyboard help.
    CloseHelp,
    /// Blank the screen.
    Blank,
    /// Show the screen again.
    Unblank,
    /// A row for each member of a replicated service under the coordination lane, or none.
    ShowMembers(bool),
    /// Draw routine messages or not.
    SetRoutine(bool),
    /// The fault panel disturbs application `app`.
    ChooseFaultApp(usize),
    /// The fault panel's faults last `length_ms`.
    ChooseFaultLength(u64),
    /// Show what of the opening link could not be used.
    LinkNotices(Vec<Notice>),
    /// Put the link's notices away.
    DismissLinkNotices,
    /// The browser could not do an effect the lab asked for: `why`, in its words.
    EffectFailed(String),
    /// Put the action notice away.
    DismissNotice,
}

impl ViewIntent {
    /// How the reducer treats this intent.
    pub fn class(&self) -> Class {
        use OnQuestion::*;
        use UnderRecording::*;
        let (quiet, recording, question) = match self {
            ViewIntent::ToggleWhoFences => (false, Allowed, Keeps),
            ViewIntent::ToggleWhichPattern => (false, Allowed, Keeps),
            ViewIntent::ToggleRecordings => (false, Allowed, Keeps),
            ViewIntent::ToggleCompare => (false, Refused, Keeps),
            ViewIntent::TogglePresenting => (false, Allowed, Keeps),
            ViewIntent::StoryView(..) => (false, Allowed, Keeps),
            ViewIntent::Escape => (false, Allowed, Keeps),
            ViewIntent::ToggleHelp => (false, Allowed, Keeps),
            ViewIntent::CloseHelp => (false, Allowed, Keeps),
            ViewIntent::Blank => (false, Allowed, Keeps),
            ViewIntent::Unblank => (false, Allowed, Keeps),
            ViewIntent::ShowMembers(..) => (false, Allowed, Keeps),
            ViewIntent::SetRoutine(..) => (false, Allowed, Keeps),
            ViewIntent::ChooseFaultApp(..) => (true, Allowed, Keeps),
            ViewIntent::ChooseFaultLength(..) => (true, Allowed, Keeps),
            ViewIntent::LinkNotices(..) => (true, Allowed, Keeps),
            ViewIntent::DismissLinkNotices => (true, Allowed, Keeps),
            ViewIntent::EffectFailed(..) => (false, Allowed, Keeps),
            ViewIntent::DismissNotice => (false, Allowed, Keeps),
        };
        Class {
            quiet,
            recording,
            question,
        }
    }
}
