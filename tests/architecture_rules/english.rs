//! Rule 4: English only in the words layer and the catalog's stories and questions.
//!
//! The heuristic: a string literal is English when, once its `{placeholders}` and escapes
//! are gone, it holds a capitalised word of two letters or more ("Ignored", "OK"), or two
//! words of letters side by side ("on or off"). Not looked at:
//! - literals in comments or in `#[cfg(test)]` items and test-only files;
//! - messages for developers: arguments of `expect`, `panic!`, `assert!` and kin, also
//!   through a `format!` inside them;
//! - attribute arguments (`#[doc = "…"]`, `#[error("…")]`);
//! - `view!` attribute values written `name="…"` (classes, ids, `data-`, SVG geometry), but
//!   not the prose attributes of [`PROSE_ATTRIBUTES`], which people read or hear;
//! - class lists whose every word is a class: of the style sheets, or used as one by the
//!   code in a `class="…"` or a class-shaped literal (`"btn primary"`, see
//!   `class_shaped`), CSS
//!   selectors (`".legend-items li"`) and media queries (`"(prefers-reduced-motion: reduce)"`);
//! - DOM key names (`"ArrowLeft"`, [`KEY_NAMES`]).

use std::collections::BTreeSet;

use super::source::{ident_char, Literal};
use super::Prepared;

/// Calls whose string arguments are messages for developers, not for users.
pub const MESSAGE_CALLS: &[&str] = &[
    "expect",
    "expect_err",
    "panic!",
    "assert!",
    "assert_eq!",
    "assert_ne!",
    "debug_assert!",
    "debug_assert_eq!",
    "debug_assert_ne!",
    "unreachable!",
    "todo!",
    "unimplemented!",
];

/// `view!` attributes whose values people read or hear: these stay checked.
pub const PROSE_ATTRIBUTES: &[&str] = &[
    "aria-label",
    "aria-description",
    "aria-roledescription",
    "aria-valuetext",
    "aria-placeholder",
    "title",
    "alt",
    "placeholder",
    "label",
];

/// `KeyboardEvent.key` values the shortcuts compare against.
pub const KEY_NAMES: &[&str] = &[
    "ArrowLeft",
    "ArrowRight",
    "ArrowUp",
    "ArrowDown",
    "Escape",
    "Enter",
    "Home",
    "End",
    "PageUp",
    "PageDown",
    "Tab",
    "Backspace",
    "Delete",
    "Shift",
    "Control",
    "Alt",
    "Meta",
    "Spacebar",
];

/// The class names a style sheet defines (`.btn`, `.timeline .lane.held` → `btn`,
/// `timeline`, `lane`, `held`).
pub fn css_classes(css: &str) -> BTreeSet<String> {
    let chars: Vec<char> = css.chars().collect();
    let mut out = BTreeSet::new();
    for (i, c) in chars.iter().enumerate() {
        let in_number = i > 0 && chars[i - 1].is_ascii_digit();
        if *c != '.' || in_number {
            continue;
        }
        let name: String = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_alphanumeric() || **c == '-' || **c == '_')
            .collect();
        if name.chars().next().is_some_and(|c| c.is_alphabetic()) {
            out.insert(name);
        }
    }
    out
}

/// Whether `text` has the shape of a class list: two or more lowercase names, one of them
/// with a hyphen (`"lane lane-coord"`, `"access write accepted app-a"`).
fn class_shaped(text: &str) -> bool {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let name = |t: &&str| {
        t.starts_with(|c: char| c.is_ascii_lowercase())
            && !t.ends_with('-')
            && t.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    };
    tokens.len() >= 2 && tokens.iter().all(name) && tokens.iter().any(|t| t.contains('-'))
}

/// The style sheets' classes and the names the code uses as classes: each word of a
/// class-shaped literal (see [`class_shaped`]) and of a `class="…"` value.
fn class_names(files: &[Prepared], sheets: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = sheets.clone();
    for file in files {
        for literal in &file.literals {
            if class_shaped(&literal.text) || attribute(&file.code, literal.at) == Some("class") {
                out.extend(literal.text.split_whitespace().map(String::from));
            }
        }
    }
    out
}

/// `text` without `{placeholders}` and with escapes as spaces.
fn plain(text: &str) -> String {
    let (mut out, mut depth, mut chars) = (String::new(), 0, text.chars().peekable());
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
                out.push(' ');
            }
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
            }
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            _ => out.push(c),
        }
    }
    out
}

/// `token` without the punctuation around it, if what is left is a word of letters
/// (apostrophes and hyphens inside allowed).
fn word(token: &str) -> Option<&str> {
    let w = token.trim_matches(|c: char| !c.is_alphanumeric());
    let letters = |c: char| c.is_alphabetic() || matches!(c, '\'' | '’' | '-');
    (!w.is_empty() && w.chars().all(letters)).then_some(w)
}

/// Whether `text` reads as English (see the module doc).
pub fn looks_english(text: &str, classes: &BTreeSet<String>) -> bool {
    let text = plain(text);
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let selector = text.starts_with(['.', '#', '[']);
    let media_query = text.starts_with('(') && text.ends_with(')') && text.contains(": ");
    let class_list = tokens.iter().all(|t| classes.contains(*t));
    if KEY_NAMES.contains(&text.trim()) || selector || media_query || class_list {
        return false;
    }
    let words: Vec<Option<&str>> = tokens.iter().map(|t| word(t)).collect();
    let capital = words
        .iter()
        .flatten()
        .any(|w| w.chars().count() >= 2 && w.chars().next().is_some_and(char::is_uppercase));
    let pair = words.windows(2).any(|p| match (p[0], p[1]) {
        (Some(a), Some(b)) => a.chars().count().max(b.chars().count()) >= 2,
        _ => false,
    });
    capital || pair
}

/// Whether a `[` after `before` opens an attribute (`#[…]`, `#![…]`), not `vec![…]`.
fn attribute_opens(before: &str) -> bool {
    let before = before.trim_end();
    before.ends_with('#') || before.ends_with("#!")
}

/// The name of the call, macro or attribute whose brackets enclose `code[..at]`'s end,
/// from the innermost outwards, up to the statement's start.
fn enclosing(code: &str, at: usize) -> Vec<String> {
    let bytes = code.as_bytes();
    let (mut out, mut depth) = (Vec::new(), 0usize);
    for i in (0..at).rev() {
        match bytes[i] {
            b')' | b']' | b'}' => depth += 1,
            b'(' | b'[' | b'{' if depth > 0 => depth -= 1,
            b';' if depth == 0 => break,
            b'{' => break,
            b'[' if attribute_opens(&code[..i]) => out.push("#[".to_string()),
            b'(' => {
                let before = code[..i].trim_end();
                let bang = before.ends_with('!');
                let before = before.trim_end_matches('!');
                let start = before.rfind(|c: char| !ident_char(c)).map_or(0, |p| p + 1);
                out.push(format!(
                    "{}{}",
                    &before[start..],
                    if bang { "!" } else { "" }
                ));
            }
            _ => {}
        }
    }
    out
}

/// The `view!` attribute a literal is the value of (`class="…"` → `class`), if any:
/// `name="…"` written without spaces, as the UI writes them, unlike `let x = "…"`.
fn attribute(code: &str, at: usize) -> Option<&str> {
    let before = code[..at].strip_suffix('=')?;
    let start = before
        .rfind(|c: char| !(ident_char(c) || c == '-' || c == ':'))
        .map_or(0, |p| p + 1);
    let name = &before[start..];
    let ok = !name.is_empty() && !before[..start].ends_with(['=', '!', '<', '>']);
    ok.then_some(name)
}

/// Whether a literal is exempt by where it stands (see the module doc).
fn exempt(code: &str, literal: &Literal) -> bool {
    let calls = enclosing(code, literal.at);
    if calls
        .iter()
        .any(|c| c == "#[" || MESSAGE_CALLS.contains(&c.as_str()))
    {
        return true;
    }
    attribute(code, literal.at).is_some_and(|name| !PROSE_ATTRIBUTES.contains(&name))
}

/// Every English literal of `files` outside the folders and files of `allowed` (each
/// an exact path, or a folder ending in `/`), as `path:line: "text"`.
pub fn english_literals(
    files: &[(String, String)],
    allowed: &[&str],
    classes: &BTreeSet<String>,
) -> Vec<String> {
    let allows = |path: &str| {
        allowed
            .iter()
            .any(|a| path == *a || (a.ends_with('/') && path.starts_with(a)))
    };
    let prepared: Vec<Prepared> = super::prepare(files);
    let classes = &class_names(&prepared, classes);
    let mut out = Vec::new();
    for file in prepared.iter().filter(|f| !f.test_only && !allows(&f.path)) {
        for literal in &file.literals {
            let shown = format!("{}:{}", file.path, literal.text);
            if allows(&shown) || exempt(&file.code, literal) {
                continue;
            }
            if looks_english(&literal.text, classes) {
                let shown = literal
                    .text
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                out.push(format!("{}:{}: \"{shown}\"", file.path, literal.line));
            }
        }
    }
    out
}
