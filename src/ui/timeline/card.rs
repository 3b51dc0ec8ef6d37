//! The timeline card: the view strip, one timeline (or, in compare mode, enforcement off and on
//! under their captions, sharing one axis), the legend, the transport and the exports.

use leptos::prelude::*;

use super::legend::{self, Kind};
use super::{Legend, Timeline, TimelineTools};
use crate::ui::export::ExportButtons;
use crate::ui::state::use_lab;
use crate::ui::transport::Transport;

/// The card holding the timeline(s) and everything that works on them.
#[component]
pub fn TimelineCard() -> impl IntoView {
    let lab = use_lab();
    let run = Signal::derive(move || lab.sim.run.get());
    let scenario = Signal::derive(move || lab.sim.scenario.get());
    // Lazy: computed only while compare mode shows them.
    let end_ms = Signal::derive(move || lab.end_ms());
    let routine = Signal::derive(move || lab.routine_messages());
    let twin_off = Memo::new(move |_| lab.sim.run_with_enforcement(false));
    let twin_on = Memo::new(move |_| lab.sim.run_with_enforcement(true));
    // The legend lists every kind of mark drawn, in either half of compare mode.
    let kinds = RwSignal::new(Vec::new());
    let kinds_on = RwSignal::new(Vec::new());
    let legend_kinds = RwSignal::new(Vec::new());
    Effect::new(move |_| {
        let (off, on) = (kinds.get(), kinds_on.get());
        let compare = lab.view.compare.get();
        let drawn = |k: &Kind| off.contains(k) || compare && on.contains(k);
        legend_kinds.set(legend::ALL.into_iter().filter(drawn).collect());
    });
    let single_label = move || {
        let on = lab.sim.scenario.with(|s| s.enforcement);
        format!(
            "Timeline of {}, token enforcement {}",
            lab.entry().title,
            if on { "on" } else { "off" }
        )
    };
    view! {
        <div class="card timeline-card">
            <TimelineTools view=lab.view end_ms routine/>
            <Show
                when=move || lab.view.compare.get()
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
            <Transport playback=lab.playback end_ms/>
            <ExportButtons/>
        </div>
    }
}
