//! A replicated coordination service's members, one row each under the coordination lane: a
//! bar while a member leads (with its term), a hatched band while it is down, a dashed one
//! while it is cut off from the others, and a dot where it stands for election or votes.

use super::defs::Defs;
use super::draw::{rect, Canvas, Request};
use super::geometry::Geometry;
use super::layout::{inside, options};
use super::legend::Kind;
use super::text::Rect;
use super::thin::MAX_MARKS;
use crate::engine::{member_spans, MemberSpan, MemberState, Run};
use crate::ui::svg::Shape;
use crate::words::members as words;

/// Member rows a timeline of a service with `members` members draws: one each for a replicated
/// service while they are `shown`, none for one box or when collapsed.
pub fn member_rows(shown: bool, members: usize) -> usize {
    if shown && members > 1 {
        members
    } else {
        0
    }
}

/// What a presentation frame counts as application lanes for `apps` apps and `members` member
/// rows (two rows to an app's lane).
pub fn lanes_for(apps: usize, members: usize) -> usize {
    apps + members.div_ceil(2)
}

/// The members' bars and dots, and their labels' requests (nothing without member rows).
pub fn members(c: &mut Canvas, run: &Run, defs: Defs) -> Vec<Request> {
    let g = c.g;
    if g.members == 0 {
        return Vec::new();
    }
    let (spans, marks) = member_spans(&run.trace, run.end_ms);
    let mut requests = Vec::new();
    for span in c.thin.kept(spans.len(), MAX_MARKS).map(|i| &spans[i]) {
        if span.member >= g.members || !g.shows(span.from_ms, span.until_ms) {
            continue;
        }
        requests.push(bar(c, span, label_from(&spans, span), defs));
    }
    for m in c.thin.kept(marks.len(), MAX_MARKS).map(|i| &marks[i]) {
        if m.member >= g.members || !g.shows(m.at_ms, m.at_ms) {
            continue;
        }
        c.saw(Kind::Vote, m.at_ms);
        let (x, y) = (
            g.x(m.at_ms),
            g.row_top(g.members_top(), m.member) + g.row() / 2.0,
        );
        let r = g.em(0.25);
        c.labels.reserve(Rect::new(x - r, y - r, x + r, y + r));
        let dot = Shape::new("circle")
            .class("vote-dot")
            .num("cx", x)
            .num("cy", y)
            .num("r", r);
        let title = words::member_change(m.member, m.change);
        c.mark(m.at_ms, Shape::new("g").class("vote").title(title).kid(dot));
    }
    requests
}

/// Where `span`'s label may start: after any band of its row that began before it and still
/// covers its start (a leader cut off leads on until it misses its majority).
fn label_from(spans: &[MemberSpan], span: &MemberSpan) -> u64 {
    spans
        .iter()
        .filter(|o| o.member == span.member && o.from_ms < span.from_ms)
        .map(|o| o.until_ms)
        .filter(|&until_ms| until_ms > span.from_ms)
        .fold(span.from_ms, u64::max)
}

/// One span's band, and its label's request: inside the band from `label_ms` when it fits
/// there, else just after the band.
fn bar(c: &mut Canvas, span: &MemberSpan, label_ms: u64, defs: Defs) -> Request {
    let g: Geometry = c.g;
    let (kind, class) = match span.state {
        MemberState::Leads { .. } => (Kind::Leader, "member-lead"),
        MemberState::Down => (Kind::MemberDown, "member-down"),
        MemberState::Cut => (Kind::MemberCut, "member-cut"),
    };
    c.saw(kind, span.from_ms);
    let (left, right) = g.plot();
    let (x0, x1) = (g.x(span.from_ms), g.x(span.until_ms));
    let top = g.row_top(g.members_top(), span.member) + g.em(0.15);
    let h = g.row() - g.em(0.3);
    let mut band = rect("member-band", x0, top, (x1 - x0).max(2.0), h);
    if span.state == MemberState::Down {
        band = band.set("fill", defs.url("pat-hatch"));
    }
    let title = words::span_title(span.member, span.state, span.from_ms);
    c.bands
        .push(Shape::new("g").class(class).title(title).kid(band));
    let owner = c.owner();
    c.labels
        .reserve_for(Rect::new(x0.max(left), top, x1, top + h), owner);
    let pad = g.em(0.35);
    let x = g.x(label_ms).max(left) + pad;
    let y = g.baseline(g.members_top(), span.member, g.font());
    let texts = words::span_texts(span.state);
    let room = x1.min(right) - x - pad;
    let mut opts = inside(&texts, x, y, room, g.font());
    opts.extend(options(&texts[1..], x1 + pad, &[y], g.em(1.0), g.em(3.0)));
    Request {
        priority: 3,
        at_ms: span.from_ms,
        class: "band-text",
        alt_class: None,
        size: g.font(),
        options: opts,
        anchor: None,
        owner,
    }
}
