//! The scenario picker: every catalog entry with its title and one-line summary.

use leptos::prelude::*;

use super::dispatch::use_send;
use super::intent::Intent;
use super::state::use_lab;
use crate::catalog;

/// A select listing the catalog, with the chosen entry's summary beneath it.
#[component]
pub fn Picker() -> impl IntoView {
    let lab = use_lab();
    let send = use_send();
    let options = catalog::catalog()
        .iter()
        .enumerate()
        .map(|(i, e)| view! { <option value=e.id>{format!("{}. {}", i + 1, e.title)}</option> })
        .collect_view();
    view! {
        <div class="picker">
            <label class="picker-label" for="scenario-picker">"Scenario"</label>
            <select
                id="scenario-picker"
                prop:value=move || lab.setup.entry_id.get()
                on:change=move |ev| send(Intent::Select(event_target_value(&ev)))
            >
                {options}
            </select>
            <p class="picker-summary" id="scenario-summary">{move || lab.entry().summary}</p>
        </div>
    }
}
