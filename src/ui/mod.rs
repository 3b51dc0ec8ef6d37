//! The browser shell around the lab's core: signals mirroring [`crate::lab::Lab`], Leptos
//! components that draw them and send intents, and the one effect runner. The lab's decisions live
//! in the core; what stays here is the browser's (measuring, a pinch's window, render order).

mod action_notice;
mod app;
mod banner;
mod clock;
pub mod derived;
pub mod dispatch;
mod draft_store;
mod effect;
mod effects;
mod event_log;
mod explore_mirrors;
pub mod explore_worker;
pub mod explorer;
pub mod export;
mod export_buttons;
mod fault_panel;
pub mod format;
mod handler;
mod lab;
mod later;
pub mod link;
mod memo;
mod mirror;
mod mirrors;
mod narration;
pub mod on_demand;
mod overlays;
pub mod panic_overlay;
mod parts;
mod picker;
mod preset_panel;
mod progress_store;
mod question_card;
mod question_controls;
mod recorded_view;
mod recordings_dialog;
mod resource_panel;
mod scroll;
mod search_on_demand;
mod search_runner;
mod search_workers;
mod settings;
pub mod shortcuts;
mod shown;
mod signal;
mod slot;
pub mod state;
mod storage;
mod story_runner;
pub mod svg;
pub mod timeline;
mod title_card;
mod trace_files;
mod transport;
mod which_pattern;
mod who_fences;
mod write_panel;

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
