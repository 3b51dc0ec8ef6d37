//! The legend: one entry per kind of mark the timeline actually drew, each with a small sample
//! built from the same shapes as the drawing and one line saying what it means.

use super::draw::{line, path, rect};
pub use super::mark_kind::{Kind, KINDS};
use crate::ui::svg::Shape;
use crate::words::legend as words;

/// Every kind, in the legend's order.
pub const ALL: [Kind; KINDS] = [
    Kind::Lease,
    Kind::Renewal,
    Kind::Refused,
    Kind::Failover,
    Kind::Leader,
    Kind::MemberDown,
    Kind::MemberCut,
    Kind::Vote,
    Kind::Belief,
    Kind::Pause,
    Kind::Partition,
    Kind::Crash,
    Kind::StartOver,
    Kind::SplitBrain,
    Kind::Read,
    Kind::Accepted,
    Kind::Stale,
    Kind::Rejected,
    Kind::Violation,
    Kind::Fence,
    Kind::Restart,
    Kind::Message,
    Kind::SlowMessage,
    Kind::LostMessage,
    Kind::CopiedMessage,
];

impl Kind {
    /// The kinds drawn, in legend order, with when each first appears (`from_ms`, by the
    /// kind's index; `u64::MAX`: not drawn).
    pub fn drawn(from_ms: &[u64; KINDS]) -> Vec<(Kind, u64)> {
        let at = |k: Kind| (k, from_ms[k as usize]);
        ALL.into_iter()
            .map(at)
            .filter(|&(_, ms)| ms != u64::MAX)
            .collect()
    }

    /// What the mark means, in a few words.
    pub fn words(self) -> &'static str {
        match self {
            Kind::Lease => words::LEASE,
            Kind::Renewal => words::RENEWAL,
            Kind::Refused => words::REFUSED,
            Kind::Belief => words::BELIEF,
            Kind::Pause => words::PAUSE,
            Kind::Partition => words::PARTITION,
            Kind::Crash => words::CRASH,
            Kind::StartOver => words::START_OVER,
            Kind::SplitBrain => words::SPLIT_BRAIN,
            Kind::Read => words::READ,
            Kind::Accepted => words::ACCEPTED,
            Kind::Stale => words::STALE,
            Kind::Rejected => words::REJECTED,
            Kind::Violation => words::VIOLATION,
            Kind::Fence => words::FENCE,
            Kind::Message => words::MESSAGE,
            Kind::SlowMessage => words::SLOW_MESSAGE,
            Kind::LostMessage => words::LOST_MESSAGE,
            Kind::CopiedMessage => words::COPIED_MESSAGE,
            Kind::Restart => words::RESTART,
            Kind::Failover => words::FAILOVER,
            Kind::Leader => words::LEADER,
            Kind::MemberDown => words::MEMBER_DOWN,
            Kind::MemberCut => words::MEMBER_CUT,
            Kind::Vote => words::VOTE,
        }
    }

    /// A 28 × 16 px sample of the mark (classes as on the timeline; `fill` for patterns).
    pub fn sample(self, fill: &str) -> Shape {
        let g = Shape::new("g").class(self.class());
        match self {
            Kind::Lease => g.kid(rect("lease-bar", 1.0, 3.0, 26.0, 10.0).set("rx", "3")),
            Kind::Renewal => g
                .kid(rect("lease-bar", 1.0, 3.0, 26.0, 10.0).set("rx", "3"))
                .kid(line("renew-tick", (14.0, 2.0), (14.0, 14.0))),
            Kind::Refused => g.kid(cross(14.0, 8.0, 4.0, "refusal-x")),
            Kind::Belief => g.kid(rect("belief-band", 1.0, 3.0, 26.0, 10.0).set("fill", fill)),
            Kind::Pause => g.kid(rect("pause-band", 1.0, 3.0, 26.0, 10.0).set("fill", fill)),
            Kind::Partition => g.kid(rect("partition-band", 1.0, 2.0, 26.0, 12.0)),
            Kind::Crash => g.kid(line("crash-line", (14.0, 1.0), (14.0, 15.0))),
            Kind::StartOver => g.kid(line("start-over-line", (14.0, 1.0), (14.0, 15.0))),
            Kind::SplitBrain => g.kid(rect("split-band", 1.0, 1.0, 26.0, 14.0)),
            Kind::Read | Kind::Accepted | Kind::Stale | Kind::Rejected => {
                g.kid(access_dot(self, 14.0, 8.0, 6.5))
            }
            Kind::Violation => g.kid(violation_badge(14.0, 8.0, 7.0)),
            Kind::Fence => g.kid(path(
                "fence-line",
                &[(1.0, 12.0), (14.0, 12.0), (14.0, 5.0), (27.0, 5.0)],
            )),
            Kind::Message => g.kid(line("msg-line", (1.0, 3.0), (27.0, 13.0))),
            Kind::SlowMessage => g.kid(line("msg-line", (1.0, 3.0), (27.0, 13.0))),
            Kind::LostMessage => g.kid(line("msg-line", (1.0, 3.0), (18.0, 10.0))).kid(cross(
                21.0,
                11.5,
                3.5,
                "msg-lost-x",
            )),
            Kind::CopiedMessage => g.kid(line("msg-line", (1.0, 3.0), (27.0, 13.0))),
            Kind::Restart => g.kid(line("restart-line", (14.0, 1.0), (14.0, 15.0))),
            Kind::Leader | Kind::MemberCut => g.kid(rect("member-band", 1.0, 3.0, 26.0, 10.0)),
            Kind::MemberDown => g.kid(rect("member-band", 1.0, 3.0, 26.0, 10.0).set("fill", fill)),
            Kind::Vote => g.kid(
                Shape::new("circle")
                    .class("vote-dot")
                    .num("cx", 14.0)
                    .num("cy", 8.0)
                    .num("r", 3.0),
            ),
            Kind::Failover => g.kid(rect("failover-band", 9.0, 3.0, 18.0, 10.0)).kid(line(
                "failover-line",
                (9.0, 1.0),
                (9.0, 15.0),
            )),
        }
    }

    /// The class of the mark's group on the timeline.
    pub fn class(self) -> &'static str {
        match self {
            Kind::Lease | Kind::Renewal => "lease app-a",
            Kind::Refused => "refusal app-b",
            Kind::Belief => "belief app-a",
            Kind::Pause => "pause",
            Kind::Partition => "partition",
            Kind::Crash => "crash",
            Kind::StartOver => "start-over",
            Kind::SplitBrain => "split-brain",
            Kind::Read => "access read app-a",
            Kind::Accepted => "access write accepted app-a",
            Kind::Stale => "access write stale app-a",
            Kind::Rejected => "access write rejected app-a",
            Kind::Violation => "violation-mark",
            Kind::Fence => "fence",
            Kind::Message => "msg msg-coord",
            Kind::SlowMessage => "msg msg-coord msg-slow",
            Kind::LostMessage => "msg msg-lost",
            Kind::CopiedMessage => "msg msg-write msg-copy",
            Kind::Restart => "restart",
            Kind::Failover => "failover",
            Kind::Leader => "member-lead",
            Kind::MemberDown => "member-down",
            Kind::MemberCut => "member-cut",
            Kind::Vote => "vote",
        }
    }
}

/// A cross of half-size `r` centred at `(x, y)`, drawn as a path (not text).
pub fn cross(x: f64, y: f64, r: f64, class: &'static str) -> Shape {
    Shape::new("g").class(class).kids([
        line("x-stroke", (x - r, y - r), (x + r, y + r)),
        line("x-stroke", (x - r, y + r), (x + r, y - r)),
    ])
}

/// The dot of a read or write at the resource with its icon (drawn as paths, not text):
/// a small dot for a read, ✓ accepted, ! stale, ✗ rejected.
pub fn access_dot(kind: Kind, x: f64, y: f64, r: f64) -> Shape {
    let dot = Shape::new("circle")
        .class("access-dot")
        .num("cx", x)
        .num("cy", y)
        .num("r", r);
    let k = r * 0.5;
    let icon = match kind {
        Kind::Read => Shape::new("circle")
            .class("access-icon read-dot")
            .num("cx", x)
            .num("cy", y)
            .num("r", r * 0.3),
        Kind::Accepted => path(
            "access-icon",
            &[(x - k, y), (x - k * 0.2, y + k * 0.8), (x + k, y - k * 0.8)],
        ),
        Kind::Rejected => cross(x, y, k * 0.85, "access-icon"),
        _ => Shape::new("g").class("access-icon").kids([
            line("bang", (x, y - k * 1.1), (x, y + k * 0.25)),
            line("bang", (x, y + k * 0.8), (x, y + k * 0.85)),
        ]),
    };
    Shape::new("g").kids([dot, icon])
}

/// The red badge with a "!" where a rule of the resource broke, drawn as paths.
pub fn violation_badge(x: f64, y: f64, r: f64) -> Shape {
    Shape::new("g").kids([
        rect("violation-badge", x - r, y - r, r * 2.0, r * 2.0).set("rx", "3"),
        line("violation-icon", (x, y - r * 0.55), (x, y + r * 0.15)),
        line("violation-icon", (x, y + r * 0.5), (x, y + r * 0.55)),
    ])
}
