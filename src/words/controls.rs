//! The lab's controls in words: the labels, tooltips and accessible names of its buttons,
//! switches and sliders (transport, timeline zoom, the toolbar, dialog buttons), each as it
//! reads on screen.

/// The transport strip's accessible name.
pub const PLAYBACK: &str = "Playback";
/// The restart button's accessible name.
pub const RESTART: &str = "Restart";
/// The restart button's tooltip, with its key.
pub const RESTART_TITLE: &str = "Restart (Home)";
/// The previous-event button's accessible name.
pub const PREV_EVENT: &str = "Previous event";
/// The previous-event button's tooltip, with its key.
pub const PREV_EVENT_TITLE: &str = "Previous event (←)";
/// The next-event button's accessible name.
pub const NEXT_EVENT: &str = "Next event";
/// The next-event button's tooltip, with its key.
pub const NEXT_EVENT_TITLE: &str = "Next event (→)";
/// The play button's accessible name while playing.
pub const PAUSE_PLAYBACK: &str = "Pause playback";
/// The play button's accessible name while stopped.
pub const PLAY: &str = "Play";
/// The play button's tooltip, with its key.
pub const PLAY_TITLE: &str = "Play / pause (Space)";
/// The scrubber's accessible name.
pub const PLAYHEAD: &str = "Playhead position";
/// The speed slider's label.
pub const SPEED: &str = "Speed";

/// The zoom strip's accessible name.
pub const TIMELINE_VIEW: &str = "Timeline view";
/// The zoom-out button's tooltip, with its key.
pub const ZOOM_OUT_TITLE: &str = "Zoom out (−)";
/// The zoom-out button's accessible name.
pub const ZOOM_OUT: &str = "Zoom out";
/// The zoom-in button's tooltip, with its key.
pub const ZOOM_IN_TITLE: &str = "Zoom in (+)";
/// The zoom-in button's accessible name.
pub const ZOOM_IN: &str = "Zoom in";
/// The fit button's tooltip, with its key.
pub const FIT_TITLE: &str = "Fit to the story (0)";
/// The fit button.
pub const FIT: &str = "Fit";
/// The pan-back button's tooltip.
pub const EARLIER: &str = "Earlier";
/// The pan-back button's accessible name.
pub const SHOW_EARLIER: &str = "Show earlier";
/// The pan-on button's tooltip.
pub const LATER: &str = "Later";
/// The pan-on button's accessible name.
pub const SHOW_LATER: &str = "Show later";
/// The switch that draws routine messages.
pub const ROUTINE: &str = "Routine messages";
/// The toggle of a replicated service's member rows on the timeline.
pub const MEMBER_ROWS: &str = "Members";

/// The button that closes an open recording.
pub const CLOSE_RECORDING: &str = "✕ Close recording";
/// The recorded-runs button's tooltip.
pub const RECORDINGS_TITLE: &str = "Real runs recorded on etcd, or a trace file of your own";
/// The button that opens the recorded-runs dialog.
pub const RECORDINGS: &str = "Recorded runs…";
/// The presentation button's tooltip, with its key.
pub const PRESENT_TITLE: &str = "Presentation view (F)";
/// The presentation button while presenting.
pub const LEAVE_PRESENTATION: &str = "Leave presentation";
/// The presentation button otherwise.
pub const PRESENT: &str = "Present";
/// The story view's way into the whole lab.
pub const EXPERIMENT: &str = "Experiment: break it, change it, explore it";
/// The lab's way back to the story view.
pub const STORY_VIEW: &str = "Story view";
/// The compare button while comparing.
pub const SINGLE_VIEW: &str = "◫ Single view";
/// The compare button otherwise.
pub const COMPARE: &str = "◫ Compare off / on";
/// The copy-link button's tooltip.
pub const COPY_LINK_TITLE: &str = "Copy a link to exactly this state";
/// The copy-link button just after copying.
pub const LINK_COPIED: &str = "✓ Link copied";
/// The copy-link button otherwise.
pub const COPY_LINK: &str = "Copy link";

/// The enforcement switch's state when the chosen system cannot enforce.
pub const IMPOSSIBLE: &str = "IMPOSSIBLE";
/// The enforcement switch's state when on.
pub const ON: &str = "ON";
/// The enforcement switch's state when off.
pub const OFF: &str = "OFF";

/// The button that walks the story back one step.
pub const PREV_STEP: &str = "← Previous step";
/// The button that walks the story on one step.
pub const NEXT_STEP: &str = "Next step →";
/// A narration step's button that flips the knob it is about.
pub fn try_flip(knob: &str) -> String {
    format!("Try it: flip “{knob}”")
}

/// The button that loads a comparison row's run ("Who fences?", "Which pattern?").
pub const USE: &str = "Use";
/// The column of those buttons (read by screen readers only).
pub const TRY_IT: &str = "Try it";

/// The button that closes a dialog, with its key.
pub const CLOSE_ESC: &str = "Close (Esc)";
/// The button that dismisses a notice.
pub const OK: &str = "OK";
