//! The export buttons and why an export could not be made.

/// The accessible name of the export buttons.
pub const GROUP: &str = "Export the timeline";
/// The SVG button.
pub const SVG: &str = "⤓ SVG";
/// The PNG button.
pub const PNG: &str = "⤓ PNG 2×";
/// The legend check box.
pub const WITH_LEGEND: &str = "with legend";
/// No timeline on the page to export.
pub const NO_TIMELINE: &str = "There is no timeline to export";
/// The browser could not make the file.
pub const NO_FILE: &str = "The browser could not make the file";
/// The browser cannot draw an image.
pub const NO_IMAGE: &str = "no image support";
/// The lab is on no page.
pub const NO_PAGE: &str = "no page";
