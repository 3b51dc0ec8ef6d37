//! Stories about stale owners doing real damage: a payment made twice and the last item
//! in the warehouse promised to two customers.

use super::entry::{Entry, ResourceTag};
use super::knobs::Knob;
use super::leases::stale_owner_and_successor;
use super::narration::{Anchor, Cond, EventMatcher as E, NarrationStep as S, A, B};
use crate::engine::{Fault, ResourceKind, Scenario, APP_A};

/// Told by both warehouse stories when A's reservation lands while A still holds the lease.
pub(super) const RESERVES_STILL_OWNER: S = S::new(
    "A reserves, still the owner",
    Anchor::First(E::WriteAccepted(A)),
    "At {at} A reserves an item with {token}. It never lost the lease, so nobody else \
     could touch the stock in between.",
)
.only(Cond::And(
    &Cond::Never(E::Expired(A)),
    &Cond::Before(E::WriteAccepted(A), E::Granted(B)),
));

/// A paused payment service pays an invoice the new owner already paid.
pub const PAYMENT_SERVICE: Entry = Entry {
    id: "payment-service",
    title: "The payment service",
    summary:
        "After the grant the coordination service is out of the path; a paused payer pays twice.",
    resource: ResourceTag::Payments,
    default_enforcement: false,
    fix: Some(Knob::Enforcement),
    build: payment_service,
    questions: super::questions::stale::PAYMENT_SERVICE,
    system: None,
    narration: &[
        S::new(
            "Granted, then out of the picture",
            Anchor::First(E::Granted(A)),
            "Payment service A is granted {token} and asks the bank which invoices are \
             unpaid. From here on A talks to the bank directly: the coordination service is \
             no longer in the path.",
        )
        .only(Cond::Happens(E::ReadServed(A))),
        S::new(
            "A freezes",
            Anchor::First(E::PauseStarted(A)),
            "At {at} A freezes for {A.pause}, holding an invoice it is about to pay.",
        )
        .only(Cond::And(
            &Cond::Then(E::ReadServed(A), E::PauseStarted(A)),
            &Cond::Then(E::PauseStarted(A), E::WriteSent(A)),
        )),
        S::new(
            "B pays the invoice",
            Anchor::First(E::WriteAccepted(B)),
            "A's lease runs out at {A.expired} and B is granted {B.token}. B finds the \
             invoice still unpaid and pays it.",
        )
        .only(Cond::Then(E::Expired(A), E::Granted(B))),
        S::new(
            "A resumes",
            Anchor::First(E::PauseEnded(A)),
            "At {at} A carries on and submits its payment. The coordination service knows \
             A's lease is long gone, but it never sees this request, so it cannot stop it.",
        )
        .only(Cond::And(
            &Cond::Then(E::Expired(A), E::PauseEnded(A)),
            &Cond::Then(E::PauseEnded(A), E::WriteSent(A)),
        )),
        S::new(
            "A pays, once",
            Anchor::First(E::WriteAccepted(A)),
            "At {at} A pays the invoice with {token}. It never lost the lease, so nobody \
             else could pay in the meantime.",
        )
        .only(Cond::And(
            &Cond::Never(E::Expired(A)),
            &Cond::Before(E::WriteAccepted(A), E::Granted(B)),
        )),
        S::new(
            "Paid twice",
            Anchor::First(E::StaleAccepted(A)),
            "The bank cannot tell A's request from B's: both look like valid payments, so the \
             invoice is paid a second time. Switch on token enforcement so the bank can tell \
             the newer owner from the older one.",
        )
        .only(Cond::And(
            &Cond::Broken,
            &Cond::Then(E::WriteAccepted(B), E::StaleAccepted(A)),
        ))
        .toggle(Knob::Enforcement),
        S::new(
            "The bank says no",
            Anchor::First(E::WriteRejected(A)),
            "The bank has seen {highest} from B, sees {token} on A's payment and refuses \
             it. The invoice is paid exactly once.",
        )
        .only(Cond::And(
            &Cond::Safe,
            &Cond::Then(E::WriteAccepted(B), E::WriteRejected(A)),
        )),
    ],
};

fn payment_service() -> Scenario {
    Scenario::default()
        .with_resource(ResourceKind::Payments { invoices: vec![42] })
        .with_apps(stale_owner_and_successor("Payment service", 25_000, 25_000))
        .with_fault(Fault::pause(APP_A, 20_000, 40_000))
}

/// One item left, reserved by B and then again by a resumed A.
pub const LAST_ITEM: Entry = Entry {
    id: "last-item",
    title: "The last item in the warehouse",
    summary: "One item in stock; B reserves it, then a resumed A reserves it too.",
    resource: ResourceTag::Inventory,
    default_enforcement: false,
    fix: Some(Knob::Enforcement),
    build: last_item,
    questions: super::questions::stale::LAST_ITEM,
    system: None,
    narration: &[
        S::new(
            "A counts the stock",
            Anchor::First(E::ReadServed(A)),
            "A is granted {token} and reads the stock: {value} left in the warehouse.",
        ),
        S::new(
            "A stops",
            Anchor::First(E::PauseStarted(A)),
            "At {at} A stops dead for {A.pause}. Its lease keeps running while A is frozen.",
        )
        .only(Cond::And(
            &Cond::Then(E::ReadServed(A), E::PauseStarted(A)),
            &Cond::Then(E::PauseStarted(A), E::Expired(A)),
        )),
        S::new(
            "A stops, still the owner",
            Anchor::First(E::PauseStarted(A)),
            "At {at} A stops dead for {A.pause}. Its lease does not run out while it is frozen, \
             so nobody can take its place.",
        )
        .only(Cond::And(
            &Cond::Then(E::ReadServed(A), E::PauseStarted(A)),
            &Cond::And(
                &Cond::Never(E::Expired(A)),
                &Cond::Before(E::PauseStarted(A), E::Released(A)),
            ),
        )),
        S::new(
            "B reserves an item",
            Anchor::First(E::WriteAccepted(B)),
            "A's lease runs out at {A.expired} and B is granted {B.token}. B finds an item \
             in stock and reserves it for its customer.",
        )
        .only(Cond::Then(E::Expired(A), E::Granted(B))),
        S::new(
            "A resumes",
            Anchor::First(E::PauseEnded(A)),
            "At {at} A continues from the stock it read before the pause. B's reservation is \
             invisible to A, so A reserves an item for its own customer too.",
        )
        .only(Cond::And(
            &Cond::Then(E::ReadServed(A), E::PauseStarted(A)),
            &Cond::And(
                &Cond::Then(E::WriteAccepted(B), E::PauseEnded(A)),
                &Cond::Then(E::PauseEnded(A), E::WriteSent(A)),
            ),
        )),
        RESERVES_STILL_OWNER,
        S::new(
            "Two customers, one item",
            Anchor::First(E::StaleAccepted(A)),
            "The warehouse accepts A's reservation too: the last item is promised twice. \
             Nobody broke the lease rules; the warehouse just cannot tell an old owner from \
             a new one. Switch on token enforcement to give it a way.",
        )
        .only(Cond::And(
            &Cond::Broken,
            &Cond::Then(E::WriteAccepted(B), E::StaleAccepted(A)),
        ))
        .toggle(Knob::Enforcement),
        S::new(
            "Old owner, new owner",
            Anchor::First(E::WriteRejected(A)),
            "A's reservation carries {token}, the warehouse has seen {highest}, and it \
             refuses. B's customer keeps the item, and the rejection tells A it lost the lease.",
        )
        .only(Cond::And(
            &Cond::Happens(E::Expired(A)),
            &Cond::Then(E::WriteAccepted(B), E::WriteRejected(A)),
        )),
    ],
};

fn last_item() -> Scenario {
    Scenario::default()
        .with_resource(ResourceKind::Inventory { stock: 1 })
        .with_apps(stale_owner_and_successor(
            "Warehouse service",
            10_000,
            20_000,
        ))
        .with_fault(Fault::pause(APP_A, 5_000, 40_000))
}
