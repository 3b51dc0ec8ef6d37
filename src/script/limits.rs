//! What a written story may hold: its length, faults and counts, and the format's version.

/// The format's version, which a link names beside the text.
pub const FORMAT_VERSION: u32 = 1;
/// The longest story read, in bytes.
pub const MAX_TEXT_BYTES: usize = 6_000;
/// The most faults a story may have: a catalog story's own and the link's twenty.
pub const MAX_FAULTS: usize = 40;
/// The largest message or write number a fault may name (the link's cap, `share::MAX_NTH`).
pub const MAX_NTH: u32 = 1_000;
/// The most errors reported; the rest are left for the next reading.
pub const MAX_ERRORS: usize = 20;
