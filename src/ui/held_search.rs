//! The explorer's search as its runner holds it in the lab's state ([`Running`]): the search
//! and the runner's measures of it.

use crate::lab::Search;

/// A search under way, with the runner's measures of it.
pub struct Running {
    pub search: Search,
    /// When it started (the page's clock, ms).
    pub started_ms: f64,
    /// The next batch's size.
    pub batch: u64,
}
