//! Notices: short, plain-words reports of what a link contained that could not be used,
//! plus the small formatting helpers they share (quoting hostile text, showing times).

use std::fmt;

/// One thing the decoder ignored or corrected, for the UI to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The URL parameter concerned (`"scenario"`, `"ttl_ms"`, `"f"`...; empty for the
    /// link as a whole). Unknown keys appear shortened and cleaned, as in `message`.
    pub field: String,
    /// What was ignored and what is used instead, e.g.
    /// `"TTL 900 s is out of range; using 120 s"`.
    pub message: String,
}

impl Notice {
    /// A notice about `field`.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Notice {
        Notice {
            field: field.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
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
