//! Leptos components: they render engine output and dispatch user intent; no protocol logic lives here.

mod action_notice;
mod app;
mod commands;
pub mod dispatch;
#[cfg(test)]
mod dispatch_tests;
mod event_log;
pub mod explorer;
pub mod export;
mod fault_panel;
pub mod format;
pub mod intent;
mod lab;
mod later;
pub mod link;
pub mod live;
mod narration;
mod outcome;
mod overlays;
pub mod panic_overlay;
mod picker;
mod playback;
mod preset_panel;
mod progress;
mod question_card;
mod question_controls;
pub mod quiz;
mod quiz_commands;
#[cfg(test)]
mod quiz_tests;
mod recorded_commands;
mod recorded_view;
pub mod recording;
mod recordings_dialog;
mod resource_panel;
mod runnable;
mod settings;
pub mod shortcuts;
pub mod state;
mod storage;
pub mod story;
pub mod svg;
pub mod timeline;
mod trace_files;
mod transport;
mod who_fences;

pub use app::{App, DEFAULT_ENTRY};
pub use timeline::Timeline;

use leptos::prelude::*;

/// Installs the panic overlay and mounts [`App`] into the page body, with the panels around the
/// timeline built after its first paint.
pub fn start() {
    panic_overlay::install();
    leptos::mount::mount_to_body(|| {
        later::provide_gate();
        view! { <App/> }
    });
}
