//! FNV-1a, 64 bits, for the tests that pin behaviour with a digest (traces, scenes, the
//! explorer's summaries): small, and stable across platforms and Rust versions.
#![allow(dead_code)]

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

fn step(hash: u64, byte: u8) -> u64 {
    (hash ^ u64::from(byte)).wrapping_mul(PRIME)
}

/// A digest of many texts, each followed by a separator, so that ("ab", "c") and ("a", "bc")
/// differ.
pub struct Fnv(pub u64);

impl Fnv {
    pub fn new() -> Fnv {
        Fnv(OFFSET)
    }

    pub fn add(&mut self, text: &str) {
        self.0 = text.bytes().chain([0xff]).fold(self.0, step);
    }
}

/// The digest of one text (no separator).
pub fn fnv(text: &str) -> u64 {
    text.bytes().fold(OFFSET, step)
}
