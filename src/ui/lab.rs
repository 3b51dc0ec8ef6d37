//! The lab screen: picker and enforcement switch on top, the timeline (or two, in compare mode)
//! with its transport, then narration, the resource, faults, settings and the event log.

use leptos::prelude::*;

use super::event_log::EventLog;
use super::explorer::ExplorerPanel;
use super::export::ExportButtons;
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
use super::timeline::legend::{self, Kind};
use super::timeline::{Legend, Timeline, TimelineTools};
use super::transport::Transport;

/// The whole interactive lab.
#[component]
pub fn Lab() -> impl IntoView {
    let lab = use_lab();
    stop_on_cleanup();
    shortcuts::install();
    let copied = RwSignal::new(false);
    let run = Signal::derive(move || lab.run.get());
    let scenario = Signal::derive(move || lab.scenario.get());
    // Lazy: computed only while compare mode shows them.
    let twin_off = Memo::new(move |_| lab.run_with_enforcement(false));
    let twin_on = Memo::new(move |_| lab.run_with_enforcement(true));
    // The legend lists every kind of mark drawn, in either half of compare mode.
    let kinds = RwSignal::new(Vec::new());
    let kinds_on = RwSignal::new(Vec::new());
    let legend_kinds = RwSignal::new(Vec::new());
    Effect::new(move |_| {
        let (off, on) = (kinds.get(), kinds_on.get());
        let compare = lab.compare.get();
        let drawn = |k: &Kind| off.contains(k) || compare && on.contains(k);
        legend_kinds.set(legend::ALL.into_iter().filter(drawn).collect());
    });
    let single_label = move || {
        let on = lab.scenario.with(|s| s.enforcement);
        format!(
            "Timeline of {}, token enforcement {}",
            lab.entry().title,
            if on { "on" } else { "off" }
        )
    };
    view! {
        <div class="lab" class:comparing=move || lab.compare.get()>
            <div class="toolbar">
                <Picker/>
                <div class="toolbar-actions">
                    <EnforcementSwitch/>
                    <button
                        id="toggle-present"
                        class="btn ghost"
                        aria-pressed=move || lab.presenting.get().to_string()
                        on:click=move |_| lab.presenting.update(|p| *p = !*p)
                        title="Presentation view (F)"
                    >
                        {move || if lab.presenting.get() { "Leave presentation" } else { "Present" }}
                    </button>
                    <button
                        id="toggle-compare"
                        class="btn ghost"
                        aria-pressed=move || lab.compare.get().to_string()
                        on:click=move |_| lab.compare.update(|c| *c = !*c)
                    >
                        {move || if lab.compare.get() { "◫ Single view" } else { "◫ Compare off / on" }}
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
                    <div class="card timeline-card">
                        <TimelineTools/>
                        <Show
                            when=move || lab.compare.get()
                            fallback=move || view! { <Timeline run=run scenario=scenario label=single_label() kinds=kinds/> }
                        >
                            <div class="compare">
                                <section class="compare-half off" aria-label="Token enforcement off">
                                    <h3 class="compare-title off">"Token enforcement OFF"</h3>
                                    <Timeline run=Signal::from(twin_off) scenario=scenario label="Timeline with token enforcement off" kinds=kinds twin=Signal::from(twin_on)/>
                                </section>
                                <section class="compare-half on" aria-label="Token enforcement on">
                                    <h3 class="compare-title on">"Token enforcement ON"</h3>
                                    <Timeline run=Signal::from(twin_on) scenario=scenario label="Timeline with token enforcement on" kinds=kinds_on twin=Signal::from(twin_off)/>
                                </section>
                            </div>
                        </Show>
                        <Legend kinds=legend_kinds/>
                        <Transport/>
                        <ExportButtons/>
                    </div>
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
