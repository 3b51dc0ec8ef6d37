//! Fencing Lab: an interactive lab for leases and fencing tokens.
//!
//! - [`engine`]: the pure, deterministic lease-and-fencing simulation (no browser, no clock).
//! - [`lab`]: the lab's state as plain data and the one reducer that changes it.
//! - `ui`: Leptos components that render engine output and dispatch user intent .

pub mod catalog;
pub mod engine;
pub mod lab;
pub mod share;
pub mod trace;
pub mod units;
pub mod words;

pub mod ui;
