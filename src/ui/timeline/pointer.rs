//! What a pointer does on the timeline: a click seeks, Ctrl + wheel (a trackpad's pinch) zooms
//! around the pointer, a sideways wheel pans, two fingers pinch. Each says what it wants as an
//! intent; the lab decides the window.

use wasm_bindgen::JsCast;

use super::geometry::Geometry;
use super::touch;
use crate::lab::Window;
use crate::lab::{Intent, PlaybackIntent, WindowIntent};
use crate::ui::dispatch::act;
use crate::ui::memo::Memoized;
use crate::ui::slot::{kept, Kept};
use crate::ui::state::LabState;

/// What a pointer does on the drawing: a click seeks, the wheel and a pinch zoom or pan.
#[derive(Clone, Copy)]
pub struct Pointer {
    lab: LabState,
    geometry: Memoized<Geometry>,
    pub pinch: Kept<Option<touch::Pinch>>,
}

impl Pointer {
    pub fn new(lab: LabState, geometry: Memoized<Geometry>) -> Pointer {
        Pointer {
            lab,
            geometry,
            pinch: kept(None),
        }
    }

    /// A click moves the playhead there (and stops playback).
    pub fn click(&self, ev: &web_sys::MouseEvent) {
        if let Some(x) = offset_x(ev) {
            let at_ms = self.geometry.get_untracked().time_at(x);
            act(self.lab, Intent::Playback(PlaybackIntent::Seek(at_ms)));
        }
    }

    pub fn wheel(&self, ev: &web_sys::WheelEvent) {
        wheel(self.lab, self.geometry.get_untracked(), ev);
    }

    pub fn touch_start(&self, ev: &web_sys::TouchEvent) {
        touch::start(self.pinch, self.geometry.get_untracked(), ev);
    }

    pub fn touch_move(&self, ev: &web_sys::TouchEvent) {
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
        let at_ms = offset_x(ev).map_or(lab.playback.playhead_ms.get_untracked(), |x| g.time_at(x));
        let steps = if ev.delta_y() < 0.0 { 1 } else { -1 };
        act(lab, Intent::Window(WindowIntent::ZoomAt { steps, at_ms }));
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
    act(
        lab,
        Intent::Window(WindowIntent::PanBy(by_ms.round() as i64)),
    );
}
