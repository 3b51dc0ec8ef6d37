//! The timeline component: measures its room, asks for the scene of the visible window, mounts
//! it in one place, and keeps it in step with the playhead (bands clipped at it, marks shown
//! whole once their time has come, the current story step's marks emphasised when presenting).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::defs::Defs;
use super::geometry::{f, Frame, Geometry};
use super::legend::Kind;
use super::measure::content_size;
use super::scene::{Scene, Show};
use super::thin;
use super::touch;
use super::window::{self, Window, PHONE_SPAN_MS};
use crate::engine::{Run, Scenario};
use crate::ui::format::seconds;
use crate::ui::narration::current_step;
use crate::ui::state::{use_lab, LabState};
use crate::ui::svg::Shape;

static NEXT_ID: AtomicUsize = AtomicUsize::new(0);

/// A number no other timeline or legend on the page uses (for their SVG ids).
pub fn next_id() -> usize {
    NEXT_ID.fetch_add(1, Ordering::Relaxed)
}

/// Width assumed before the room is measured.
const FIRST_GUESS_PX: f64 = 880.0;

/// The frame of a timeline in a room of `(w, h)` px with `apps` application lanes.
fn frame(lab: LabState, room: (f64, f64), apps: usize) -> Frame {
    let width = if room.0 > 0.0 { room.0 } else { FIRST_GUESS_PX };
    if lab.presenting.get() {
        Frame::presentation(width, room.1, apps)
    } else {
        Frame::lab(width)
    }
}

/// The window fitted to `runs` (its own, and in compare mode its twin's, so both halves share
/// one axis) in `frame`.
fn fitted(frame: Frame, runs: &[Arc<Run>]) -> Window {
    let cap = frame.narrow().then_some(PHONE_SPAN_MS);
    let room = (Geometry::plot_px(frame), frame.font);
    let end_ms = runs.iter().map(|r| r.end_ms).max().unwrap_or(1);
    let fits = runs.iter().map(|r| window::fit(r, room, cap));
    fits.max_by_key(|w| w.to_ms)
        .unwrap_or(Window::new(0, end_ms, end_ms))
}

/// One timeline for `run` of `scenario`, revealed up to the shared playhead.
#[component]
pub fn Timeline(
    run: Signal<Arc<Run>>,
    scenario: Signal<Arc<Scenario>>,
    /// Accessible name, e.g. "Timeline, token enforcement off".
    #[prop(into)]
    label: String,
    /// Kinds of mark drawn, for the legend.
    #[prop(optional)]
    kinds: Option<RwSignal<Vec<Kind>>>,
    /// In compare mode, the other half's run: both are fitted to one window.
    #[prop(optional)]
    twin: Option<Signal<Arc<Run>>>,
) -> impl IntoView {
    let lab = use_lab();
    let defs = Defs(next_id());
    let room_ref = NodeRef::<leptos::html::Div>::new();
    let geometry = geometry_memo(lab, content_size(room_ref), scenario, run, twin);
    let layers = Layers::default();
    let notes = RwSignal::new((0usize, 0usize));
    mount(lab, layers, defs, geometry, (run, scenario), move |scene| {
        notes.set((scene.left_out, scene.hidden_labels));
        if let Some(kinds) = kinds {
            kinds.set(scene.kinds);
        }
    });
    follow_playhead(lab, geometry);
    let reveal_w = move || {
        let g = geometry.get();
        f(g.x_in(lab.playhead_ms.get()) - g.gutter)
    };
    let pointer = Pointer::new(lab, geometry);
    let note = move || {
        let (left_out, hidden) = notes.get();
        note_words(left_out, hidden)
            .map(|words| view! { <figcaption class="timeline-note">{words}</figcaption> })
    };
    let Layers {
        defs_ref,
        frames_ref,
        bands_ref,
        marks_ref,
        ..
    } = layers;
    let size = move |dim: fn(&Geometry) -> f64| move || f(dim(&geometry.get()));
    view! {
        <figure class="timeline">
            <div
                class="timeline-room"
                node_ref=room_ref
                on:wheel=move |ev| pointer.wheel(&ev)
                on:touchstart=move |ev| pointer.touch_start(&ev)
                on:touchmove=move |ev| pointer.touch_move(&ev)
                on:touchend=move |_| touch::end(pointer.pinch)
            >
                <svg
                    class="timeline-svg"
                    width=size(Geometry::width)
                    height=size(Geometry::height)
                    viewBox=move || { let g = geometry.get(); format!("0 0 {} {}", f(g.width()), f(g.height())) }
                    role="img"
                    aria-label=label
                    on:click=move |ev| pointer.click(&ev)
                >
                    <defs node_ref=defs_ref></defs>
                    <clipPath id=defs.id("reveal")>
                        <rect x=move || f(geometry.get().gutter) y="0" width=reveal_w height=size(Geometry::height)></rect>
                    </clipPath>
                    <g class="lanes" node_ref=frames_ref></g>
                    <g class="bands" clip-path=defs.url("reveal") node_ref=bands_ref></g>
                    <g class="marks" node_ref=marks_ref></g>
                    <Playhead geometry=geometry/>
                </svg>
            </div>
            {note}
        </figure>
    }
}

/// The geometry of a timeline showing `run` (and `twin`, in compare mode) in the measured `room`.
fn geometry_memo(
    lab: LabState,
    room: ReadSignal<(f64, f64)>,
    scenario: Signal<Arc<Scenario>>,
    run: Signal<Arc<Run>>,
    twin: Option<Signal<Arc<Run>>>,
) -> Memo<Geometry> {
    let apps = move || scenario.with(|s| s.apps.len());
    let runs = move || {
        let mut runs = vec![run.get()];
        runs.extend(twin.map(|t| t.get()));
        runs
    };
    let frame = Memo::new(move |_| frame(lab, room.get(), apps()));
    let fitted = Memo::new(move |_| fitted(frame.get(), &runs()));
    let geometry = Memo::new(move |_| {
        let frame = frame.get();
        let end_ms = runs().iter().map(|r| r.end_ms).max().unwrap_or(1);
        let w = lab.zoom.get().unwrap_or_else(|| {
            // A phone shows part of the story: the part with the playhead in it.
            let fit = fitted.get();
            if frame.narrow() {
                fit.showing(lab.playhead_ms.get(), end_ms)
            } else {
                fit
            }
        });
        Geometry::new(frame, apps(), end_ms, (w.from_ms, w.to_ms))
    });
    Effect::new(move |_| {
        let g = geometry.get();
        lab.shown_window
            .set(Window::new(g.from_ms, g.to_ms, g.end_ms));
    });
    geometry
}

/// The drawing's layers in the DOM, and when each mark of the current scene appears.
#[derive(Clone, Copy, Default)]
struct Layers {
    defs_ref: NodeRef<leptos::svg::Defs>,
    frames_ref: NodeRef<leptos::svg::G>,
    bands_ref: NodeRef<leptos::svg::G>,
    marks_ref: NodeRef<leptos::svg::G>,
    /// Each mark's time, in drawing order, and how many are shown.
    times: StoredValue<Vec<u64>>,
    shown: StoredValue<usize>,
}

/// Draws the scene into `layers` whenever the run or the geometry changes (telling `drawn`),
/// and keeps the marks in step with the playhead and the story step.
fn mount(
    lab: LabState,
    layers: Layers,
    defs: Defs,
    geometry: Memo<Geometry>,
    (run, scenario): (Signal<Arc<Run>>, Signal<Arc<Scenario>>),
    drawn: impl Fn(Scene) + 'static,
) {
    let Layers {
        defs_ref,
        frames_ref,
        bands_ref,
        marks_ref,
        times,
        shown,
    } = layers;
    let em_span = Memo::new(move |_| emphasis_span(lab));
    Effect::new(move |_| {
        if let Some(el) = defs_ref.get() {
            replace_children(&el, &defs.shapes());
        }
    });
    Effect::new(move |_| {
        let (run, scenario, g) = (run.get(), scenario.get(), geometry.get());
        let show = Show {
            routine_messages: lab.routine_messages(),
        };
        let (Some(frames), Some(bands), Some(marks)) =
            (frames_ref.get(), bands_ref.get(), marks_ref.get())
        else {
            return;
        };
        let scene = Scene::draw(g, &run, &scenario, defs, show);
        replace_children(&frames, &scene.frames);
        replace_children(&bands, &scene.bands);
        let shapes: Vec<Shape> = scene.marks.iter().map(|m| m.shape.clone()).collect();
        replace_children(&marks, &shapes);
        times.set_value(scene.marks.iter().map(|m| m.at_ms).collect());
        shown.set_value(0);
        reveal(&marks, times, shown, lab.playhead_ms.get_untracked());
        emphasise(&marks, times, em_span.get_untracked());
        drawn(scene);
    });
    // Marks appear whole once the playhead reaches them.
    Effect::new(move |_| {
        let at_ms = lab.playhead_ms.get();
        if let Some(marks) = marks_ref.get_untracked() {
            reveal(&marks, times, shown, at_ms);
        }
    });
    Effect::new(move |_| {
        let span = em_span.get();
        if let Some(marks) = marks_ref.get_untracked() {
            emphasise(&marks, times, span);
        }
    });
}

/// The note under a timeline: marks the caps left out, labels with no room.
fn note_words(left_out: usize, hidden: usize) -> Option<String> {
    let mut parts = Vec::new();
    if left_out > 0 {
        parts.push(format!(
            "A long run: {left_out} marks are not drawn. Each kind is thinned evenly to at most {} \
             (routine messages to {}), so the page stays responsive.",
            thin::MAX_MARKS,
            thin::MAX_ROUTINE_MESSAGES
        ));
    }
    if hidden == 1 {
        parts.push("1 label did not fit and is shown on hover: zoom in (+) to read it.".into());
    } else if hidden > 1 {
        parts.push(format!(
            "{hidden} labels did not fit and are shown on hover: zoom in (+) to read them."
        ));
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// The playhead: a line through the lanes and the time above them; pinned to an edge with an
/// arrow when it stands outside the visible window.
#[component]
fn Playhead(geometry: Memo<Geometry>) -> impl IntoView {
    let lab = use_lab();
    let x = move || f(geometry.get().x_in(lab.playhead_ms.get()));
    let words = move || {
        let (g, at_ms) = (geometry.get(), lab.playhead_ms.get());
        if at_ms < g.from_ms {
            format!("◂ {}", seconds(at_ms))
        } else if at_ms > g.to_ms {
            format!("{} ▸", seconds(at_ms))
        } else {
            seconds(at_ms)
        }
    };
    let anchor = move || {
        let (g, at_ms) = (geometry.get(), lab.playhead_ms.get());
        let (left, right) = g.plot();
        let x = g.x_in(at_ms);
        if x - left < g.em(2.0) {
            "start"
        } else if right - x < g.em(2.0) {
            "end"
        } else {
            "middle"
        }
    };
    view! {
        <g class="playhead" aria-hidden="true">
            <line x1=x x2=x y1=move || f(geometry.get().em(1.25)) y2=move || f(geometry.get().axis_top())></line>
            <text
                class="playhead-label"
                x=x
                y=move || f(geometry.get().em(1.05))
                font-size=move || f(geometry.get().em(0.88))
                text-anchor=anchor
            >
                {words}
            </text>
        </g>
    }
}

/// What a pointer does on the drawing: a click seeks, the wheel and a pinch zoom or pan.
#[derive(Clone, Copy)]
struct Pointer {
    lab: LabState,
    geometry: Memo<Geometry>,
    pinch: StoredValue<Option<touch::Pinch>>,
}

impl Pointer {
    fn new(lab: LabState, geometry: Memo<Geometry>) -> Pointer {
        Pointer {
            lab,
            geometry,
            pinch: StoredValue::new(None),
        }
    }

    /// A click moves the playhead there (and stops playback).
    fn click(&self, ev: &web_sys::MouseEvent) {
        if let Some(x) = offset_x(ev) {
            self.lab.playing.set(false);
            self.lab.seek(self.geometry.get_untracked().time_at(x));
        }
    }

    fn wheel(&self, ev: &web_sys::WheelEvent) {
        wheel(self.lab, self.geometry.get_untracked(), ev);
    }

    fn touch_start(&self, ev: &web_sys::TouchEvent) {
        touch::start(self.pinch, self.geometry.get_untracked(), ev);
    }

    fn touch_move(&self, ev: &web_sys::TouchEvent) {
        touch::moved(self.lab, self.pinch, self.geometry.get_untracked(), ev);
    }
}

/// x of a pointer event within the drawing (one SVG unit is one CSS px).
fn offset_x(ev: &web_sys::MouseEvent) -> Option<f64> {
    let target: web_sys::Element = ev.current_target()?.unchecked_into();
    let rect = target.get_bounding_client_rect();
    (rect.width() > 0.0).then(|| ev.client_x() as f64 - rect.left())
}

/// Ctrl + wheel (and a trackpad's pinch) zooms around the pointer; a sideways wheel pans.
fn wheel(lab: LabState, g: Geometry, ev: &web_sys::WheelEvent) {
    let current = Window::new(g.from_ms, g.to_ms, g.end_ms);
    let (left, right) = g.plot();
    if ev.ctrl_key() {
        ev.prevent_default();
        let at_ms = offset_x(ev).map_or(lab.playhead_ms.get_untracked(), |x| g.time_at(x));
        let steps = if ev.delta_y() < 0.0 { 1 } else { -1 };
        lab.zoom.set(Some(current.zoom(steps, at_ms, g.end_ms)));
        return;
    }
    let sideways = if ev.shift_key() {
        ev.delta_y()
    } else {
        ev.delta_x()
    };
    if sideways == 0.0 || (!ev.shift_key() && ev.delta_x().abs() < ev.delta_y().abs()) {
        return;
    }
    ev.prevent_default();
    let by_ms = sideways / (right - left) * current.span_ms() as f64;
    lab.zoom
        .set(Some(current.pan(by_ms.round() as i64, g.end_ms)));
}

/// While playing, moves a zoomed-in window (or a phone's) along with the playhead.
fn follow_playhead(lab: LabState, geometry: Memo<Geometry>) {
    Effect::new(move |_| {
        let at_ms = lab.playhead_ms.get();
        if !lab.playing.get_untracked() {
            return;
        }
        let g = geometry.get_untracked();
        if lab.zoom.get_untracked().is_none() && !g.frame.narrow() {
            return;
        }
        if let Some(next) = Window::new(g.from_ms, g.to_ms, g.end_ms).follow(at_ms, g.end_ms) {
            lab.zoom.set(Some(next));
        }
    });
}

/// Shows the marks whose time has come by `at_ms` and hides the rest, touching only those
/// that changed since the last call.
fn reveal(
    marks: &web_sys::Element,
    times: StoredValue<Vec<u64>>,
    shown: StoredValue<usize>,
    at_ms: u64,
) {
    let now = times.with_value(|t| t.partition_point(|&m| m <= at_ms));
    let before = shown.get_value();
    let kids = marks.children();
    let first = before.min(now);
    let last = before.max(now).min(kids.length() as usize);
    for i in first..last {
        if let Some(el) = kids.item(i as u32) {
            let _ = el.set_attribute("visibility", if i < now { "visible" } else { "hidden" });
        }
    }
    // A fresh drawing starts with everything hidden from `now` on.
    if before == 0 {
        for i in now..kids.length() as usize {
            if let Some(el) = kids.item(i as u32) {
                let _ = el.set_attribute("visibility", "hidden");
            }
        }
    }
    shown.set_value(now);
}

/// In presentation view, the times of the current story step: from its moment to the next's.
fn emphasis_span(lab: LabState) -> Option<(u64, u64)> {
    if !lab.presenting.get() {
        return None;
    }
    let at_ms = lab.playhead_ms.get();
    lab.steps.with(|steps| {
        current_step(steps, at_ms).map(|i| {
            let until = steps.get(i + 1).map_or(u64::MAX, |s| s.at_ms);
            (steps[i].at_ms, until)
        })
    })
}

/// Marks within `span` are emphasised and the rest muted; with no span, none is either.
fn emphasise(marks: &web_sys::Element, times: StoredValue<Vec<u64>>, span: Option<(u64, u64)>) {
    let kids = marks.children();
    times.with_value(|t| {
        for (i, &at_ms) in t.iter().enumerate() {
            let Some(el) = kids.item(i as u32) else {
                break;
            };
            let _ = match span {
                None => el.remove_attribute("data-em"),
                Some((from, until)) if at_ms >= from && at_ms < until => {
                    el.set_attribute("data-em", "now")
                }
                Some(_) => el.set_attribute("data-em", "muted"),
            };
        }
    });
}

/// Replaces the children of `parent` with the DOM for `shapes`.
pub fn replace_children(parent: &web_sys::Element, shapes: &[Shape]) {
    let doc = document();
    parent.set_text_content(None);
    for shape in shapes {
        parent
            .append_child(&shape.to_element(&doc))
            .expect("a <g> or <defs> takes children");
    }
}
