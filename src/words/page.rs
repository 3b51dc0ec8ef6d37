//! The page around the lab: its name, its promise, the footer, and the heading of the notice
//! that says what of a link could not be used.

/// The lab's name, in the header.
pub const NAME: &str = "Fencing Lab";
/// The promise under the name.
pub const PROMISE: &str =
    "Pause a process mid-lease, watch two owners write, and see a fencing token stop the stale one.";
/// The accessible name of the stage the lab stands on.
pub const STAGE: &str = "Lab";
/// Over the list of what a link asked for that the lab could not do.
pub const LINK_NOTICE: &str = "Some of this link could not be used:";
/// The footer's one-line summary.
pub const FOOTER: &str =
    "Leases say who owns the resource now; fencing tokens say whose request is newest.";
/// The footer's note on where every timeline comes from.
pub const FOOTER_NOTE: &str = "Runs entirely in your browser. Every timeline is simulated or recorded from a real system, never drawn by hand.";
