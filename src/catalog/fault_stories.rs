//! Stories about faults other than pauses (a delayed packet, a slow clock), and the
//! finale where leases and tokens together make every fault harmless.

use super::entry::{Entry, ResourceTag};
use super::knobs::Knob;
use super::leases::{stale_owner_and_successor, work};
use super::narration::{Anchor, Cond, EventMatcher as E, NarrationStep as S, A, B, C};
use crate::engine::{AppConfig, Fault, MsgKind, ResourceKind, Scenario, Step, APP_A, APP_B};

/// A's payment sits in the network and arrives after B's.
pub const DELAYED_PACKET: Entry = Entry {
    id: "delayed-packet",
    title: "A delayed packet",
    summary: "No pause at all: A's payment waits in the network for 40 s and lands after B's.",
    resource: ResourceTag::Payments,
    default_enforcement: false,
    fix: Some(Knob::Enforcement),
    build: delayed_packet,
    questions: super::questions::fault_stories::DELAYED_PACKET,
    system: None,
    narration: &[
        S::new(
            "A finds an unpaid invoice",
            Anchor::First(E::ReadServed(A)),
            "A is granted {token} and asks the bank for unpaid invoices: there is one.",
        )
        .only(Cond::Happens(E::WriteSent(A))),
        S::new(
            "Stuck in the network",
            Anchor::First(E::WriteSent(A)),
            "At {at} A sends the payment. The packet is held up somewhere in the network for \
             {A.held}, and A can only wait for the answer. A is not paused; it is perfectly \
             healthy.",
        )
        .only(Cond::And(
            &Cond::Never(E::PauseStarted(A)),
            &Cond::Never(E::Crashed(A)),
        )),
        S::new(
            "A's lease runs out",
            Anchor::First(E::Expired(A)),
            "At {at} A's lease expires. A's own clock ended it a moment earlier, because A \
             counts its lease from when it asked.",
        )
        .only(Cond::Then(E::BeliefEnded(A), E::Expired(A))),
        S::new(
            "B pays",
            Anchor::First(E::WriteAccepted(B)),
            "B is granted {B.token} and finds the invoice still unpaid, because A's payment \
             has not arrived yet. B pays it.",
        )
        .only(Cond::Then(E::WriteSent(A), E::ReadServed(B))),
        S::new(
            "The old packet arrives",
            Anchor::First(E::StaleAccepted(A)),
            "At {at} A's payment finally reaches the bank and is accepted: the invoice is paid \
             twice. Switch on token enforcement: the packet still carries {token}.",
        )
        .only(Cond::And(
            &Cond::Broken,
            &Cond::Then(E::WriteAccepted(B), E::StaleAccepted(A)),
        ))
        .toggle(Knob::Enforcement),
        S::new(
            "Late, but still the owner's",
            Anchor::First(E::WriteAccepted(A)),
            "At {at} A's payment finally reaches the bank. A still holds the lease, so nobody \
             else has paid in the meantime: a late packet only does harm once someone else has \
             taken over.",
        )
        .only(Cond::And(
            &Cond::Never(E::Expired(A)),
            &Cond::And(
                &Cond::Before(E::WriteAccepted(A), E::Granted(B)),
                &Cond::Before(E::WriteAccepted(A), E::Released(A)),
            ),
        )),
        S::new(
            "Rejected on arrival",
            Anchor::First(E::WriteRejected(A)),
            "At {at} A's payment arrives with {token}. The bank has already seen \
             {highest} and refuses it: the token judges the request itself, however late it \
             comes.",
        ),
    ],
};

fn delayed_packet() -> Scenario {
    Scenario::default()
        .with_resource(ResourceKind::Payments { invoices: vec![42] })
        .with_apps(stale_owner_and_successor("Payment service", 5_000, 25_000))
        .with_fault(Fault::delay(APP_A, MsgKind::Write, 1, 40_000))
}

/// A's clock runs slow, so its lease seems to last longer than it does.
pub const CLOCK_SKEW: Entry = Entry {
    id: "clock-skew",
    title: "A slow clock",
    summary: "A's clock runs at half speed, so A believes its lease lasts longer than it does.",
    resource: ResourceTag::Inventory,
    default_enforcement: false,
    fix: Some(Knob::Enforcement),
    build: clock_skew,
    questions: super::questions::fault_stories::CLOCK_SKEW,
    system: None,
    narration: &[
        S::new(
            "A's clock runs slow",
            Anchor::First(E::Granted(A)),
            "A is granted {token} and a {ttl} lease. A's clock runs at half speed, so A \
             measures its {ttl} against a clock that keeps falling behind.",
        )
        .only(Cond::Leases(true)),
        S::new(
            "A takes a lock",
            Anchor::First(E::Granted(A)),
            "A is granted {token} and a lock without expiry, so its slow clock has no \
             lease length to misjudge.",
        )
        .only(Cond::Leases(false)),
        S::new(
            "The lease expires",
            Anchor::First(E::Expired(A)),
            "At {at} the coordination service, whose clock is right, ends A's lease. By A's \
             clock only about half of the lease has gone by.",
        )
        .only(Cond::And(
            &Cond::And(
                &Cond::Never(E::Renewed(A)),
                &Cond::Then(E::ReadServed(A), E::Expired(A)),
            ),
            &Cond::Before(E::Expired(A), E::Crashed(A)),
        )),
        S::new(
            "B reserves an item",
            Anchor::First(E::WriteAccepted(B)),
            "B is granted {B.token} and reserves an item for its customer.",
        ),
        S::new(
            "A checks, and writes",
            Anchor::First(E::WriteSent(A)),
            "At {at} A checks its lease before writing. Its slow clock says there is time left, \
             so the check passes and A sends its reservation as well.",
        )
        .only(Cond::And(
            &Cond::Checks(true),
            &Cond::And(
                &Cond::Then(E::Expired(A), E::WriteSent(A)),
                &Cond::Then(E::WriteAccepted(B), E::WriteSent(A)),
            ),
        )),
        super::stale::RESERVES_STILL_OWNER,
        S::new(
            "Sold twice",
            Anchor::First(E::StaleAccepted(A)),
            "The warehouse accepts, and the last item is sold twice. A did check, but the check \
             trusts a clock, and clocks drift. Switch on token enforcement: tokens are plain \
             numbers and ignore every clock.",
        )
        .only(Cond::And(&Cond::Broken, &Cond::Checks(true)))
        .toggle(Knob::Enforcement),
        S::new(
            "Sold twice",
            Anchor::First(E::StaleAccepted(A)),
            "The warehouse accepts, and the last item is sold twice. Switch on token \
             enforcement: tokens are plain numbers and ignore every clock.",
        )
        .only(Cond::And(&Cond::Broken, &Cond::Checks(false)))
        .toggle(Knob::Enforcement),
        S::new(
            "Told by the resource",
            Anchor::First(E::WriteRejected(A)),
            "The warehouse has seen {highest} and rejects A's {token}. Only now, from the \
             rejection, does A learn that its lease was gone.",
        )
        .only(Cond::And(
            &Cond::Then(E::Expired(A), E::WriteRejected(A)),
            &Cond::Before(E::WriteRejected(A), E::BeliefEnded(A)),
        )),
    ],
};

fn clock_skew() -> Scenario {
    let a = AppConfig::new("A", "Warehouse service")
        .renew_every_ms(None)
        .check_before_write(0)
        .clock(0, -500_000)
        .steps(&[Step::Read, work(40_000), Step::Write]);
    let b = AppConfig::new("B", "Warehouse service")
        .start_ms(25_000)
        .renew_every_ms(None)
        .check_before_write(0)
        .steps(&[Step::Read, Step::Write]);
    Scenario::default()
        .with_resource(ResourceKind::Inventory { stock: 1 })
        .with_apps(vec![a, b])
}

/// A pause, a slow clock and a delayed packet at once, with leases and tokens.
pub const LEASES_AND_TOKENS: Entry = Entry {
    id: "leases-and-tokens",
    title: "Leases and tokens together",
    summary: "A pause, a slow clock and a delayed packet at once; with both leases and tokens, none of them matters.",
    resource: ResourceTag::Storage,
    default_enforcement: true,
    fix: Some(Knob::Enforcement),
    build: leases_and_tokens,
    questions: super::questions::fault_stories::LEASES_AND_TOKENS,
    system: None,
    narration: &[
        S::new("Two questions", Anchor::First(E::Granted(A)),
            "A is granted {token}. The lease answers who owns the file now; the token \
             answers whether a request comes from the newest owner. Faults are about to \
             strike."),
        S::new("A freezes after its check", Anchor::First(E::PauseStarted(A)),
            "At {at} A checks its lease, finds it valid, and freezes for {A.pause} before it \
             can write.")
            .only(Cond::And(
                &Cond::And(&Cond::Checks(true), &Cond::Once(E::PauseStarted(A))),
                &Cond::And(
                    &Cond::Then(E::ReadServed(A), E::PauseStarted(A)),
                    &Cond::Then(E::PauseEnded(A), E::WriteSent(A)),
                ),
            )),
        S::new("B, with a slow clock", Anchor::First(E::Granted(B)),
            "A's lease expires, and at {at} B is granted {token}. B's clock runs at half \
             speed, so B will think its lease lasts far longer than it does.")
            .only(Cond::And(&Cond::Leases(true), &Cond::Then(E::Expired(A), E::Granted(B)))),
        S::new("C, the newest owner", Anchor::First(E::Granted(C)),
            "B's lease expires, and at {at} C is granted {token}.")
            .only(Cond::Then(E::Expired(B), E::Granted(C))),
        S::new("A bounces", Anchor::First(E::WriteRejected(A)),
            "A wakes and sends its write with {token}. The file has already seen a newer \
             token and refuses it.")
            .only(Cond::Then(E::PauseEnded(A), E::WriteRejected(A))),
        S::new("A's write lands", Anchor::First(E::WriteAccepted(A)),
            "A wakes and writes with {token}; with enforcement off the file takes it.")
            .only(Cond::And(
                &Cond::Enforced(false),
                &Cond::Then(E::PauseEnded(A), E::WriteAccepted(A)),
            )),
        S::new("C writes", Anchor::First(E::WriteAccepted(C)),
            "C writes with {token} and the file accepts it."),
        S::new("B's late packet bounces", Anchor::First(E::WriteRejected(B)),
            "B's slow clock let its check pass, and then its write sat in the network for \
             {B.held}. It arrives with {token}, below {highest}, and is refused. Every fault \
             struck; none of them reached the data.")
            .only(Cond::And(
                &Cond::And(&Cond::Safe, &Cond::Checks(true)),
                &Cond::And(
                    &Cond::Then(E::Expired(B), E::WriteSent(B)),
                    &Cond::Happens(E::PauseStarted(A)),
                ),
            )),
        S::new("Everything goes wrong", Anchor::First(E::StaleAccepted(B)),
            "B's late write with {token} lands on top of C's version. Without enforcement the \
             faults reach the file. Switch token enforcement back on.")
            .only(Cond::And(
                &Cond::Broken,
                &Cond::Then(E::WriteAccepted(C), E::StaleAccepted(B)),
            ))
            .toggle(Knob::Enforcement),
    ],
};

fn leases_and_tokens() -> Scenario {
    let a = AppConfig::new("A", "Report writer")
        .renew_every_ms(None)
        .check_before_write(0)
        .steps(&[Step::Read, work(20_000), Step::Write]);
    let b = AppConfig::new("B", "Report writer")
        .start_ms(25_000)
        .renew_every_ms(None)
        .check_before_write(0)
        .clock(0, -500_000)
        .steps(&[Step::Read, work(35_000), Step::Write]);
    let c = AppConfig::new("C", "Report writer")
        .start_ms(55_000)
        .renew_every_ms(None)
        .check_before_write(0)
        .steps(&[Step::Read, work(5_000), Step::Write]);
    Scenario::default()
        .with_resource(ResourceKind::Storage)
        .with_apps(vec![a, b, c])
        .with_fault(Fault::pause_after_check(APP_A, 1, 40_000))
        .with_fault(Fault::delay(APP_B, MsgKind::Write, 1, 20_000))
}
