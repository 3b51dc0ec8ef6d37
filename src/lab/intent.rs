//! What a user (or the lab's clock, or the browser) can ask the lab to do, as data, by area:
//! playback, the questions, what runs, a recorded run, how the lab is shown, the timeline's
//! window, what leaves the lab, and the explorer. Buttons, keys, the loaded link, the
//! explorer's "Show me", the animation clock and the measured timeline all say what they want
//! as an [`Intent`]; `crate::lab::update` hands each area to its own handler (one exhaustive
//! `match` each). How the reducer treats an intent beyond what it does — whether it leaves the
//! action notice alone, what it may do while a recording is shown, whether it closes an open
//! question — is its [`Class`], chosen per variant in an exhaustive `match` too: a new variant
//! does not build until it has a handler and a class.

mod class;
mod explore;
mod playback;
mod question;
mod recording;
mod setup;
mod share;
mod view;
mod window;
mod write;

pub use class::{Class, OnQuestion, UnderRecording};
pub use explore::ExploreIntent;
pub use playback::PlaybackIntent;
pub use question::QuestionIntent;
pub use recording::RecordingIntent;
pub use setup::SetupIntent;
pub use share::ShareIntent;
pub use view::ViewIntent;
pub use window::WindowIntent;
pub use write::WriteIntent;

/// One user action on the lab, by area.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    Playback(PlaybackIntent),
    Question(QuestionIntent),
    Setup(SetupIntent),
    Recording(RecordingIntent),
    View(ViewIntent),
    Window(WindowIntent),
    Share(ShareIntent),
    Explore(ExploreIntent),
    Write(WriteIntent),
}

impl Intent {
    /// How the reducer treats this intent.
    pub fn class(&self) -> Class {
        match self {
            Intent::Playback(i) => i.class(),
            Intent::Question(i) => i.class(),
            Intent::Setup(i) => i.class(),
            Intent::Recording(i) => i.class(),
            Intent::View(i) => i.class(),
            Intent::Window(i) => i.class(),
            Intent::Share(i) => i.class(),
            Intent::Explore(i) => i.class(),
            Intent::Write(i) => i.class(),
        }
    }
}

macro_rules! from_area {
    ($($area:ident($ty:ident)),*) => {$(
        impl From<$ty> for Intent {
            fn from(intent: $ty) -> Intent {
                Intent::$area(intent)
            }
        }
    )*};
}

from_area!(
    Playback(PlaybackIntent),
    Question(QuestionIntent),
    Setup(SetupIntent),
    Recording(RecordingIntent),
    View(ViewIntent),
    Window(WindowIntent),
    Share(ShareIntent),
    Explore(ExploreIntent),
    Write(WriteIntent)
);
