//! Stories about faults other than pauses (a delayed packet, a slow clock), and the
//! finale where leases and tokens together make every fault harmless.

use super::knobs::Knob;
use super::leases::{stale_owner_and_successor, work};
use super::narration::{Anchor, Cond, EventMatcher as E, NarrationStep as S, Who, A, B, C};
use super::{Entry, ResourceTag};
use crate::engine::{AppConfig, Fault, MsgKind, ResourceKind, Scenario, Step};

/// A's payment sits in the network and arrives after B's.
pub const DELAYED_PACKET: Entry = Entry {
    id: "delayed-packet",
    title: "A delayed packet",
    summary: "No pause at all: A's payment waits in the network for 40 s and lands after B's.",
    resource: ResourceTag::Payments,
    default_enforcement: false,
    fix: Some(Knob::Enforcement),
    build: delayed_packet,
    narration: &[
        S::new(
            "A finds an unpaid invoice",
            Anchor::First(E::ReadServed(A)),
            "A is granted token 101 and asks the bank for unpaid invoices: there is one.",
        ),
        S::new(
            "Stuck in the network",
            Anchor::First(E::WriteSent(A)),
            "At 5 s A sends the payment. The packet is held up somewhere in the network for \
             40 s, and A can only wait for the answer. A is not paused; it is perfectly \
             healthy.",
        ),
        S::new(
            "A's lease runs out",
            Anchor::First(E::Expired(A)),
            "At 30 s A's lease expires. A's own clock agrees, so A stops believing it owns \
             anything: this time there are never two owners.",
        ),
        S::new(
            "B pays",
            Anchor::First(E::WriteAccepted(B)),
            "B is granted token 102 and finds the invoice still unpaid, because A's payment \
             has not arrived yet. B pays it.",
        ),
        S::new(
            "The old packet arrives",
            Anchor::First(E::Violation),
            "At 45 s A's payment finally reaches the bank and is accepted: the invoice is \
             paid twice, though nobody paused and nobody held a wrong belief. Switch on token \
             enforcement: the packet still carries 101.",
        )
        .only(Cond::Never(E::WriteRejected(Who::Any)))
        .toggle(Knob::Enforcement),
        S::new(
            "Rejected on arrival",
            Anchor::First(E::WriteRejected(A)),
            "At 45 s A's payment arrives with token 101. The bank has already seen 102 and \
             refuses it: the token judges the request itself, however late it comes.",
        )
        .only(Cond::Happens(E::WriteRejected(Who::Any))),
    ],
};

fn delayed_packet() -> Scenario {
    Scenario::default()
        .with_resource(ResourceKind::Payments { invoices: vec![42] })
        .with_apps(stale_owner_and_successor("Payment service", 5_000, 25_000))
        .with_fault(Fault::delay("A", MsgKind::Write, 1, 40_000))
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
    narration: &[
        S::new(
            "A's clock runs slow",
            Anchor::First(E::Granted(A)),
            "A is granted token 101 and a 30 s lease. A's clock runs at half speed, so A \
             measures its 30 s against a clock that keeps falling behind.",
        ),
        S::new(
            "The lease expires",
            Anchor::First(E::Expired(A)),
            "At 30 s the coordination service, whose clock is right, ends A's lease. By A's \
             clock only about half of the lease has gone by.",
        ),
        S::new(
            "B reserves the item",
            Anchor::First(E::WriteAccepted(B)),
            "B is granted token 102 and reserves the last item.",
        ),
        S::new(
            "A checks, and writes",
            Anchor::First(E::WriteSent(A)),
            "At 40 s A checks its lease before writing. Its slow clock says there is time \
             left, so the check passes and A reserves the item as well.",
        ),
        S::new(
            "Sold twice",
            Anchor::First(E::Violation),
            "The warehouse accepts, and the last item is sold twice. A did check, but the \
             check trusts a clock, and clocks drift. Switch on token enforcement: tokens are \
             plain numbers and ignore every clock.",
        )
        .only(Cond::Never(E::WriteRejected(Who::Any)))
        .toggle(Knob::Enforcement),
        S::new(
            "Told by the resource",
            Anchor::First(E::WriteRejected(A)),
            "The warehouse has seen 102 and rejects A's 101. Only now, from the rejection, \
             does A learn that its lease was gone.",
        )
        .only(Cond::Happens(E::WriteRejected(Who::Any))),
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
    narration: &[
        S::new("Two questions", Anchor::First(E::Granted(A)),
            "A is granted token 101. The lease answers who owns the file now; the token \
             answers whether a request comes from the newest owner. Three faults are about \
             to strike."),
        S::new("A freezes after its check", Anchor::First(E::PauseStarted(A)),
            "At 20 s A checks its lease, finds it valid, and freezes for 40 s before it can \
             write."),
        S::new("B, with a slow clock", Anchor::First(E::Granted(B)),
            "At 30 s A's lease expires and B is granted token 102. B's clock runs at half \
             speed, so B will think its lease lasts far longer than it does."),
        S::new("C, the newest owner", Anchor::First(E::Granted(C)),
            "At 60 s B's lease expires too, and C is granted token 103."),
        S::new("A bounces", Anchor::First(E::WriteRejected(A)),
            "A wakes and sends its write with token 101. The file has already seen a newer \
             token and refuses it.")
            .only(Cond::Happens(E::WriteRejected(Who::Any))),
        S::new("A's write lands", Anchor::First(E::WriteAccepted(A)),
            "A wakes and writes with token 101; with enforcement off the file takes it.")
            .only(Cond::Never(E::WriteRejected(Who::Any))),
        S::new("C writes", Anchor::First(E::WriteAccepted(C)),
            "C writes with token 103 and the file accepts it."),
        S::new("B's late packet bounces", Anchor::First(E::WriteRejected(B)),
            "B's slow clock let its check pass at 65 s, and then its write sat in the network \
             for 20 s. It arrives with 102, below 103, and is refused. Every fault struck; \
             none of them reached the data.")
            .only(Cond::Happens(E::WriteRejected(Who::Any))),
        S::new("Everything goes wrong", Anchor::Last(E::Violation),
            "B's late write with 102 lands on top of C's version. Without enforcement each \
             fault reaches the file. Switch token enforcement back on.")
            .only(Cond::Never(E::WriteRejected(Who::Any)))
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
        .with_fault(Fault::pause_after_check("A", 1, 40_000))
        .with_fault(Fault::delay("B", MsgKind::Write, 1, 20_000))
}
