//! The `story` key: a written story in a link, as `VERSION:TEXT`. The version is checked before
//! the text is read, so a link written for another version of the format is refused with a
//! notice, never misread; a text past the cap, or one that does not read, is a notice too.

use super::notice::{shorten, NoticeKind};
use crate::script::{ScriptProblem, Written, FORMAT_VERSION, MAX_TEXT_BYTES};

/// The written story a `story` value holds (`VERSION:TEXT`), or why it cannot be read.
pub fn written_story(value: &str) -> Result<Written, NoticeKind> {
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
    Written::read(text).map_err(|errors| {
        let first = errors.into_iter().next();
        let (line, column) = first.as_ref().map_or((1, 1), |e| (e.line, e.column));
        let problem = first.map_or(ScriptProblem::NoApps, |e| e.problem);
        NoticeKind::StoryUnread {
            line,
            column,
            problem,
        }
    })
}
