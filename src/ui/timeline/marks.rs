//! Marks that cross lanes: messages as arrows, split-brain bands and violation markers.

use leptos::prelude::*;

use super::geometry::{f, Geometry};
use super::thin::{capped, tells_the_story, MAX_MARKS, MAX_ROUTINE_MESSAGES};
use crate::engine::{MessageSpan, MsgKind, Run, Scenario};
use crate::ui::format::seconds;

/// Short label and CSS class of a message kind.
fn kind_words(kind: MsgKind) -> (&'static str, &'static str) {
    match kind {
        MsgKind::Acquire => ("acquire", "msg-coord"),
        MsgKind::Renew => ("renew", "msg-coord"),
        MsgKind::Release => ("release", "msg-coord"),
        MsgKind::Grant => ("grant", "msg-grant"),
        MsgKind::Refused => ("refused", "msg-coord"),
        MsgKind::Renewed => ("renewed", "msg-coord"),
        MsgKind::Lost => ("lost", "msg-lost"),
        MsgKind::Read => ("read", "msg-res"),
        MsgKind::ReadReply => ("value", "msg-res"),
        MsgKind::Write => ("write", "msg-write"),
        MsgKind::WriteReply => ("ack", "msg-res"),
    }
}

/// Every message as an arrow from sender to receiver; a lost one ends in a cross. Routine
/// messages are drawn first, so grants, writes and losses stay on top.
pub fn messages(g: Geometry, run: &Run, scenario: &Scenario) -> impl IntoView {
    let (story, routine): (Vec<&MessageSpan>, Vec<&MessageSpan>) =
        run.spans.messages.iter().partition(|m| tells_the_story(m));
    capped(&routine, MAX_ROUTINE_MESSAGES)
        .chain(capped(&story, MAX_MARKS))
        .map(|&m| {
            let (word, class) = kind_words(m.kind);
            let (x0, y0) = (g.x(m.sent_ms), g.node_y(m.from));
            let y1 = g.node_y(m.to);
            let (x1, y1, lost) = match m.delivered_ms {
                Some(at_ms) => (g.x(at_ms), y1, false),
                None => (x0 + 8.0, (y0 + y1) / 2.0, true),
            };
            let who = scenario.app_name(message_app(m.from, m.to));
            let title = match m.delivered_ms {
                Some(at_ms) => format!("{word} ({who}) sent {} arrived {}", seconds(m.sent_ms), seconds(at_ms)),
                None => format!("{word} ({who}) sent {} and lost", seconds(m.sent_ms)),
            };
            let labelled = matches!(m.kind, MsgKind::Write | MsgKind::Grant | MsgKind::Lost) || lost;
            let slow = m.delivered_ms.is_some_and(|d| d - m.sent_ms > 1_000);
            view! {
                <g class=format!("msg {class}") class:msg-slow=slow class:msg-lost=lost>
                    <title>{title}</title>
                    <line x1=f(x0) y1=f(y0) x2=f(x1) y2=f(y1) marker-end=if lost { "" } else { "url(#arrow)" }></line>
                    {lost.then(|| view! { <text class="msg-lost-x" x=f(x1) y=f(y1 + 4.0) text-anchor="middle">"✕"</text> })}
                    {labelled.then(|| view! {
                        <text class="msg-label" x=f((x0 + x1) / 2.0 + 4.0) y=f((y0 + y1) / 2.0 - 3.0)>{word}</text>
                    })}
                </g>
            }
        })
        .collect_view()
}

fn message_app(from: crate::engine::Node, to: crate::engine::Node) -> usize {
    match (from, to) {
        (crate::engine::Node::App(a), _) | (_, crate::engine::Node::App(a)) => a,
        _ => 0,
    }
}

/// Bands across the application lanes where two or more applications believed they owned the resource.
pub fn split_brain(g: Geometry, run: &Run, scenario: &Scenario) -> impl IntoView {
    let Some(verdict) = run.verdict.as_ref() else {
        return ().into_any();
    };
    let top = g.app_top(0);
    let height = g.app_h() * g.apps as f64;
    capped(&verdict.split_brain, MAX_MARKS)
        .map(|w| {
            let (x0, x1) = (g.x(w.from_ms), g.x(w.until_ms));
            let names: Vec<&str> = w.apps.iter().map(|&a| scenario.app_name(a)).collect();
            let title = format!(
                "Split brain: {} all believe they own the resource, {} to {}",
                names.join(" and "),
                seconds(w.from_ms),
                seconds(w.until_ms)
            );
            view! {
                <g class="split-brain">
                    <title>{title}</title>
                    <rect class="split-band" x=f(x0) y=f(top) width=f((x1 - x0).max(2.0)) height=f(height)></rect>
                    <text class="split-text" x=f(x0 + 4.0) y=f(top + height - g.v(4.0))>"⚠ split brain"</text>
                </g>
            }
        })
        .collect_view()
        .into_any()
}

/// A red marker at each violation, down through the resource lane.
pub fn violations(g: Geometry, run: &Run) -> impl IntoView {
    let Some(verdict) = run.verdict.as_ref() else {
        return ().into_any();
    };
    let top = g.resource_top();
    capped(&verdict.violations, MAX_MARKS)
        .map(|v| {
            let x = g.x(v.at_ms);
            view! {
                <g class="violation-mark">
                    <title>{format!("Violation at {}: {}", seconds(v.at_ms), v.explanation)}</title>
                    <line class="violation-line" x1=f(x) x2=f(x) y1=f(g.coord_top()) y2=f(g.axis_top())></line>
                    <rect class="violation-badge" x=f(x - g.v(11.0)) y=f(top + g.v(36.0)) width=f(g.v(22.0)) height=f(g.v(18.0)) rx="4"></rect>
                    <text class="violation-icon" x=f(x) y=f(top + g.v(49.5)) text-anchor="middle">"!"</text>
                </g>
            }
        })
        .collect_view()
        .into_any()
}
