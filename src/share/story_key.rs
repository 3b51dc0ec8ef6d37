//! The `story` key: a written story in a link, as `VERSION:TEXT`. The version is checked before
//! the text is read, so a link written for another version of the format is refused with a
//! notice, never misread; a text past the cap, one that does not read, or one that could not be
//! read (the reader is fetched on demand, and may not arrive) is a notice too.

use super::keys::KEY_STORY;
use super::limits::MAX_PAIRS;
use super::notice::{shorten, NoticeKind};
use crate::script::{Reading, Written, FORMAT_VERSION, MAX_TEXT_BYTES};

/// The text a `story` value holds (`VERSION:TEXT`), or why it is not one to read.
pub fn story_text(value: &str) -> Result<&str, NoticeKind> {
    let Some((version, text)) = value.split_once(':') else {
        return Err(NoticeKind::StoryVersion {
            version: String::new(),
        });
    };
    if version != FORMAT_VERSION.to_string() {
        let version = shorten(version);
        return Err(NoticeKind::StoryVersion { version });
    }
    if text.len() > MAX_TEXT_BYTES {
        let max_bytes = MAX_TEXT_BYTES;
        return Err(NoticeKind::StoryTooLong { max_bytes });
    }
    Ok(text)
}

/// The text of the written story `pairs` holds, if it holds one to read: what a caller
/// without the reader at hand fetches it for, before [`super::decode_read`].
pub fn story_to_read(pairs: &[(String, String)]) -> Option<&str> {
    let looked = &pairs[..pairs.len().min(MAX_PAIRS)];
    let (_, value) = looked.iter().find(|(k, _)| k == KEY_STORY)?;
    story_text(value).ok()
}

/// The written story a `story` value holds, given `reading`, what reading its text gave (`None`
/// when it could not be read: the reader was not at hand), or why it cannot be shown.
pub fn written_story(value: &str, reading: Option<Reading>) -> Result<Written, NoticeKind> {
    story_text(value)?;
    let reading = reading.ok_or(NoticeKind::StoryUnloaded)?;
    reading.map_err(|errors| {
        let first = errors.first();
        let (line, column) = first.map_or((1, 1), |e| (e.line, e.column));
        NoticeKind::StoryUnread { line, column }
    })
}
