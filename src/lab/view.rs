//! How the lab is shown, as plain data: modes, overlays, the timeline's zoom and measured room,
//! routine messages, the action notice, the panels' choices and the opening link's notices.

use std::sync::Arc;

use super::refusal::Refusal;
use super::window::{Room, Window};
use crate::share::{LinkState, Notice, View as LinkView};

/// How long the fault panel's faults last until the viewer picks another length.
pub const DEFAULT_FAULT_LENGTH_MS: u64 = 40_000;

/// How the lab is shown: modes, overlays, the timeline's window, and the action notice.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    /// Compare mode: enforcement off above, on below.
    pub compare: bool,
    /// Presentation view: timeline, narration line and a minimal control strip, in large type.
    pub presenting: bool,
    /// The story view: the chart, its transport, the narration and the story's switch; the
    /// lab's panels are one click away. Presentation view shows over either.
    pub story: bool,
    /// Blank screen (a clicker's "black screen" key): hides everything until any key.
    pub blank: bool,
    /// Presentation view shows the story's title card over it (the lectern just opened it).
    pub title_card: bool,
    /// The keyboard help overlay is open.
    pub help: bool,
    /// The "Who fences?" comparison of real systems is open.
    pub who_fences: bool,
    /// The "Which pattern?" comparison of designs is open.
    pub which_pattern: bool,
    /// The list of recorded runs (and the file picker) is open.
    pub recordings: bool,
    /// The window the viewer zoomed or panned to; `None`: fitted to the story.
    pub zoom: Option<Window>,
    /// The timeline's room as last measured (`None` before the first measure).
    pub room: Option<Room>,
    /// Whether a replicated service's members get a row each under the coordination lane
    /// (collapsed: the coordination lane alone, as for one box).
    pub members: bool,
    /// Whether routine messages are drawn; `None`: as the story suggests.
    pub routine: Option<bool>,
    /// Why the last intent was refused; `None` once one succeeds. Shared with what the reducer
    /// returned, so a copy of the lab (the mirror's "before") does not copy the refusal.
    pub notice: Option<Arc<Refusal>>,
    /// The application the fault panel disturbs, by index.
    pub fault_app: usize,
    /// How long the fault panel's pauses, delays and cuts last.
    pub fault_length_ms: u64,
    /// Whether exports carry the legend.
    pub export_legend: bool,
    /// What of the opening link could not be used (until dismissed).
    /// Shared: copies of the lab and the app's signal do not copy the notices.
    pub link_notices: Arc<Vec<Notice>>,
}

impl View {
    /// The view a link describes.
    pub fn of_link(link: &LinkState) -> View {
        View {
            compare: link.compare,
            presenting: link.view == LinkView::Presentation,
            story: link.view == LinkView::Story,
            blank: false,
            title_card: false,
            help: false,
            who_fences: false,
            which_pattern: false,
            recordings: false,
            zoom: link.zoom.map(|(from_ms, to_ms)| Window { from_ms, to_ms }),
            room: None,
            members: true,
            routine: None,
            notice: None,
            fault_app: 0,
            fault_length_ms: DEFAULT_FAULT_LENGTH_MS,
            export_legend: true,
            link_notices: Arc::default(),
        }
    }
}
