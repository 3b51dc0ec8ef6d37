//! Leptos components: they render engine output and dispatch user intent; no protocol logic lives here.

mod app;

pub use app::App;

/// Installs the panic hook and mounts [`App`] into the page body.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}
