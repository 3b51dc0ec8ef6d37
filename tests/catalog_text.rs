//! The catalog's byte-wise text search (`catalog::find`, `catalog::replaced`, used where the
//! narration names grants and apps) reads as `str::find` and `str::replace` do: the same
//! sentences, with non-ASCII text around and inside the words replaced.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::{find, replaced};

/// Texts and needles as the narration has them: ASCII and not, at either end, repeated,
/// overlapping and absent.
const CASES: &[(&str, &str, &str)] = &[
    (
        "Switch on token enforcement to reject the write.",
        "token",
        "grant",
    ),
    ("Token 101 < token 102", "Token", "Grant"),
    ("{} is never granted the lease", "{}", "B"),
    ("◷ A's lease expired · token 102", "token", "grant"),
    ("é token é token é", "token", "épreuve"),
    ("tokentoken", "token", "t"),
    ("aaaa", "aa", "b"),
    ("no match here", "token", "grant"),
    ("", "token", "grant"),
    ("token", "token", ""),
    ("◂ believes it owns · token 102", "· ", "—"),
];

#[test]
fn find_is_str_find() {
    for (text, needle, _) in CASES {
        assert_eq!(
            find(text, needle),
            text.find(needle),
            "{needle:?} in {text:?}"
        );
    }
    assert_eq!(find("abc", ""), Some(0));
}

#[test]
fn replaced_is_str_replace() {
    for (text, from, to) in CASES {
        assert_eq!(
            replaced(text, from, to),
            text.replace(from, to),
            "{from:?} -> {to:?} in {text:?}"
        );
    }
}
