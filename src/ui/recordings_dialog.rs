//! The "Recorded runs" dialog: the real etcd runs the lab ships (fetched only when chosen), a
//! file picker for a trace of one's own, and a word on dropping a file anywhere on the lab.

use leptos::prelude::*;

use wasm_bindgen::JsCast;

use super::dispatch::use_send;
use super::handler::handler;
use super::signal::Mirrored;
use super::trace_files::open_first;
use crate::catalog::{ShippedRecording, RECORDINGS};
use crate::lab::{Intent, RecordingIntent, ViewIntent};
use crate::words::{controls, recorded};

/// The dialog, shown while `open` is set.
#[component]
pub fn RecordingsOverlay(open: Mirrored<bool>) -> impl IntoView {
    let send = use_send();
    let picked = move |ev: leptos::ev::Event| {
        let input = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok());
        if let Some(input) = input {
            open_first(send, input.files());
            input.set_value("");
        }
    };
    view! {
        {crate::ui::shown::shown(move || open.get(), move || view! {
            <div class="overlay" role="dialog" aria-modal="true" aria-labelledby="recordings-title" id="recordings">
                <div class="overlay-card">
                    <h2 id="recordings-title">{recorded::DIALOG_TITLE}</h2>
                    <p class="who-intro">{recorded::dialog_intro()}</p>
                    <ul class="recording-list">
                        {RECORDINGS.into_iter().map(item).collect_view()}
                    </ul>
                    <label class="btn file-pick" for="trace-file">{recorded::pick_label()}</label>
                    <input type="file" id="trace-file" class="sr-only" accept=".json,application/json" on:change=handler(picked)/>
                    <p class="drop-hint">{recorded::drop_hint()}</p>
                    <button class="btn ghost" id="btn-close-recordings" on:click=handler(move |_| send(Intent::View(ViewIntent::ToggleRecordings)))>{controls::CLOSE_ESC}</button>
                </div>
            </div>
        }.into_any())}
    }
}

fn item(r: ShippedRecording) -> impl IntoView {
    let send = use_send();
    view! {
        <li>
            <button class="btn recording-pick" data-file=r.file on:click=handler(move |_| send(Intent::Recording(RecordingIntent::OpenShipped { id: r.id, at_ms: 0 })))>
                <strong>{r.title}</strong>
                <span class="recording-blurb">{r.blurb}</span>
            </button>
        </li>
    }
}
