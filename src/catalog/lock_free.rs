//! "Beyond the lock": the warehouse with no lock at all, and the same orders under a lease for
//! "Which pattern?". With no lock, apps read, work and reserve with
//! compare-and-set, and start over when the stock changed under them: a pause cannot make a
//! write land on a stock it never saw, and the price is the work done again.

use super::entry::{Entry, ResourceTag};
use super::knobs::Knob;
use super::leases::work;
use super::narration::{Anchor, Cond, EventMatcher as E, NarrationStep as S, A, B};
use crate::engine::{AppConfig, Enforce, Fault, Mode, ResourceKind, Scenario, Step, APP_A};

/// A and B want the last item with no lock; A freezes halfway through its order.
pub const NO_LOCK: Entry = Entry {
    id: "no-lock",
    title: "No lock at all",
    summary: "A and B both want the last item, and neither asks for a lock: each reads the \
              stock, works out its order, and reserves; the warehouse can check that the stock \
              is still what the app read. A freezes halfway through. Who has to wait for whom, \
              and what does the freeze cost?",
    resource: ResourceTag::Inventory,
    default_enforcement: true,
    fix: Some(Knob::Enforcement),
    build: no_lock,
    questions: super::questions::beyond::NO_LOCK,
    system: None,
    narration: ORDERS,
};

/// The same two orders with a lease and a fencing token: the story "Which pattern?" opens on,
/// and the run each of its rows changes by a few knobs (see [`super::which_pattern`]).
pub const WHICH_PATTERN: Entry = Entry {
    id: "which-pattern",
    title: "Which pattern?",
    summary: "A and B want the last item, and A freezes halfway through its order: the same \
              orders under four designs. A lease with a fencing token, a leader's epoch, \
              compare-and-set with no lock, and a replicated service under the lease: what \
              does each guarantee, what does it cost, and what breaks it?",
    resource: ResourceTag::Inventory,
    default_enforcement: true,
    fix: Some(Knob::Enforcement),
    build: with_a_lease,
    questions: super::questions::beyond::NO_LOCK,
    system: None,
    narration: ORDERS,
};

/// A's lease ran out while it was frozen.
const RAN_OUT_FROZEN: Cond = Cond::And(
    &Cond::Then(E::PauseStarted(A), E::Expired(A)),
    &Cond::Then(E::Expired(A), E::PauseEnded(A)),
);

/// The two orders for the last item, told under any design: no lock at all (the story's
/// own), or a lease whose token or epoch the warehouse checks ("Which pattern?" runs both).
pub(super) const ORDERS: &[S] = &[
    S::new(
        "Nobody asks for a lock",
        Anchor::First(E::ReadServed(A)),
        "At {at} A reads the stock: {value}. Nobody asks the coordination service for \
         anything here: each app reads, works out its order, and reserves.",
    )
    .only(Cond::Locks(false)),
    S::new(
        "A takes the lease",
        Anchor::First(E::Granted(A)),
        "At {at} A is granted the lease, with {token}, and starts its order. While A \
         holds it, the service refuses B's requests.",
    )
    .only(Cond::And(
        &Cond::Locks(true),
        &Cond::Then(E::Granted(A), E::Refused(B)),
    )),
    S::new(
        "A freezes",
        Anchor::First(E::PauseStarted(A)),
        "At {at} A freezes in a long GC pause, halfway through its order. It holds \
         nothing, so nothing waits for it.",
    )
    .only(Cond::Locks(false)),
    S::new(
        "A freezes with the lease",
        Anchor::First(E::PauseStarted(A)),
        "At {at} A freezes in a long GC pause, halfway through its order. It still holds \
         the lease, so B has to wait for the lease to run out.",
    )
    .only(Cond::And(
        &Cond::Locks(true),
        &Cond::And(
            &Cond::Then(E::Granted(A), E::PauseStarted(A)),
            &Cond::And(&RAN_OUT_FROZEN, &Cond::Then(E::Expired(A), E::Granted(B))),
        ),
    )),
    S::new(
        "B reserves",
        Anchor::First(E::WriteAccepted(B)),
        "At {at} B's reservation is accepted: the stock is still what B read. B never \
         waited for A, frozen with its order half done.",
    )
    .only(Cond::And(
        &Cond::And(
            &Cond::Locks(false),
            &Cond::Before(E::WriteAccepted(B), E::WriteArrived(A)),
        ),
        &Cond::And(
            &Cond::Then(E::PauseStarted(A), E::WriteAccepted(B)),
            &Cond::Before(E::WriteAccepted(B), E::PauseEnded(A)),
        ),
    )),
    S::new(
        "B gets the lease",
        Anchor::First(E::Granted(B)),
        "At {at} A's lease has run out while A is still frozen, and B is granted it, with \
         {token}.",
    )
    .only(Cond::And(
        &Cond::Locks(true),
        &Cond::And(
            &Cond::Then(E::PauseStarted(A), E::Expired(A)),
            &Cond::And(
                &Cond::Then(E::Expired(A), E::Granted(B)),
                &Cond::Before(E::Granted(B), E::PauseEnded(A)),
            ),
        ),
    )),
    S::new(
        "B reserves with the lease",
        Anchor::First(E::WriteAccepted(B)),
        "At {at} B's reservation is accepted, with {token}.",
    )
    .only(Cond::And(
        &Cond::Locks(true),
        &Cond::Then(E::Granted(B), E::WriteAccepted(B)),
    )),
    S::new(
        "A's reservation is refused",
        Anchor::First(E::VersionRejected(A)),
        "At {at} A wakes and reserves, computed from a stock of {read}, read before its \
         pause. The warehouse now holds {now}, so the compare-and-set fails: the warehouse \
         takes a reservation only while the stock is still what the app read.",
    )
    .only(Cond::Then(E::PauseStarted(A), E::VersionRejected(A))),
    S::new(
        "A is fenced off",
        Anchor::First(E::WriteRejected(A)),
        "At {at} A wakes and reserves with {token}, computed from the stock it read before \
         its pause. The warehouse has seen {highest}, so it refuses: A's lease ran out while \
         it was frozen.",
    )
    .only(Cond::And(
        &Cond::Locks(true),
        &Cond::And(
            &RAN_OUT_FROZEN,
            &Cond::Then(E::PauseEnded(A), E::WriteRejected(A)),
        ),
    )),
    S::new(
        "A starts over",
        Anchor::First(E::StartedOver(A)),
        "At {at} A reads the stock again and starts its order over. The work it did \
         before its pause is thrown away: that is what a design with no lock pays, in \
         work done again rather than in waiting.",
    )
    .only(Cond::Then(E::PauseStarted(A), E::StartedOver(A))),
    S::new(
        "Sold twice",
        Anchor::First(E::WriteAccepted(A)),
        "At {at} A wakes and reserves, computed from the stock it read before its pause. \
         Nothing compares what A read with what the warehouse holds now, so the last \
         item is sold twice. Switch on the version check.",
    )
    .only(Cond::And(
        &Cond::And(&Cond::Broken, &Cond::Enforced(false)),
        &Cond::And(
            &Cond::Locks(false),
            &Cond::Then(E::WriteAccepted(B), E::WriteAccepted(A)),
        ),
    ))
    .toggle(Knob::Enforcement),
    S::new(
        "Sold twice after the lease",
        Anchor::First(E::WriteAccepted(A)),
        "At {at} A wakes and reserves with {token}, computed from the stock it read before \
         its pause, though its lease ran out while it was frozen. Nothing at the warehouse \
         checks it, so the last item is sold twice. Switch on token enforcement.",
    )
    .only(Cond::And(
        &Cond::Locks(true),
        &Cond::And(
            &Cond::And(&Cond::Broken, &Cond::Enforced(false)),
            &Cond::And(
                &RAN_OUT_FROZEN,
                &Cond::Then(E::WriteAccepted(B), E::WriteAccepted(A)),
            ),
        ),
    ))
    .toggle(Knob::Enforcement),
];

/// A reads the last item at 0 s and works for 10 s, freezing at 5 s for 40 s; B starts at
/// 2 s, reads and works for 10 s. Both reserve with compare-and-set.
fn no_lock() -> Scenario {
    let plan = [Step::Read, work(10_000), Step::Write];
    let a = AppConfig::new("A", "Warehouse service").steps(&plan);
    let b = AppConfig::new("B", "Warehouse service")
        .start_ms(2_000)
        .steps(&plan);
    Scenario::default()
        .with_resource(ResourceKind::Inventory { stock: 1 })
        .with_apps(vec![a, b])
        .with_mode(Mode::NoLock)
        .with_enforce(Enforce::ExactVersion)
        .with_fault(Fault::pause(APP_A, 5_000, 40_000))
}

/// The same orders, each app holding a lease while it works and the warehouse checking its
/// token.
fn with_a_lease() -> Scenario {
    no_lock()
        .with_mode(Mode::Lease)
        .with_enforce(Enforce::HighestToken)
}
