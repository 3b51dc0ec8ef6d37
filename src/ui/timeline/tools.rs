//! The strip above the timeline: zoom out / in, fit to the story, what stretch of time is shown,
//! and whether routine messages are drawn. Keys: `+`, `-`, `0`; Ctrl + wheel or a pinch on the
//! drawing.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::ui::commands;
use crate::ui::state::use_lab;
use crate::words::time;

/// Zoom and display controls for the timeline(s) below.
#[component]
pub fn TimelineTools() -> impl IntoView {
    let lab = use_lab();
    let shown = move || {
        let w = lab.shown_window.get();
        let end_ms = lab.end_ms();
        if w.from_ms == 0 && w.to_ms >= end_ms {
            format!("all {}", time(end_ms))
        } else {
            format!("{}–{} of {}", time(w.from_ms), time(w.to_ms), time(end_ms))
        }
    };
    let zoomed = move || lab.zoom.get().is_some();
    // One handler for the buttons, told apart by their ids.
    let on_click = move |ev: web_sys::MouseEvent| {
        let Some(button) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("button").ok().flatten())
        else {
            return;
        };
        match button.id().as_str() {
            "btn-zoom-out" => commands::zoom(lab, -1),
            "btn-zoom-in" => commands::zoom(lab, 1),
            "btn-zoom-fit" => commands::fit(lab),
            "btn-pan-back" => commands::pan(lab, -1),
            "btn-pan-on" => commands::pan(lab, 1),
            _ => {}
        }
    };
    view! {
        <div class="timeline-tools" role="group" aria-label="Timeline view" on:click=on_click>
            <button class="btn ghost tool" id="btn-zoom-out" title="Zoom out (−)" aria-label="Zoom out">"−"</button>
            <button class="btn ghost tool" id="btn-zoom-in" title="Zoom in (+)" aria-label="Zoom in">"+"</button>
            <button class="btn ghost tool" id="btn-zoom-fit" title="Fit to the story (0)" aria-pressed=move || (!zoomed()).to_string()>"Fit"</button>
            <Show when=zoomed>
                <button class="btn ghost tool" id="btn-pan-back" title="Earlier" aria-label="Show earlier">"◂"</button>
                <button class="btn ghost tool" id="btn-pan-on" title="Later" aria-label="Show later">"▸"</button>
            </Show>
            <span class="window-readout" id="window-readout">{shown}</span>
            <label class="check routine-toggle">
                <input
                    type="checkbox"
                    id="toggle-routine"
                    prop:checked=move || lab.routine_messages()
                    on:change=move |ev| lab.routine.set(Some(event_target_checked(&ev)))
                />
                "Routine messages"
            </label>
        </div>
    }
}
