//! "The item came back": compare-and-set by value against by version, on the ABA case. With
//! no lock, A reads the last item and works; meanwhile B reserves it and B's order is
//! cancelled, so the stock is what A read again when A reserves. Compared by value (etcd's
//! Txn compare on `VALUE`), A's reservation passes: the compare cannot tell anything
//! happened, and on a plain count nothing is wrong. Compared by version (etcd's `MOD`,
//! Kubernetes' `resourceVersion`), it fails: the version rose twice, and A starts over.

use super::entry::{Entry, ResourceTag};
use super::knobs::Knob;
use super::leases::work;
use super::narration::{Anchor, Cond, EventMatcher as E, NarrationStep as S, A, B};
use crate::engine::{AppConfig, Enforce, Mode, ResourceKind, Scenario, Step};

/// B reserves and gives back the item A read, before A's reservation lands.
pub const CAME_BACK: Entry = Entry {
    id: "item-came-back",
    title: "The item came back",
    summary: "No lock again. A reads the last item and works out its order; meanwhile B \
              reserves that item, then B's order is cancelled and the item goes back. When \
              A reserves, the stock is what A read. Can the warehouse tell that anything \
              happened?",
    resource: ResourceTag::Inventory,
    default_enforcement: true,
    fix: None,
    build: came_back,
    questions: super::questions::beyond::CAME_BACK,
    system: None,
    narration: STEPS,
};

/// A read first, and B both reserved and gave back before A's reservation arrived: the
/// stock A's reservation meets is the one A read, after two writes.
const WENT_AND_CAME: Cond = Cond::And(
    &Cond::And(
        &Cond::Locks(false),
        &Cond::Then(E::ReadServed(A), E::WriteAccepted(B)),
    ),
    &Cond::Before(E::Returned(B), E::WriteArrived(A)),
);

/// The story's steps, in time order.
const STEPS: &[S] = &[
    S::new(
        "A reads",
        Anchor::First(E::ReadServed(A)),
        "At {at} A reads the stock: {value}. Nobody asks for a lock: A works out its order \
         for {A.work}, then reserves.",
    )
    .only(Cond::Locks(false)),
    S::new(
        "B reserves",
        Anchor::First(E::WriteAccepted(B)),
        "At {at} B, which read the same stock, reserves an item: the stock is now below \
         what A read.",
    )
    .only(Cond::And(
        &Cond::Locks(false),
        &Cond::And(
            &Cond::Then(E::ReadServed(A), E::WriteAccepted(B)),
            &Cond::Before(E::WriteAccepted(B), E::WriteArrived(A)),
        ),
    )),
    S::new(
        "B's order is cancelled",
        Anchor::First(E::Returned(B)),
        "At {at} B's order is cancelled and the item goes back: the stock is what A read \
         again, though the warehouse has taken two writes since A's read, and its version \
         rose with each.",
    )
    .only(WENT_AND_CAME),
    S::new(
        "Same value, so it passes",
        Anchor::First(E::WriteAccepted(A)),
        "At {at} A reserves, computed from its first read. The warehouse compares values: \
         the stock is what A read, so the compare-and-set passes, blind to the sale and \
         the return in between. On a count, that does no harm: the item is there, and A \
         gets it. Where a value that comes back means something else, only a version can \
         tell.",
    )
    .only(Cond::And(
        &Cond::And(&WENT_AND_CAME, &Cond::Safe),
        &Cond::And(
            &Cond::And(
                &Cond::Enforced(true),
                &Cond::Knob(Knob::ExactVersion, false),
            ),
            &Cond::Before(E::WriteAccepted(A), E::VersionRejected(A)),
        ),
    ))
    .toggle(Knob::ExactVersion),
    S::new(
        "Same value, new version",
        Anchor::First(E::VersionRejected(A)),
        "At {at} A reserves, computed from its first read. The stock is what A read, but \
         the warehouse compares versions, and B's sale and return each raised the version: \
         the compare-and-set fails.",
    )
    .only(Cond::And(
        &WENT_AND_CAME,
        &Cond::And(
            &Cond::Knob(Knob::ExactVersion, true),
            &Cond::Before(E::VersionRejected(A), E::WriteAccepted(A)),
        ),
    ))
    .toggle(Knob::ExactVersion),
    S::new(
        "A tries again",
        Anchor::First(E::WriteAccepted(A)),
        "At {at} A's second try, from a fresh read, reserves the item. The version check \
         cost A its first round of work, for a stock that had come back to what A read.",
    )
    .only(Cond::And(
        &WENT_AND_CAME,
        &Cond::And(
            &Cond::Then(E::VersionRejected(A), E::StartedOver(A)),
            &Cond::Then(E::StartedOver(A), E::WriteAccepted(A)),
        ),
    )),
    S::new(
        "B waits for the lock",
        Anchor::First(E::Granted(B)),
        "At {at} B is granted {token}, once A's reservation has landed: while A held the \
         lock, B could neither sell the item nor give it back under A's feet.",
    )
    .only(Cond::And(
        &Cond::Locks(true),
        &Cond::And(
            &Cond::Then(E::WriteAccepted(A), E::Granted(B)),
            &Cond::Before(E::Granted(B), E::WriteAccepted(B)),
        ),
    )),
];

/// A reads the last item at 0 s and works for 10 s; B starts at 2 s, reads, reserves, works
/// for 3 s and gives the item back. The warehouse compares the value read.
fn came_back() -> Scenario {
    let a =
        AppConfig::new("A", "Warehouse service").steps(&[Step::Read, work(10_000), Step::Write]);
    let b = AppConfig::new("B", "Warehouse service")
        .start_ms(2_000)
        .steps(&[Step::Read, Step::Write, work(3_000), Step::Return]);
    Scenario::default()
        .with_resource(ResourceKind::Inventory { stock: 1 })
        .with_apps(vec![a, b])
        .with_mode(Mode::NoLock)
        .with_enforce(Enforce::ExactValue)
        .with_horizon_ms(40_000)
}
