//! A replicated coordination service's members, one row each under the coordination lane: a
//! bar while a member leads (with its term), a hatched band while it is down, a dashed one
//! while it is cut off from the others, and a dot where it stands for election or votes.

use super::defs::Defs;
use super::draw::{rect, Canvas, Request};
use super::geometry::Geometry;
use super::layout::options;
use super::legend::Kind;
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
    for span in spans
        .iter()
        .filter(|s| s.member < g.members && g.shows(s.from_ms, s.until_ms))
    {
        requests.push(bar(c, span, defs));
    }
    for m in marks
        .iter()
        .filter(|m| m.member < g.members && g.shows(m.at_ms, m.at_ms))
    {
        c.saw(Kind::Vote);
        let (x, y) = (
            g.x(m.at_ms),
            g.row_top(g.members_top(), m.member) + g.row() / 2.0,
        );
        let r = g.em(0.25);
        c.labels
            .reserve(super::text::Rect::new(x - r, y - r, x + r, y + r));
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

/// One span's band, and its label's request (inside the band, else left out).
fn bar(c: &mut Canvas, span: &MemberSpan, defs: Defs) -> Request {
    let g: Geometry = c.g;
    let (kind, class) = match span.state {
        MemberState::Leads { .. } => (Kind::Leader, "member-lead"),
        MemberState::Down => (Kind::MemberDown, "member-down"),
        MemberState::Cut => (Kind::MemberCut, "member-cut"),
    };
    c.saw(kind);
    let (left, _) = g.plot();
    let (x0, x1) = (g.x(span.from_ms), g.x(span.until_ms));
    let top = g.row_top(g.members_top(), span.member) + g.em(0.15);
    let h = g.row() - g.em(0.3);
    let mut band = rect("member-band", x0, top, (x1 - x0).max(2.0), h);
    if span.state == MemberState::Down {
        band = band.set("fill", defs.url("pat-hatch"));
    }
    let title = words::span_title(span.member, span.state, span.from_ms, span.until_ms);
    c.bands
        .push(Shape::new("g").class(class).title(title).kid(band));
    let owner = c.owner();
    let inside = super::text::Rect::new(x0.max(left), top, x1, top + h);
    c.labels.reserve_for(inside, owner);
    let x = x0.max(left) + g.em(0.35);
    let row = [g.baseline(g.members_top(), span.member, g.font())];
    Request {
        priority: 3,
        at_ms: span.from_ms,
        class: "band-text",
        alt_class: None,
        size: g.font(),
        options: options(&words::span_texts(span.state), x, &row, 0.0, 0.0),
        anchor: None,
        owner,
    }
}
