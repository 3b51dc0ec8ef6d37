//! The scenario picker: every catalog entry by its title (named, not numbered, in teaching
//! order) and the chosen one's one-line summary.

use leptos::prelude::*;

use super::dispatch::use_send;
use super::handler::handler;
use super::state::use_lab;
use crate::catalog::{self, Entry, StoryId};
use crate::lab::{Intent, SetupIntent};
use crate::words::{panels, questions};

/// A select listing the catalog, with the chosen entry's summary beneath it.
#[component]
pub fn Picker(entry_id: Signal<String>, entry: Signal<&'static Entry>) -> impl IntoView {
    let send = use_send();
    let progress = use_lab().quiz.progress;
    let options = catalog::catalog()
        .iter()
        .map(|e| {
            let mark = move || progress.with(|p| questions::mark(p.count(e.id), e.questions.len()));
            view! { <option value=e.id>{e.title}{mark}</option> }
        })
        .collect_view();
    view! {
        <div class="picker">
            <label class="picker-label" for="scenario-picker">{panels::SCENARIO}</label>
            <select
                id="scenario-picker"
                prop:value=move || entry_id.get()
                on:change=handler(move |ev| send(Intent::Setup(SetupIntent::Select(StoryId::new(&event_target_value(&ev))))))
            >
                {options}
            </select>
            <p class="picker-summary" id="scenario-summary">{move || entry.get().summary}</p>
        </div>
    }
}
