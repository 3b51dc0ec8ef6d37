//! Marks that cross lanes: messages as arrows, split-brain bands and violation markers.

use super::defs::Defs;
use super::geometry::Geometry;
use super::lanes::{line, rect, text};
use super::thin::{tells_the_story, Thinner, MAX_MARKS, MAX_ROUTINE_MESSAGES};
use crate::engine::{MessageSpan, MsgKind, Node, Run, Scenario};
use crate::ui::format::seconds;
use crate::ui::svg::Shape;

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
pub fn messages(
    g: Geometry,
    run: &Run,
    scenario: &Scenario,
    defs: Defs,
    thin: &mut Thinner,
) -> Vec<Shape> {
    let (story, routine): (Vec<&MessageSpan>, Vec<&MessageSpan>) =
        run.spans.messages.iter().partition(|m| tells_the_story(m));
    let routine = thin.take(&routine, MAX_ROUTINE_MESSAGES);
    let story = thin.take(&story, MAX_MARKS);
    routine
        .chain(story)
        .map(|&m| message(g, m, scenario, defs))
        .collect()
}

/// One message's arrow, with a label when it tells the story.
fn message(g: Geometry, m: &MessageSpan, scenario: &Scenario, defs: Defs) -> Shape {
    let (word, class) = kind_words(m.kind);
    let (x0, y0) = (g.x(m.sent_ms), g.node_y(m.from));
    let y1 = g.node_y(m.to);
    let (x1, y1, lost) = match m.delivered_ms {
        Some(at_ms) => (g.x(at_ms), y1, false),
        None => (x0 + 8.0, (y0 + y1) / 2.0, true),
    };
    let who = scenario.app_name(message_app(m.from, m.to));
    let title = match m.delivered_ms {
        Some(at_ms) => format!(
            "{word} ({who}) sent {} arrived {}",
            seconds(m.sent_ms),
            seconds(at_ms)
        ),
        None => format!("{word} ({who}) sent {} and lost", seconds(m.sent_ms)),
    };
    let labelled = matches!(m.kind, MsgKind::Write | MsgKind::Grant | MsgKind::Lost) || lost;
    let slow = m.delivered_ms.is_some_and(|d| d - m.sent_ms > 1_000);
    let mut classes = format!("msg {class}");
    if slow {
        classes.push_str(" msg-slow");
    }
    if lost {
        classes.push_str(" msg-lost");
    }
    let mut arrow = Shape::new("line")
        .num("x1", x0)
        .num("y1", y0)
        .num("x2", x1)
        .num("y2", y1);
    if !lost {
        arrow = arrow.set("marker-end", defs.url("arrow"));
    }
    let mut mark = Shape::new("g").class(classes).title(title).kid(arrow);
    if lost {
        mark = mark.kid(text("msg-lost-x", x1, y1 + 4.0, "✕").set("text-anchor", "middle"));
    }
    if labelled {
        let (x, y) = ((x0 + x1) / 2.0 + 4.0, (y0 + y1) / 2.0 - 3.0);
        mark = mark.kid(text("msg-label", x, y, word));
    }
    mark
}

fn message_app(from: Node, to: Node) -> usize {
    match (from, to) {
        (Node::App(a), _) | (_, Node::App(a)) => a,
        _ => 0,
    }
}

/// Bands across the application lanes where two or more applications believed they owned the resource.
pub fn split_brain(g: Geometry, run: &Run, scenario: &Scenario, thin: &mut Thinner) -> Vec<Shape> {
    let Some(verdict) = run.verdict.as_ref() else {
        return Vec::new();
    };
    let top = g.app_top(0);
    let height = g.app_h() * g.apps as f64;
    thin.take(&verdict.split_brain, MAX_MARKS)
        .map(|w| {
            let (x0, x1) = (g.x(w.from_ms), g.x(w.until_ms));
            let names: Vec<&str> = w.apps.iter().map(|&a| scenario.app_name(a)).collect();
            let title = format!(
                "Split brain: {} all believe they own the resource, {} to {}",
                names.join(" and "),
                seconds(w.from_ms),
                seconds(w.until_ms)
            );
            let text_y = top + height - g.v(4.0);
            Shape::new("g")
                .class("split-brain")
                .title(title)
                .kid(rect("split-band", x0, top, (x1 - x0).max(2.0), height))
                .kid(text("split-text", x0 + 4.0, text_y, "⚠ split brain"))
        })
        .collect()
}

/// A red marker at each violation, down through the resource lane.
pub fn violations(g: Geometry, run: &Run, thin: &mut Thinner) -> Vec<Shape> {
    let Some(verdict) = run.verdict.as_ref() else {
        return Vec::new();
    };
    let top = g.resource_top();
    thin.take(&verdict.violations, MAX_MARKS)
        .map(|v| {
            let x = g.x(v.at_ms);
            let title = format!("Violation at {}: {}", seconds(v.at_ms), v.explanation);
            let (w, h) = (g.v(22.0), g.v(18.0));
            Shape::new("g")
                .class("violation-mark")
                .title(title)
                .kid(line(
                    "violation-line",
                    (x, g.coord_top()),
                    (x, g.axis_top()),
                ))
                .kid(rect("violation-badge", x - g.v(11.0), top + g.v(36.0), w, h).set("rx", "4"))
                .kid(text("violation-icon", x, top + g.v(49.5), "!").set("text-anchor", "middle"))
        })
        .collect()
}
