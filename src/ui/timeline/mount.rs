//! Keeps a drawn scene in the DOM: the drawing is rebuilt (in one place) whenever the run or the
//! geometry changes, its marks appear whole as the playhead reaches them, and in presentation
//! view the current story step's marks are emphasised.

use std::sync::Arc;

use leptos::prelude::*;

use super::defs::Defs;
use super::draw::Mark;
use super::geometry::Geometry;
use super::scene::{Scene, Show};
use crate::engine::{Run, Scenario};
use crate::ui::derived::Derived;
use crate::ui::memo::{memo, Memoized};
use crate::ui::narration::current_step;
use crate::ui::slot::Kept;
use crate::ui::state::LabState;
use crate::ui::svg::Shape;

/// The drawing's layers in the DOM, and when each mark of the current scene appears.
#[derive(Clone, Copy, Default)]
pub struct Layers {
    pub defs_ref: NodeRef<leptos::svg::Defs>,
    pub frames_ref: NodeRef<leptos::svg::G>,
    pub bands_ref: NodeRef<leptos::svg::G>,
    pub marks_ref: NodeRef<leptos::svg::G>,
    /// Each mark's time, in drawing order, and how many are shown.
    pub times: Kept<Vec<u64>>,
    pub shown: Kept<usize>,
}

/// Draws the scene into `layers` whenever the run or the geometry changes (telling `drawn`),
/// not before the room is `measured` (so the first drawing is at the real width, and the only
/// one), and keeps the marks in step with the playhead and the story step.
pub fn mount(
    lab: LabState,
    layers: Layers,
    defs: Defs,
    (geometry, measured): (Memoized<Geometry>, Memoized<bool>),
    (run, scenario): (Derived<Arc<Run>>, Derived<Arc<Scenario>>),
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
    let em_span = memo(move || emphasis_span(lab));
    crate::ui::effect::effect(move |_| {
        if let Some(el) = defs_ref.get() {
            replace_children(&el, &defs.shapes());
        }
    });
    crate::ui::effect::effect(move |_| {
        if !measured.get() {
            return;
        }
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
        replace_marks(&marks, &scene.marks);
        times.set_value(scene.marks.iter().map(|m| m.at_ms).collect());
        shown.set_value(0);
        reveal(
            &marks,
            times,
            shown,
            lab.playback.playhead_ms.get_untracked(),
        );
        emphasise(&marks, times, em_span.get_untracked());
        drawn(scene);
    });
    // Marks appear whole once the playhead reaches them.
    crate::ui::effect::effect(move |_| {
        let at_ms = lab.playback.playhead_ms.get();
        if let Some(marks) = marks_ref.get_untracked() {
            reveal(&marks, times, shown, at_ms);
        }
    });
    crate::ui::effect::effect(move |_| {
        let span = em_span.get();
        if let Some(marks) = marks_ref.get_untracked() {
            emphasise(&marks, times, span);
        }
    });
}

/// Shows the marks whose time has come by `at_ms` and hides the rest, touching only those
/// that changed since the last call (marks are mounted hidden, with `shown` at 0).
fn reveal(marks: &web_sys::Element, times: Kept<Vec<u64>>, shown: Kept<usize>, at_ms: u64) {
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
    shown.set_value(now);
}

/// In presentation view, the times of the current story step: from its moment to the next's
/// (none beside a recorded run, which has no story steps of its own).
fn emphasis_span(lab: LabState) -> Option<(u64, u64)> {
    if !lab.view.presenting.get() || lab.setup.recording.with(Option::is_some) {
        return None;
    }
    let at_ms = lab.playback.playhead_ms.get();
    lab.sim.told.with(|told| {
        let steps = &told.shown;
        current_step(steps, at_ms).map(|i| {
            let until = steps.get(i + 1).map_or(u64::MAX, |s| s.at_ms);
            (steps[i].at_ms, until)
        })
    })
}

/// Marks within `span` are emphasised and the rest muted; with no span, none is either.
fn emphasise(marks: &web_sys::Element, times: Kept<Vec<u64>>, span: Option<(u64, u64)>) {
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

/// Replaces the children of `parent` with the DOM for `marks`, each hidden until [`reveal`]
/// shows it.
fn replace_marks(parent: &web_sys::Element, marks: &[Mark]) {
    let doc = document();
    parent.set_text_content(None);
    for mark in marks {
        let el = mark.shape.to_element(&doc);
        let _ = el.set_attribute("visibility", "hidden");
        // A <g> takes children: this never fails.
        parent.append_child(&el).unwrap();
    }
}

/// Replaces the children of `parent` with the DOM for `shapes`.
pub fn replace_children(parent: &web_sys::Element, shapes: &[Shape]) {
    let doc = document();
    parent.set_text_content(None);
    for shape in shapes {
        // A <g> or <defs> takes children: this never fails.
        parent.append_child(&shape.to_element(&doc)).unwrap();
    }
}
