//! Shareable links: the whole lab state as a list of URL `(key, value)` pairs, and back.
//!
//! Pure and native-testable: no browser, no clock. The browser layer turns
//! `location.search` into pairs with `URLSearchParams` (which also does all
//! percent-encoding) and calls [`decode`]; on every change it calls [`encode`], feeds the
//! pairs to a fresh `URLSearchParams` and `history.replaceState`s the result.
//!
//! | key                  | value                                   | when encoded              |
//! |----------------------|-----------------------------------------|---------------------------|
//! | `scenario`           | catalog id, e.g. `gc-pause`             | always, first             |
//! | `preset`             | a real system's id, e.g. `etcd` (see [`catalog::System`]), or `none` | if not the story's own; knobs below are then compared with its defaults |
//! | `enforcement`        | `on` / `off`                            | if not the entry default  |
//! | `mode`               | `lease` / `lock`                        | if not the entry default  |
//! | `renewals`           | `on` / `off`                            | if not the entry default  |
//! | `check_before_write` | `on` / `off`                            | if not the entry default  |
//! | `careful_client`     | `on` / `off` (off: counts from the reply) | if not the entry default |
//! | `by_version`         | `on` / `off` (on: compare-and-set)      | if not the entry default  |
//! | `fence_durable`      | `on` / `off`                            | if not the entry default  |
//! | `counter_durable`    | `on` / `off`                            | if not the entry default  |
//! | `ttl_ms`             | whole ms                                | if not the entry default  |
//! | `pause_ms`           | whole ms                                | if not the entry default  |
//! | `latency_ms`         | whole ms                                | if not the entry default  |
//! | `stock`              | items                                   | if not the entry default  |
//! | `f` (repeated)       | one fault, see [`fault`] (`p.A.20000.40000`) | one per fault, in order |
//! | `r` (repeated)       | one resume request `APP.AT` (`A.30000`) | one per request, in order |
//! | `t`                  | playhead, whole ms                      | if not 0                  |
//! | `compare`            | `on` / `off`                            | if on                     |
//! | `view`               | `lab` / `presentation`                  | if presentation           |
//! | `zoom`               | visible window `FROM-TO`, whole ms       | if zoomed (else: fitted)  |
//! | `questions`          | `on` / `off` (predict-then-watch)       | if off                    |
//! | `rec`                | a shipped recorded run's id, e.g. `gc-pause-off` (see [`catalog::RECORDINGS`]) | while one is shown; `t` is then its time |
//!
//! The decoder also accepts `1/0`, `true/false`, `yes/no` for on/off. It looks at the first
//! [`MAX_PAIRS`] pairs only, ignores values longer than [`MAX_VALUE_LEN`] bytes, keeps the
//! first of repeated single keys, and reports everything it ignored as a [`Notice`]: data,
//! which the words layer says (`words::link`); this module holds no English.

mod decode;
pub mod fault;
mod notice;
mod problem;

pub use decode::{decode, decode_capped};
pub use fault::{check_fault, format_fault, parse_fault, parse_resume, Limits};
pub use notice::{Given, Notice, NoticeKind};
pub use problem::{Counted, Problem};

use crate::catalog::{self, Entry, Knob, Knobs};
use crate::engine::{Fault, Mode};
use notice::on_off;

/// The scenario used when a link names none or an unknown one.
pub const DEFAULT_ENTRY: &str = "gc-pause";
/// Most faults a link carries.
pub const MAX_FAULTS: usize = 20;
/// Most resume requests a link carries.
pub const MAX_RESUMES: usize = 20;
/// Pairs looked at; the rest are ignored with one notice.
pub const MAX_PAIRS: usize = 200;
/// Longest value (and key) read, in bytes.
pub const MAX_VALUE_LEN: usize = 200;
/// Longest pause, delay, partition or clock jump a link may ask for: 10 minutes.
pub const MAX_LENGTH_MS: u64 = 600_000;
/// Largest write or message number a fault may name.
pub const MAX_NTH: u32 = 1_000;
/// Most detailed notices; further problems are summed up in one last notice.
pub const MAX_NOTICES: usize = 12;

/// Key of the scenario id.
pub const KEY_SCENARIO: &str = "scenario";
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
/// Key of the shipped recorded run shown.
pub const KEY_RECORDING: &str = "rec";
/// Narrowest zoomed window a link may ask for, in ms.
pub const MIN_ZOOM_MS: u64 = 1_000;

/// Every knob, in link order. Their keys are [`Knob::field`].
pub const KNOBS: [Knob; 12] = [
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
];

/// Which screen is showing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// The full lab.
    #[default]
    Lab,
    /// The large-type presentation view.
    Presentation,
}

impl View {
    /// The link value.
    pub fn name(self) -> &'static str {
        match self {
            View::Lab => "lab",
            View::Presentation => "presentation",
        }
    }
}

/// Everything a shared link restores.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkState {
    /// Catalog id.
    pub entry_id: String,
    /// Settings on top of the entry's scenario.
    pub knobs: Knobs,
    /// Faults the user injected live, in order.
    pub faults: Vec<Fault>,
    /// "Resume app at t" requests, in order.
    pub resumes: Vec<(usize, u64)>,
    /// Playhead in simulated ms.
    pub playhead_ms: u64,
    /// Compare mode.
    pub compare: bool,
    /// Lab or presentation view.
    pub view: View,
    /// The timeline's visible window `(from_ms, to_ms)` when zoomed; `None`: fitted to the story.
    pub zoom: Option<(u64, u64)>,
    /// Whether the story stops to ask its questions (an instructor may want the plain story).
    pub questions: bool,
    /// The shipped recorded run shown instead of the simulation (its id), if any.
    pub recording: Option<&'static str>,
}

/// What [`decode`] made of a link: a valid state and what had to be ignored.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded {
    /// Always valid (see [`LinkState::is_valid`]).
    pub state: LinkState,
    /// What was ignored or corrected, in link order; empty for a clean link.
    pub notices: Vec<Notice>,
}

/// The catalog entry `id`, or the default one.
pub fn entry_or_default(id: &str) -> &'static Entry {
    catalog::by_id(id)
        .or_else(|| catalog::by_id(DEFAULT_ENTRY))
        .unwrap_or(&catalog::catalog()[0])
}

impl LinkState {
    /// The state as entry `entry_id` opens (unknown ids give [`DEFAULT_ENTRY`]).
    pub fn default_for(entry_id: &str) -> LinkState {
        let entry = entry_or_default(entry_id);
        LinkState {
            entry_id: entry.id.to_string(),
            knobs: Knobs::defaults_for(entry),
            faults: Vec::new(),
            resumes: Vec::new(),
            playhead_ms: 0,
            compare: false,
            view: View::Lab,
            zoom: None,
            questions: true,
            recording: None,
        }
    }

    /// The catalog entry (the default one if `entry_id` is unknown).
    pub fn entry(&self) -> &'static Entry {
        entry_or_default(&self.entry_id)
    }

    /// The apps and horizon faults must respect.
    pub fn limits(&self) -> Limits {
        Limits::of(&self.entry().scenario())
    }

    /// Whether a link can carry this state unchanged: known entry, knobs in range, at
    /// most [`MAX_FAULTS`] valid faults and [`MAX_RESUMES`] valid resumes, playhead
    /// within the horizon.
    pub fn is_valid(&self) -> bool {
        let limits = self.limits();
        catalog::by_id(&self.entry_id).is_some()
            && self.knobs.clamp().1.is_empty()
            && self.faults.len() <= MAX_FAULTS
            && self.faults.iter().all(|f| check_fault(f, &limits).is_ok())
            && self.resumes.len() <= MAX_RESUMES
            && self.resumes.iter().all(|(app, at_ms)| {
                parse_resume(&fault::format_resume(*app, *at_ms, &limits), &limits)
                    == Ok((*app, *at_ms))
            })
            && self.playhead_ms <= limits.horizon_ms
            && self
                .zoom
                .is_none_or(|z| parse_zoom(&format_zoom(z), limits.horizon_ms) == Ok(z))
            && self
                .recording
                .is_none_or(|id| catalog::recording(id).is_some())
    }
}

/// The link value of `knob` in `knobs`.
pub fn knob_value(knobs: &Knobs, knob: Knob) -> String {
    match knob {
        Knob::Enforcement => on_off(knobs.enforcement).into(),
        Knob::Mode => match knobs.mode {
            Mode::Lease => "lease".into(),
            Mode::PermanentLock => "lock".into(),
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
    }
}

/// The link pairs of `state`, in a fixed order (see the module table): only what differs
/// from the entry's defaults, so links stay short.
pub fn encode(state: &LinkState) -> Vec<(String, String)> {
    let pair = |k: &str, v: String| (k.to_string(), v);
    let mut out = vec![pair(KEY_SCENARIO, state.entry_id.clone())];
    let limits = state.limits();
    let story = Knobs::defaults_for(state.entry());
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
    out.extend(
        state
            .faults
            .iter()
            .map(|f| pair(KEY_FAULT, format_fault(f, &limits))),
    );
    out.extend(
        state
            .resumes
            .iter()
            .map(|(app, at_ms)| pair(KEY_RESUME, fault::format_resume(*app, *at_ms, &limits))),
    );
    if state.playhead_ms != 0 {
        out.push(pair(KEY_PLAYHEAD, state.playhead_ms.to_string()));
    }
    if state.compare {
        out.push(pair(KEY_COMPARE, on_off(true).into()));
    }
    if state.view != View::Lab {
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

/// The link value of a zoomed window: `FROM-TO` in whole ms.
pub fn format_zoom((from_ms, to_ms): (u64, u64)) -> String {
    format!("{from_ms}-{to_ms}")
}

/// Reads a zoomed window `FROM-TO`: whole ms, `FROM < TO ≤ horizon_ms`, at least
/// [`MIN_ZOOM_MS`] wide (or the whole run, if shorter).
pub fn parse_zoom(value: &str, horizon_ms: u64) -> Result<(u64, u64), Problem> {
    let whole = |s: &str| match notice::number(s) {
        notice::Number::Value(v) => Ok(v),
        _ => Err(Problem::ZoomNotWholeMs(s.to_string())),
    };
    let (from, to) = value.split_once('-').ok_or(Problem::ZoomNotTwoTimes)?;
    let (from_ms, to_ms) = (whole(from)?, whole(to)?);
    if to_ms > horizon_ms {
        return Err(Problem::ZoomAfterTheRun { horizon_ms });
    }
    let min_ms = MIN_ZOOM_MS.min(horizon_ms);
    if to_ms < from_ms.saturating_add(min_ms) || from_ms >= to_ms {
        return Err(Problem::ZoomTooNarrow { min_ms });
    }
    Ok((from_ms, to_ms))
}
