//! The lab's core, pure and natively tested: its state as plain data ([`Lab`]) and one reducer,
//! [`update`], which does an [`Intent`] and returns the [`Effect`]s the browser is to perform
//! (or a [`Refusal`]). Everything the lab decides lives here: what a fault at the playhead
//! means, step targets, zoom windows, question stops, recording refusals, compare mode's runs,
//! following the playhead while playing. No browser, no Leptos: `crate::ui` mirrors this state
//! in signals, draws it, sends intents and performs the effects.

mod changes;
mod derived;
mod effect;
mod exploration;
mod exploring;
mod intent;
mod lectern;
mod live_fault;
pub mod moments;
mod picks;
mod playback;
mod playback_intents;
mod progress;
mod questions;
mod recording;
mod recording_intents;
mod refusal;
mod runnable;
mod search;
mod setup;
mod start_search;
mod state;
mod stops;
mod update;
mod view;
mod view_intents;
pub mod window;
mod writing;
mod writing_intents;

pub use changes::{flip, holder_pause_ms, set_number, zoomed};
pub use derived::{Derived, Half};
pub use effect::{Effect, ExportFormat, ReadTrace};
pub use exploration::{ExploreChoices, ExploreKind, Exploring, SearchState};
pub use intent::{
    Class, ExploreIntent, Intent, OnQuestion, PlaybackIntent, QuestionIntent, RecordingIntent,
    SetupIntent, ShareIntent, UnderRecording, ViewIntent, WindowIntent, WriteIntent,
};
pub use live_fault::{fault_at, resume_at, service_fault_at, LiveFault, ServiceFault};
pub use picks::{asked, index_of, pick_of, stop_before, Pick, Questions};
pub use playback::step_target;
pub use progress::Progress;
pub use recording::{open as open_recording, RecordedRun, Twin};
pub use recording_intents::read as read_trace;
pub use refusal::Refusal;
pub use runnable::run_or_nothing;
pub use search::Search;
pub use setup::Setup;
pub use start_search::StartSearch;
pub use state::{Lab, Playback, DEFAULT_SPEED, SIM_MS_PER_REAL_MS_AT_1X, SPEEDS};
pub use update::update;
pub use view::View;
pub use window::{Room, Window};
pub use writing::{Problem, Told, Writing};
