//! Why the lab did not do what the user asked, as data: the reducer returns one of these, the
//! lab keeps the last one as its notice, and the words layer says it (`crate::words::refusal`).

use crate::catalog::StoryId;
use crate::engine::ScenarioError;
use crate::trace::TraceError;

/// A refused intent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// There is no application with this index.
    NoSuchApp,
    /// The app crashed (at this time) before the playhead.
    Crashed { app: usize, at_ms: u64 },
    /// The app sends and receives nothing after the playhead.
    NoMoreMessages { app: usize },
    /// Nobody holds the lease at the playhead.
    NobodyHolds,
    /// The app is neither paused nor cut off at the playhead.
    NotStalled { app: usize },
    /// The resource already restarts at this moment.
    AlreadyRestarts { at_ms: u64 },
    /// The coordination service already fails over at this moment.
    AlreadyFailsOver { at_ms: u64 },
    /// The replicated service's leader is already cut off at that moment.
    AlreadyCutsTheLeader { at_ms: u64 },
    /// The change would give a setup whose scenario cannot run (the setup was left as it was).
    CannotRun(ScenarioError),
    /// Token enforcement on a system that hands out no ordered token.
    CannotEnforce,
    /// An answer, a reveal or a continue with no question open.
    NoQuestionOpen,
    /// An answer past the open question's `count` answers.
    NoSuchAnswer { count: usize },
    /// The open question is answered already.
    AlreadyAnswered,
    /// "Watch that moment" before any pick (the replay would give the answer away).
    PickFirst,
    /// A change to the run while a recorded run is shown.
    RecordingCannotChange,
    /// A link to a recording of the user's own (only shipped ones have links).
    RecordingCannotLink,
    /// The trace file `file` could not be read at all (`why`, from the browser).
    TraceUnreadable { file: String, why: String },
    /// The trace file `file` was read but is not a trace this build accepts.
    TraceRefused { file: String, error: TraceError },
    /// A story the catalog does not have.
    NoSuchStory { id: StoryId },
    /// A shipped recording this build does not have.
    NoSuchRecording { id: &'static str },
    /// The browser could not do an effect (an export): `why`, from the browser.
    EffectFailed { why: String },
}
