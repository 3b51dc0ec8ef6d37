//! What a user (or the lab's clock, or the browser) can ask the lab to do, as data. Buttons,
//! keys, the loaded link, the explorer's "Show me", the animation clock and the measured
//! timeline all say what they want as an [`Intent`]; `crate::lab::update` does it.

use super::effect::ExportFormat;
use super::exploration::ExploreKind;
use super::live_fault::{LiveFault, ServiceFault};
use super::window::{Room, Window};
use crate::catalog::{Design, Knob, System};
use crate::engine::Fault;
use crate::share::{LinkState, Notice};

/// One user action on the lab.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    /// Start or stop playback; starting at the end restarts from 0.
    TogglePlay,
    /// Stop and put the playhead at 0.
    Restart,
    /// Stop and move to the previous notable event (or 0).
    PrevEvent,
    /// Stop and move to the next notable event (or the end).
    NextEvent,
    /// Move to the previous narration step (or 0).
    PrevStep,
    /// Move to the next narration step, if there is one (stopping before an unanswered
    /// question on the way; on an open question: reveal it, then go on).
    NextStep,
    /// Pick answer `n` (0-based) of the open question; the moment plays and is graded.
    Answer(usize),
    /// Play the open question's moment without a pick (the room voted by hand), or show the
    /// answer after a wrong pick.
    Reveal,
    /// "Watch that moment": after a pick, replay from a few seconds before the open question's
    /// moment to a little after it, then show the answer.
    Watch,
    /// Close the answered question and play on.
    Continue,
    /// Questions on / off.
    ToggleQuestions,
    /// Forget which questions this browser answered right.
    ResetAnswers,
    /// Stop and move the playhead here (clamped to the run).
    Seek(u64),
    /// Playback speed, as an index into [`super::SPEEDS`].
    SetSpeed(usize),
    /// Restore everything a (decoded, hence valid) link describes.
    Load(Box<LinkState>),
    /// Switch to another catalog entry: its own knobs, no live faults, playhead at 0.
    Select(String),
    /// Flip an on/off knob (numeric knobs are left alone).
    Flip(Knob),
    /// Set a numeric knob (on/off knobs are left alone).
    SetKnob(Knob, u64),
    /// Run on a real system's defaults (`None`: back to the story's own numbers).
    SetSystem(Option<System>),
    /// The "Who fences?" comparison on/off.
    ToggleWhoFences,
    /// Load the run a "Who fences?" row judges (its story with its knobs) and close the dialog.
    UseWhoFences(System),
    /// The "Which pattern?" comparison on/off.
    ToggleWhichPattern,
    /// Load the run a "Which pattern?" row judges (its story with its knobs) and close the
    /// dialog.
    UseWhichPattern(Design),
    /// The list of recorded runs on/off.
    ToggleRecordings,
    /// Fetch the shipped recording `id` and show it from `at_ms` once it arrives.
    OpenShipped { id: &'static str, at_ms: u64 },
    /// Show a recorded run from `at_ms`: `text` is the contents of `file` (the shipped
    /// recording `shipped`, if it is one), or why it could not be read.
    OpenTrace {
        file: String,
        shipped: Option<&'static str>,
        text: Result<String, String>,
        at_ms: u64,
    },
    /// Close the recorded run and go back to the simulation as it was.
    CloseTrace,
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
    /// Zoom the timeline in (`> 0`) or out around the playhead.
    Zoom(i32),
    /// Move the zoomed timeline by a third of its width (−1 earlier, +1 later).
    Pan(i64),
    /// Fit the timeline to the story again.
    Fit,
    /// Show this window of the timeline (`None`: fitted), as a pinch chose.
    ZoomTo(Option<Window>),
    /// Zoom in (`steps > 0`) or out around `at_ms` (a Ctrl + wheel under the pointer).
    ZoomAt { steps: i32, at_ms: u64 },
    /// Move the shown window by `by_ms` (a sideways wheel).
    PanBy(i64),
    /// The timeline was measured: the window fitted to the story depends on its room.
    Measure(Room),
    /// The animation clock ticked at `now_ms` (real ms), `elapsed_ms` after its last tick;
    /// `reduced_motion`: the viewer asked for less motion (jump from event to event).
    Tick {
        now_ms: f64,
        elapsed_ms: f64,
        reduced_motion: bool,
    },
    /// A row for each member of a replicated service under the coordination lane, or none.
    ShowMembers(bool),
    /// Draw routine messages or not.
    SetRoutine(bool),
    /// Copy a link to exactly this state.
    CopyLink,
    /// Download the timeline(s) as a file (with the legend if the viewer left it ticked).
    Export(ExportFormat),
    /// Exports carry the legend, or not.
    SetExportLegend(bool),
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
    /// The explorer may add at most this many faults per schedule.
    SetExploreFaults(u32),
    /// The explorer may add faults of this kind, or not.
    SetExploreKind { kind: ExploreKind, on: bool },
    /// Search every schedule within the chosen bounds (the shell then sends the slices).
    Explore,
    /// Run the next `batch` schedules of the search; `elapsed_ms` (real time since the start)
    /// measures the search before this batch.
    ExploreSlice { batch: u64, elapsed_ms: f64 },
    /// Stop the search (what it found so far stays shown, as a partial summary).
    CancelExplore,
}
