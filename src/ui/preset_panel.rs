//! The preset chooser: run the story on a real system's defaults (etcd, ZooKeeper …), with
//! each fact, its source, what the lab leaves out, and a button to compare every system.

use leptos::prelude::*;

use super::dispatch::use_send;
use super::handler::handler;
use super::signal::Mirrored;
use super::state::use_lab;
use crate::catalog::{Knobs, System, FACTS, SYSTEMS};
use crate::lab::{Intent, SetupIntent, ViewIntent};
use crate::words::systems;

/// The `<select>` value of "the story's own numbers".
const OWN: &str = "own";

/// The chooser and, when a system is chosen, its facts.
#[component]
pub fn PresetPanel(knobs: Mirrored<Knobs>) -> impl IntoView {
    let send = use_send();
    let system = move || knobs.with(|k| k.system);
    let options = SYSTEMS
        .into_iter()
        .map(|s| {
            let p = s.preset();
            view! { <option value=p.id selected=move || system() == Some(s)>{p.name}</option> }
        })
        .collect_view();
    view! {
        <div class="preset" id="preset-panel">
            <div class="preset-row">
                <label class="field-label" for="preset">{systems::REAL_SYSTEM}</label>
                <select
                    id="preset"
                    class="preset-select"
                    on:change=handler(move |ev| send(Intent::Setup(SetupIntent::SetSystem(System::by_id(&event_target_value(&ev))))))
                >
                    <option value=OWN selected=move || system().is_none()>{systems::OWN_NUMBERS}</option>
                    {options}
                </select>
                <button id="btn-who-fences" class="btn ghost small" on:click=handler(move |_| send(Intent::View(ViewIntent::ToggleWhoFences)))>
                    {systems::WHO_FENCES}
                </button>
            </div>
            {move || system().map(|s| view! { <Facts system=s knobs/> })}
        </div>
    }
}

/// One system's facts, each with its source as a numbered footnote (and a tooltip).
#[component]
fn Facts(system: System, knobs: Mirrored<Knobs>) -> impl IntoView {
    let preset = system.preset();
    let rows = FACTS
        .into_iter()
        .enumerate()
        .map(|(i, fact)| {
            let source = preset.source(fact);
            view! {
                <dt>{systems::fact_name(fact)}</dt>
                <dd title=systems::source(source)>
                    {systems::fact(preset, fact)}
                    <sup class="cite">{format!("[{}]", i + 1)}</sup>
                </dd>
            }
        })
        .collect_view();
    let sources = FACTS
        .into_iter()
        .map(|fact| view! { <li>{preset.source(fact)}</li> })
        .collect_view();
    let note = move || knobs.with(systems::numbers_note);
    view! {
        <dl class="preset-facts" id="preset-facts">{rows}</dl>
        <p class="preset-caveat">{systems::caveat(system)}</p>
        {move || note().map(|n| view! { <p class="preset-note" id="preset-numbers-note">{n}</p> })}
        <p class="preset-caveat">{systems::not_modelled(system)}</p>
        <details class="preset-sources">
            <summary>{systems::SOURCES}</summary>
            <ol>{sources}</ol>
        </details>
    }
}

/// The line that says whose numbers the run on screen uses (nothing on the story's own).
#[component]
pub fn SystemLine() -> impl IntoView {
    let lab = use_lab();
    let line = move || {
        let story = lab.setup.story_knobs.get();
        let scenario = lab.sim.scenario.get();
        lab.setup
            .knobs
            .with(|k| systems::in_use(k, &story, &scenario))
    };
    move || line().map(|l| view! { <p class="system-line" id="system-line">{l}</p> })
}
