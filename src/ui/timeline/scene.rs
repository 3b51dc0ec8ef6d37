//! The whole drawing of one run as data: lane frames and the time axis (always visible), the
//! bands that grow with the playhead, and the marks and labels that appear whole once their
//! time has come. Pure: native tests read it, boxes included.
//!
//! Painting runs in two passes. First every lane paints its shapes and reserves what labels
//! must not cover (dots, badges, crosses, bars, arrows); then the layout pass places all labels,
//! the story's key moments first, so no two labels ever share a pixel and no mark crosses one
//! (an arrow may pass under a label's backdrop where the label has no other place).

use super::defs::Defs;
use super::draw::{Canvas, Mark};
use super::geometry::Geometry;
use super::legend::Kind;
use super::text::Rect;
use super::{apps, coord, frames, marks, members, resource, services, thin};
use crate::engine::{Run, Scenario};
use crate::ui::svg::Shape;

/// What the viewer chose to see beyond the story's own marks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Show {
    /// Routine messages (asks, renewals, replies, reads) as arrows.
    pub routine_messages: bool,
}

/// What the timeline draws for one run.
#[derive(Debug)]
pub struct Scene {
    /// Lane backgrounds and names, the rule beside them, then the axis.
    pub frames: Vec<Shape>,
    /// Bars, bands and arrows: revealed up to the playhead.
    pub bands: Vec<Shape>,
    /// Dots, icons and labels in time order: each shown whole once the playhead reaches it.
    pub marks: Vec<Mark>,
    /// Marks not drawn because a list was longer than its cap (0 for every catalog story).
    pub left_out: usize,
    /// When each label the layout found no room for would have appeared (their words stay in
    /// their marks' tooltips).
    pub hidden_labels: Vec<u64>,
    /// Kinds of mark drawn, in legend order, each with when it first appears.
    pub kinds: Vec<(Kind, u64)>,
}

impl Scene {
    /// Draws `run` of `scenario` in geometry `g`, filling and marking with `defs`.
    pub fn draw(g: Geometry, run: &Run, scenario: &Scenario, defs: Defs, show: Show) -> Scene {
        let mut c = Canvas::new(g);
        let walked = thin::messages(run, show.routine_messages);
        // Pass 1: shapes, and the marks labels must not cover.
        let mut requests = resource::accesses(&mut c, run, scenario);
        resource::violations(&mut c, run, scenario);
        requests.extend(coord::refused(&mut c, &walked.refusals, scenario));
        requests.extend(apps::crashes(&mut c, run, scenario));
        requests.extend(apps::starts_over(&mut c, run, scenario));
        requests.extend(services::restarts(&mut c, run, scenario));
        requests.extend(services::failovers(&mut c, run, scenario));
        requests.extend(coord::leases(&mut c, run, scenario));
        requests.extend(members::members(&mut c, run, defs));
        requests.extend(apps::split_brain(&mut c, run, scenario));
        requests.extend(apps::beliefs(&mut c, run, scenario, defs));
        requests.extend(apps::pauses_and_partitions(&mut c, run, scenario, defs));
        requests.extend(resource::states(&mut c, run, scenario));
        requests.extend(resource::fence(&mut c, run, scenario));
        requests.extend(marks::messages(&mut c, run, &walked, scenario, defs));
        // Pass 2: every label, most important first.
        c.place_labels(requests);
        let marks = c.marks_in_time_order();
        let mut frames = frames::lanes(g, scenario);
        frames.push(frames::axis(g));
        Scene {
            frames,
            bands: c.bands,
            marks,
            left_out: c.thin.left_out,
            hidden_labels: std::mem::take(&mut c.hidden_ms),
            kinds: Kind::drawn(&c.kinds_from_ms),
        }
    }

    /// How many labels found no room among those whose time has come at `at_ms`.
    pub fn hidden_at(&self, at_ms: u64) -> usize {
        hidden_by(&self.hidden_labels, at_ms)
    }

    /// Every shape of the scene: frames, bands, then marks.
    pub fn shapes(&self) -> impl Iterator<Item = &Shape> {
        self.frames
            .iter()
            .chain(&self.bands)
            .chain(self.marks.iter().map(|m| &m.shape))
    }

    /// Every shape carrying `class`.
    pub fn find(&self, class: &str) -> Vec<&Shape> {
        self.shapes().flat_map(|s| s.find(class)).collect()
    }

    /// Every text drawn, with its box (from its position, size and words).
    pub fn text_boxes(&self) -> Vec<(&str, Rect)> {
        let mut out = Vec::new();
        for shape in self.shapes() {
            shape.visit(&mut |s| {
                if s.tag == "text" {
                    if let Some(b) = text_box(s) {
                        out.push((s.text.as_deref().unwrap_or(""), b));
                    }
                }
            });
        }
        out
    }

    /// Pairs of texts whose boxes overlap (the layout pass keeps this empty).
    pub fn overlapping_texts(&self) -> Vec<(String, String)> {
        let boxes = self.text_boxes();
        let mut pairs = Vec::new();
        for (i, (a, ra)) in boxes.iter().enumerate() {
            for (b, rb) in &boxes[i + 1..] {
                if ra.overlaps(rb) {
                    pairs.push((a.to_string(), b.to_string()));
                }
            }
        }
        pairs
    }
}

/// How many of the hidden labels' times `hidden_ms` (see [`Scene::hidden_labels`]) have come by
/// `at_ms`: the count the note under the drawing gives at the playhead.
pub fn hidden_by(hidden_ms: &[u64], at_ms: u64) -> usize {
    hidden_ms.iter().filter(|&&t| t <= at_ms).count()
}

/// The box of a `<text>` shape, from its `x`, `y` and `font-size` attributes.
fn text_box(s: &Shape) -> Option<Rect> {
    let num = |name: &str| s.attr(name).and_then(|v| v.parse::<f64>().ok());
    let words = s.text.as_deref()?;
    Some(Rect::of_text(
        words,
        num("x")?,
        num("y")?,
        num("font-size")?,
    ))
}

/// The drawing's mark for a whole kind of thing revealed at once (for tests).
#[cfg(test)]
pub fn labels_with_class<'a>(scene: &'a Scene, class: &str) -> Vec<&'a str> {
    scene
        .find(class)
        .iter()
        .filter(|s| s.tag == "text")
        .filter_map(|s| s.text.as_deref())
        .collect()
}
