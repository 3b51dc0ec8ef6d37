//! Where the browser keeps the learner's [`Progress`]: `localStorage`, under one key. A full or
//! blocked storage only loses the marks; an unreadable text is read as far as it can be.

use super::storage::local as storage;
use crate::lab::Progress;

/// The `localStorage` key.
const KEY: &str = "fencing-lab.answers";

/// The progress kept in this browser (empty where storage is unavailable).
pub fn load() -> Progress {
    storage()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .map_or_else(Progress::default, |text| Progress::parse(&text))
}

/// Keeps `progress` in the browser.
pub fn save(progress: &Progress) {
    if let Some(storage) = storage() {
        let _ = if progress.is_empty() {
            storage.remove_item(KEY)
        } else {
            storage.set_item(KEY, &progress.text())
        };
    }
}
