//! Messages as arrows from sender to receiver (a lost one ends in a cross, the network's second
//! copy of one is dotted). Grants, writes, lost messages and copies tell the story and are always
//! drawn; routine traffic (asks, renewals, replies, reads) only when the viewer shows it.

use super::defs::Defs;
use super::draw::{line, Canvas, Request};
use super::layout::options;
use super::legend::{cross, Kind};
use super::thin::{Messages, MAX_MARKS, MAX_ROUTINE_MESSAGES};
use crate::engine::{MessageSpan, MsgKind, Node, Run, Scenario};
use crate::ui::svg::Shape;
use crate::words::marks;

/// Short label and CSS class of a message kind.
fn kind_words(kind: MsgKind) -> (&'static str, &'static str) {
    match kind {
        MsgKind::Acquire => (marks::ACQUIRE, "msg-coord"),
        MsgKind::Renew => (marks::RENEW, "msg-coord"),
        MsgKind::Release => (marks::RELEASE, "msg-coord"),
        MsgKind::Grant => (marks::GRANT, "msg-grant"),
        MsgKind::Refused => (marks::REFUSED, "msg-coord"),
        MsgKind::Renewed => (marks::RENEWED, "msg-coord"),
        MsgKind::Lost => (marks::LOST, "msg-lost"),
        MsgKind::Read => (marks::READ, "msg-res"),
        MsgKind::ReadReply => (marks::VALUE, "msg-res"),
        MsgKind::Write => (marks::WRITE, "msg-write"),
        MsgKind::WriteReply => (marks::ACK, "msg-res"),
    }
}

/// Every message in the window as an arrow (routine ones only if `walked` noted them), routine
/// first so the story's arrows stay on top; labels for the story's arrows.
pub fn messages(
    c: &mut Canvas,
    run: &Run,
    walked: &Messages,
    scenario: &Scenario,
    defs: Defs,
) -> Vec<Request> {
    let (story, quiet) = (&walked.story, &walked.quiet);
    let mut requests = Vec::new();
    for k in c.thin.kept(quiet.len(), MAX_ROUTINE_MESSAGES) {
        let m = &run.spans.messages[quiet[k] as usize];
        requests.extend(message(c, m, scenario, defs, (0, 0)));
    }
    // A burst (the same kind between the same two nodes, arriving at once, as held renewals'
    // answers do) has one label, on its first message, saying how many; it may stand on the
    // burst's own arrows.
    let key = |m: &MessageSpan| {
        let end_ms = m.delivered_ms.unwrap_or(m.sent_ms);
        (
            m.kind,
            m.from,
            m.to,
            m.copy_of.is_some(),
            m.delivered_ms,
            end_ms,
        )
    };
    let mut owners = vec![0; story.len()];
    for i in c.thin.kept(story.len(), MAX_MARKS) {
        let m = story[i];
        let same = |o: &&&MessageSpan| key(o) == key(m);
        let burst = match story[..i].iter().position(|o| same(&o)) {
            Some(first) => {
                owners[i] = owners[first];
                0
            }
            None => {
                owners[i] = c.owner();
                story.iter().filter(same).count()
            }
        };
        requests.extend(message(c, m, scenario, defs, (burst, owners[i])));
    }
    requests
}

/// One message's arrow, of `owner`'s label; its label's request when it tells the story and is
/// the first of `burst` messages that arrive together (none when `burst` is 0).
fn message(
    c: &mut Canvas,
    m: &MessageSpan,
    scenario: &Scenario,
    defs: Defs,
    (burst, owner): (usize, u32),
) -> Option<Request> {
    let g = c.g;
    let end_ms = m.delivered_ms.unwrap_or(m.sent_ms);
    if !g.shows(m.sent_ms, end_ms) {
        return None;
    }
    let (x0, y0) = (g.x(m.sent_ms), g.node_y(m.from));
    let lost = m.delivered_ms.is_none();
    let (x1, y1) = match m.delivered_ms {
        Some(at_ms) => (g.x(at_ms), g.node_y(m.to)),
        None => (x0 + g.em(0.8), (y0 + g.node_y(m.to)) / 2.0),
    };
    let look = look(c, m, scenario);
    let mut arrow = line("msg-line", (x0, y0), (x1, y1));
    if !lost {
        arrow = arrow.set("marker-end", defs.url("arrow"));
    }
    c.bands.push(
        Shape::new("g")
            .class(look.classes)
            .title(look.title)
            .kid(arrow),
    );
    c.labels.reserve_line(((x0, y0), (x1, y1)), owner);
    if lost {
        let r = g.em(0.35);
        c.mark(m.sent_ms, cross(x1, y1, r, "msg-lost-x"));
        let x_box = super::text::Rect::new(x1 - r, y1 - r, x1 + r, y1 + r);
        c.labels.reserve(x_box);
    }
    let copy = m.copy_of.is_some();
    let labelled =
        lost || copy || matches!(m.kind, MsgKind::Write | MsgKind::Grant | MsgKind::Lost);
    if !labelled || burst == 0 {
        return None;
    }
    let word = if copy { marks::COPY } else { look.word };
    let size = g.small(0.88);
    let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let rows = [my, my - g.em(0.9), my + g.em(1.1)];
    let mut opts = Vec::new();
    for w in marks::burst(word, burst, m.sent_ms) {
        // A burst's longer label may also stand before its arrows (at the run's end, after
        // them is off the plot).
        let before = mx - g.em(0.3) - super::text::width(&w, size);
        let w = [w];
        opts.extend(options(&w, mx + g.em(0.3), &rows, g.em(1.0), g.em(3.0)));
        if burst > 1 {
            opts.extend(options(&w, before, &rows, 0.0, 0.0));
        }
    }
    Some(Request {
        priority: 7,
        at_ms: end_ms,
        class: "msg-label",
        alt_class: None,
        size,
        options: opts,
        anchor: None,
        owner,
    })
}

/// How one message is drawn: its classes, tooltip and word.
struct Look {
    classes: String,
    title: String,
    word: &'static str,
}

/// The look of `m` (noting its kinds for the legend): a copy the network made is drawn as a
/// copy, a message held up over a second as slow, one that never arrived as lost.
fn look(c: &mut Canvas, m: &MessageSpan, scenario: &Scenario) -> Look {
    let (word, class) = kind_words(m.kind);
    let who = scenario.app_name(message_app(m.from, m.to));
    let mut classes = format!("msg {class}");
    c.saw(Kind::Message, m.sent_ms);
    let title = if m.copy_of.is_some() {
        classes.push_str(" msg-copy");
        c.saw(Kind::CopiedMessage, m.sent_ms);
        marks::copy_title(word, who, m.sent_ms, m.delivered_ms)
    } else {
        if m.delivered_ms.is_some_and(|d| d - m.sent_ms > 1_000) {
            classes.push_str(" msg-slow");
            c.saw(Kind::SlowMessage, m.sent_ms + 1_000);
        }
        marks::message_title(word, who, m.sent_ms)
    };
    if m.delivered_ms.is_none() {
        classes.push_str(" msg-lost");
        c.saw(Kind::LostMessage, m.sent_ms);
    }
    Look {
        classes,
        title,
        word,
    }
}

fn message_app(from: Node, to: Node) -> usize {
    match (from, to) {
        (Node::App(a), _) | (_, Node::App(a)) => a,
        _ => 0,
    }
}
