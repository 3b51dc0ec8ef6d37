//! What the lab asks of the world after an intent, as data: [`super::update`] returns these and
//! the browser layer (`crate::ui`'s effect runner) performs them. Nothing here touches a browser.

use super::progress::Progress;
use super::start_search::StartSearch;
use std::sync::Arc;

use crate::engine::Scenario;
use crate::share::LinkState;

/// A file's text to read as a recording: `file` (the shipped recording `shipped`, if it is
/// one), to show from `at_ms`.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadTrace {
    pub file: String,
    pub shipped: Option<&'static str>,
    pub text: String,
    pub at_ms: u64,
}

/// Which file an export makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// A standalone SVG file.
    Svg,
    /// A PNG at twice the size on screen.
    Png,
}

/// One thing for the browser to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Start the animation clock: it sends [`super::PlaybackIntent::Tick`] until playback stops.
    StartClock,
    /// Put a link to exactly this state on the clipboard.
    CopyLink(Box<LinkState>),
    /// Download the timeline(s) on screen as `file_name`, headed by `title` (the story's) and
    /// the verdict on screen, with the legend if `legend`.
    Export {
        format: ExportFormat,
        legend: bool,
        file_name: String,
        title: &'static str,
    },
    /// Keep the learner's progress in this browser.
    SaveProgress(Progress),
    /// Fetch the shipped recording `file` (id `id`) and open it at `at_ms`
    /// ([`super::RecordingIntent::Read`] once it arrives).
    FetchRecording {
        id: &'static str,
        file: &'static str,
        at_ms: u64,
    },
    /// Read a file's text as a recording and answer with the intent that shows it or says
    /// why not (`crate::lab::read_trace`).
    ReadTrace(Box<ReadTrace>),
    /// Start the search `StartSearch` orders and run it a slice at a time between frames,
    /// reporting its progress and what it found as [`super::ExploreIntent`]s
    /// (`crate::lab::Search` does the work).
    Search(Box<StartSearch>),
    /// Stop search `id` and report what it found so far.
    StopSearch { id: u64 },
    /// Keep the Write panel's text in this browser, to restore on the next visit.
    SaveDraft(String),
    /// Read `text` as a written story (the reader is fetched on first use) and answer with
    /// [`super::WriteIntent::Read`]; `run`: open it if it reads (else only find its problems).
    ReadStory { text: String, run: bool },
    /// Write this scenario as a story's text (the writer is fetched on first use) and answer
    /// with [`super::WriteIntent::Shown`].
    WriteStory(Arc<Scenario>),
}
