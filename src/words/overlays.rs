//! The overlays in words: the keyboard help's title, the blank screen's name, the first-visit
//! hint, and the panic overlay shown when the lab hits a bug.

/// The keyboard help's title.
pub const HELP_TITLE: &str = "Keyboard and clicker";

/// The blank screen's accessible name.
pub const BLANKED: &str = "Screen blanked; press any key";

/// The first-visit hint's opening words.
pub const HINT_LEAD: &str = "New here? ";

/// The first-visit hint: the two moves that show the story's point.
pub const HINT: &str = "Play the story to its end, then flip the switch it is about and play it \
     again: the outcome banner changes. Press ? for keyboard shortcuts.";

/// The hint's button that plays the story from its start.
pub const HINT_PLAY: &str = "▶ Play the story";

/// The hint's button that flips the knob the story is about.
pub fn hint_flip(knob: &str) -> String {
    format!("Flip “{knob}”")
}

/// The hint's button that dismisses it for good.
pub const HINT_DISMISS: &str = "Got it";

/// The panic overlay's title.
pub const PANIC_TITLE: &str = "Something went wrong in the lab";

/// What the panic overlay says happened and what resetting does.
pub const PANIC_TEXT: &str = "The simulation hit a bug and stopped. Resetting the lab clears the \
     settings kept in the address and starts again.";

/// The panic overlay's reset link.
pub const PANIC_RESET: &str = "Reset the lab";
