//! The decoder: link pairs → a valid [`LinkState`] plus notices. Never panics; looks at a
//! bounded number of pairs and bytes; every bad field falls back on its own.

use super::encode::preset_pair;
use super::fault_codec::{parse_fault, parse_resume, Limits};
use super::keys::{
    KEY_COMPARE, KEY_FAULT, KEY_MEMBER_JITTER, KEY_PLAYHEAD, KEY_PRESET, KEY_QUESTIONS,
    KEY_RECORDING, KEY_RESUME, KEY_SCENARIO, KEY_STORY, KEY_VIEW, KEY_ZOOM, KNOBS, PRESET_NONE,
};
use super::limits::{MAX_FAULTS, MAX_NOTICES, MAX_PAIRS, MAX_RESUMES, MAX_VALUE_LEN};
use super::notice::{number, shorten, switch, Given, Notice, NoticeKind, Number};
use super::runnable::make_runnable;
use super::state::{Decoded, LinkState, View, DEFAULT_ENTRY};
#[cfg(any(test, not(target_arch = "wasm32")))]
use super::story_key::story_to_read;
use super::story_key::written_story;
use super::zoom::parse_zoom;
use crate::catalog::{clamp_value, range};
use crate::catalog::{Knob, Knobs};
use crate::engine::{Mode, MAX_MEMBER_JITTER_MS};
use crate::script::Reading;
#[cfg(any(test, not(target_arch = "wasm32")))]
use crate::script::Written;
use std::sync::Arc;

/// Keys other than the knobs' that a link carries at most once.
const SINGLE_KEYS: [&str; 10] = [
    KEY_SCENARIO,
    KEY_STORY,
    KEY_PRESET,
    KEY_PLAYHEAD,
    KEY_COMPARE,
    KEY_VIEW,
    KEY_ZOOM,
    KEY_QUESTIONS,
    KEY_RECORDING,
    KEY_MEMBER_JITTER,
];
/// Collects notices, keeping at most [`MAX_NOTICES`] detailed ones.
struct Notices {
    list: Vec<Notice>,
    more: usize,
}

impl Notices {
    fn push(&mut self, field: &str, kind: NoticeKind) {
        if self.list.len() < MAX_NOTICES {
            self.list.push(Notice::new(shorten(field), kind));
        } else {
            self.more += 1;
        }
    }
}

fn numeric(knobs: &mut Knobs, knob: Knob) -> Option<&mut u64> {
    match knob {
        Knob::Ttl => Some(&mut knobs.ttl_ms),
        Knob::Pause => Some(&mut knobs.pause_ms),
        Knob::Latency => Some(&mut knobs.latency_ms),
        Knob::Stock => Some(&mut knobs.stock),
        Knob::Members => Some(&mut knobs.members),
        _ => None,
    }
}

/// What the link's faults must respect: the story's apps and horizon, and the members the
/// link asks for (or the story's).
fn limits_for(state: &LinkState, looked: &[(String, String)]) -> Limits {
    let limits = state.limits();
    Limits {
        members: members_in(looked).unwrap_or(limits.members),
        ..limits
    }
}

/// The service's members a link's `members` value asks for, brought into range as the knob
/// is (faults on members are read against it, wherever in the link they come). A value the
/// knob ignores for its length asks for nothing here either.
fn members_in(looked: &[(String, String)]) -> Option<usize> {
    let (_, value) = looked.iter().find(|(k, _)| k == Knob::Members.field())?;
    if value.len() > MAX_VALUE_LEN {
        return None;
    }
    let Number::Value(members) = number(value) else {
        return None;
    };
    usize::try_from(clamp_value(Knob::Members, members)).ok()
}

/// Sets one knob from its link value, or reports why not (keeping the current value).
fn set_knob(knobs: &mut Knobs, knob: Knob, value: &str, notices: &mut Notices) {
    let field = knob.field();
    let value_text = shorten(value);
    if let Some(slot) = knobs.flag_mut(knob) {
        match switch(value) {
            Some(on) => *slot = on,
            None => notices.push(
                field,
                NoticeKind::NotOnOff {
                    knob,
                    value: value_text,
                    using: *slot,
                },
            ),
        }
        return;
    }
    if knob == Knob::Mode {
        match value {
            "lease" => knobs.mode = Mode::Lease,
            "lock" => knobs.mode = Mode::PermanentLock,
            "none" => knobs.mode = Mode::NoLock,
            _ => notices.push(
                field,
                NoticeKind::NotLeaseOrLock {
                    value: value_text,
                    using: knobs.mode,
                },
            ),
        }
        return;
    }
    let (Some(slot), Some(_)) = (numeric(knobs, knob), range(knob)) else {
        return;
    };
    let parsed = number(value);
    let (given, wanted) = match parsed {
        Number::Value(v) => (Given::Value(v), v),
        Number::TooBig => (Given::Text(value_text), u64::MAX),
        Number::Negative => (Given::Text(value_text), 0),
        Number::Garbage => {
            let using = *slot;
            let kind = NoticeKind::NotANumber {
                knob,
                value: value_text,
                using,
            };
            notices.push(field, kind);
            return;
        }
    };
    *slot = clamp_value(knob, wanted);
    if *slot != wanted || parsed == Number::Negative {
        let using = *slot;
        notices.push(field, NoticeKind::OutOfRange { knob, given, using });
    }
}

/// Reads a link. Whatever `pairs` holds, the result is a valid state (see
/// [`LinkState::is_valid`]); every field that could not be used keeps its default and
/// gets a [`Notice`]. Not in the wasm: the page fetches the story reader on demand and calls
/// [`decode_read`].
#[cfg(any(test, not(target_arch = "wasm32")))]
pub fn decode(pairs: &[(String, String)]) -> Decoded {
    decode_capped(pairs, pairs.len())
}

/// [`decode`] for a caller that collected only the first pairs of a longer link:
/// `total_pairs` is how many the link had (used only for the "beyond the first" notice),
/// so the browser layer never has to copy more than [`MAX_PAIRS`] pairs out of JS.
#[cfg(any(test, not(target_arch = "wasm32")))]
pub fn decode_capped(pairs: &[(String, String)], total_pairs: usize) -> Decoded {
    let reading = story_to_read(pairs).map(Written::read);
    decode_read(pairs, total_pairs, reading)
}

/// [`decode_capped`] given what reading the link's written story gave (`None`: no story to read,
/// or the browser could not fetch the reader).
pub fn decode_read(pairs: &[(String, String)], total: usize, reading: Option<Reading>) -> Decoded {
    let total_pairs = total.max(pairs.len());
    let looked = &pairs[..pairs.len().min(MAX_PAIRS)];
    let mut notices = Notices {
        list: Vec::new(),
        more: 0,
    };
    let mut state = named_story(looked, reading, &mut notices);
    read_preset(&mut state, looked, &mut notices);
    read_member_jitter(&mut state, looked, &mut notices);
    let limits = limits_for(&state, looked);
    let mut seen: Vec<&str> = Vec::new();
    let (mut extra_faults, mut extra_resumes) = (0usize, 0usize);
    for (key, value) in looked {
        let key = key.as_str();
        let knob = KNOBS.iter().copied().find(|k| k.field() == key);
        let single = knob.is_some() || SINGLE_KEYS.contains(&key);
        if !single && key != KEY_FAULT && key != KEY_RESUME {
            notices.push(key, NoticeKind::UnknownParameter(shorten(key)));
            continue;
        }
        if single {
            if seen.contains(&key) {
                notices.push(key, NoticeKind::RepeatedParameter(key.to_string()));
                continue;
            }
            seen.push(key);
        }
        if key == KEY_SCENARIO || key == KEY_PRESET || key == KEY_STORY {
            continue; // read above, before everything that depends on it
        }
        if key == KEY_FAULT && state.faults.len() >= MAX_FAULTS {
            extra_faults += 1;
            continue;
        }
        if key == KEY_RESUME && state.resumes.len() >= MAX_RESUMES {
            extra_resumes += 1;
            continue;
        }
        if value.len() > MAX_VALUE_LEN {
            notices.push(key, NoticeKind::ValueTooLong(key.to_string()));
            continue;
        }
        let value = value.as_str();
        match knob {
            Some(knob) => set_knob(&mut state.knobs, knob, value, &mut notices),
            None => apply(&mut state, key, value, &limits, &mut notices),
        }
    }
    if !seen.contains(&KEY_VIEW) {
        state.view = state.implied_view();
    }
    let named_members = seen.contains(&Knob::Members.field());
    for (field, kind) in make_runnable(&mut state, named_members) {
        notices.push(field, kind);
    }
    finish(state, notices, total_pairs, extra_faults, extra_resumes)
}

/// The story the link names (or, naming a shipped recording but no story, the recording's)
/// with its own settings; an unknown one falls back on the default and says so.
fn named_story(
    looked: &[(String, String)],
    reading: Option<Reading>,
    notices: &mut Notices,
) -> LinkState {
    // A link naming a shipped recording but no story opens the recording's story.
    let recorded = looked
        .iter()
        .find(|(k, _)| k == KEY_RECORDING)
        .and_then(|(_, id)| crate::catalog::recording(id));
    let mut state = LinkState::default_for(recorded.map_or(DEFAULT_ENTRY, |r| r.story));
    if let Some((_, value)) = looked.iter().find(|(k, _)| k == KEY_STORY) {
        match written_story(value, reading) {
            Ok(written) => return LinkState::of_written(Arc::new(written)),
            Err(kind) => notices.push(KEY_STORY, kind),
        }
    }
    let named = looked.iter().find(|(k, _)| k == KEY_SCENARIO);
    if let Some((_, id)) = named {
        match crate::catalog::by_id(id) {
            Some(entry) => state = LinkState::default_for(entry.id),
            None => notices.push(
                KEY_SCENARIO,
                NoticeKind::UnknownScenario {
                    id: shorten(id),
                    showing: state.entry().id,
                },
            ),
        }
    }
    state
}

/// Applies the first `preset` pair, if any, before the knobs (which may then change its
/// numbers); an unknown one keeps the story's own numbers and says so.
fn read_preset(state: &mut LinkState, looked: &[(String, String)], notices: &mut Notices) {
    let Some((_, id)) = looked.iter().find(|(k, _)| k == KEY_PRESET) else {
        return;
    };
    let system = crate::catalog::System::by_id(id);
    if system.is_some() || id == PRESET_NONE {
        state.knobs = preset_pair(&state.knobs, system).1;
        return;
    }
    let kind = if id.len() > MAX_VALUE_LEN {
        NoticeKind::ValueTooLong(KEY_PRESET.to_string())
    } else {
        NoticeKind::UnknownPreset(shorten(id))
    };
    notices.push(KEY_PRESET, kind);
}

/// Applies one (admitted) non-knob parameter to `state`, or says why not.
fn apply(state: &mut LinkState, key: &str, value: &str, limits: &Limits, notices: &mut Notices) {
    let text = shorten(value);
    match key {
        KEY_FAULT => match parse_fault(value, limits) {
            Ok(fault) => state.faults.push(fault),
            Err(why) => notices.push(key, NoticeKind::BadFault { value: text, why }),
        },
        KEY_RESUME => match parse_resume(value, limits) {
            Ok(resume) => state.resumes.push(resume),
            Err(why) => notices.push(key, NoticeKind::BadResume { value: text, why }),
        },
        KEY_PLAYHEAD => set_playhead(state, value, limits.horizon_ms, notices),
        KEY_RECORDING => match crate::catalog::recording(value) {
            Some(recording) => state.recording = Some(recording.id),
            None => notices.push(key, NoticeKind::UnknownRecording(text)),
        },
        KEY_QUESTIONS => match switch(value) {
            Some(on) => state.questions = on,
            None => notices.push(key, NoticeKind::QuestionsNotOnOff(text)),
        },
        KEY_COMPARE => match switch(value) {
            Some(on) => state.compare = on,
            None => notices.push(key, NoticeKind::CompareNotOnOff(text)),
        },
        KEY_VIEW => match value {
            "lab" => state.view = View::Lab,
            "presentation" => state.view = View::Presentation,
            "story" => state.view = View::Story,
            _ => notices.push(key, NoticeKind::UnknownView(text)),
        },
        KEY_ZOOM => match parse_zoom(value, limits.horizon_ms) {
            Ok(zoom) => state.zoom = Some(zoom),
            Err(why) => notices.push(key, NoticeKind::BadZoom { value: text, why }),
        },
        _ => {}
    }
}

/// Reads the link's first `member_jitter_ms` (a value too long is left to the loop, which
/// says so), or drops it with a notice. Read apart, as the preset is, and never inlined: the
/// decoder stays small enough to be inlined into its one caller, as before this key (read in
/// the decoder's loop, it made the bundle 0.9 KB larger).
#[inline(never)]
fn read_member_jitter(state: &mut LinkState, looked: &[(String, String)], notices: &mut Notices) {
    let Some((_, value)) = looked.iter().find(|(k, _)| k == KEY_MEMBER_JITTER) else {
        return;
    };
    match number(value) {
        _ if value.len() > MAX_VALUE_LEN => {}
        Number::Value(ms) if ms <= MAX_MEMBER_JITTER_MS => state.knobs.member_jitter_ms = ms,
        _ => notices.push(
            KEY_MEMBER_JITTER,
            NoticeKind::BadMemberJitter(shorten(value)),
        ),
    }
}

fn set_playhead(state: &mut LinkState, value: &str, horizon_ms: u64, notices: &mut Notices) {
    let past_end = |given| NoticeKind::PlayheadPastEnd {
        given,
        end_ms: horizon_ms,
    };
    match number(value) {
        Number::Value(v) if v <= horizon_ms => state.playhead_ms = v,
        Number::Value(v) => {
            state.playhead_ms = horizon_ms;
            notices.push(KEY_PLAYHEAD, past_end(Given::Value(v)));
        }
        Number::TooBig => {
            state.playhead_ms = horizon_ms;
            notices.push(KEY_PLAYHEAD, past_end(Given::Text(shorten(value))));
        }
        Number::Negative | Number::Garbage => {
            notices.push(KEY_PLAYHEAD, NoticeKind::PlayheadNotATime(shorten(value)))
        }
    }
}

/// The last checks and the summary notices.
fn finish(
    mut state: LinkState,
    mut notices: Notices,
    pairs: usize,
    extra_faults: usize,
    extra_resumes: usize,
) -> Decoded {
    // Safety net: `set_knob` already clamps, so this changes nothing in practice.
    let (knobs, changed) = state.knobs.clamp();
    state.knobs = knobs;
    for field in changed {
        notices.push(field, NoticeKind::Clamped(field));
    }
    let mut list = notices.list;
    if notices.more > 0 {
        list.push(Notice::new("", NoticeKind::MoreProblems(notices.more)));
    }
    if extra_faults > 0 {
        list.push(Notice::new(
            KEY_FAULT,
            NoticeKind::ExtraFaults(extra_faults),
        ));
    }
    if extra_resumes > 0 {
        list.push(Notice::new(
            KEY_RESUME,
            NoticeKind::ExtraResumes(extra_resumes),
        ));
    }
    if pairs > MAX_PAIRS {
        let ignored = pairs - MAX_PAIRS;
        list.push(Notice::new("", NoticeKind::ExtraPairs(ignored)));
    }
    Decoded {
        state,
        notices: list,
    }
}
