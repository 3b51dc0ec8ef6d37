//! Stories about fencing tokens: how they grow, why the resource must enforce them, and
//! why a client-side check cannot replace that.

use super::knobs::Knob;
use super::leases::{stale_owner_and_successor, work};
use super::narration::{Anchor, Cond, EventMatcher as E, NarrationStep as S, Who, A, B, C};
use super::{Entry, ResourceTag};
use crate::engine::{AppConfig, Fault, ResourceKind, Scenario, Step};

/// Three owners in turn, three growing tokens.
pub const TOKENS_101_102_103: Entry = Entry {
    id: "tokens-101-102-103",
    title: "Tokens 101, 102, 103",
    summary:
        "Three applications take turns; each grant carries a larger token, and so does each write.",
    resource: ResourceTag::Storage,
    default_enforcement: false,
    fix: None,
    build: tokens_101_102_103,
    narration: &[
        S::new(
            "A: token 101",
            Anchor::First(E::Granted(A)),
            "A is granted the lease together with token 101. The token is just the next value \
             of a counter that only ever goes up.",
        ),
        S::new(
            "Every write carries its token",
            Anchor::First(E::WriteAccepted(A)),
            "A writes its version of the file with 101 attached, then releases the lease.",
        ),
        S::new(
            "B: token 102",
            Anchor::First(E::Granted(B)),
            "B has been waiting and now gets the lease with token 102. A larger token always \
             means a more recent owner.",
        ),
        S::new(
            "C: token 103",
            Anchor::First(E::Granted(C)),
            "C follows with 103. No clock is involved: the order comes from the counter \
             alone, so it holds even when every machine's clock disagrees.",
        ),
        S::new(
            "A trail of tokens",
            Anchor::Last(E::WriteAccepted(C)),
            "Each version of the file records the token it was written with: 101, 102, 103. \
             That trail is what lets a resource spot a request from a replaced owner.",
        ),
    ],
};

fn tokens_101_102_103() -> Scenario {
    let plan = [Step::Read, work(3_000), Step::Write];
    let a = AppConfig::new("A", "Report writer").steps(&plan);
    let b = AppConfig::new("B", "Report writer")
        .start_ms(1_000)
        .steps(&plan);
    let c = AppConfig::new("C", "Report writer")
        .start_ms(5_000)
        .steps(&plan);
    Scenario::default()
        .with_resource(ResourceKind::Storage)
        .with_apps(vec![a, b, c])
}

/// The resource keeps the highest token and rejects older ones.
pub const RESOURCE_ENFORCES: Entry = Entry {
    id: "resource-enforces",
    title: "The resource enforces the token",
    summary: "The warehouse remembers the highest token, 101 then 102, and rejects A's late 101.",
    resource: ResourceTag::Inventory,
    default_enforcement: true,
    fix: Some(Knob::Enforcement),
    build: resource_enforces,
    narration: &[
        S::new(
            "Highest token: 101",
            Anchor::First(E::ReadServed(A)),
            "A is granted token 101 and reads the stock with it. The warehouse notes 101 as \
             the highest token it has seen so far.",
        )
        .only(Cond::Happens(E::WriteRejected(Who::Any))),
        S::new(
            "Tokens ignored",
            Anchor::First(E::ReadServed(A)),
            "A is granted token 101 and reads the stock. With enforcement off the warehouse \
             pays no attention to the token.",
        )
        .only(Cond::Never(E::WriteRejected(Who::Any))),
        S::new(
            "A freezes",
            Anchor::First(E::PauseStarted(A)),
            "At 15 s A freezes for 35 s, in the middle of its work.",
        ),
        S::new(
            "Highest token: 102",
            Anchor::First(E::FenceRaisedTo(102)),
            "At 30 s A's lease expires and B is granted token 102. B's read arrives with 102, \
             and the highest token the warehouse has seen goes from 101 to 102.",
        )
        .only(Cond::Happens(E::WriteRejected(Who::Any))),
        S::new(
            "B reserves",
            Anchor::First(E::WriteAccepted(B)),
            "B reserves the last item with token 102, which is not below anything the \
             warehouse has seen, so the reservation goes through.",
        ),
        S::new(
            "101 < 102",
            Anchor::First(E::WriteRejected(A)),
            "At 50 s A wakes and sends its reservation with token 101. The warehouse \
             compares: 101 is below 102, so it rejects the write and A learns it is no \
             longer the owner.",
        )
        .only(Cond::Happens(E::WriteRejected(Who::Any))),
        S::new(
            "The stale write lands",
            Anchor::First(E::Violation),
            "At 50 s A wakes and reserves with token 101. Nobody compares tokens, so the last \
             item is promised twice. Switch token enforcement back on to see the write \
             refused.",
        )
        .only(Cond::Never(E::WriteRejected(Who::Any)))
        .toggle(Knob::Enforcement),
        S::new(
            "Only the resource can do this",
            Anchor::End,
            "The coordination service handed out the tokens but never saw A's write; only \
             the resource can check them. It needs no clock, just one number and one \
             comparison.",
        )
        .only(Cond::Happens(E::WriteRejected(Who::Any))),
    ],
};

fn resource_enforces() -> Scenario {
    Scenario::default()
        .with_resource(ResourceKind::Inventory { stock: 1 })
        .with_apps(stale_owner_and_successor(
            "Warehouse service",
            20_000,
            25_000,
        ))
        .with_fault(Fault::pause("A", 15_000, 35_000))
}

/// A checks its lease, then pauses between the check and the write.
pub const CHECK_NOT_ENOUGH: Entry = Entry {
    id: "check-not-enough",
    title: "Checking the lease is not enough",
    summary: "A checks its lease before writing, then freezes between the check and the write.",
    resource: ResourceTag::Storage,
    default_enforcement: false,
    fix: Some(Knob::Enforcement),
    build: check_not_enough,
    narration: &[
        S::new(
            "A plays it safe",
            Anchor::First(E::Granted(A)),
            "A is granted token 101 with a 30 s lease. Before every write it looks at its \
             clock and writes only if the lease is still valid.",
        ),
        S::new(
            "The check passes",
            Anchor::First(E::PauseStarted(A)),
            "At 20 s A checks: about ten seconds of lease left, so it goes ahead. Then, \
             between the check and the write, A freezes for 40 s.",
        ),
        S::new(
            "B takes over",
            Anchor::First(E::WriteAccepted(B)),
            "The lease runs out at 30 s and B is granted token 102. B checks its own lease \
             and writes a new version of the file.",
        ),
        S::new(
            "A finishes what it started",
            Anchor::First(E::WriteSent(A)),
            "At 60 s A resumes and sends the write it had already approved. It does not \
             check again: as far as A can tell, it checked a moment ago.",
        ),
        S::new(
            "Checked, and still stale",
            Anchor::First(E::Violation),
            "The file accepts token 101 and B's newer version is overwritten. A check on the \
             client can never close the gap between checking and acting. Switch on token \
             enforcement to let the resource close it.",
        )
        .only(Cond::Never(E::WriteRejected(Who::Any)))
        .toggle(Knob::Enforcement),
        S::new(
            "The resource closes the gap",
            Anchor::First(E::WriteRejected(A)),
            "The file has seen 102, so A's write with 101 is rejected. The check still \
             helps in the common case, but the resource is what makes it safe.",
        )
        .only(Cond::Happens(E::WriteRejected(Who::Any))),
    ],
};

fn check_not_enough() -> Scenario {
    let a = AppConfig::new("A", "Report writer")
        .renew_every_ms(None)
        .check_before_write(0)
        .steps(&[Step::Read, work(20_000), Step::Write]);
    let b = AppConfig::new("B", "Report writer")
        .start_ms(25_000)
        .renew_every_ms(None)
        .check_before_write(0)
        .steps(&[Step::Read, work(5_000), Step::Write]);
    Scenario::default()
        .with_resource(ResourceKind::Storage)
        .with_apps(vec![a, b])
        .with_fault(Fault::pause_after_check("A", 1, 40_000))
}
