//! The lanes' contents: leases at the coordination service, beliefs, pauses, crashes and partitions
//! on each application, and the protected resource's state, fence and writes.

use super::defs::Defs;
use super::geometry::{f, Geometry, VIEW_W};
use super::thin::{refusals, resource_changes, Thinner, MAX_MARKS};
use crate::engine::{LeaseEnd, ResourceKind, Run, Scenario, WriteOutcome};
use crate::ui::format::{app_class, seconds};
use crate::ui::svg::Shape;

/// A lane: its background, name and role. `label_y` are the name's and the role's baselines.
fn frame(
    class: String,
    (top, height): (f64, f64),
    label_y: (f64, f64),
    name: String,
    role: String,
) -> Shape {
    let label = |class: &'static str, y: f64, words: String| text(class, 14.0, y, words);
    Shape::new("g").class(class).kids([
        rect("lane-bg", 0.0, top, VIEW_W, height),
        label("lane-label", label_y.0, name),
        label("lane-role", label_y.1, role),
    ])
}

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

/// A `<text>` with its class, anchor point and words.
pub fn text(class: &'static str, x: f64, y: f64, words: impl Into<String>) -> Shape {
    Shape::new("text")
        .class(class)
        .num("x", x)
        .num("y", y)
        .text(words)
}

/// Lane backgrounds and labels (always visible, never clipped by the playhead).
pub fn lane_frames(g: Geometry, scenario: &Scenario) -> Vec<Shape> {
    let resource_name = match scenario.resource {
        ResourceKind::Inventory { .. } => "Inventory",
        ResourceKind::Payments { .. } => "Bank (payments)",
        ResourceKind::Storage => "Storage (file)",
    };
    // The coordination and resource lanes keep their labels' offsets in presentation view.
    let coord_top = g.coord_top();
    let mut frames = vec![frame(
        "lane lane-coord".into(),
        (coord_top, g.coord_h()),
        (coord_top + 24.0, coord_top + 42.0),
        "Coordination".into(),
        "service (leases)".into(),
    )];
    for (i, app) in scenario.apps.iter().enumerate() {
        let top = g.app_top(i);
        let mut lane = frame(
            format!("lane lane-app {}", app_class(i)),
            (top, g.app_h()),
            (top + g.v(26.0), top + g.v(44.0)),
            format!("App {}", app.name),
            app.role.clone(),
        );
        // The colour swatch sits on the background, under the labels.
        lane.kids
            .insert(1, rect("lane-swatch", 0.0, top, 5.0, g.app_h()));
        frames.push(lane);
    }
    let resource_top = g.resource_top();
    frames.push(frame(
        "lane lane-resource".into(),
        (resource_top, g.resource_h()),
        (resource_top + 26.0, resource_top + 44.0),
        "Resource".into(),
        resource_name.into(),
    ));
    let gutter_x = g.gutter() - 6.0;
    frames.push(line(
        "gutter-rule",
        (gutter_x, g.coord_top()),
        (gutter_x, g.axis_top()),
    ));
    frames
}

/// Leases as the coordination service saw them, plus refused acquires.
pub fn coordinator_lane(g: Geometry, run: &Run, scenario: &Scenario, thin: &mut Thinner) -> Shape {
    let top = g.coord_top();
    let leases = thin.take(&run.spans.leases, MAX_MARKS).map(|lease| {
        let (x0, x1) = (g.x(lease.from_ms), g.x(lease.until_ms));
        let width = (x1 - x0).max(2.0);
        let name = scenario.app_name(lease.app);
        let long = format!("{name} holds the lease · token {}", lease.token);
        let label = if width > g.text_w(&long) {
            long
        } else {
            format!("{name} · {}", lease.token)
        };
        // A bar too short for its label gets the label just after it, in the page's text colour.
        let inside = width > g.text_w(&label);
        let (label_x, label_class) = if inside {
            (x0 + 6.0, "lease-text")
        } else {
            (x1 + 4.0, "lease-text outside")
        };
        let title = format!(
            "Lease {} for {name}, {} to {}",
            lease.token,
            seconds(lease.from_ms),
            seconds(lease.until_ms)
        );
        let mut mark = Shape::new("g")
            .class(format!("lease {}", app_class(lease.app)))
            .set("data-token", lease.token.to_string())
            .title(title)
            .kid(rect("lease-bar", x0, top + g.v(8.0), width, g.v(24.0)).set("rx", "4"))
            .kid(text(label_class, label_x, top + g.v(25.0), label));
        let end = match lease.end {
            LeaseEnd::Expired => Some(("lease-end expired", "◷ expired")),
            LeaseEnd::Released => Some(("lease-end released", "released")),
            LeaseEnd::StillHeld => None,
        };
        if let Some((class, words)) = end {
            mark = mark.kid(text(class, x1 + 3.0, top + g.v(48.0), words));
        }
        mark
    });
    let refused = refusals(run);
    let refused = thin.take(&refused, MAX_MARKS).map(|&(at_ms, app)| {
        let title = format!(
            "{} asked for the lease at {} and was refused",
            scenario.app_name(app),
            seconds(at_ms)
        );
        Shape::new("text")
            .class(format!("refusal {}", app_class(app)))
            .num("x", g.x(at_ms))
            .num("y", top + g.v(50.0))
            .set("text-anchor", "middle")
            .text("✕")
            .title(title)
    });
    Shape::new("g")
        .class("coord-content")
        .kids(leases)
        .kids(refused)
}

/// Beliefs, pauses, partitions and crashes on each application's lane.
pub fn app_lanes(
    g: Geometry,
    run: &Run,
    scenario: &Scenario,
    defs: Defs,
    thin: &mut Thinner,
) -> Shape {
    let spans = &run.spans;
    let mut content = Shape::new("g").class("app-content");
    for b in thin.take(&spans.beliefs, MAX_MARKS) {
        let top = g.app_top(b.app);
        let (x0, x1) = (g.x(b.from_ms), g.x(b.until_ms));
        let width = (x1 - x0).max(2.0);
        let long = format!("believes it owns it · token {}", b.token);
        let label = if width > g.text_w(&long) {
            long
        } else {
            format!("owns? {}", b.token)
        };
        let title = format!(
            "{} believes it owns the resource (token {})",
            scenario.app_name(b.app),
            b.token
        );
        content = content.kid(
            Shape::new("g")
                .class(format!("belief {}", app_class(b.app)))
                .title(title)
                .kid(
                    rect("belief-band", x0, top + g.v(6.0), width, g.v(22.0))
                        .set("rx", "3")
                        .set("fill", defs.app_fill(b.app)),
                )
                .kid(text("belief-text", x0 + 5.0, top + g.v(21.5), label)),
        );
    }
    for p in thin.take(&spans.pauses, MAX_MARKS) {
        let top = g.app_top(p.app);
        let (x0, x1) = (g.x(p.from_ms), g.x(p.until_ms));
        let title = format!(
            "{} is paused (stop-the-world) from {} to {}",
            scenario.app_name(p.app),
            seconds(p.from_ms),
            seconds(p.until_ms)
        );
        let label = format!("❚❚ paused {}", seconds(p.until_ms - p.from_ms));
        content = content.kid(
            Shape::new("g")
                .class("pause")
                .title(title)
                .kid(
                    rect(
                        "pause-band",
                        x0,
                        top + g.v(32.0),
                        (x1 - x0).max(2.0),
                        g.v(24.0),
                    )
                    .set("fill", defs.url("pat-hatch")),
                )
                .kid(text("pause-text", x0 + 5.0, top + g.v(49.0), label)),
        );
    }
    for p in thin.take(&spans.partitions, MAX_MARKS) {
        let top = g.app_top(p.app);
        let (x0, x1) = (g.x(p.from_ms), g.x(p.until_ms));
        let title = format!(
            "{} cannot reach the coordination service",
            scenario.app_name(p.app)
        );
        let (band_h, text_y) = (g.app_h() - 6.0, top + g.app_h() - 7.0);
        content = content.kid(
            Shape::new("g")
                .class("partition")
                .title(title)
                .kid(rect(
                    "partition-band",
                    x0,
                    top + g.v(3.0),
                    (x1 - x0).max(2.0),
                    band_h,
                ))
                .kid(text(
                    "partition-text",
                    x0 + 5.0,
                    text_y,
                    "✂ cut off from coordination",
                )),
        );
    }
    for &(app, at_ms) in thin.take(&spans.crashes, MAX_MARKS) {
        let top = g.app_top(app);
        let x = g.x(at_ms);
        let title = format!("{} crashed at {}", scenario.app_name(app), seconds(at_ms));
        let (y1, y2) = (top + g.v(4.0), top + g.app_h() - 4.0);
        content = content.kid(
            Shape::new("g")
                .class("crash")
                .title(title)
                .kid(line("crash-line", (x, y1), (x, y2)))
                .kid(text("crash-text", x + 4.0, top + g.v(49.0), "✖ crashed")),
        );
    }
    content
}

/// What the resource lane calls its value: stock, unpaid invoices or the file's version.
fn unit(scenario: &Scenario) -> &'static str {
    match scenario.resource {
        ResourceKind::Inventory { .. } => "stock",
        ResourceKind::Payments { .. } => "unpaid",
        ResourceKind::Storage => "version",
    }
}

/// The resource's state and fence over time, and every read and write as it arrives.
pub fn resource_lane(g: Geometry, run: &Run, scenario: &Scenario, thin: &mut Thinner) -> Shape {
    let top = g.resource_top();
    let unit = unit(scenario);
    let (states, fences) = resource_changes(run);
    let mut content = Shape::new("g").class("resource-content");
    for &(at_ms, value) in thin.take(&states, MAX_MARKS) {
        let x = g.x(at_ms);
        content = content.kid(
            Shape::new("g")
                .class("res-state")
                .kid(line("res-tick", (x, top + g.v(50.0)), (x, top + g.v(60.0))))
                .kid(text(
                    "res-state-text",
                    x + 4.0,
                    top + g.v(59.0),
                    format!("{unit} {value}"),
                )),
        );
    }
    let fence_path = fence_steps(g, &fences, top + g.v(76.0));
    content = content.kid(Shape::new("path").class("fence-line").set("d", fence_path));
    for &(at_ms, token) in thin.take(&fences, MAX_MARKS) {
        let words = format!("max token {token}");
        content = content.kid(text("fence-text", g.x(at_ms) + 4.0, top + g.v(73.0), words));
    }
    for a in thin.take(&run.spans.accesses, MAX_MARKS) {
        let x = g.x(a.at_ms);
        let name = scenario.app_name(a.app);
        let token = a.token;
        let (class, icon, label, title) = match a.write {
            None => (
                "access read",
                "R",
                String::new(),
                format!("{name} read {unit} {} (token {token})", a.value),
            ),
            Some(WriteOutcome::Accepted { stale: false }) => (
                "access write accepted",
                "✓",
                format!("{name} {token}"),
                format!("{name}'s write with token {token} accepted"),
            ),
            Some(WriteOutcome::Accepted { stale: true }) => (
                "access write stale",
                "⚠",
                format!("{name} {token} stale!"),
                format!(
                    "{name}'s stale write with token {token} accepted: nothing checked the token"
                ),
            ),
            Some(WriteOutcome::Rejected { highest }) => (
                "access write rejected",
                "✗",
                format!("{token} < {highest}"),
                format!("{name}'s write with token {token} rejected: {token} < {highest}"),
            ),
        };
        let y = top + g.v(30.5);
        content = content.kid(
            Shape::new("g")
                .class(format!("{class} {}", app_class(a.app)))
                .title(title)
                .kid(
                    Shape::new("circle")
                        .class("access-dot")
                        .num("cx", x)
                        .num("cy", top + g.v(26.0))
                        .num("r", g.v(9.0)),
                )
                .kid(text("access-icon", x, y, icon).set("text-anchor", "middle"))
                .kid(text("access-label", x + g.v(12.0), y, label)),
        );
    }
    content
}

/// A step line that rises by one notch each time the resource's highest token rises.
fn fence_steps(g: Geometry, fences: &[(u64, u64)], base_y: f64) -> String {
    let mut d = String::new();
    for (i, &(at_ms, _)) in fences.iter().enumerate() {
        let (x, y) = (f(g.x(at_ms)), f(base_y - 3.0 * (i.min(4) as f64)));
        let step = if i == 0 {
            ["M", &x, " ", &y]
        } else {
            [" H", &x, " V", &y]
        };
        d.extend(step);
    }
    if !fences.is_empty() {
        d.push_str(" H");
        d.push_str(&f(g.x(g.end_ms)));
    }
    d
}
