//! The legend under the timeline: a sample and a line for every kind of mark drawn, open on a
//! first visit and folded once the viewer folds it (remembered in localStorage).

use leptos::prelude::*;

use super::defs::Defs;
use super::legend::Kind;
use super::view::replace_children;
use crate::ui::svg::Shape;

/// localStorage key remembering that the legend was folded.
const FOLDED_KEY: &str = "fencing-lab.legend-folded";

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// The legend for the kinds of mark in `kinds`.
#[component]
pub fn Legend(kinds: RwSignal<Vec<Kind>>) -> impl IntoView {
    let defs = Defs(super::view::next_id());
    let open = storage()
        .and_then(|s| s.get_item(FOLDED_KEY).ok().flatten())
        .is_none();
    let remember = move |ev: web_sys::Event| {
        let Some(el) = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlDetailsElement>(t).ok())
        else {
            return;
        };
        if let Some(s) = storage() {
            let _ = if el.open() {
                s.remove_item(FOLDED_KEY)
            } else {
                s.set_item(FOLDED_KEY, "1")
            };
        }
    };
    let defs_ref = NodeRef::<leptos::svg::Svg>::new();
    Effect::new(move |_| {
        if let Some(el) = defs_ref.get() {
            let holder = Shape::new("defs").kids(defs.shapes());
            replace_children(&el, &[holder]);
        }
    });
    let items = move || {
        kinds
            .get()
            .into_iter()
            .map(|kind| view! { <LegendItem kind=kind defs=defs/> })
            .collect_view()
    };
    view! {
        <details class="legend" id="timeline-legend" open=open on:toggle=remember>
            <summary>"Legend"</summary>
            <svg class="legend-defs" width="0" height="0" aria-hidden="true" node_ref=defs_ref></svg>
            <ul class="legend-items">{items}</ul>
        </details>
    }
}

/// One line of the legend: the mark's sample and what it means.
#[component]
fn LegendItem(kind: Kind, defs: Defs) -> impl IntoView {
    let sample_ref = NodeRef::<leptos::svg::Svg>::new();
    let fill = match kind {
        Kind::Pause => defs.url("pat-hatch"),
        _ => defs.app_fill(0),
    };
    Effect::new(move |_| {
        if let Some(el) = sample_ref.get() {
            replace_children(&el, &[kind.sample(&fill)]);
        }
    });
    view! {
        <li>
            <svg class="legend-sample" viewBox="0 0 28 16" width="28" height="16" aria-hidden="true" node_ref=sample_ref></svg>
            <span>{kind.words()}</span>
        </li>
    }
}
