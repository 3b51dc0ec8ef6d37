//! The timeline component: measures its room, asks for the scene of the visible window, mounts
//! it in one place, and keeps it in step with the playhead (bands clipped at it, marks shown
//! whole once their time has come, the current story step's marks emphasised when presenting).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use leptos::prelude::*;

use super::defs::Defs;
use super::geometry::{f, Frame, Geometry};
use super::legend::Kind;
use super::measure::content_size;
use super::members::{lanes_for, member_rows};
use super::mount::{mount, Layers};
use super::pointer::Pointer;
use super::scene::hidden_by;
use super::thin;
use super::touch;
use crate::engine::{Run, Scenario};
use crate::lab::{Intent, Room, Window, WindowIntent};
use crate::ui::derived::Derived;
use crate::ui::dispatch::act;
use crate::ui::handler::handler;
use crate::ui::memo::{memo, Memoized};
use crate::ui::slot::{slot, Slot};
use crate::ui::state::{use_lab, LabState};
use crate::words::time;
use crate::words::timeline as words;

static NEXT_ID: AtomicUsize = AtomicUsize::new(0);

/// A number no other timeline or legend on the page uses (for their SVG ids).
pub fn next_id() -> usize {
    NEXT_ID.fetch_add(1, Ordering::Relaxed)
}

/// Width assumed while the room measures 0 px (an element not laid out, e.g. hidden).
const FIRST_GUESS_PX: f64 = 880.0;

/// The frame of a timeline in a room of `(w, h)` px with `apps` application lanes.
fn frame(lab: LabState, room: (f64, f64), apps: usize) -> Frame {
    let width = if room.0 > 0.0 { room.0 } else { FIRST_GUESS_PX };
    if lab.view.presenting.get() {
        Frame::presentation(width, room.1, apps)
    } else {
        Frame::lab(width)
    }
}

/// One timeline for `run` of `scenario`, revealed up to the shared playhead.
#[component]
pub fn Timeline(
    run: Derived<Arc<Run>>,
    scenario: Derived<Arc<Scenario>>,
    /// Accessible name, e.g. "Timeline, token enforcement off".
    #[prop(into)]
    label: String,
    /// Kinds of mark drawn, for the legend.
    #[prop(optional)]
    kinds: Option<Slot<Vec<(Kind, u64)>>>,
    /// In compare mode, the other half's run: both are fitted to one window.
    #[prop(optional)]
    twin: Option<Derived<Arc<Run>>>,
    /// The stretch of time drawn; by default the window the lab shows (of its own runs).
    #[prop(optional)]
    window: Option<Derived<Window>>,
) -> impl IntoView {
    let lab = use_lab();
    let defs = Defs(next_id());
    let room_ref = NodeRef::<leptos::html::Div>::new();
    let (geometry, measured) =
        geometry_memo(lab, content_size(room_ref), (scenario, window), run, twin);
    let layers = Layers::default();
    let drawn = (run, scenario);
    let notes = mount_scene(lab, (layers, defs), (geometry, measured), drawn, kinds);
    let reveal_w =
        move || f(geometry.get().x_in(lab.playback.playhead_ms.get()) - geometry.get().gutter);
    let pointer = Pointer::new(lab, geometry);
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
                on:wheel=handler(move |ev| pointer.wheel(&ev))
                on:touchstart=handler(move |ev| pointer.touch_start(&ev))
                on:touchmove=handler(move |ev| pointer.touch_move(&ev))
                on:touchend=handler(move |_| touch::end(pointer.pinch))
            >
                <svg
                    class="timeline-svg"
                    width=size(Geometry::width)
                    height=size(Geometry::height)
                    viewBox=move || { let g = geometry.get(); format!("0 0 {} {}", f(g.width()), f(g.height())) }
                    role="img"
                    aria-label=label
                    on:click=handler(move |ev| pointer.click(&ev))
                >
                    <defs node_ref=defs_ref></defs>
                    <clipPath id=defs.id("reveal")>
                        <rect x=move || f(geometry.get().gutter) y="0" width=reveal_w height=size(Geometry::height)></rect>
                    </clipPath>
                    <g class="lanes" node_ref=frames_ref></g>
                    <g class="bands" clip-path=defs.url("reveal") node_ref=bands_ref></g>
                    <g class="marks" node_ref=marks_ref></g>
                </svg>
                <Playhead geometry=geometry/>
            </div>
            <TimelineNote notes/>
        </figure>
    }
}

/// Mounts the scene of `drawn` into the layers and tells the legend which kinds of mark it
/// drew; returns how many marks and labels it left out.
fn mount_scene(
    lab: LabState,
    (layers, defs): (Layers, Defs),
    at: (Memoized<Geometry>, Memoized<bool>),
    drawn: (Derived<Arc<Run>>, Derived<Arc<Scenario>>),
    kinds: Option<Slot<Vec<(Kind, u64)>>>,
) -> Slot<(usize, Vec<u64>)> {
    let notes = slot((0usize, Vec::new()));
    mount(lab, layers, defs, at, drawn, move |scene| {
        notes.set((scene.left_out, scene.hidden_labels));
        if let Some(kinds) = kinds {
            kinds.set(scene.kinds);
        }
    });
    notes
}

/// Says under the drawing how many marks were left out, and how many labels whose time has come
/// found no room, if any.
#[component]
fn TimelineNote(notes: Slot<(usize, Vec<u64>)>) -> impl IntoView {
    let at_ms = use_lab().playback.playhead_ms;
    let counts = memo(move || {
        let at_ms = at_ms.get();
        notes.with(|(left_out, hidden)| (*left_out, hidden_by(hidden, at_ms)))
    });
    move || {
        let (left_out, hidden) = counts.get();
        let on_hover = (hidden > 0).then_some(words::ON_HOVER);
        note_words(left_out, hidden).map(|note| {
            view! { <figcaption class="timeline-note">{note}<span class="hover-only">{on_hover}</span></figcaption> }
        })
    }
}

/// The geometry of a timeline showing `run` (and `twin`, in compare mode) in the measured `room`
/// over the window the lab shows, and whether the room is measured yet (the scene is drawn only
/// then, at its real width).
fn geometry_memo(
    lab: LabState,
    room: Slot<Option<(f64, f64)>>,
    (scenario, window): (Derived<Arc<Scenario>>, Option<Derived<Window>>),
    run: Derived<Arc<Run>>,
    twin: Option<Derived<Arc<Run>>>,
) -> (Memoized<Geometry>, Memoized<bool>) {
    let shown = lab.view.shown_window;
    let window = move || window.map_or_else(|| shown.get(), |w| w.get());
    let apps = move || scenario.with(|s| s.apps.len());
    let members = move || member_rows(lab.view.members.get(), scenario.with(|s| s.members));
    let runs_end_ms = move || {
        let end_ms = run.with(|r| r.end_ms);
        twin.map_or(end_ms, |t| end_ms.max(t.with(|r| r.end_ms)))
    };
    let lanes = move || lanes_for(apps(), members());
    let frame = memo(move || frame(lab, room.get().unwrap_or((0.0, 0.0)), lanes()));
    // The lab fits its window to the story in the room this timeline has.
    crate::ui::effect::effect(move |_| {
        let frame = frame.get();
        let plot_px = Geometry::plot_px(frame);
        let (font_px, narrow) = (frame.font, frame.narrow());
        act(
            lab,
            Intent::Window(WindowIntent::Measure(Room {
                plot_px,
                font_px,
                narrow,
            })),
        );
    });
    let geometry = memo(move || {
        let w = window();
        Geometry::new(frame.get(), apps(), runs_end_ms(), (w.from_ms, w.to_ms))
            .with_members(members())
    });
    let measured = memo(move || room.with(Option::is_some));
    (geometry, measured)
}

/// The note under a timeline: marks the caps left out, labels with no room.
fn note_words(left_out: usize, hidden: usize) -> Option<String> {
    let mut parts = Vec::new();
    if left_out > 0 {
        parts.push(words::thinned(
            left_out,
            thin::MAX_MARKS,
            thin::MAX_ROUTINE_MESSAGES,
        ));
    }
    if hidden == 1 {
        parts.push(words::ONE_HIDDEN.into());
    } else if hidden > 1 {
        parts.push(words::hidden(hidden));
    }
    (!parts.is_empty()).then(|| crate::units::joined(&parts, " "))
}

/// The playhead: a line through the lanes and the time above them, in a drawing of its own
/// laid over the timeline, so that as it moves each frame the browser lays out and paints that
/// small drawing instead of the whole timeline. Outside the visible window the line is not drawn
/// (at the edge it would stand over another time); its time is pinned to that edge with an
/// arrow pointing where it is.
#[component]
fn Playhead(geometry: Memoized<Geometry>) -> impl IntoView {
    let lab = use_lab();
    let at = move || (geometry.get(), lab.playback.playhead_ms.get());
    let x = move || {
        let (g, at_ms) = at();
        f(g.x_in(at_ms))
    };
    // The line's foot: at its head (a line of no length, nothing drawn) outside the window.
    let foot = move || {
        let (g, at_ms) = at();
        let outside = at_ms < g.from_ms || at_ms > g.to_ms;
        f(if outside { g.em(1.25) } else { g.axis_top() })
    };
    let words = move || {
        let (g, at_ms) = at();
        if at_ms < g.from_ms {
            format!("◂ {}", time(at_ms))
        } else if at_ms > g.to_ms {
            format!("{} ▸", time(at_ms))
        } else {
            time(at_ms)
        }
    };
    let anchor = move || {
        let (g, at_ms) = at();
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
        <svg class="timeline-playhead" aria-hidden="true">
            <g class="playhead">
                <line x1=x x2=x y1=move || f(geometry.get().em(1.25)) y2=foot></line>
                <text
                    class="playhead-label"
                    x=x
                    y=move || f(geometry.get().em(1.05))
                    font-size=move || f(geometry.get().small(0.88))
                    text-anchor=anchor
                >
                    {words}
                </text>
            </g>
        </svg>
    }
}
