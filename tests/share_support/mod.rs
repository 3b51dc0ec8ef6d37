//! What the native tests of shareable links share: decode a link written as pairs, and its
//! notices in the words the page shows.
#![allow(dead_code)]

use fencing_lab::share::{decode, Decoded};
use fencing_lab::words::link::notice;

/// Decodes the link `pairs`, as the page reads them from its address.
pub fn link(pairs: &[(&str, &str)]) -> Decoded {
    let owned: Vec<(String, String)> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    decode(&owned)
}

/// The notices in words, as the page shows them.
pub fn messages(d: &Decoded) -> Vec<String> {
    d.notices.iter().map(notice).collect()
}
