//! The services' own faults: a resource restart as a line through the resource lane, labelled
//! with whether its fence survived; a failover as a line through the coordination lane, with
//! the time its new leader grants nothing drawn as a dashed band where leases would be.

use super::draw::{line, rect, Canvas, Request};
use super::layout::options;
use super::legend::Kind;
use super::resource::around;
use super::text::Rect;
use super::thin::MAX_MARKS;
use crate::engine::{LeaseEnd, Run, Scenario};
use crate::ui::svg::Shape;
use crate::words::marks;

/// A line through the resource lane at each restart, and its label: in the fence's row first
/// (that is what a restart may lose), after the line or before it, then in the value's row.
pub fn restarts(c: &mut Canvas, run: &Run, scenario: &Scenario) -> Vec<Request> {
    let g = c.g;
    let top = g.resource_top();
    let (y1, y2) = (top + g.em(0.2), top + g.resource_h() - g.em(0.2));
    let rows = [g.baseline(top, 2, g.font()), g.baseline(top, 1, g.font())];
    let mut requests = Vec::new();
    let restarts = &run.spans.restarts;
    for r in c.thin.kept(restarts.len(), MAX_MARKS).map(|i| &restarts[i]) {
        if !g.shows(r.at_ms, r.at_ms) {
            continue;
        }
        c.saw(Kind::Restart, r.at_ms);
        let x = g.x(r.at_ms);
        let (class, label_class) = if r.lost_fence() {
            ("restart lost", "restart-text lost")
        } else {
            ("restart", "restart-text")
        };
        c.mark(
            r.at_ms,
            Shape::new("g")
                .class(class)
                .title(marks::restart_title(r, scenario))
                .kid(line("restart-line", (x, y1), (x, y2))),
        );
        c.labels.reserve(Rect::new(x - 2.0, y1, x + 2.0, y2));
        requests.push(Request {
            priority: 2,
            at_ms: r.at_ms,
            class: label_class,
            alt_class: None,
            size: g.font(),
            options: around(&marks::restart_labels(r), x, g.em(0.35), &rows, g),
            anchor: Some((x, (y1 + y2) / 2.0)),
            owner: 0,
        });
    }
    requests
}

/// A line through the coordination lane at each failover, the new leader's wait before it
/// grants again as a dashed band in the leases' row, and a label in that band (or below it).
pub fn failovers(c: &mut Canvas, run: &Run, scenario: &Scenario) -> Vec<Request> {
    let g = c.g;
    let (left, _) = g.plot();
    let top = g.coord_top();
    let (y1, y2) = (top + g.em(0.2), top + g.coord_h() - g.em(0.2));
    let band_top = g.row_top(top, 0) + g.em(0.2);
    let rows = [g.baseline(top, 0, g.font()), g.baseline(top, 1, g.font())];
    let mut requests = Vec::new();
    let failovers = &run.spans.failovers;
    for f in c
        .thin
        .kept(failovers.len(), MAX_MARKS)
        .map(|i| &failovers[i])
    {
        if !g.shows(f.at_ms, f.until_ms) {
            continue;
        }
        c.saw(Kind::Failover, f.at_ms);
        let title = marks::failover_title(f, scenario);
        let (x0, x1) = (g.x(f.at_ms), g.x(f.until_ms));
        let waits = f.until_ms > f.at_ms;
        // A lease the failover forgot ends under its label (not on the row of refused asks).
        let forgot = run
            .spans
            .leases
            .iter()
            .any(|l| l.end == LeaseEnd::Forgotten && l.until_ms == f.at_ms);
        let owner = c.owner();
        if waits {
            let h = g.row() - g.em(0.4);
            let band = rect("failover-band", x0, band_top, (x1 - x0).max(2.0), h);
            let title = title.clone();
            c.bands
                .push(Shape::new("g").class("failover").title(title).kid(band));
            let bar = Rect::new(x0.max(left), band_top, x1, band_top + h);
            c.labels.reserve_for(bar, owner);
        }
        if g.shows(f.at_ms, f.at_ms) {
            c.mark(
                f.at_ms,
                Shape::new("g").class("failover").title(title).kid(line(
                    "failover-line",
                    (x0, y1),
                    (x0, y2),
                )),
            );
            c.labels.reserve(Rect::new(x0 - 2.0, y1, x0 + 2.0, y2));
        }
        let x = x0.max(left) + g.em(0.35);
        requests.push(Request {
            priority: 2,
            at_ms: f.at_ms,
            class: "failover-text",
            alt_class: None,
            size: g.font(),
            options: options(
                &marks::failover_labels(waits, forgot),
                x,
                &rows,
                g.em(1.5),
                g.em(4.5),
            ),
            anchor: Some((x0.max(left), band_top + g.em(0.3))),
            owner,
        });
    }
    requests
}
