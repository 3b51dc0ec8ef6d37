//! Pinch to zoom on touch screens: two fingers on the timeline zoom around their midpoint and
//! move the window with it; one finger keeps its usual meaning (scroll the page, tap to seek).

use super::geometry::Geometry;
use crate::lab::Window;
use crate::lab::{Intent, WindowIntent};
use crate::ui::dispatch::act;
use crate::ui::slot::Kept;
use crate::ui::state::LabState;

/// Where a pinch started: the fingers' distance and midpoint in px, and the window then.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pinch {
    distance: f64,
    mid_x: f64,
    window: Window,
}

/// The two first touches' distance and midpoint x, relative to the element under them.
fn two_fingers(ev: &web_sys::TouchEvent) -> Option<(f64, f64)> {
    let touches = ev.touches();
    let (a, b) = (touches.item(0)?, touches.item(1)?);
    let target: web_sys::Element = wasm_bindgen::JsCast::unchecked_into(ev.current_target()?);
    let left = target.get_bounding_client_rect().left();
    let (ax, bx) = (f64::from(a.client_x()), f64::from(b.client_x()));
    let (ay, by) = (f64::from(a.client_y()), f64::from(b.client_y()));
    let distance = ((ax - bx).powi(2) + (ay - by).powi(2)).sqrt();
    Some((distance, (ax + bx) / 2.0 - left))
}

/// Starts a pinch when a second finger lands.
pub fn start(pinch: Kept<Option<Pinch>>, g: Geometry, ev: &web_sys::TouchEvent) {
    let started = two_fingers(ev)
        .filter(|(d, _)| *d > 10.0)
        .map(|(distance, mid_x)| Pinch {
            distance,
            mid_x,
            window: Window::new(g.from_ms, g.to_ms, g.end_ms),
        });
    pinch.set_value(started);
}

/// Zooms by how far the fingers spread since the pinch started, keeping the time first under
/// their midpoint under it now.
pub fn moved(lab: LabState, pinch: Kept<Option<Pinch>>, g: Geometry, ev: &web_sys::TouchEvent) {
    let (Some(p), Some((distance, mid_x))) = (pinch.get_value(), two_fingers(ev)) else {
        return;
    };
    ev.prevent_default();
    let (left, right) = g.plot();
    let span = (p.window.span_ms() as f64 * p.distance / distance.max(1.0)).max(1.0);
    let start = Geometry {
        from_ms: p.window.from_ms,
        to_ms: p.window.to_ms,
        ..g
    };
    let anchor_ms = start.time_at(p.mid_x) as f64;
    let share = ((mid_x - left) / (right - left)).clamp(0.0, 1.0);
    let from_ms = (anchor_ms - share * span).max(0.0) as u64;
    let next = Window::new(from_ms, from_ms + span as u64, g.end_ms);
    act(
        lab,
        Intent::Window(WindowIntent::ZoomTo(
            (next.span_ms() < g.end_ms).then_some(next),
        )),
    );
}

/// Ends the pinch when a finger lifts.
pub fn end(pinch: Kept<Option<Pinch>>) {
    pinch.set_value(None);
}
