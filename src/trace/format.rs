//! The trace format's name, the version this build reads, and the caps a file must keep to.

/// The value of the `format` key.
pub const FORMAT: &str = "fencing-lab-trace";
/// The only version this build reads.
pub const VERSION: u64 = 1;
/// Largest file read, in bytes.
pub const MAX_BYTES: usize = 2_000_000;
/// Most events in one trace.
pub const MAX_EVENTS: usize = 20_000;
/// Longest text (names, roles, source), in bytes.
pub const MAX_TEXT: usize = 200;
/// Most faults in one trace.
pub const MAX_FAULTS: usize = 64;
