//! Stories about fencing tokens: how they grow, why the resource must enforce them, and
//! why a client-side check cannot replace that.

use super::entry::{Entry, ResourceTag};
use super::knobs::Knob;
use super::leases::{stale_owner_and_successor, work};
use super::narration::{Anchor, Cond, EventMatcher as E, NarrationStep as S, A, B, C};
use crate::engine::{AppConfig, Fault, ResourceKind, Scenario, Step, APP_A};

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
    questions: super::questions::tokens::TOKENS_101_102_103,
    system: None,
    narration: &[
        S::new(
            "A: {token}",
            Anchor::First(E::Granted(A)),
            "A is granted the lease together with {token}. The token is just the next \
             value of a counter that only ever goes up.",
        ),
        S::new(
            "Every write carries its token",
            Anchor::First(E::WriteAccepted(A)),
            "A writes its version of the file with {token} attached, then releases the lease.",
        )
        .only(Cond::Then(E::WriteAccepted(A), E::Released(A))),
        S::new(
            "B: {token}",
            Anchor::First(E::Granted(B)),
            "B has been waiting and now gets the lease with {token}. A larger token \
             always means a more recent owner.",
        )
        .only(Cond::And(
            &Cond::Then(E::Refused(B), E::Granted(B)),
            &Cond::Then(E::Granted(A), E::Granted(B)),
        )),
        S::new(
            "C: {token}",
            Anchor::First(E::Granted(C)),
            "C follows with {token}. No clock is involved: the order comes from the counter \
             alone, so it holds even when every machine's clock disagrees.",
        )
        .only(Cond::Then(E::Granted(B), E::Granted(C))),
        S::new(
            "A trail of tokens",
            Anchor::First(E::WriteAccepted(C)),
            "Each version of the file records the token it was written with: {A.wrote}, \
             {B.wrote}, {C.wrote}. That trail is what lets a resource spot a request from a \
             replaced owner.",
        )
        .only(Cond::And(
            &Cond::Then(E::WriteAccepted(A), E::WriteAccepted(B)),
            &Cond::Then(E::WriteAccepted(B), E::WriteAccepted(C)),
        )),
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
    questions: super::questions::tokens::RESOURCE_ENFORCES,
    system: None,
    narration: &[
        S::new(
            "Highest: {token}",
            Anchor::First(E::ReadServed(A)),
            "A is granted {token} and reads the stock with it. The warehouse notes \
             {token} as the highest token it has seen so far.",
        )
        .only(Cond::And(
            &Cond::Enforced(true),
            &Cond::Before(E::ReadServed(A), E::Granted(B)),
        )),
        S::new(
            "Tokens ignored",
            Anchor::First(E::ReadServed(A)),
            "A is granted {token} and reads the stock. With enforcement off the \
             warehouse pays no attention to the token.",
        )
        .only(Cond::Enforced(false)),
        S::new(
            "A freezes",
            Anchor::First(E::PauseStarted(A)),
            "At {at} A freezes for {A.pause}, in the middle of its work.",
        )
        .only(Cond::And(
            &Cond::Then(E::ReadServed(A), E::PauseStarted(A)),
            &Cond::Before(E::PauseStarted(A), E::WriteSent(A)),
        )),
        S::new(
            "Highest: {token}",
            Anchor::First(E::ReadServed(B)),
            "A's lease expires at {A.expired} and B is granted {token}. B's read arrives \
             with {token}, and the highest token the warehouse has seen goes from {A.token} to \
             {token}.",
        )
        .only(Cond::And(
            &Cond::Enforced(true),
            &Cond::And(
                &Cond::Then(E::Expired(A), E::Granted(B)),
                &Cond::Then(E::ReadServed(A), E::ReadServed(B)),
            ),
        )),
        S::new(
            "B reserves",
            Anchor::First(E::WriteAccepted(B)),
            "B reserves an item with {token}, which is not below anything the warehouse \
             has seen, so the reservation goes through.",
        )
        .only(Cond::Enforced(true)),
        S::new(
            "B reserves",
            Anchor::First(E::WriteAccepted(B)),
            "B is granted {token} and reserves an item for its customer.",
        )
        .only(Cond::Enforced(false)),
        S::new(
            "{token} < {highest}",
            Anchor::First(E::WriteRejected(A)),
            "A wakes at {A.resumed}, and at {at} its reservation arrives with {token}. \
             The warehouse compares: {token} is below {highest}, so it rejects the write and A \
             learns it is no longer the owner.",
        )
        .only(Cond::Then(E::PauseEnded(A), E::WriteRejected(A))),
        S::new(
            "The stale write lands",
            Anchor::First(E::StaleAccepted(A)),
            "A wakes at {A.resumed} and reserves with {token}. Nobody compares tokens, so \
             the last item is promised twice. Switch token enforcement back on to see the write \
             refused.",
        )
        .only(Cond::And(
            &Cond::Broken,
            &Cond::Then(E::PauseEnded(A), E::StaleAccepted(A)),
        ))
        .toggle(Knob::Enforcement),
        S::new(
            "Only the resource can do this",
            Anchor::End,
            "The coordination service handed out the tokens but never saw A's write; only \
             the resource can check them. It needs no clock, just one number and one \
             comparison.",
        )
        .only(Cond::Happens(E::WriteRejected(A))),
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
        .with_fault(Fault::pause(APP_A, 15_000, 35_000))
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
    questions: super::questions::tokens::CHECK_NOT_ENOUGH,
    system: None,
    narration: &[
        S::new(
            "A plays it safe",
            Anchor::First(E::Granted(A)),
            "A is granted {token} with a {ttl} lease. Before every write it looks at its \
             clock and writes only if the lease is still valid.",
        )
        .only(Cond::And(&Cond::Checks(true), &Cond::Leases(true))),
        S::new(
            "A does not check",
            Anchor::First(E::Granted(A)),
            "A is granted {token}. With the check switched off, A writes without looking \
             at its lease first.",
        )
        .only(Cond::Checks(false)),
        S::new(
            "The check passes",
            Anchor::First(E::PauseStarted(A)),
            "At {at} A checks its lease, finds it still valid and goes ahead. Then, between the \
             check and the write, A freezes for {A.pause}.",
        )
        .only(Cond::And(
            &Cond::And(&Cond::Checks(true), &Cond::Once(E::PauseStarted(A))),
            &Cond::And(
                &Cond::Then(E::ReadServed(A), E::PauseStarted(A)),
                &Cond::Then(E::PauseEnded(A), E::WriteSent(A)),
            ),
        )),
        S::new(
            "B takes over",
            Anchor::First(E::WriteAccepted(B)),
            "A's lease runs out at {A.expired} and B is granted {B.token}. B writes a new \
             version of the file.",
        )
        .only(Cond::Then(E::Expired(A), E::Granted(B))),
        S::new(
            "A writes in time",
            Anchor::First(E::WriteAccepted(A)),
            "At {at} A's write with {token} lands while A still holds the lease, so the \
             file is safe.",
        )
        .only(Cond::And(
            &Cond::Safe,
            &Cond::And(
                &Cond::Before(E::WriteAccepted(A), E::Expired(A)),
                &Cond::Before(E::WriteAccepted(A), E::Released(A)),
            ),
        )),
        S::new(
            "The check says no",
            Anchor::First(E::WriteSkipped(A)),
            "At {at} A checks its lease, finds it over, and does not write. Here the check \
             works: the lease ran out before the check, not after it.",
        )
        .only(Cond::And(
            &Cond::Checks(true),
            &Cond::Then(E::Expired(A), E::WriteSkipped(A)),
        )),
        S::new(
            "A finishes what it started",
            Anchor::First(E::WriteSent(A)),
            "At {at} A sends the write it had approved before its pause. It does not check \
             again: as far as A can tell, it checked a moment ago.",
        )
        .only(Cond::And(
            &Cond::Checks(true),
            &Cond::Then(E::PauseEnded(A), E::WriteSent(A)),
        )),
        S::new(
            "Checked, and still stale",
            Anchor::First(E::StaleAccepted(A)),
            "The file accepts {token} and B's newer version is overwritten. A check on the \
             client can never close the gap between checking and acting. Switch on token \
             enforcement to let the resource close it.",
        )
        .only(Cond::And(
            &Cond::Broken,
            &Cond::Then(E::WriteAccepted(B), E::StaleAccepted(A)),
        ))
        .toggle(Knob::Enforcement),
        S::new(
            "The resource closes the gap",
            Anchor::First(E::WriteRejected(A)),
            "The file has seen {highest}, so A's write with {token} is rejected. The check still \
             helps in the common case, but the resource is what makes it safe.",
        )
        .only(Cond::Safe),
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
        .with_fault(Fault::pause_after_check(APP_A, 1, 40_000))
}
