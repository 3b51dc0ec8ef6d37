//! A story named by text — the picker's value, a link, a recording's header, a test — before
//! anyone has checked that the catalog has it: [`StoryId`]. The lab looks it up when it acts on
//! it, and refuses an id the catalog does not know instead of doing nothing.

use super::entry::Entry;
use super::list::by_id;

/// A story's catalog id, as some text named it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoryId(String);

impl StoryId {
    /// The id `text` names (known to the catalog or not).
    pub fn new(text: &str) -> StoryId {
        StoryId(text.to_string())
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The catalog's story with this id, if it has one.
    pub fn entry(&self) -> Option<&'static Entry> {
        by_id(&self.0)
    }
}

impl From<&Entry> for StoryId {
    fn from(entry: &Entry) -> StoryId {
        StoryId::new(entry.id)
    }
}

impl From<&str> for StoryId {
    fn from(text: &str) -> StoryId {
        StoryId::new(text)
    }
}
