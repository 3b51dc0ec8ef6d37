//! The encoder: a [`LinkState`] → link pairs, only what differs from the story's defaults,
//! and the `preset` pair those defaults start from.

use super::fault_codec::{self, format_fault};
use super::keys::{
    KEY_COMPARE, KEY_FAULT, KEY_MEMBER_JITTER, KEY_PLAYHEAD, KEY_PRESET, KEY_QUESTIONS,
    KEY_RECORDING, KEY_RESUME, KEY_SCENARIO, KEY_STORY, KEY_VIEW, KEY_ZOOM, KNOBS, PRESET_NONE,
};
use super::notice::on_off;
use super::state::LinkState;
use super::zoom::format_zoom;
use crate::catalog::{self, Knob, Knobs};
use crate::engine::Mode;
use crate::script::FORMAT_VERSION;

/// The link value of `knob` in `knobs`.
pub fn knob_value(knobs: &Knobs, knob: Knob) -> String {
    match knob {
        Knob::Enforcement => on_off(knobs.enforcement).into(),
        Knob::Mode => match knobs.mode {
            Mode::Lease => "lease".into(),
            Mode::PermanentLock => "lock".into(),
            Mode::NoLock => "none".into(),
        },
        Knob::Renewals => on_off(knobs.renewals).into(),
        Knob::CheckBeforeWrite => on_off(knobs.check_before_write).into(),
        Knob::CarefulClient => on_off(knobs.careful_client).into(),
        Knob::ExactVersion => on_off(knobs.by_version).into(),
        Knob::FenceDurable => on_off(knobs.fence_durable).into(),
        Knob::CounterDurable => on_off(knobs.counter_durable).into(),
        Knob::Ttl => knobs.ttl_ms.to_string(),
        Knob::Pause => knobs.pause_ms.to_string(),
        Knob::Latency => knobs.latency_ms.to_string(),
        Knob::Stock => knobs.stock.to_string(),
        Knob::Members => knobs.members.to_string(),
        Knob::Epochs => on_off(knobs.epochs).into(),
        Knob::PreVote => on_off(knobs.pre_vote).into(),
    }
}

/// The link pairs of `state`, in a fixed order (see the module table): only what differs
/// from the entry's defaults, so links stay short.
pub fn encode(state: &LinkState) -> Vec<(String, String)> {
    let pair = |k: &str, v: String| (k.to_string(), v);
    let first = match &state.written {
        Some(written) => pair(KEY_STORY, format!("{FORMAT_VERSION}:{}", written.text)),
        None => pair(KEY_SCENARIO, state.entry_id.clone()),
    };
    let mut out = vec![first];
    let limits = state.limits();
    let story = state.story_knobs();
    let (preset, defaults) = preset_pair(&story, state.knobs.system);
    if let Some(value) = preset {
        out.push(pair(KEY_PRESET, value.into()));
    }
    for knob in KNOBS {
        let value = knob_value(&state.knobs, knob);
        if value != knob_value(&defaults, knob) {
            out.push(pair(knob.field(), value));
        }
    }
    let jitter_ms = state.knobs.member_jitter_ms;
    if jitter_ms != defaults.member_jitter_ms {
        out.push(pair(KEY_MEMBER_JITTER, jitter_ms.to_string()));
    }
    out.extend(
        state
            .faults
            .iter()
            .map(|f| pair(KEY_FAULT, format_fault(f, &limits))),
    );
    out.extend(state.resumes.iter().map(|(app, at_ms)| {
        pair(
            KEY_RESUME,
            fault_codec::format_resume(*app, *at_ms, &limits),
        )
    }));
    if state.playhead_ms != 0 {
        out.push(pair(KEY_PLAYHEAD, state.playhead_ms.to_string()));
    }
    if state.compare {
        out.push(pair(KEY_COMPARE, on_off(true).into()));
    }
    if state.view != state.implied_view() {
        out.push(pair(KEY_VIEW, state.view.name().into()));
    }
    if let Some(zoom) = state.zoom {
        out.push(pair(KEY_ZOOM, format_zoom(zoom)));
    }
    if !state.questions {
        out.push(pair(KEY_QUESTIONS, on_off(false).into()));
    }
    if let Some(id) = state.recording {
        out.push(pair(KEY_RECORDING, id.into()));
    }
    out
}

/// The `preset` value a link needs for `system` on a story whose defaults are `story`
/// (`None`: the story's own system, so no pair), and the knobs the decoder then starts from.
/// [`PRESET_NONE`] takes a story that opens on a system back to plain numbers.
pub fn preset_pair(
    story: &Knobs,
    system: Option<catalog::System>,
) -> (Option<&'static str>, Knobs) {
    match system {
        _ if system == story.system => (None, *story),
        Some(system) => (Some(system.preset().id), story.with_system(system)),
        None => (Some(PRESET_NONE), story.without_system(story)),
    }
}
