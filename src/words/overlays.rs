//! The overlays in words: the keyboard help's title, the blank screen's name, and the panic
//! overlay shown when the lab hits a bug.

/// The keyboard help's title.
pub const HELP_TITLE: &str = "Keyboard and clicker";

/// The blank screen's accessible name.
pub const BLANKED: &str = "Screen blanked; press any key";

/// The panic overlay's title.
pub const PANIC_TITLE: &str = "Something went wrong in the lab";

/// What the panic overlay says happened and what resetting does.
pub const PANIC_TEXT: &str = "The simulation hit a bug and stopped. Resetting the lab clears the \
     settings kept in the address and starts again.";

/// The panic overlay's reset link.
pub const PANIC_RESET: &str = "Reset the lab";
