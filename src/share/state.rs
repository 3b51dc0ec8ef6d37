//! The state a shared link restores ([`LinkState`]), what the decoder makes of a link
//! ([`Decoded`]), and its check that a link can carry a state unchanged.

use super::fault_codec::{self, check_fault, parse_resume, Limits};
use super::limits::{MAX_FAULTS, MAX_RESUMES};
use super::notice::Notice;
use super::zoom::{format_zoom, parse_zoom};
use std::sync::Arc;

use crate::catalog::{self, Entry, Knobs, WRITTEN, WRITTEN_ID};
use crate::engine::{Fault, Scenario};
use crate::script::Written;

/// The scenario used when a link names none or an unknown one.
pub const DEFAULT_ENTRY: &str = "gc-pause";

/// Which screen is showing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// The full lab.
    #[default]
    Lab,
    /// The large-type presentation view.
    Presentation,
    /// The story view: the chart, its transport, the narration and the story's one switch;
    /// the lab's panels one click away. A first visit opens here.
    Story,
}

impl View {
    /// The link value.
    pub fn name(self) -> &'static str {
        match self {
            View::Lab => "lab",
            View::Presentation => "presentation",
            View::Story => "story",
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
    /// A story the user wrote, shown instead of a catalog story (`entry_id` is then
    /// [`WRITTEN_ID`]).
    pub written: Option<Arc<Written>>,
}

/// What [`decode`](super::decode::decode) made of a link: a valid state and what had to be
/// ignored.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded {
    /// Always valid (see [`LinkState::is_valid`]).
    pub state: LinkState,
    /// What was ignored or corrected, in link order; empty for a clean link.
    pub notices: Vec<Notice>,
}

/// The catalog entry `id` (a written story's own for [`WRITTEN_ID`]), or the default one.
pub fn entry_or_default(id: &str) -> &'static Entry {
    if id == WRITTEN_ID {
        return &WRITTEN;
    }
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
            written: None,
        }
    }

    /// The state a written story opens in: its own settings, in the story view.
    pub fn of_written(written: Arc<Written>) -> LinkState {
        LinkState {
            entry_id: WRITTEN_ID.to_string(),
            knobs: Knobs::of_written(&written.scenario),
            written: Some(written),
            view: View::Story,
            ..LinkState::default_for(DEFAULT_ENTRY)
        }
    }

    /// What a first visit (no link, nothing remembered) opens: the documents' first story, in
    /// the story view.
    pub fn first_visit() -> LinkState {
        LinkState {
            view: View::Story,
            ..LinkState::default_for(catalog::catalog()[0].id)
        }
    }

    /// The catalog entry (the default one if `entry_id` is unknown; a written story's own).
    pub fn entry(&self) -> &'static Entry {
        match self.written {
            Some(_) => &WRITTEN,
            None => entry_or_default(&self.entry_id),
        }
    }

    /// The story's own scenario, before the knobs: the written one, or the entry's.
    pub fn story_scenario(&self) -> Scenario {
        match &self.written {
            Some(written) => written.scenario.clone(),
            None => self.entry().scenario(),
        }
    }

    /// The knobs as the story sets them.
    pub fn story_knobs(&self) -> Knobs {
        match &self.written {
            Some(written) => Knobs::of_written(&written.scenario),
            None => Knobs::defaults_for(self.entry()),
        }
    }

    /// The view a link without `view=` opens: the story view for a story with its settings (the
    /// narration tells the run they give), the lab for what only the lab shows: faults or
    /// resumes added, compare mode, a zoom or a recording.
    pub fn implied_view(&self) -> View {
        let lab_only = !self.faults.is_empty()
            || !self.resumes.is_empty()
            || self.compare
            || self.zoom.is_some()
            || self.recording.is_some();
        if lab_only {
            View::Lab
        } else {
            View::Story
        }
    }

    /// The apps, horizon and service members faults must respect (the members as the knobs
    /// set them).
    pub fn limits(&self) -> Limits {
        Limits {
            members: usize::try_from(self.knobs.members).unwrap_or(usize::MAX),
            ..Limits::of(&self.story_scenario())
        }
    }

    /// The scenario the link's story, knobs and faults give (resumes only end pauses early,
    /// so they cannot make it one the engine refuses).
    pub fn scenario(&self) -> Scenario {
        let mut scenario = match &self.written {
            Some(written) => self
                .knobs
                .apply_over(&written.scenario, &self.story_knobs()),
            None => self.entry().scenario_with(&self.knobs),
        };
        scenario.faults.extend(self.faults.iter().cloned());
        scenario
    }

    /// Whether a link can carry this state unchanged: known entry, knobs in range, at
    /// most [`MAX_FAULTS`] valid faults and [`MAX_RESUMES`] valid resumes, playhead
    /// within the horizon, and a run the engine accepts.
    pub fn is_valid(&self) -> bool {
        let limits = self.limits();
        let story = match &self.written {
            Some(_) => self.entry_id == WRITTEN_ID,
            None => catalog::by_id(&self.entry_id).is_some(),
        };
        story
            && self.knobs.clamp().1.is_empty()
            && self.faults.len() <= MAX_FAULTS
            && self.faults.iter().all(|f| check_fault(f, &limits).is_ok())
            && self.resumes.len() <= MAX_RESUMES
            && self.resumes.iter().all(|(app, at_ms)| {
                parse_resume(&fault_codec::format_resume(*app, *at_ms, &limits), &limits)
                    == Ok((*app, *at_ms))
            })
            && self.playhead_ms <= limits.horizon_ms
            && self
                .zoom
                .is_none_or(|z| parse_zoom(&format_zoom(z), limits.horizon_ms) == Ok(z))
            && self
                .recording
                .is_none_or(|id| catalog::recording(id).is_some())
            && self.scenario().validate().is_ok()
    }
}
