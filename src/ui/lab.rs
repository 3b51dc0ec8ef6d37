//! The lab screen: picker and enforcement switch on top, the timeline (or two, in compare mode)
//! with its transport, then narration, the resource, faults, settings and the event log.

use leptos::prelude::*;

use super::event_log::EventLog;
use super::explorer::ExplorerPanel;
use super::fault_panel::FaultPanel;
use super::link;
use super::narration::Narration;
use super::outcome::Outcome;
use super::overlays::{FirstVisitHint, NarrationLine};
use super::picker::Picker;
use super::playback::stop_on_cleanup;
use super::resource_panel::ResourcePanel;
use super::settings::{EnforcementSwitch, Settings};
use super::shortcuts;
use super::state::use_lab;
use super::timeline::TimelineCard;

/// The whole interactive lab.
#[component]
pub fn Lab() -> impl IntoView {
    let lab = use_lab();
    stop_on_cleanup();
    shortcuts::install();
    let copied = RwSignal::new(false);
    view! {
        <div class="lab" class:comparing=move || lab.view.compare.get()>
            <div class="toolbar">
                <Picker/>
                <div class="toolbar-actions">
                    <EnforcementSwitch/>
                    <button
                        id="toggle-present"
                        class="btn ghost"
                        aria-pressed=move || lab.view.presenting.get().to_string()
                        on:click=move |_| lab.view.presenting.update(|p| *p = !*p)
                        title="Presentation view (F)"
                    >
                        {move || if lab.view.presenting.get() { "Leave presentation" } else { "Present" }}
                    </button>
                    <button
                        id="toggle-compare"
                        class="btn ghost"
                        aria-pressed=move || lab.view.compare.get().to_string()
                        on:click=move |_| lab.view.compare.update(|c| *c = !*c)
                    >
                        {move || if lab.view.compare.get() { "◫ Single view" } else { "◫ Compare off / on" }}
                    </button>
                    <button
                        id="btn-copy-link"
                        class="btn ghost"
                        title="Copy a link to exactly this state"
                        on:click=move |_| {
                            link::copy(lab);
                            copied.set(true);
                            set_timeout(move || copied.set(false), std::time::Duration::from_millis(1600));
                        }
                    >
                        {move || if copied.get() { "✓ Link copied" } else { "Copy link" }}
                    </button>
                </div>
            </div>
            <FirstVisitHint/>
            <NarrationLine/>
            <Outcome/>
            <div class="lab-grid">
                <div class="stage-col">
                    <TimelineCard/>
                    <div class="panel-row">
                        <FaultPanel/>
                        <Settings/>
                    </div>
                    <ExplorerPanel/>
                </div>
                <aside class="side-col">
                    <Narration/>
                    <ResourcePanel/>
                    <EventLog/>
                </aside>
            </div>
        </div>
    }
}
