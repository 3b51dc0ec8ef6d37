//! The timeline's own words: its lanes' names, what stretch of time it shows, and how the
//! timeline of one run, or the two halves of a comparison, are named.

use super::controls::{OFF, ON};
use super::switch::on_off;
use crate::units::time;

/// The coordination service's lane.
pub const COORD_LANE: &str = "Coordination";
/// The coordination service's lane on a narrow screen.
pub const COORD_LANE_SHORT: &str = "Coord.";
/// What the coordination service's lane holds.
pub const COORD_ROLE: &str = "leases, locks";
/// The resource's lane.
pub const RESOURCE_LANE: &str = "Resource";
/// The resource's lane on a narrow screen.
pub const RESOURCE_LANE_SHORT: &str = "Res.";
/// The widest app lane name the gutter is measured for ([`app`] of "A").
pub const APP_LANE_SAMPLE: &str = "App A";

/// An application by its name: "App A" (its lane, its button in the fault panel).
pub fn app(name: &str) -> String {
    format!("App {name}")
}

/// The stretch shown when the whole run is: "all 2 min".
pub fn window_all(end_ms: u64) -> String {
    format!("all {}", time(end_ms))
}

/// The stretch shown when zoomed: "10 s–20 s of 2 min".
pub fn window_part(from_ms: u64, to_ms: u64, end_ms: u64) -> String {
    format!("{}–{} of {}", time(from_ms), time(to_ms), time(end_ms))
}

/// The note on a long run's thinned marks: `left_out` not drawn, each kind kept to at most
/// `max_marks` (routine messages to `max_routine`).
pub fn thinned(left_out: usize, max_marks: usize, max_routine: usize) -> String {
    format!(
        "A long run: {left_out} marks are not drawn. Each kind is thinned evenly to at most \
         {max_marks} (routine messages to {max_routine}), so the page stays responsive."
    )
}

/// The note on one label that found no room.
pub const ONE_HIDDEN: &str = "1 label did not fit: zoom in (+) to read it.";

/// The note on `hidden` labels that found no room.
pub fn hidden(hidden: usize) -> String {
    format!("{hidden} labels did not fit: zoom in (+) to read them.")
}

/// What a pointer that hovers can do too (not shown on touch screens).
pub const ON_HOVER: &str = " Hovering over a mark also shows its label.";

/// The accessible name of a story's timeline: "Timeline of The GC pause, token enforcement on".
pub fn timeline_of(title: &str, enforcement: &str, on: bool) -> String {
    format!(
        "Timeline of {}, {} {}",
        title,
        enforcement.to_ascii_lowercase(),
        on_off(on)
    )
}

/// The accessible name of one half of a comparison: "Token enforcement off".
pub fn compare_half(enforcement: &str, on: bool) -> String {
    format!("{enforcement} {}", on_off(on))
}

/// The title of one half of a comparison: "Token enforcement OFF".
pub fn compare_title(enforcement: &str, on: bool) -> String {
    format!("{enforcement} {}", if on { ON } else { OFF })
}

/// The timeline's accessible name in one half of a comparison: "Timeline with token
/// enforcement off".
pub fn timeline_with(enforcement: &str, on: bool) -> String {
    format!(
        "Timeline with {} {}",
        enforcement.to_ascii_lowercase(),
        on_off(on)
    )
}
