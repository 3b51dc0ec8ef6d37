//! The lanes' contents: leases at the coordination service, beliefs, pauses, crashes and partitions
//! on each application, and the protected resource's state, fence and writes.

use leptos::prelude::*;

use super::geometry::{f, Geometry, VIEW_W};
use super::thin::{capped, refusals, resource_changes, MAX_MARKS};
use crate::engine::{LeaseEnd, Run, Scenario, WriteOutcome};
use crate::ui::format::{app_class, app_pattern, seconds};

/// Lane backgrounds and labels (always visible, never clipped by the playhead).
pub fn lane_frames(g: Geometry, scenario: &Scenario) -> impl IntoView {
    let resource_name = match scenario.resource {
        crate::engine::ResourceKind::Inventory { .. } => "Inventory",
        crate::engine::ResourceKind::Payments { .. } => "Bank (payments)",
        crate::engine::ResourceKind::Storage => "Storage (file)",
    };
    let apps = scenario
        .apps
        .iter()
        .enumerate()
        .map(|(i, app)| {
            let top = g.app_top(i);
            let label = format!("App {}", app.name);
            view! {
                <g class=format!("lane lane-app {}", app_class(i))>
                    <rect class="lane-bg" x="0" y=f(top) width=f(VIEW_W) height=f(g.app_h())></rect>
                    <rect class="lane-swatch" x="0" y=f(top) width="5" height=f(g.app_h())></rect>
                    <text class="lane-label" x="14" y=f(top + g.v(26.0))>{label}</text>
                    <text class="lane-role" x="14" y=f(top + g.v(44.0))>{app.role.clone()}</text>
                </g>
            }
        })
        .collect_view();
    view! {
        <g class="lane lane-coord">
            <rect class="lane-bg" x="0" y=f(g.coord_top()) width=f(VIEW_W) height=f(g.coord_h())></rect>
            <text class="lane-label" x="14" y=f(g.coord_top() + 24.0)>"Coordination"</text>
            <text class="lane-role" x="14" y=f(g.coord_top() + 42.0)>"service (leases)"</text>
        </g>
        {apps}
        <g class="lane lane-resource">
            <rect class="lane-bg" x="0" y=f(g.resource_top()) width=f(VIEW_W) height=f(g.resource_h())></rect>
            <text class="lane-label" x="14" y=f(g.resource_top() + 26.0)>"Resource"</text>
            <text class="lane-role" x="14" y=f(g.resource_top() + 44.0)>{resource_name}</text>
        </g>
        <line class="gutter-rule" x1=f(g.gutter() - 6.0) x2=f(g.gutter() - 6.0) y1=f(g.coord_top()) y2=f(g.axis_top())></line>
    }
}

/// Leases as the coordination service saw them, plus refused acquires.
pub fn coordinator_lane(g: Geometry, run: &Run, scenario: &Scenario) -> impl IntoView {
    let top = g.coord_top();
    let leases = capped(&run.spans.leases, MAX_MARKS)
        .map(|lease| {
            let (x0, x1) = (g.x(lease.from_ms), g.x(lease.until_ms));
            let width = (x1 - x0).max(2.0);
            let name = scenario.app_name(lease.app);
            let long = format!("{name} holds the lease · token {}", lease.token);
            let label = if width > g.text_w(&long) { long } else { format!("{name} · {}", lease.token) };
            // A bar too short for its label gets the label just after it, in the page's text colour.
            let inside = width > g.text_w(&label);
            let label_x = if inside { x0 + 6.0 } else { x1 + 4.0 };
            let end = match lease.end {
                LeaseEnd::Expired => Some(("◷ expired", "lease-end expired")),
                LeaseEnd::Released => Some(("released", "lease-end released")),
                LeaseEnd::StillHeld => None,
            };
            let title = format!(
                "Lease {} for {name}, {} to {}",
                lease.token,
                seconds(lease.from_ms),
                seconds(lease.until_ms)
            );
            view! {
                <g class=format!("lease {}", app_class(lease.app)) data-token=lease.token.to_string()>
                    <title>{title}</title>
                    <rect class="lease-bar" x=f(x0) y=f(top + g.v(8.0)) width=f(width) height=f(g.v(24.0)) rx="4"></rect>
                    <text class="lease-text" class:outside=!inside x=f(label_x) y=f(top + g.v(25.0))>{label}</text>
                    {end.map(|(text, class)| view! {
                        <text class=class x=f(x1 + 3.0) y=f(top + g.v(48.0))>{text}</text>
                    })}
                </g>
            }
        })
        .collect_view();
    let refusals = refusals(run);
    let refusals = capped(&refusals, MAX_MARKS)
        .map(|&(at_ms, app)| {
            let title = format!("{} asked for the lease at {} and was refused", scenario.app_name(app), seconds(at_ms));
            view! {
                <text class=format!("refusal {}", app_class(app)) x=f(g.x(at_ms)) y=f(top + g.v(50.0)) text-anchor="middle">
                    <title>{title}</title>
                    "✕"
                </text>
            }
        })
        .collect_view();
    view! { <g class="coord-content">{leases}{refusals}</g> }
}

/// Beliefs, pauses, partitions and crashes on each application's lane.
pub fn app_lanes(g: Geometry, run: &Run, scenario: &Scenario) -> impl IntoView {
    let spans = &run.spans;
    let beliefs = capped(&spans.beliefs, MAX_MARKS)
        .map(|b| {
            let top = g.app_top(b.app);
            let (x0, x1) = (g.x(b.from_ms), g.x(b.until_ms));
            let width = (x1 - x0).max(2.0);
            let long = format!("believes it owns it · token {}", b.token);
            let label = if width > g.text_w(&long) { long } else { format!("owns? {}", b.token) };
            view! {
                <g class=format!("belief {}", app_class(b.app))>
                    <title>{format!("{} believes it owns the resource (token {})", scenario.app_name(b.app), b.token)}</title>
                    <rect class="belief-band" x=f(x0) y=f(top + g.v(6.0)) width=f(width) height=f(g.v(22.0)) rx="3" fill=app_pattern(b.app)></rect>
                    <text class="belief-text" x=f(x0 + 5.0) y=f(top + g.v(21.5))>{label}</text>
                </g>
            }
        })
        .collect_view();
    let pauses = capped(&spans.pauses, MAX_MARKS)
        .map(|p| {
            let top = g.app_top(p.app);
            let (x0, x1) = (g.x(p.from_ms), g.x(p.until_ms));
            let label = format!("❚❚ paused {}", seconds(p.until_ms - p.from_ms));
            view! {
                <g class="pause">
                    <title>{format!("{} is paused (stop-the-world) from {} to {}", scenario.app_name(p.app), seconds(p.from_ms), seconds(p.until_ms))}</title>
                    <rect class="pause-band" x=f(x0) y=f(top + g.v(32.0)) width=f((x1 - x0).max(2.0)) height=f(g.v(24.0)) fill="url(#pat-hatch)"></rect>
                    <text class="pause-text" x=f(x0 + 5.0) y=f(top + g.v(49.0))>{label}</text>
                </g>
            }
        })
        .collect_view();
    let partitions = capped(&spans.partitions, MAX_MARKS)
        .map(|p| {
            let top = g.app_top(p.app);
            let (x0, x1) = (g.x(p.from_ms), g.x(p.until_ms));
            view! {
                <g class="partition">
                    <title>{format!("{} cannot reach the coordination service", scenario.app_name(p.app))}</title>
                    <rect class="partition-band" x=f(x0) y=f(top + g.v(3.0)) width=f((x1 - x0).max(2.0)) height=f(g.app_h() - 6.0)></rect>
                    <text class="partition-text" x=f(x0 + 5.0) y=f(top + g.app_h() - 7.0)>"✂ cut off from coordination"</text>
                </g>
            }
        })
        .collect_view();
    let crashes = capped(&spans.crashes, MAX_MARKS)
        .map(|&(app, at_ms)| {
            let top = g.app_top(app);
            let x = g.x(at_ms);
            view! {
                <g class="crash">
                    <title>{format!("{} crashed at {}", scenario.app_name(app), seconds(at_ms))}</title>
                    <line class="crash-line" x1=f(x) x2=f(x) y1=f(top + g.v(4.0)) y2=f(top + g.app_h() - 4.0)></line>
                    <text class="crash-text" x=f(x + 4.0) y=f(top + g.v(49.0))>"✖ crashed"</text>
                </g>
            }
        })
        .collect_view();
    view! { <g class="app-content">{beliefs}{pauses}{partitions}{crashes}</g> }
}

/// The resource's state and fence over time, and every read and write as it arrives.
pub fn resource_lane(g: Geometry, run: &Run, scenario: &Scenario) -> impl IntoView {
    let top = g.resource_top();
    let unit = match scenario.resource {
        crate::engine::ResourceKind::Inventory { .. } => "stock",
        crate::engine::ResourceKind::Payments { .. } => "unpaid",
        crate::engine::ResourceKind::Storage => "version",
    };
    let (states, fences) = resource_changes(run);
    let state_labels = capped(&states, MAX_MARKS)
        .map(|&(at_ms, value)| {
            view! {
                <g class="res-state">
                    <line class="res-tick" x1=f(g.x(at_ms)) x2=f(g.x(at_ms)) y1=f(top + g.v(50.0)) y2=f(top + g.v(60.0))></line>
                    <text class="res-state-text" x=f(g.x(at_ms) + 4.0) y=f(top + g.v(59.0))>{format!("{unit} {value}")}</text>
                </g>
            }
        })
        .collect_view();
    let fence_path = fence_steps(g, &fences, top + g.v(76.0));
    let fence_labels = capped(&fences, MAX_MARKS)
        .map(|&(at_ms, token)| {
            view! { <text class="fence-text" x=f(g.x(at_ms) + 4.0) y=f(top + g.v(73.0))>{format!("max token {token}")}</text> }
        })
        .collect_view();
    let accesses = capped(&run.spans.accesses, MAX_MARKS)
        .map(|a| {
            let x = g.x(a.at_ms);
            let name = scenario.app_name(a.app);
            let (class, icon, label, title) = match a.write {
                None => ("access read", "R", String::new(), format!("{name} read {unit} {} (token {})", a.value, a.token)),
                Some(WriteOutcome::Accepted { stale: false }) => (
                    "access write accepted",
                    "✓",
                    format!("{name} {}", a.token),
                    format!("{name}'s write with token {} accepted", a.token),
                ),
                Some(WriteOutcome::Accepted { stale: true }) => (
                    "access write stale",
                    "⚠",
                    format!("{name} {} stale!", a.token),
                    format!("{name}'s stale write with token {} accepted: nothing checked the token", a.token),
                ),
                Some(WriteOutcome::Rejected { highest }) => (
                    "access write rejected",
                    "✗",
                    format!("{} < {highest}", a.token),
                    format!("{name}'s write with token {} rejected: {} < {highest}", a.token, a.token),
                ),
            };
            view! {
                <g class=format!("{class} {}", app_class(a.app))>
                    <title>{title}</title>
                    <circle class="access-dot" cx=f(x) cy=f(top + g.v(26.0)) r=f(g.v(9.0))></circle>
                    <text class="access-icon" x=f(x) y=f(top + g.v(30.5)) text-anchor="middle">{icon}</text>
                    <text class="access-label" x=f(x + g.v(12.0)) y=f(top + g.v(30.5))>{label}</text>
                </g>
            }
        })
        .collect_view();
    view! { <g class="resource-content">{state_labels}<path class="fence-line" d=fence_path></path>{fence_labels}{accesses}</g> }
}

/// A step line that rises by one notch each time the resource's highest token rises.
fn fence_steps(g: Geometry, fences: &[(u64, u64)], base_y: f64) -> String {
    let mut d = String::new();
    for (i, &(at_ms, _)) in fences.iter().enumerate() {
        let (x, y) = (g.x(at_ms), base_y - 3.0 * (i.min(4) as f64));
        if i == 0 {
            d.push_str(&format!("M{} {}", f(x), f(y)));
        } else {
            d.push_str(&format!(" H{} V{}", f(x), f(y)));
        }
    }
    if !fences.is_empty() {
        d.push_str(&format!(" H{}", f(g.x(g.end_ms))));
    }
    d
}
