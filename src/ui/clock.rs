//! The page's clock: real milliseconds since the page started (`performance.now()`), for the
//! animation clock and the explorer's time slices.

use leptos::prelude::window;

/// Real ms since the page started (0 without a performance timer).
pub fn now_ms() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}
