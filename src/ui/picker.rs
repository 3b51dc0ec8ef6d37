//! The scenario picker: every catalog entry by its title (named, not numbered, in teaching
//! order) under its chapter's title, and the chosen one's one-line summary. While the lab shows
//! a story written in the Write panel, the picker shows that one ("Your own story"): an option
//! of its own, hidden and not to be chosen otherwise.

use leptos::prelude::*;

use super::derived::Derived;
use super::dispatch::use_send;
use super::handler::handler;
use super::signal::Mirrored;
use super::state::use_lab;
use crate::catalog::{self, Entry, StoryId, WRITTEN, WRITTEN_ID};
use crate::lab::{Intent, SetupIntent};
use crate::words::{chapters, panels, questions};

/// A select listing the catalog by chapter, with the chosen entry's summary beneath it.
#[component]
pub fn Picker(entry_id: Mirrored<String>, entry: Derived<&'static Entry>) -> impl IntoView {
    let send = use_send();
    let progress = use_lab().quiz.progress;
    let option = move |e: &'static Entry| {
        let mark = move || progress.with(|p| questions::mark(p.count(e.id), e.questions.len()));
        view! { <option value=e.id>{e.title}{mark}</option> }
    };
    let options = catalog::chapters()
        .map(|(chapter, entries)| {
            let label = chapters::chapter(chapter);
            view! { <optgroup label=label>{entries.iter().map(option).collect_view()}</optgroup> }
        })
        .collect_view();
    let other = move || entry_id.with(|id| id != WRITTEN_ID);
    view! {
        <div class="picker">
            <label class="picker-label" for="scenario-picker">{panels::SCENARIO}</label>
            <select
                id="scenario-picker"
                prop:value=move || entry_id.get()
                on:change=handler(move |ev| send(Intent::Setup(SetupIntent::Select(StoryId::new(&event_target_value(&ev))))))
            >
                {options}
                <option value=WRITTEN_ID disabled=other hidden=other>{WRITTEN.title}</option>
            </select>
            <p class="picker-summary" id="scenario-summary">{move || entry.get().summary}</p>
        </div>
    }
}
