//! What a link may carry: the bounds the decoder enforces on pairs, values, faults and
//! resumes, so a hostile link costs little and decodes to a valid state.

/// Most faults a link carries.
pub const MAX_FAULTS: usize = 20;
/// Most resume requests a link carries.
pub const MAX_RESUMES: usize = 20;
/// Pairs looked at; the rest are ignored with one notice.
pub const MAX_PAIRS: usize = 200;
/// Longest value (and key) read, in bytes.
pub const MAX_VALUE_LEN: usize = 200;
/// Longest pause, delay, partition or clock jump a link may ask for: 10 minutes.
pub const MAX_LENGTH_MS: u64 = 600_000;
/// Largest write or message number a fault may name.
pub const MAX_NTH: u32 = 1_000;
/// Most detailed notices; further problems are summed up in one last notice.
pub const MAX_NOTICES: usize = 12;
/// Narrowest zoomed window a link may ask for, in ms.
pub const MIN_ZOOM_MS: u64 = 1_000;
