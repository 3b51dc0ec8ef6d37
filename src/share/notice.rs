//! Notices: what a link contained that could not be used, as data for the words layer to
//! say (`words::link`), plus the small helpers the decoder shares (quoting hostile text,
//! reading numbers and switches).

use super::problem::Problem;
use crate::catalog::Knob;
use crate::engine::Mode;

/// One thing the decoder ignored or corrected, for the UI to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The URL parameter concerned (`"scenario"`, `"ttl_ms"`, `"f"`...; empty for the
    /// link as a whole). Unknown keys appear shortened and cleaned, as in `kind`.
    pub field: String,
    /// What was ignored and what is used instead.
    pub kind: NoticeKind,
}

impl Notice {
    /// A notice about `field`.
    pub fn new(field: impl Into<String>, kind: NoticeKind) -> Notice {
        Notice {
            field: field.into(),
            kind,
        }
    }
}

/// A number as a link gave it: read, or repeated as written (too large, or negative).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given {
    /// A value read.
    Value(u64),
    /// The link's text, shortened (see [`shorten`]).
    Text(String),
}

/// What a [`Notice`] reports. Every `String` is the link's text, shortened (see
/// [`shorten`]); times are in ms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    /// `scenario` names no story; the story `showing` (an id) is shown instead.
    UnknownScenario { id: String, showing: &'static str },
    /// `story` holds a written story that does not read: its first problem is at `line` and
    /// `column` of the text (the catalog story is shown instead; the Write panel says what).
    StoryUnread { line: usize, column: usize },
    /// `story` names format version `version`, which this lab does not read (it reads
    /// [`crate::script::FORMAT_VERSION`]), or none.
    StoryVersion { version: String },
    /// `story` is longer than `max_bytes`: the catalog story is shown instead.
    StoryTooLong { max_bytes: usize },
    /// `story` holds a written story, but the reader (fetched on demand) could not be fetched:
    /// the catalog story is shown instead, and the address is left as it was.
    StoryUnloaded,
    /// `preset` names no real system; the story's own numbers are used.
    UnknownPreset(String),
    /// A key the link format does not have.
    UnknownParameter(String),
    /// A single key given again (its first value is kept).
    RepeatedParameter(String),
    /// The value of this key is longer than `MAX_VALUE_LEN`.
    ValueTooLong(String),
    /// An on/off knob's value is neither; `using` is kept.
    NotOnOff {
        knob: Knob,
        value: String,
        using: bool,
    },
    /// The mode is none of `lease`, `lock` and `none`; `using` is kept.
    NotLeaseOrLock { value: String, using: Mode },
    /// A numeric knob's value is not a number; `using` is kept.
    NotANumber {
        knob: Knob,
        value: String,
        using: u64,
    },
    /// A numeric knob's value is out of its range; the nearest allowed, `using`, is used.
    OutOfRange {
        knob: Knob,
        given: Given,
        using: u64,
    },
    /// A fault that cannot be used, and why.
    BadFault { value: String, why: Problem },
    /// A resume request that cannot be used, and why.
    BadResume { value: String, why: Problem },
    /// `rec` names no shipped recorded run; the simulation is shown.
    UnknownRecording(String),
    /// `questions` is neither on nor off; they stay on.
    QuestionsNotOnOff(String),
    /// `compare` is neither on nor off; it stays off.
    CompareNotOnOff(String),
    /// `view` is neither `lab` nor `presentation`; the lab is shown.
    UnknownView(String),
    /// A zoomed window that cannot be used, and why; the timeline fits the story.
    BadZoom { value: String, why: Problem },
    /// The playhead is after the end, `end_ms`, which is used instead.
    PlayheadPastEnd { given: Given, end_ms: u64 },
    /// A member-network delay that is not a whole number of ms up to `MAX_MEMBER_JITTER_MS`;
    /// the story's own is used.
    BadMemberJitter(String),
    /// The playhead is not a time; 0 is used.
    PlayheadNotATime(String),
    /// The link asked for a lock without expiry on a replicated service, which grants leases
    /// only: a lease is used.
    LeaseOnGroup,
    /// The link asked for a lock without expiry and named no members, on a story with a
    /// replicated service: one box is used, as the lab's switch does.
    LockOnOneBox,
    /// The story's faults need a replicated service and the link asked for fewer members:
    /// the story's `using` are used.
    StoryNeedsGroup { using: u64 },
    /// The link's settings could not run together even so: the story's own are used, with no
    /// faults.
    CannotRunTogether,
    /// A knob (its link key) was out of range after all; the nearest allowed value is used.
    Clamped(&'static str),
    /// This many further problems, beyond `MAX_NOTICES`.
    MoreProblems(usize),
    /// This many faults beyond `MAX_FAULTS` were ignored.
    ExtraFaults(usize),
    /// This many resume requests beyond `MAX_RESUMES` were ignored.
    ExtraResumes(usize),
    /// This many pairs beyond the first `MAX_PAIRS` were ignored.
    ExtraPairs(usize),
}

/// Most characters of user text repeated in a notice.
pub const QUOTE_CHARS: usize = 24;

/// `text` made safe and short for a notice: at most [`QUOTE_CHARS`] characters (then `…`),
/// control characters shown as `?`. Reads at most `QUOTE_CHARS + 1` characters of `text`.
pub fn shorten(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(QUOTE_CHARS)
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    if text.chars().nth(QUOTE_CHARS).is_some() {
        out.push('…');
    }
    out
}

/// The outcome of reading a whole number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Number {
    /// A value that fits in `u64`.
    Value(u64),
    /// Digits only, but more than `u64` holds.
    TooBig,
    /// A minus sign followed by digits.
    Negative,
    /// Anything else.
    Garbage,
}

/// Reads `text` as a whole number, telling overflow and negatives apart from garbage.
pub fn number(text: &str) -> Number {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if digits(text) {
        return text.parse().map_or(Number::TooBig, Number::Value);
    }
    match text.strip_prefix('-') {
        Some(rest) if digits(rest) => Number::Negative,
        _ => Number::Garbage,
    }
}

/// Reads an on/off value (`on`, `off`; also `1`, `0`, `true`, `false`, `yes`, `no`).
pub fn switch(text: &str) -> Option<bool> {
    match text {
        "on" | "1" | "true" | "yes" => Some(true),
        "off" | "0" | "false" | "no" => Some(false),
        _ => None,
    }
}

/// `on` or `off`.
pub fn on_off(on: bool) -> &'static str {
    if on {
        "on"
    } else {
        "off"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_tell_overflow_and_negatives_apart() {
        assert_eq!(number("42"), Number::Value(42));
        assert_eq!(number("99999999999999999999999"), Number::TooBig);
        assert_eq!(number("-5"), Number::Negative);
        assert_eq!(number("+5"), Number::Garbage);
        assert_eq!(number(""), Number::Garbage);
        assert_eq!(number("٣"), Number::Garbage);
    }

    #[test]
    fn shorten_cuts_and_cleans() {
        assert_eq!(shorten("abc"), "abc");
        assert_eq!(shorten("a\nb"), "a?b");
        let long = "x".repeat(1_000);
        assert_eq!(shorten(&long).chars().count(), QUOTE_CHARS + 1);
    }
}
