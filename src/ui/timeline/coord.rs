//! The coordination service's lane: leases as bars (renewals as ticks on them) and how each
//! lease ended; and runs of refused asks, drawn in the lane of the app that asked.

use super::aggregate::Refusals;
use super::draw::{line, rect, Canvas, Request};
use super::geometry::Geometry;
use super::layout::{inside, options, Spot};
use super::legend::{cross, Kind};
use super::renewals::{self, Keys};
use super::text;
use super::thin::{kept, MAX_MARKS};
use crate::engine::{LeaseEnd, LeaseSpan, Run, Scenario};
use crate::ui::format::app_class;
use crate::ui::svg::Shape;
use crate::words::bands;

/// Lease bars with a tick at each place they were renewed (see [`renewals::ticks`]), and their
/// labels' requests.
pub fn leases(c: &mut Canvas, run: &Run, scenario: &Scenario) -> Vec<Request> {
    let g = c.g;
    let top = g.row_top(g.coord_top(), 0);
    let (bar_y, bar_h) = (top + g.em(0.2), g.row() - g.em(0.4));
    let mut requests = Vec::new();
    let leases = &run.spans.leases;
    let shown = |l: &LeaseSpan| g.shows(l.from_ms, l.until_ms);
    let mut keys = Keys::new();
    for l in kept(leases.len(), MAX_MARKS).map(|i| &leases[i]) {
        if shown(l) && !keys.contains(&(l.app, l.token)) {
            keys.push((l.app, l.token));
        }
    }
    let ticks = renewals::ticks(run, &g, &keys);
    for lease in c.thin.kept(leases.len(), MAX_MARKS).map(|i| &leases[i]) {
        if !shown(lease) {
            continue;
        }
        let k = keys.iter().position(|&key| key == (lease.app, lease.token));
        c.saw(Kind::Lease, lease.from_ms);
        let (x0, x1) = (g.x(lease.from_ms), g.x(lease.until_ms));
        let name = scenario.app_name(lease.app);
        let title = bands::lease_title(scenario, lease.token, name, lease.from_ms);
        let mut bar = Shape::new("g")
            .class(format!("lease {}", app_class(lease.app)))
            .set("data-token", lease.token.to_string())
            .title(title)
            .kid(rect("lease-bar", x0, bar_y, (x1 - x0).max(2.0), bar_h).set("rx", "4"));
        for &(_, at_ms) in ticks.iter().filter(|t| Some(t.0) == k) {
            c.saw(Kind::Renewal, at_ms);
            let x = g.x(at_ms);
            bar = bar.kid(line(
                "renew-tick",
                (x, bar_y - g.em(0.15)),
                (x, bar_y + bar_h + g.em(0.15)),
            ));
        }
        c.bands.push(bar);
        let owner = c.owner();
        let (left, _) = g.plot();
        let bar = super::text::Rect::new(x0.max(left), bar_y, x1, bar_y + bar_h);
        c.labels.reserve_for(bar, owner);
        let mut label = lease_label(g, lease, scenario, (x0, x1), (bar_y, bar_h));
        label.owner = owner;
        requests.push(label);
    }
    requests.extend(lease_ends(c, leases, scenario));
    requests
}

/// A lease's label: inside its bar (light on the app's colour) when it fits, else beside it or
/// under its start.
fn lease_label(
    g: Geometry,
    lease: &LeaseSpan,
    s: &Scenario,
    (x0, x1): (f64, f64),
    (bar_y, bar_h): (f64, f64),
) -> Request {
    let (left, right) = g.plot();
    let baseline = g.baseline(g.coord_top(), 0, g.font());
    let (vx0, vx1) = (x0.max(left), x1.min(right));
    let pad = g.em(0.4);
    let name = s.app_name(lease.app);
    let long = bands::lease_long(s, name, lease.token);
    let short = bands::lease_short(s, name, lease.token);
    let room = vx1 - vx0 - 2.0 * pad;
    let mut opts = inside(&[long, short.clone()], vx0 + pad, baseline, room, g.font());
    let inside = opts.len();
    let below = g.baseline(g.coord_top(), 1, g.font());
    let beside = std::slice::from_ref(&short);
    opts.extend(options(beside, x1 + pad, &[baseline], g.em(2.0), g.em(6.0)));
    opts.extend(options(beside, vx0, &[below], g.em(2.0), g.em(6.0)));
    Request {
        priority: 1,
        at_ms: lease.from_ms,
        class: "lease-text",
        alt_class: Some((inside, "lease-text outside")),
        size: g.font(),
        options: opts,
        anchor: Some((vx0, bar_y + bar_h)),
        owner: 0,
    }
}

/// How far right of its end a lease end's label may be shifted to fit, in ems.
const REACH_EM: f64 = 6.0;

/// "◷ A's lease expired" / "B released" under the end of each lease drawn (`leases` thinned
/// as in [`leases`], uncounted), shortened to "◷ expired" / "released" where the long form
/// does not fit; ends too close for a label each share one.
fn lease_ends(c: &mut Canvas, leases: &[LeaseSpan], s: &Scenario) -> Vec<Request> {
    let g = c.g;
    let y = g.baseline(g.coord_top(), 1, g.font());
    let mut ends: Vec<(f64, u64, Vec<String>, Vec<&'static str>)> = Vec::new();
    for lease in kept(leases.len(), MAX_MARKS).map(|i| &leases[i]) {
        if !g.shows(lease.until_ms, lease.until_ms) {
            continue;
        }
        let expired = match lease.end {
            LeaseEnd::Expired => true,
            LeaseEnd::Released => false,
            // Told by the failover's own label.
            LeaseEnd::Forgotten | LeaseEnd::StillHeld => continue,
        };
        let long = bands::lease_end(s, s.app_name(lease.app), expired);
        let short = if expired {
            bands::EXPIRED
        } else {
            bands::RELEASED
        };
        let size = g.small(0.92);
        let x = g.x(lease.until_ms);
        match ends.last_mut() {
            // An end under the last label too close to have a label of its own, even shifted
            // as far as a label may go (`REACH_EM`), joins it, at most two to a label; the
            // label shows once both have come.
            Some((x0, at_ms, longs, shorts))
                if longs.len() < 2
                    && (x - *x0).abs() + g.em(REACH_EM) < text::width(&longs[0], size) =>
            {
                *at_ms = lease.until_ms.max(*at_ms);
                longs.push(long);
                if !shorts.contains(&short) {
                    shorts.push(short);
                }
            }
            _ => ends.push((x, lease.until_ms, vec![long], vec![short])),
        }
    }
    ends.into_iter()
        .map(|(x, at_ms, longs, shorts)| {
            let mut texts = vec![
                crate::units::joined(&longs, " · "),
                crate::units::joined(&shorts, " · "),
            ];
            if shorts == [bands::EXPIRED] {
                texts.push("◷".to_string());
            }
            Request {
                priority: 4,
                at_ms,
                class: "lease-end",
                alt_class: None,
                size: g.small(0.92),
                options: options(&texts, x + g.em(0.25), &[y], g.em(1.5), g.em(REACH_EM)),
                anchor: Some((x, y - g.em(0.4))),
                owner: 0,
            }
        })
        .collect()
}

/// Refused asks, one mark per run of asks (`runs`) in the asker's lane: a cross at the first
/// and last, joined by a dotted line, labelled with how many.
pub fn refused(c: &mut Canvas, runs: &[Refusals], scenario: &Scenario) -> Vec<Request> {
    let g = c.g;
    let r = g.em(0.3);
    let mut requests = Vec::new();
    for run in c.thin.kept(runs.len(), MAX_MARKS).map(|i| &runs[i]) {
        if !g.shows(run.from_ms, run.until_ms) {
            continue;
        }
        // In the asker's own lane, on the row under its belief: the asks are the app's doing.
        let lane = g.app_top(run.app);
        let row_mid = g.row_top(lane, 1) + g.row() / 2.0;
        // The label on the crosses' row, or on the belief's row above it when that is free.
        let rows = [g.baseline(lane, 1, g.font()), g.baseline(lane, 0, g.font())];
        c.saw(Kind::Refused, run.from_ms);
        let (x0, x1) = (g.x(run.from_ms), g.x(run.until_ms));
        let name = scenario.app_name(run.app);
        let class = format!("refusal {}", app_class(run.app));
        let (left, right) = g.plot();
        // The first ask's cross (its tooltip tells that ask) and the last one's (the whole
        // run's), each when its time comes: nothing counts an ask not yet made. One outside the
        // window is not drawn (it would stand on the lane names).
        let first = Refusals {
            until_ms: run.from_ms,
            count: 1,
            ..*run
        };
        let ends = [(first, x0), (*run, x1)];
        for &(told, x) in ends.iter().take(run.count.min(2)) {
            let mut mark = Shape::new("g")
                .class(class.clone())
                .title(refusal_title(scenario, name, &told));
            if (left..=right).contains(&x) {
                mark = mark.kid(cross(x, row_mid, r, "refusal-x"));
                let x_box = super::text::Rect::new(x - r, row_mid - r, x + r, row_mid + r);
                c.labels.reserve(x_box);
            }
            c.mark(told.until_ms, mark);
        }
        if run.count > 1 {
            // The dotted line is a band: clipped at the lane names and painted under every label.
            let dots = line("refusal-run", (x0 + r, row_mid), (x1 - r, row_mid));
            c.bands.push(Shape::new("g").class(class).kid(dots));
            c.labels
                .reserve_line(((x0 + r, row_mid), (x1 - r, row_mid)), 0);
        }
        // The count is the whole run's, so it shows once the last ask is made.
        let texts = refusal_texts(name, run.count);
        requests.push(Request {
            priority: 5,
            at_ms: run.until_ms,
            class: "refusal-text",
            alt_class: None,
            size: g.small(0.92),
            options: refusal_spots(&g, &texts, (x0, r), rows),
            anchor: Some((x0, row_mid)),
            owner: 0,
        });
    }
    requests
}

/// Where a run's label may go, for each text (longest first): after its first cross on the
/// crosses' row (shifted right when taken), before that cross, or on the belief's row above.
fn refusal_spots(g: &Geometry, texts: &[String], (x0, r): (f64, f64), rows: [f64; 2]) -> Vec<Spot> {
    let mut spots = Vec::new();
    for text in texts {
        let after = x0 + r * 2.0;
        spots.extend(options(
            std::slice::from_ref(text),
            after,
            &rows[..1],
            g.em(1.0),
            g.em(4.0),
        ));
        let before = x0 - r * 2.0 - super::text::width(text, g.small(0.92));
        spots.push(Spot {
            text: text.clone(),
            x: before,
            y: rows[0],
        });
        spots.push(Spot {
            text: text.clone(),
            x: after,
            y: rows[1],
        });
    }
    spots
}

/// The tooltip of a run of refused asks by `name`.
fn refusal_title(s: &Scenario, name: &str, run: &Refusals) -> String {
    bands::refusal_title(bands::held(s), name, run.count, run.from_ms, run.until_ms)
}

/// The label of a run of `count` refused asks by `name`, longest first.
fn refusal_texts(name: &str, count: usize) -> Vec<String> {
    bands::refusal_texts(name, count)
}
