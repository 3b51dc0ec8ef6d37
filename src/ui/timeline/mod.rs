//! The timeline: an SVG with one lane for the coordination service, one per application and one for
//! the protected resource. Everything drawn comes from the engine's [`Run`]; the playhead reveals it
//! from left to right by moving a clip rectangle, so playback never re-renders the drawing.

mod defs;
mod geometry;
mod lanes;
mod marks;
mod scene;
mod thin;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

pub use defs::Defs;
use geometry::VIEW_W;
pub use geometry::{f, Geometry};
pub use scene::Scene;

use crate::engine::{Run, Scenario};
use crate::ui::format::seconds;
use crate::ui::state::use_lab;

/// Vertical scale of the drawing in presentation view, matching its larger type.
const PRESENTING_SCALE: f64 = 1.3;

static NEXT_ID: AtomicUsize = AtomicUsize::new(0);

/// One timeline for `run` of `scenario`, revealed up to the shared playhead.
#[component]
pub fn Timeline(
    run: Signal<Arc<Run>>,
    scenario: Signal<Arc<Scenario>>,
    /// Accessible name, e.g. "Timeline, token enforcement off".
    #[prop(into)]
    label: String,
) -> impl IntoView {
    let lab = use_lab();
    let defs = Defs(NEXT_ID.fetch_add(1, Ordering::Relaxed));
    let geometry = Memo::new(move |_| {
        let apps = scenario.with(|s| s.apps.len());
        let scale = if lab.presenting.get() {
            PRESENTING_SCALE
        } else {
            1.0
        };
        Geometry::new(run.with(|r| r.end_ms), apps).scaled(scale)
    });
    let reveal_w = move || {
        let g = geometry.get();
        f(g.x(lab.playhead_ms.get()) + 1.0)
    };
    let playhead_x = move || f(geometry.get().x(lab.playhead_ms.get()));
    let on_click = move |ev: web_sys::MouseEvent| {
        let Some(target) = ev.current_target() else {
            return;
        };
        let element: web_sys::Element = target.unchecked_into();
        let rect = element.get_bounding_client_rect();
        if rect.width() <= 0.0 {
            return;
        }
        let x = (ev.client_x() as f64 - rect.left()) / rect.width() * VIEW_W;
        lab.playing.set(false);
        lab.seek(geometry.get().time_at(x));
    };
    // The patterns are drawn once; the drawing is rebuilt only when the run or the geometry
    // changes, straight into the DOM.
    let defs_ref = NodeRef::<leptos::svg::Defs>::new();
    let frames_ref = NodeRef::<leptos::svg::G>::new();
    let revealed_ref = NodeRef::<leptos::svg::G>::new();
    let left_out = RwSignal::new(0);
    Effect::new(move |_| {
        if let Some(el) = defs_ref.get() {
            replace_children(&el, &defs.shapes());
        }
    });
    Effect::new(move |_| {
        let (run, scenario, g) = (run.get(), scenario.get(), geometry.get());
        let (Some(frames), Some(revealed)) = (frames_ref.get(), revealed_ref.get()) else {
            return;
        };
        let scene = Scene::draw(g, &run, &scenario, defs);
        replace_children(&frames, &scene.frames);
        replace_children(&revealed, &scene.revealed);
        left_out.set(scene.left_out);
    });
    let note = move || {
        let n = left_out.get();
        (n > 0).then(|| {
            let text = format!(
                "A long run: {n} marks are not drawn. Each kind is thinned evenly to at most {} \
                 (routine messages to {}), so the page stays responsive.",
                thin::MAX_MARKS,
                thin::MAX_ROUTINE_MESSAGES
            );
            view! { <figcaption class="timeline-note">{text}</figcaption> }
        })
    };
    view! {
        <figure class="timeline">
            <div class="timeline-scroll">
                <svg
                    class="timeline-svg"
                    viewBox=move || format!("0 0 {} {}", f(VIEW_W), f(geometry.get().height()))
                    role="img"
                    aria-label=label
                    on:click=on_click
                >
                    <defs node_ref=defs_ref></defs>
                    <clipPath id=defs.id("reveal")>
                        <rect x="0" y="0" width=reveal_w height=move || f(geometry.get().height())></rect>
                    </clipPath>
                    <g class="lanes" node_ref=frames_ref></g>
                    <g class="revealed" clip-path=defs.url("reveal") node_ref=revealed_ref></g>
                    <g class="playhead" aria-hidden="true">
                        <line x1=playhead_x x2=playhead_x y1=move || f(geometry.get().v(14.0)) y2=move || f(geometry.get().axis_top())></line>
                        <text class="playhead-label" x=playhead_x y=move || f(geometry.get().v(12.0)) text-anchor="middle">
                            {move || seconds(lab.playhead_ms.get())}
                        </text>
                    </g>
                </svg>
            </div>
            {note}
        </figure>
    }
}

/// Replaces the children of `parent` with the DOM for `shapes`.
fn replace_children(parent: &web_sys::Element, shapes: &[crate::ui::svg::Shape]) {
    let doc = document();
    parent.set_text_content(None);
    for shape in shapes {
        parent
            .append_child(&shape.to_element(&doc))
            .expect("a <g> or <defs> takes children");
    }
}
