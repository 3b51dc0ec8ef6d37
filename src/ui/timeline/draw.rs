//! What the lane painters share: the shape helpers, a [`Mark`] revealed whole once its time has
//! come, and the [`Canvas`] a scene is painted into (clipped bands, whole marks, the label
//! layout, the caps and the legend's kinds).

use super::geometry::{f, Geometry};
use super::layout::{Placed, Placer};
use super::mark_kind::{Kind, KINDS};
use super::thin::Thinner;
use crate::ui::svg::Shape;
use std::collections::BTreeSet;

/// A `<rect>` with its class and box.
pub fn rect(class: &'static str, x: f64, y: f64, width: f64, height: f64) -> Shape {
    Shape::new("rect")
        .class(class)
        .num("x", x)
        .num("y", y)
        .num("width", width)
        .num("height", height)
}

/// A `<line>` with its class and ends.
pub fn line(class: &'static str, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) -> Shape {
    Shape::new("line")
        .class(class)
        .num("x1", x1)
        .num("y1", y1)
        .num("x2", x2)
        .num("y2", y2)
}

/// A `<path>` with its class, from `(x, y)` points: `M` to the first, `L` to the rest.
pub fn path(class: &'static str, points: &[(f64, f64)]) -> Shape {
    paths(class, &[points])
}

/// One `<path>` of several unconnected lines, each from `(x, y)` points as in [`path`].
pub fn paths(class: &'static str, lines: &[&[(f64, f64)]]) -> Shape {
    let mut d = String::new();
    for points in lines {
        for (i, &(x, y)) in points.iter().enumerate() {
            if !d.is_empty() {
                d.push(' ');
            }
            d.push(if i == 0 { 'M' } else { 'L' });
            d.push_str(&f(x));
            d.push(' ');
            d.push_str(&f(y));
        }
    }
    Shape::new("path").class(class).set("d", d)
}

/// A `<text>` with its class, start point, size in px and words. Every timeline text sets its
/// own size, so the layout pass and the browser measure the same box.
pub fn text(class: &'static str, x: f64, y: f64, size_px: f64, words: impl Into<String>) -> Shape {
    Shape::new("text")
        .class(class)
        .num("x", x)
        .num("y", y)
        .num("font-size", size_px)
        .text(words)
}

/// The `<text>` for a placed label.
pub fn placed(class: &'static str, label: &Placed, size_px: f64) -> Shape {
    text(class, label.x, label.y, size_px, label.text.clone())
}

/// Something drawn whole once the playhead reaches `at_ms`: a label, a dot, an icon.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub at_ms: u64,
    pub shape: Shape,
}

/// Where one scene is painted.
#[derive(Debug)]
pub struct Canvas {
    pub g: Geometry,
    /// Shapes that grow with the playhead (bars, bands, arrows), clipped at it.
    pub bands: Vec<Shape>,
    /// Shapes drawn whole once their time has come.
    pub marks: Vec<Mark>,
    /// Label boxes taken so far.
    pub labels: Placer,
    /// The caps on very long runs.
    pub thin: Thinner,
    /// When each kind of mark is first drawn, for the legend (by the kind's index; `u64::MAX`:
    /// not drawn).
    pub kinds_from_ms: [u64; KINDS],
    /// When each label the layout found no room for would have appeared.
    pub hidden_ms: Vec<u64>,
    /// Owners handed out so far.
    owners: u32,
}

impl Canvas {
    /// An empty canvas in geometry `g`: labels may use the plot and the right margin.
    pub fn new(g: Geometry) -> Canvas {
        let (left, _) = g.plot();
        Canvas {
            g,
            bands: Vec::new(),
            marks: Vec::new(),
            labels: Placer::new(left + 1.0, g.width() - 2.0),
            thin: Thinner::default(),
            kinds_from_ms: [u64::MAX; KINDS],
            hidden_ms: Vec::new(),
            owners: 0,
        }
    }

    /// Adds a whole mark at `at_ms`.
    pub fn mark(&mut self, at_ms: u64, shape: Shape) {
        self.marks.push(Mark { at_ms, shape });
    }

    /// Notes that a kind of mark is drawn, appearing at `at_ms`.
    pub fn saw(&mut self, kind: Kind, at_ms: u64) {
        let first = &mut self.kinds_from_ms[kind as usize];
        *first = at_ms.min(*first);
    }

    /// The marks in time order (ties keep the order they were painted in).
    pub fn marks_in_time_order(&mut self) -> Vec<Mark> {
        let order = in_order(self.marks.iter().map(|m| m.at_ms));
        let mut marks: Vec<Option<Mark>> = std::mem::take(&mut self.marks)
            .into_iter()
            .map(Some)
            .collect();
        order.into_iter().filter_map(|i| marks[i].take()).collect()
    }
}

/// Indices of `keys` in ascending key order, ties in their original order. A sort adds
/// kilobytes of wasm, so there is none: the distinct keys come in order out of the set of
/// `u64`s the engine's explorer already uses, then the indices are placed by their key's rank
/// (a counting sort, so stable).
pub fn in_order(keys: impl Iterator<Item = u64>) -> Vec<usize> {
    ranked(keys.collect())
}

fn ranked(keys: Vec<u64>) -> Vec<usize> {
    let mut set = BTreeSet::new();
    for &k in &keys {
        set.insert(k);
    }
    let distinct: Vec<u64> = set.into_iter().collect();
    let rank = |k: u64| distinct.partition_point(|&d| d < k);
    // next[r]: where the next index of rank r goes.
    let mut next = vec![0usize; distinct.len() + 1];
    for &k in &keys {
        next[rank(k) + 1] += 1;
    }
    for r in 1..next.len() {
        next[r] += next[r - 1];
    }
    let mut out = vec![0usize; keys.len()];
    for (i, &k) in keys.iter().enumerate() {
        let r = rank(k);
        out[next[r]] = i;
        next[r] += 1;
    }
    out
}

/// A label waiting for the layout pass: its options, preferred first.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    /// Lower goes first (keeps its preferred place): the story's key moments are 0.
    pub priority: u8,
    /// When it appears.
    pub at_ms: u64,
    /// Its class, and from which option on it takes `alt_class` instead (e.g. a lease label
    /// inside its bar, then beside it).
    pub class: &'static str,
    pub alt_class: Option<(usize, &'static str)>,
    /// Type size in px.
    pub size: f64,
    pub options: Vec<super::layout::Spot>,
    /// The point it labels: a leader line joins them when the label had to move away.
    pub anchor: Option<(f64, f64)>,
    /// The bar it labels and may stand in (0: none; see [`Canvas::owner`]).
    pub owner: u32,
}

impl Canvas {
    /// A new owner of a bar only its own label may stand in (see [`Placer::reserve_for`]).
    pub fn owner(&mut self) -> u32 {
        self.owners += 1;
        self.owners
    }

    /// Places `requests` (most important first, then left to right) and adds each placed label
    /// as a whole mark: on a backdrop where an arrow passes under it, with a leader line when
    /// it stands away from its anchor.
    pub fn place_labels(&mut self, requests: Vec<Request>) {
        let (reach, row, left) = (self.g.em(1.5), self.g.row(), self.g.plot().0);
        let order = in_order(
            requests
                .iter()
                .map(|r| (u64::from(r.priority) << 56) | r.at_ms),
        );
        for r in order.into_iter().map(|i| &requests[i]) {
            let leader = |b: &super::text::Rect| {
                let (ax, ay) = r.anchor?;
                // A mark left of the window is pointed at from the plot's edge.
                let ax = ax.max(left);
                let mid_y = (b.y0 + b.y1) / 2.0;
                let far = b.x0 - ax > reach || (mid_y - ay).abs() > row;
                far.then_some(((ax, ay), (b.x0 - 1.0, mid_y)))
            };
            let in_bar = r.alt_class.map_or(0, |(from, _)| from);
            let Some(label) =
                self.labels
                    .place((r.size, 1.0, r.owner, in_bar), &r.options, &leader)
            else {
                self.hidden_ms.push(r.at_ms);
                continue;
            };
            let class = match r.alt_class {
                Some((from, alt)) if label.option >= from => alt,
                _ => r.class,
            };
            let mut shape = Shape::new("g");
            if let Some((a, b)) = label.leader {
                shape = shape.kid(line("leader", a, b));
            }
            if label.crossed {
                let b = label.rect;
                shape = shape.kid(rect("label-backdrop", b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0));
            }
            shape = shape.kid(placed(class, &label, r.size));
            self.mark(r.at_ms, shape.class("label"));
        }
    }
}
