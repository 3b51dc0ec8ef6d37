//! The protected resource's lane: every read and write as it arrives (top row), its value over
//! time (middle row), and — when the resource checks tokens — the highest token it has seen
//! (bottom row); violations as red markers through every lane.

use super::draw::{line, paths, Canvas, Request};
use super::geometry::Geometry;
use super::layout::{options, Placer, Spot};
use super::legend::{access_dot, violation_badge, Kind};
use super::text::Rect;
use super::thin::{fence_rises, resource_changes, At, MAX_MARKS};
use crate::engine::{AccessMark, Rejection, Run, Scenario, WriteOutcome};
use crate::ui::format::app_class;
use crate::ui::svg::Shape;
use crate::words::accesses as words;
use crate::words::time;

/// How one read or write is drawn: its kind, class, label texts (longest first), tooltip and
/// label priority (the stale and rejected writes are the story's key moments: 0).
struct AccessLook {
    kind: Kind,
    class: &'static str,
    label_class: &'static str,
    texts: Vec<String>,
    title: String,
    priority: u8,
}

fn look(a: &AccessMark, s: &Scenario, unit: &str) -> AccessLook {
    let name = s.app_name(a.app);
    let (token, at) = (a.token, time(a.at_ms));
    let (kind, class, label_class, texts, title, priority) = match a.write {
        None => (
            Kind::Read,
            "access read",
            "access-label",
            vec![],
            words::read_title(s, name, unit, a.value, token, &at),
            9,
        ),
        Some(WriteOutcome::Accepted { stale: false }) => (
            Kind::Accepted,
            "access write accepted",
            "access-label",
            words::accepted_texts(s, name, token),
            words::accepted_title(s, name, token, &at),
            1,
        ),
        Some(WriteOutcome::Accepted { stale: true }) => (
            Kind::Stale,
            "access write stale",
            "access-label stale",
            words::stale_texts(s, name, token),
            words::stale_title(s, name, token, &at),
            0,
        ),
        Some(WriteOutcome::Rejected {
            why: Rejection::VersionChanged { read, now },
            ..
        }) => (
            Kind::Rejected,
            "access write rejected",
            "access-label rejected",
            words::changed_texts(read, now),
            words::changed_title(s, name, token, &at, read, now),
            0,
        ),
        Some(WriteOutcome::Rejected { highest, .. }) => (
            Kind::Rejected,
            "access write rejected",
            "access-label rejected",
            vec![format!("{token} < {highest}")],
            words::rejected_title(s, name, token, &at, highest),
            0,
        ),
    };
    AccessLook {
        kind,
        class,
        label_class,
        texts,
        title,
        priority,
    }
}

/// Reads and writes: a dot with an icon (taken before any label is placed), and a label for
/// each write: the stale and rejected ones first of all labels.
pub fn accesses(c: &mut Canvas, run: &Run, scenario: &Scenario) -> Vec<Request> {
    let g = c.g;
    let top = g.resource_top();
    let cy = g.row_top(top, 0) + g.row() / 2.0;
    let r = g.em(0.55);
    let rows = [g.baseline(top, 0, g.font()), g.baseline(top, 1, g.font())];
    let unit = crate::words::resource_unit(&scenario.resource);
    let mut requests = Vec::new();
    let accesses = &run.spans.accesses;
    for a in c.thin.kept(accesses.len(), MAX_MARKS).map(|i| &accesses[i]) {
        if !g.shows(a.at_ms, a.at_ms) {
            continue;
        }
        let x = g.x(a.at_ms);
        let look = look(a, scenario, unit);
        c.saw(look.kind, a.at_ms);
        c.labels.reserve(Rect::new(x - r, cy - r, x + r, cy + r));
        let group = Shape::new("g")
            .class(format!("{} {}", look.class, app_class(a.app)))
            .title(look.title)
            .kid(access_dot(look.kind, x, cy, r));
        c.mark(a.at_ms, group);
        if look.texts.is_empty() {
            continue;
        }
        requests.push(Request {
            priority: look.priority,
            at_ms: a.at_ms,
            class: look.label_class,
            alt_class: None,
            size: g.font(),
            options: around(&look.texts, x, r + g.em(0.25), &rows, g),
            anchor: Some((x + r, cy)),
            owner: 0,
        });
    }
    requests
}

/// Options for a label beside a mark at `x`: after it (shifted right as needed), then before it,
/// in each of `rows`.
pub fn around(
    texts: &[String],
    x: f64,
    gap: f64,
    rows: &[f64],
    g: Geometry,
) -> Vec<super::layout::Spot> {
    let mut out = options(texts, x + gap, &rows[..1], g.em(1.5), g.em(7.5));
    for t in texts {
        let w = super::text::width(t, g.font());
        for &y in rows {
            out.push(super::layout::Spot {
                text: t.clone(),
                x: x - gap - w,
                y,
            });
        }
    }
    out.extend(options(texts, x + gap, &rows[1..], g.em(1.5), g.em(7.5)));
    out
}

/// The resource's value after each change ("stock 0"), with a tick, in the middle row.
pub fn states(c: &mut Canvas, run: &Run, scenario: &Scenario) -> Vec<Request> {
    let g = c.g;
    let top = g.resource_top();
    let row_top = g.row_top(top, 1);
    let y = g.baseline(top, 1, g.font());
    let unit = crate::words::resource_unit(&scenario.resource);
    let (states, _) = resource_changes(run);
    let mut requests = Vec::new();
    for i in c.thin.kept(states.len(), MAX_MARKS) {
        let (at_ms, value) = states[i];
        if !g.shows(at_ms, at_ms) {
            continue;
        }
        let x = g.x(at_ms);
        let tick = line(
            "res-tick",
            (x, row_top + g.em(0.3)),
            (x, row_top + g.row() - g.em(0.3)),
        );
        c.mark(
            at_ms,
            Shape::new("g")
                .class("res-state")
                .title(words::state_title(unit, value, at_ms))
                .kid(tick),
        );
        let texts = [format!("{unit} {value}"), format!("{value}")];
        let next_x = states.get(i + 1).map_or(f64::INFINITY, |&(t, _)| g.x(t));
        requests.push(Request {
            priority: 6,
            at_ms,
            class: "res-state-text",
            alt_class: None,
            size: g.font(),
            options: value_spots(&texts, x + g.em(0.3), y, next_x - g.em(0.3), g),
            anchor: Some((x, y - g.em(0.35))),
            owner: 0,
        });
    }
    requests
}

/// Where a value label may stand: at its change, long form then short, then shifted right,
/// but never from the next change on (a label there would read as the next value's).
fn value_spots(texts: &[String], x: f64, y: f64, before_x: f64, g: Geometry) -> Vec<Spot> {
    let mut spots = options(texts, x, &[y], 0.0, 0.0);
    let shifted = options(texts, x, &[y], g.em(1.5), g.em(6.0));
    spots.extend(shifted.into_iter().filter(|spot| spot.x > x));
    spots.retain(|spot| spot.x < before_x);
    spots
}

/// The highest token the resource has seen, as a rising step line with its values: drawn only
/// when the resource checks ordered tokens (otherwise nothing compares them). Where a restart made the
/// resource forget it, the line stops until a token raises it again.
pub fn fence(c: &mut Canvas, run: &Run, scenario: &Scenario) -> Vec<Request> {
    let g = c.g;
    if !scenario.enforcement || !scenario.tokens.ordered() {
        return Vec::new();
    }
    let top = g.resource_top();
    let (_, fences) = resource_changes(run);
    if fences.is_empty() {
        return Vec::new();
    }
    c.saw(Kind::Fence, fences[0].0);
    let base_y = g.row_top(top, 2) + g.row() - g.em(0.25);
    c.bands
        .push(fence_line(g, &fences, base_y, &mut c.labels).set("fill", "none"));
    let rises = fence_rises(&fences);
    let y = g.baseline(top, 2, g.small(0.92)) - g.em(0.25);
    c.thin
        .kept(rises.len(), MAX_MARKS)
        .map(|i| rises[i])
        .filter(|f| g.shows(f.0, f.0))
        .map(|(at_ms, token)| Request {
            priority: 6,
            at_ms,
            class: "fence-text",
            alt_class: None,
            size: g.small(0.92),
            options: options(
                &words::fence_texts(scenario, token),
                g.x(at_ms) + g.em(0.3),
                &[y],
                g.em(1.5),
                g.em(6.0),
            ),
            anchor: None,
            owner: 0,
        })
        .collect()
}

/// The fence's step line from its changes: a step up at each rise (up to three steps), back to
/// the bottom after a fall, and no line while the resource knows no token (0); its steps are
/// reserved in `labels`.
fn fence_line(g: Geometry, fences: &[At], base_y: f64, labels: &mut Placer) -> Shape {
    let step = g.em(0.25);
    let mut lines: Vec<Vec<(f64, f64)>> = Vec::new();
    let (mut level, mut last) = (0usize, 0u64);
    for &(at_ms, token) in fences {
        let x = g.x(at_ms);
        let current = lines.last_mut().filter(|_| last > 0);
        if let Some(line) = current {
            let y = line.last().map_or(base_y, |p| p.1);
            line.push((x, y));
        }
        if token == 0 {
            last = 0;
            continue;
        }
        level = if last > 0 && token > last {
            level + 1
        } else {
            0
        };
        let y = base_y - step * (level.min(3) as f64);
        match lines.last_mut().filter(|_| last > 0) {
            Some(line) => line.push((x, y)),
            None => lines.push(vec![(x, y)]),
        }
        last = token;
    }
    if let Some(line) = lines.last_mut().filter(|_| last > 0) {
        let y = line.last().map_or(base_y, |p| p.1);
        line.push((g.x(g.end_ms), y));
    }
    for l in &lines {
        for pair in l.windows(2) {
            labels.reserve_line((pair[0], pair[1]), 0);
        }
    }
    let lines: Vec<&[(f64, f64)]> = lines.iter().map(Vec::as_slice).collect();
    paths("fence-line", &lines)
}

/// A red dashed line through every lane at each violation, with a badge in the resource lane.
/// (The line is in the bands, so it is painted under every label.)
pub fn violations(c: &mut Canvas, run: &Run, scenario: &Scenario) {
    let g = c.g;
    let cy = g.row_top(g.resource_top(), 1) + g.row() / 2.0;
    let r = g.em(0.6);
    let violations = &run.verdict.violations;
    for v in c
        .thin
        .kept(violations.len(), MAX_MARKS)
        .map(|i| &violations[i])
    {
        if !g.shows(v.at_ms, v.at_ms) {
            continue;
        }
        c.saw(Kind::Violation, v.at_ms);
        let x = g.x(v.at_ms);
        let title =
            words::violation_title(&time(v.at_ms), &crate::words::violation(&v.kind, scenario));
        // The badge stays inside the plot, off the lane's name, for a violation at its edge.
        let (left, right) = g.plot();
        // (max/min, not f64::clamp, whose assertion would bring float formatting into the wasm)
        let bx = x.min(right - r).max(left + r);
        c.labels.reserve(Rect::new(bx - r, cy - r, bx + r, cy + r));
        // The line is a band (shown as the playhead reaches it): labels pass over it only on a
        // backdrop.
        let ends = ((x, g.coord_top()), (x, g.axis_top()));
        c.labels.reserve_line(ends, 0);
        c.bands.push(line("violation-line", ends.0, ends.1));
        c.mark(
            v.at_ms,
            Shape::new("g")
                .class("violation-mark")
                .title(title)
                .kid(violation_badge(bx, cy, r)),
        );
    }
}
