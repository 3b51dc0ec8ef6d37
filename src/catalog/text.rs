//! Text searched and replaced byte by byte ([`find`], [`replaced`]), not through `str`'s pattern
//! search or `str` slicing: their panics (a slice off a char boundary) print a char with `{:?}`,
//! which brings Unicode's printable and grapheme tables into the wasm with their code.
//!
//! A match of a UTF-8 needle in UTF-8 text starts and ends on char boundaries, so the results
//! are `str::find`'s and `str::replace`'s.

/// Where `needle` first occurs in `text` (a byte index), as `text.find(needle)`.
pub fn find(text: &str, needle: &str) -> Option<usize> {
    if needle.is_empty() {
        return Some(0);
    }
    let needle = needle.as_bytes();
    text.as_bytes()
        .windows(needle.len())
        .position(|w| w == needle)
}

/// `text` with every `from` replaced by `to`, as `text.replace(from, to)` (an empty `from`
/// replaces nothing).
pub fn replaced(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = find(rest, from).filter(|_| !from.is_empty()) {
        out.push_str(rest.get(..at).unwrap_or_default());
        out.push_str(to);
        rest = rest.get(at + from.len()..).unwrap_or_default();
    }
    out.push_str(rest);
    out
}
