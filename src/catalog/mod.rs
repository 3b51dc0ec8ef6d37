//! The scenario catalog: the stories of leases and fencing tokens, as engine scenarios
//! with narration. Pure data and pure functions (no browser, no clock).
//!
//! - [`catalog`] lists every [`Entry`]; [`by_id`] finds one by its stable URL id; [`chapters`]
//!   groups them.
//! - [`Entry::scenario`] builds the engine [`Scenario`]; [`Knobs`] changes it.
//! - [`Entry::tell`] tells the narration against a [`Run`]: the steps true of it, in time order.
//! - [`Entry::ask`] asks the story's questions of a [`Run`]: "predict, then watch", each
//!   graded by the run itself.

mod advice;
mod ask;
mod beyond;
mod came_back;
mod chapters;
mod check;
mod clients;
mod election;
mod entry;
mod fault_stories;
mod fill;
mod knob;
mod knobs;
mod knobs_over;
mod leases;
mod list;
mod lock_free;
mod matcher;
mod narration;
mod outages;
mod question;
mod questions;
mod recordings;
mod stale;
mod story_id;
mod systems;
mod systems_stories;
mod systems_tokens;
mod tell;
mod text;
mod tokens;
mod which_pattern;
mod who_fences;
mod written;

pub use advice::{grant, grant_number, token_word, without_token_advice};
pub use ask::{ask, Asked, Quiz, Unasked, WhyNot};
pub use chapters::{chapter_of, chapters, Chapter};
pub use check::{mentions, Facts, Mention};
pub use entry::{Entry, ResourceTag};
pub use fill::placeholders;
pub use knobs::{
    clamp_value, range, Knob, KnobRange, Knobs, LATENCY_RANGE, PAUSE_RANGE, STOCK_RANGE, TTL_RANGE,
};
pub use list::{by_id, catalog};
pub use narration::{Anchor, Cond, EventMatcher, Missing, NarrationStep, Who, A, B, C};
pub use question::{Answer, Question};
pub use recordings::{recording, ShippedRecording, RECORDINGS};
pub use story_id::StoryId;
pub use systems::{Allowance, Cadence, Fact, Preset, System, FACTS, SYSTEMS};
pub use tell::{tell, TimedStep, Told, Untold};
pub use text::{find, replaced};
pub use which_pattern::{
    cost, knobs_for as pattern_knobs, tried, which_pattern, Cost, Design, Row as PatternRow, Trial,
    DESIGNS, FAILOVER_AT_MS, STORY as WHICH_PATTERN_STORY, TRIALS,
};
pub use who_fences::{
    fate, knobs_for, pause_for, scenario_for, who_fences, Fate, Row, STORY as WHO_FENCES_STORY,
};
pub use written::{tell_written, MOMENTS, WRITTEN, WRITTEN_ID};
