//! Stories about stale owners doing real damage: a payment made twice and the last item
//! in the warehouse promised to two customers.

use super::knobs::Knob;
use super::leases::stale_owner_and_successor;
use super::narration::{Anchor, Cond, EventMatcher as E, NarrationStep as S, Who, A, B};
use super::{Entry, ResourceTag};
use crate::engine::{Fault, ResourceKind, Scenario};

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
    narration: &[
        S::new(
            "Granted, then out of the picture",
            Anchor::First(E::Granted(A)),
            "Payment service A is granted token 101 and asks the bank which invoices are \
             unpaid. From here on A talks to the bank directly: the coordination service is \
             no longer in the path.",
        ),
        S::new(
            "A freezes",
            Anchor::First(E::PauseStarted(A)),
            "At 20 s A freezes for 40 s, holding an invoice it is about to pay.",
        ),
        S::new(
            "B pays the invoice",
            Anchor::First(E::WriteAccepted(B)),
            "The lease runs out at 30 s and B is granted token 102. B finds the invoice \
             still unpaid and pays it.",
        ),
        S::new(
            "A resumes",
            Anchor::First(E::PauseEnded(A)),
            "At 60 s A carries on and submits its payment. The coordination service knows \
             A's lease is long gone, but it never sees this request, so it cannot stop it.",
        ),
        S::new(
            "Paid twice",
            Anchor::First(E::Violation),
            "The bank cannot tell A's request from B's: both look like valid payments, so the \
             invoice is paid a second time. Switch on token enforcement so the bank can tell \
             the newer owner from the older one.",
        )
        .only(Cond::Never(E::WriteRejected(Who::Any)))
        .toggle(Knob::Enforcement),
        S::new(
            "The bank says no",
            Anchor::First(E::WriteRejected(A)),
            "The bank remembers token 102 from B's visit, sees 101 on A's payment and refuses \
             it. The invoice is paid exactly once.",
        )
        .only(Cond::Happens(E::WriteRejected(Who::Any))),
    ],
};

fn payment_service() -> Scenario {
    Scenario::default()
        .with_resource(ResourceKind::Payments { invoices: vec![42] })
        .with_apps(stale_owner_and_successor("Payment service", 25_000, 25_000))
        .with_fault(Fault::pause("A", 20_000, 40_000))
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
    narration: &[
        S::new(
            "One item left",
            Anchor::First(E::ReadServed(A)),
            "The warehouse has a single item left. A is granted token 101 and reads the \
             stock: one.",
        ),
        S::new(
            "A stops",
            Anchor::First(E::PauseStarted(A)),
            "A few seconds in, at 5 s, A stops dead for 40 s. Its lease keeps running while \
             A is frozen.",
        ),
        S::new(
            "B reserves the item",
            Anchor::First(E::WriteAccepted(B)),
            "At 30 s the lease runs out and B is granted token 102. B reads one item in \
             stock and reserves it for its customer; the stock drops to zero.",
        ),
        S::new(
            "A resumes",
            Anchor::First(E::PauseEnded(A)),
            "At 45 s A continues from the stock it read before the pause: one item, still \
             there as far as A knows. It reserves it for its own customer.",
        ),
        S::new(
            "Two customers, one item",
            Anchor::First(E::Violation),
            "The warehouse accepts A's reservation too: the last item is promised twice. \
             Nobody broke the lease rules; the warehouse just cannot tell an old owner from \
             a new one. Switch on token enforcement to give it a way.",
        )
        .only(Cond::Never(E::WriteRejected(Who::Any)))
        .toggle(Knob::Enforcement),
        S::new(
            "Old owner, new owner",
            Anchor::First(E::WriteRejected(A)),
            "A's reservation carries token 101, the warehouse has seen 102, and it refuses. \
             B's customer keeps the item, and the rejection tells A it lost the lease.",
        )
        .only(Cond::Happens(E::WriteRejected(Who::Any))),
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
        .with_fault(Fault::pause("A", 5_000, 40_000))
}
