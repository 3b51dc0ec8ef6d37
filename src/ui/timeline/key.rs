//! The legend under the timeline: a sample and a line for every kind of mark drawn, open on a
//! first visit (folded on a phone) and folded once the viewer folds it (remembered in localStorage).

use leptos::prelude::*;

use super::defs::Defs;
use super::legend::Kind;
use super::mount::replace_children;
use crate::ui::handler::handler;
use crate::ui::slot::Slot;
use crate::ui::storage::local as storage;
use crate::ui::svg::Shape;

/// localStorage key remembering that the legend was folded.
const FOLDED_KEY: &str = "fencing-lab.legend-folded";

/// The legend for the kinds of mark in `kinds`.
#[component]
pub fn Legend(kinds: Slot<Vec<Kind>>) -> impl IntoView {
    let defs = Defs(super::view::next_id());
    // Folded on a phone, where it would push the chart off screen.
    let open = storage()
        .and_then(|s| s.get_item(FOLDED_KEY).ok().flatten())
        .is_none()
        && !crate::ui::effects::media("(max-width: 600px)");
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
    // The patterns and the items are built straight into the DOM by one effect (one code path
    // instead of a component per item). The list is the element after the patterns' holder (no
    // node ref of its own: each element type's node ref is built into the wasm).
    crate::ui::effect::effect(move |_| {
        let Some(holder) = defs_ref.get() else {
            return;
        };
        let Some(list) = holder.next_element_sibling() else {
            return;
        };
        replace_children(&holder, &[Shape::new("defs").kids(defs.shapes())]);
        let doc = document();
        list.set_text_content(None);
        for kind in kinds.get() {
            let _ = list.append_child(&item(&doc, kind, defs));
        }
    });
    view! {
        <details class="legend" id="timeline-legend" open=open on:toggle=handler(remember)>
            <summary>{crate::words::legend::TITLE}</summary>
            <svg class="legend-defs" width="0" height="0" aria-hidden="true" node_ref=defs_ref></svg>
            <ul class="legend-items"></ul>
        </details>
    }
}

/// One line of the legend: the mark's sample and what it means.
fn item(doc: &web_sys::Document, kind: Kind, defs: Defs) -> web_sys::Element {
    let fill = match kind {
        Kind::Pause | Kind::MemberDown => defs.url("pat-hatch"),
        _ => defs.app_fill(0),
    };
    let sample = Shape::new("svg")
        .class("legend-sample")
        .set("viewBox", "0 0 28 16")
        .set("width", "28")
        .set("height", "16")
        .set("aria-hidden", "true")
        .kid(kind.sample(&fill));
    // Valid tag names: these never fail.
    let li = doc.create_element("li").unwrap();
    let words = doc.create_element("span").unwrap();
    words.set_text_content(Some(kind.words()));
    let _ = li.append_child(&sample.to_element(doc));
    let _ = li.append_child(&words);
    li
}
