//! The strip above the timeline: zoom out / in, fit to the story, what stretch of time is shown,
//! whether routine messages are drawn, and whether a replicated service's members get a row
//! each. Keys: `+`, `-`, `0`; Ctrl + wheel or a pinch on the drawing.

use leptos::prelude::*;

use wasm_bindgen::JsCast;

use crate::lab::{Intent, ViewIntent, WindowIntent};
use crate::ui::derived::Derived;
use crate::ui::dispatch::use_send;
use crate::ui::handler::handler;
use crate::ui::state::ViewSignals;
use crate::words::controls as words;
use crate::words::timeline;

/// Zoom and display controls for the timeline(s) below.
#[component]
pub fn TimelineTools(
    view: ViewSignals,
    end_ms: Derived<u64>,
    routine: Derived<bool>,
) -> impl IntoView {
    let send = use_send();
    let shown = move || {
        let w = view.shown_window.get();
        let end_ms = end_ms.get();
        if w.from_ms == 0 && w.to_ms >= end_ms {
            timeline::window_all(end_ms)
        } else {
            timeline::window_part(w.from_ms, w.to_ms, end_ms)
        }
    };
    let zoomed = move || view.zoom.get().is_some();
    // One handler for the buttons, told apart by their ids.
    let on_click = move |ev: web_sys::MouseEvent| {
        let Some(button) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("button").ok().flatten())
        else {
            return;
        };
        let intent = match button.id().as_str() {
            "btn-zoom-out" => Intent::Window(WindowIntent::Zoom(-1)),
            "btn-zoom-in" => Intent::Window(WindowIntent::Zoom(1)),
            "btn-zoom-fit" => Intent::Window(WindowIntent::Fit),
            "btn-pan-back" => Intent::Window(WindowIntent::Pan(-1)),
            "btn-pan-on" => Intent::Window(WindowIntent::Pan(1)),
            "btn-members" => Intent::View(ViewIntent::ShowMembers(!view.members.get_untracked())),
            _ => return,
        };
        send(intent);
    };
    view! {
        <div class="timeline-tools" role="group" aria-label=words::TIMELINE_VIEW on:click=handler(on_click)>
            <button class="btn ghost tool" id="btn-zoom-out" title=words::ZOOM_OUT_TITLE aria-label=words::ZOOM_OUT>"−"</button>
            <button class="btn ghost tool" id="btn-zoom-in" title=words::ZOOM_IN_TITLE aria-label=words::ZOOM_IN>"+"</button>
            <button class="btn ghost tool" id="btn-zoom-fit" title=words::FIT_TITLE aria-pressed=move || (!zoomed()).to_string()>{words::FIT}</button>
            {crate::ui::shown::shown(zoomed, move || view! {
                <button class="btn ghost tool" id="btn-pan-back" title=words::EARLIER aria-label=words::SHOW_EARLIER>"◂"</button>
                <button class="btn ghost tool" id="btn-pan-on" title=words::LATER aria-label=words::SHOW_LATER>"▸"</button>
            }.into_any())}
            <span class="window-readout" id="window-readout">{shown}</span>
            <label class="check routine-toggle">
                <input
                    type="checkbox"
                    id="toggle-routine"
                    prop:checked=move || routine.get()
                    on:change=handler(move |ev| send(Intent::View(ViewIntent::SetRoutine(event_target_checked(&ev)))))
                />
                {words::ROUTINE}
            </label>
            <button class="btn ghost tool members-toggle" id="btn-members" aria-pressed=move || view.members.get().to_string()>{words::MEMBER_ROWS}</button>
        </div>
    }
}
