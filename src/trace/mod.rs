//! Recorded traces: runs of a real system (e.g. etcd with real processes), read from a
//! documented, versioned JSON file and turned into the engine's own vocabulary
//! ([`Event`]/[`EventKind`]), so the timeline can draw them like a simulated run and the
//! conformance check can compare them with one.
//!
//! - [`Trace::parse`] reads and validates a file (never panics; caps on size, depth, count).
//! - [`Trace::to_json`] writes one (the recorder's output; `parse` reads it back unchanged).
//! - [`Trace::scenario`] and [`Trace::run`] give what the timeline needs to draw it: a [`Run`](crate::engine::Run)
//!   like a simulation's, with spans and a verdict.
//! - [`Tally`] sums up a run (recorded or simulated) the way the conformance check compares.
//!
//! The format, key by key, is documented in the README ("Recorded runs").
//! Pure: no browser, no clock, no I/O.

pub mod compare;
mod error;
mod expected;
mod fields;
mod format;
mod json;
mod read;
mod read_kind;
mod recording;
mod run;
mod tally;
pub mod twin;
mod vocab;
mod write;

pub use error::TraceError;
pub use expected::{Countable, Expected, Syntax};
pub use format::{FORMAT, MAX_BYTES, MAX_EVENTS, MAX_FAULTS, MAX_TEXT, VERSION};
pub use recording::{Trace, TraceApp};
pub use tally::{Tally, WriteMark};
pub use twin::NoTwin;
