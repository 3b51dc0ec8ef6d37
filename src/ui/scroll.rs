//! Keeping what matters in the window: the boxes of elements on the page and the one scroll the
//! question card and the timeline card use to bring the chart (and a question beside it) into view.

use leptos::prelude::{document, window};
use web_sys::DomRect;

/// The box of the first element matching `selector`, if there is one.
pub fn rect(selector: &str) -> Option<DomRect> {
    let el = document().query_selector(selector).ok().flatten()?;
    Some(el.get_bounding_client_rect())
}

/// The window's height in CSS px (0 if the browser does not say).
pub fn window_height() -> f64 {
    window()
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0)
}

/// Scrolls the page down by `dy` px (up when negative); nothing for less than a pixel.
pub fn scroll_by(dy: f64) {
    if dy.abs() > 1.0 {
        window().scroll_by_with_x_and_y(0.0, dy);
    }
}
