//! The application shell: header with the promise, the lab on the stage, and the footer.

use leptos::prelude::*;

use super::lab::Lab;
use super::overlays::{BlankOverlay, HelpOverlay};
use super::state::provide_lab;

/// The scenario a first visit opens with: the documents' GC-pause story.
pub const DEFAULT_ENTRY: &str = "gc-pause";

/// The whole Fencing Lab page.
#[component]
pub fn App() -> impl IntoView {
    let lab = provide_lab(DEFAULT_ENTRY);
    view! {
        <div class="app" class:presenting=move || lab.presenting.get()>
            <header class="app-header">
                <div class="brand">
                    <span class="brand-mark" aria-hidden="true">"▮▮"</span>
                    <h1 class="brand-name">"Fencing Lab"</h1>
                </div>
                <p class="promise">
                    "Pause a process mid-lease, watch two owners write, and see a fencing token stop the stale one."
                </p>
            </header>
            <main class="stage" id="stage" aria-label="Lab">
                <Lab/>
            </main>
            <footer class="app-footer">
                <span>"Leases say who owns the resource now; fencing tokens say whose request is newest."</span>
                <span class="footer-note">"Runs entirely in your browser. Every timeline is simulated, never drawn by hand."</span>
            </footer>
            <HelpOverlay/>
            <BlankOverlay/>
        </div>
    }
}
