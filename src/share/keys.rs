//! The link's key table: the URL key of every field a link carries, and the knobs in
//! link order (their keys are their own [`Knob::field`]).

use crate::catalog::Knob;

/// Key of the scenario id.
pub const KEY_SCENARIO: &str = "scenario";
/// Key of a written story: the format's version, `:`, and the text (`1:run for 2min…`).
pub const KEY_STORY: &str = "story";
/// Key of the real system whose defaults are in use.
pub const KEY_PRESET: &str = "preset";
/// `preset` value for the story's own numbers without any system.
pub const PRESET_NONE: &str = "none";
/// Key of one fault (repeated).
pub const KEY_FAULT: &str = "f";
/// Key of one resume request (repeated).
pub const KEY_RESUME: &str = "r";
/// Key of the playhead.
pub const KEY_PLAYHEAD: &str = "t";
/// Key of compare mode.
pub const KEY_COMPARE: &str = "compare";
/// Key of the view.
pub const KEY_VIEW: &str = "view";
/// Key of the timeline's zoomed window.
pub const KEY_ZOOM: &str = "zoom";
/// Key of the story's questions (on unless the link says off).
pub const KEY_QUESTIONS: &str = "questions";
/// Key of a group's member-network delay (`Knobs::member_jitter_ms`, whole ms).
pub const KEY_MEMBER_JITTER: &str = "member_jitter_ms";
/// Key of the shipped recorded run shown.
pub const KEY_RECORDING: &str = "rec";

/// Every knob, in link order. Their keys are [`Knob::field`].
pub const KNOBS: [Knob; 15] = [
    Knob::Enforcement,
    Knob::Mode,
    Knob::Renewals,
    Knob::CheckBeforeWrite,
    Knob::CarefulClient,
    Knob::ExactVersion,
    Knob::FenceDurable,
    Knob::CounterDurable,
    Knob::Ttl,
    Knob::Pause,
    Knob::Latency,
    Knob::Stock,
    Knob::Members,
    Knob::Epochs,
    Knob::PreVote,
];
