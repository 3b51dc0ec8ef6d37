//! Measures the room a timeline has: the content box of its element, measured once when it is
//! mounted and then kept up to date with a `ResizeObserver` (window resizes, presentation view,
//! compare mode, the side column folding).

use leptos::prelude::*;

use crate::ui::slot::{slot, Slot};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Width and height in CSS px of the element behind `node`: `None` until it is mounted and
/// measured, so nothing is drawn at a guessed size only to be drawn again.
pub fn content_size(node: NodeRef<leptos::html::Div>) -> Slot<Option<(f64, f64)>> {
    let size = slot(None);
    crate::ui::effect::effect(move |_| {
        let Some(el) = node.get() else {
            return;
        };
        let el: web_sys::Element = el.into();
        let rect = el.get_bounding_client_rect();
        size.set(Some((rect.width().round(), rect.height().round())));
        let on_resize = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
            let Ok(entry) = entries.get(0).dyn_into::<web_sys::ResizeObserverEntry>() else {
                return;
            };
            let r = entry.content_rect();
            let next = Some((r.width().round(), r.height().round()));
            if size.get_untracked() != next {
                size.set(next);
            }
        });
        let Ok(observer) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) else {
            return;
        };
        observer.observe(&el);
        // Both live as long as the timeline: the observer is disconnected when it goes away.
        let kept = StoredValue::new_local((observer, on_resize));
        on_cleanup(move || kept.with_value(|(observer, _)| observer.disconnect()));
    });
    size
}
