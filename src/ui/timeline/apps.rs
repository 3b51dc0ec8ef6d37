//! The applications' lanes: when each believes it owns the resource (top row), when it is
//! paused, cut off or crashed (bottom row), and where two believe it at once.

use super::defs::Defs;
use super::draw::{line, rect, Canvas, Request};
use super::geometry::Geometry;
use super::layout::{options, Spot};
use super::legend::Kind;
use super::text::width;
use super::thin::MAX_MARKS;
use crate::engine::{AppSpan, Run, Scenario};
use crate::ui::format::app_class;
use crate::ui::svg::Shape;
use crate::words::bands as words;

/// Belief bands in each app's top row, with "believes it owns · 102" in them.
pub fn beliefs(c: &mut Canvas, run: &Run, scenario: &Scenario, defs: Defs) -> Vec<Request> {
    let g = c.g;
    let mut requests = Vec::new();
    let beliefs = &run.spans.beliefs;
    for b in c.thin.kept(beliefs.len(), MAX_MARKS).map(|i| &beliefs[i]) {
        if !g.shows(b.from_ms, b.until_ms) {
            continue;
        }
        c.saw(Kind::Belief, b.from_ms);
        let title = words::belief_title(scenario, scenario.app_name(b.app), b.token, b.from_ms);
        let texts = words::belief_texts(scenario, b.token);
        let span = AppSpan {
            app: b.app,
            from_ms: b.from_ms,
            until_ms: b.until_ms,
        };
        let spec = Band {
            class: format!("belief {}", app_class(b.app)),
            band_class: "belief-band",
            row: 0,
            rounded: true,
            fill: Some(defs.app_fill(b.app)),
            title,
            texts: &texts,
            label_class: "belief-text",
        };
        requests.push(band(c, &span, spec));
    }
    requests
}

/// A band in one row of an app's lane (beliefs on top; pauses and partitions below), and its
/// label's request: in the band's row first, then the other.
struct Band<'a> {
    class: String,
    band_class: &'static str,
    row: usize,
    rounded: bool,
    fill: Option<String>,
    title: String,
    texts: &'a [String],
    label_class: &'static str,
}

fn band(c: &mut Canvas, span: &AppSpan, b: Band) -> Request {
    let g = c.g;
    let (left, _) = g.plot();
    let top = g.app_top(span.app);
    let (x0, x1) = (g.x(span.from_ms), g.x(span.until_ms));
    let band_top = g.row_top(top, b.row) + g.em(0.15);
    let mut r = rect(
        b.band_class,
        x0,
        band_top,
        (x1 - x0).max(2.0),
        g.row() - g.em(0.3),
    );
    if b.rounded {
        r = r.set("rx", "3");
    }
    if let Some(fill) = b.fill {
        r = r.set("fill", fill);
    }
    c.bands
        .push(Shape::new("g").class(b.class).title(b.title).kid(r));
    // A pause's or a cut's bar (the lower row) is its own label's alone.
    let mut owner = 0;
    if b.row == 1 {
        owner = c.owner();
        let bottom = band_top + g.row() - g.em(0.3);
        let bar = super::text::Rect::new(x0.max(left), band_top, x1, bottom);
        c.labels.reserve_for(bar, owner);
    }
    let x = x0.max(left) + g.em(0.35);
    let other = 1 - b.row;
    let rows = [
        g.baseline(top, b.row, g.font()),
        g.baseline(top, other, g.font()),
    ];
    let spots = options(b.texts, x, &rows, g.em(2.0), g.em(6.0));
    let (spots, back) = inside_or_after(spots, b.texts, x1, &rows, &g);
    let anchor = (if back { x1 } else { x0.max(left) }, band_top + g.em(0.3));
    Request {
        priority: 2,
        at_ms: span.from_ms,
        class: b.label_class,
        alt_class: None,
        size: g.font(),
        options: spots,
        anchor: Some(anchor),
        owner,
    }
}

/// The spots of a band's label that keep it inside the band (ending by `end`); when none does,
/// `texts` just after the band's end, each pointing back at it (a label wider than its band
/// would read as the band going on). Also whether it points back.
fn inside_or_after(
    mut spots: Vec<Spot>,
    texts: &[String],
    end: f64,
    rows: &[f64],
    g: &Geometry,
) -> (Vec<Spot>, bool) {
    spots.retain(|s| s.x + width(&s.text, g.font()) <= end);
    if !spots.is_empty() {
        return (spots, false);
    }
    let back: Vec<String> = texts.iter().map(|t| words::points_back(t)).collect();
    (options(&back, end + g.em(0.2), rows, 0.0, 0.0), true)
}

/// Pauses (hatched) and partitions (dashed outline) in each app's lower row.
pub fn pauses_and_partitions(
    c: &mut Canvas,
    run: &Run,
    scenario: &Scenario,
    defs: Defs,
) -> Vec<Request> {
    let g = c.g;
    let mut requests = Vec::new();
    let pauses = &run.spans.pauses;
    for p in c.thin.kept(pauses.len(), MAX_MARKS).map(|i| &pauses[i]) {
        if !g.shows(p.from_ms, p.until_ms) {
            continue;
        }
        c.saw(Kind::Pause, p.from_ms);
        let name = scenario.app_name(p.app);
        let texts = words::pause_texts();
        let title = words::pause_title(name, p.from_ms);
        let fill = Some(defs.url("pat-hatch"));
        let spec = Band {
            class: "pause".into(),
            band_class: "pause-band",
            row: 1,
            rounded: false,
            fill,
            title,
            texts: &texts,
            label_class: "band-text",
        };
        requests.push(band(c, p, spec));
    }
    let cuts = &run.spans.partitions;
    for p in c.thin.kept(cuts.len(), MAX_MARKS).map(|i| &cuts[i]) {
        if !g.shows(p.from_ms, p.until_ms) {
            continue;
        }
        c.saw(Kind::Partition, p.from_ms);
        let name = scenario.app_name(p.app);
        let texts = words::cut_texts();
        let title = words::cut_title(name, p.from_ms);
        let spec = Band {
            class: "partition".into(),
            band_class: "partition-band",
            row: 1,
            rounded: false,
            fill: None,
            title,
            texts: &texts,
            label_class: "band-text cut-text",
        };
        requests.push(band(c, p, spec));
    }
    requests
}

/// A red line through the lane where an app crashed, labelled in its lower row.
pub fn crashes(c: &mut Canvas, run: &Run, scenario: &Scenario) -> Vec<Request> {
    let crashes = &run.spans.crashes;
    let kept: Vec<usize> = c.thin.kept(crashes.len(), MAX_MARKS).collect();
    let mut requests = Vec::new();
    for (app, at_ms) in kept.into_iter().map(|i| crashes[i]) {
        if !c.g.shows(at_ms, at_ms) {
            continue;
        }
        let mark = LaneLine {
            kind: Kind::Crash,
            line_class: "crash-line",
            title: words::crash_title(scenario.app_name(app), at_ms),
            texts: &words::crash_texts(),
            text_class: "crash-text",
        };
        requests.push(lane_line(c, app, at_ms, mark));
    }
    requests
}

/// A dashed line through the lane where an app with no lock starts its work over, labelled
/// with its attempt.
pub fn starts_over(c: &mut Canvas, run: &Run, scenario: &Scenario) -> Vec<Request> {
    let over = &run.spans.starts_over;
    let kept: Vec<usize> = c.thin.kept(over.len(), MAX_MARKS).collect();
    let mut requests = Vec::new();
    for (app, at_ms, attempt) in kept.into_iter().map(|i| over[i]) {
        if !c.g.shows(at_ms, at_ms) {
            continue;
        }
        let mark = LaneLine {
            kind: Kind::StartOver,
            line_class: "start-over-line",
            title: words::start_over_title(scenario.app_name(app), at_ms, attempt),
            texts: &words::start_over_texts(attempt),
            text_class: "start-over-text",
        };
        requests.push(lane_line(c, app, at_ms, mark));
    }
    requests
}

/// A line across one app's lane at one moment, with its tooltip and labels.
struct LaneLine<'a> {
    kind: Kind,
    line_class: &'static str,
    title: String,
    texts: &'a [String],
    text_class: &'static str,
}

/// Draws `mark` through `app`'s lane at `at_ms` (a shown moment); returns its label's request.
fn lane_line(c: &mut Canvas, app: usize, at_ms: u64, mark: LaneLine) -> Request {
    let g = c.g;
    c.saw(mark.kind, at_ms);
    let top = g.app_top(app);
    let x = g.x(at_ms);
    let (y1, y2) = (top + g.em(0.2), top + g.app_h() - g.em(0.2));
    c.mark(
        at_ms,
        Shape::new("g")
            .class(mark.kind.class())
            .title(mark.title)
            .kid(line(mark.line_class, (x, y1), (x, y2))),
    );
    c.labels
        .reserve(super::text::Rect::new(x - 2.0, y1, x + 2.0, y2));
    let rows = [g.baseline(top, 1, g.font()), g.baseline(top, 0, g.font())];
    Request {
        priority: 2,
        at_ms,
        class: mark.text_class,
        alt_class: None,
        size: g.font(),
        options: options(mark.texts, x + g.em(0.35), &rows, g.em(1.5), g.em(4.5)),
        anchor: Some((x, top + g.app_h() / 2.0)),
        owner: 0,
    }
}

/// Bands across the application lanes where two or more apps believed they owned the resource.
pub fn split_brain(c: &mut Canvas, run: &Run, scenario: &Scenario) -> Vec<Request> {
    let g = c.g;
    let (left, _) = g.plot();
    let top = g.app_top(0);
    let height = g.app_h() * g.apps as f64;
    let mut requests = Vec::new();
    let windows = &run.verdict.split_brain;
    for w in c.thin.kept(windows.len(), MAX_MARKS).map(|i| &windows[i]) {
        if !g.shows(w.from_ms, w.until_ms) {
            continue;
        }
        c.saw(Kind::SplitBrain, w.from_ms);
        let (x0, x1) = (g.x(w.from_ms), g.x(w.until_ms));
        let names: Vec<&str> = w.apps.iter().map(|&a| scenario.app_name(a)).collect();
        let title = words::split_title(&names, w.from_ms);
        c.bands
            .push(Shape::new("g").class("split-brain").title(title).kid(rect(
                "split-band",
                x0,
                top,
                (x1 - x0).max(2.0),
                height,
            )));
        let texts = words::split_texts();
        let rows: Vec<f64> = (0..g.apps)
            .rev()
            .flat_map(|a| {
                [
                    g.baseline(g.app_top(a), 1, g.font()),
                    g.baseline(g.app_top(a), 0, g.font()),
                ]
            })
            .take(6)
            .collect();
        let spots = options(
            &texts,
            x0.max(left) + g.em(0.35),
            &rows,
            g.em(2.5),
            g.em(5.0),
        );
        requests.push(Request {
            priority: 3,
            at_ms: w.from_ms,
            class: "split-text",
            alt_class: None,
            size: g.font(),
            options: inside_or_after(spots, &texts, x1, &rows, &g).0,
            anchor: None,
            owner: 0,
        });
    }
    requests
}
