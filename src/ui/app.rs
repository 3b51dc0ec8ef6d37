//! The application shell: header with the promise, the stage for the lab, and the footer.

use leptos::prelude::*;

/// The whole Fencing Lab page.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <div class="app">
            <header class="app-header">
                <div class="brand">
                    <span class="brand-mark" aria-hidden="true">"▮▮"</span>
                    <h1 class="brand-name">"Fencing Lab"</h1>
                </div>
                <p class="promise">
                    "Pause a process mid-lease, watch two owners write, and see a fencing token stop the stale one."
                </p>
            </header>
            <main class="stage" id="stage" aria-label="Timeline stage">
                <div class="stage-empty">
                    <p class="stage-title">"The timeline will play here"</p>
                    <p class="stage-hint">
                        "Coordination service, applications and the protected resource, each on its own lane."
                    </p>
                </div>
            </main>
            <footer class="app-footer">
                <span>"Fencing Lab: leases say who owns it now; fencing tokens say whose request is newest."</span>
                <span class="footer-note">"Runs entirely in your browser. Every timeline is simulated, never drawn by hand."</span>
            </footer>
        </div>
    }
}
