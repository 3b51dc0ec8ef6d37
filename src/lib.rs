//! Fencing Lab: an interactive lab for leases and fencing tokens.
//!
//! - [`engine`]: the pure, deterministic lease-and-fencing simulation (no browser, no clock).
//! - [`lab`]: the lab's state as plain data and the one reducer that changes it.
//! - `ui`: Leptos components that render engine output and dispatch user intent .

pub mod catalog;
pub mod engine;
pub mod lab;
pub mod script;
pub mod share;
pub mod trace;
pub mod units;
pub mod words;

pub mod ui;

/// The wasm's allocator: Talc, in place of the standard library's dlmalloc: 0.5 KB less gzipped
/// wasm as measured here (with realloc in place off, Cargo.toml). Its speed here is not measured.
/// The browser runs the wasm on one thread, so no lock is needed.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
