//! Where the browser keeps the Write panel's text: `localStorage`, under one key, so what was
//! typed survives a reload or a closed tab. A full or blocked storage keeps it for this visit
//! only.

use super::storage::local as storage;

/// The `localStorage` key.
const KEY: &str = "fencing-lab.story";

/// The text kept in this browser (`None` where there is none or storage is unavailable).
#[allow(dead_code)] // the Write panel restores it (branch story-48-ui)
pub fn load() -> Option<String> {
    storage().and_then(|s| s.get_item(KEY).ok().flatten())
}

/// Keeps `text` in the browser (an empty text is forgotten).
pub fn save(text: &str) {
    if let Some(storage) = storage() {
        let _ = if text.is_empty() {
            storage.remove_item(KEY)
        } else {
            storage.set_item(KEY, text)
        };
    }
}
