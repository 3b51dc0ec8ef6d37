//! "Beyond the lock": leader election with epochs. An app elected leader holds the leader's
//! lease, and the election's number, its epoch, goes with every write: the fencing token under
//! another name. A deposed leader that wakes from a pause is refused by its old epoch.

use super::entry::{Entry, ResourceTag};
use super::knobs::Knob;
use super::leases::work;
use super::narration::{Anchor, Cond, EventMatcher as E, NarrationStep as S, A, B};
use crate::engine::{AppConfig, Fault, ResourceKind, Scenario, Step, Tokens, APP_A};

/// A is elected leader of the billing run, freezes, and is deposed; B is elected with a
/// higher epoch; A wakes and pays with its old one.
pub const DEPOSED_LEADER: Entry = Entry {
    id: "deposed-leader",
    title: "A deposed leader",
    summary: "Two replicas of a billing service elect a leader, and only the leader may pay the \
              invoice. The leader freezes halfway through its run and is deposed; when it wakes \
              it still takes itself for the leader. Its election's number, its epoch, goes with \
              every payment.",
    resource: ResourceTag::Payments,
    default_enforcement: true,
    fix: Some(Knob::Enforcement),
    build: deposed_leader,
    questions: super::questions::beyond::DEPOSED_LEADER,
    system: None,
    narration: &[
        S::new(
            "A is elected leader",
            Anchor::First(E::Granted(A)),
            "At {at} A wins the election: the coordination service grants it the leader's \
             lease, in {token}. The epoch is the election's number, higher at each \
             election: the fencing token under another name. B stands by and keeps asking.",
        )
        .only(Cond::Epochs),
        S::new(
            "The leader freezes",
            Anchor::First(E::PauseStarted(A)),
            "At {at} A, leader in {A.token}, freezes in a long GC pause halfway through the \
             billing run. It renews nothing while it is frozen.",
        )
        .only(Cond::And(
            &Cond::Then(E::Granted(A), E::PauseStarted(A)),
            &Cond::Before(E::PauseStarted(A), E::Expired(A)),
        )),
        S::new(
            "B is elected",
            Anchor::First(E::Granted(B)),
            "At {at} A's lease has run out, and B is elected leader in {token}.",
        )
        .only(Cond::Then(E::Expired(A), E::Granted(B))),
        S::new(
            "B pays the invoice",
            Anchor::First(E::WriteAccepted(B)),
            "At {at} B, the new leader, pays the invoice with {token}.",
        )
        .only(Cond::Then(E::Granted(B), E::WriteAccepted(B))),
        S::new(
            "A's renewal is refused",
            Anchor::First(E::RenewRefused(A)),
            "At {at} the service refuses A's renewal: A's lease ran out while it was frozen, \
             and B has been elected since.",
        )
        .only(Cond::And(
            &Cond::Then(E::PauseEnded(A), E::RenewRefused(A)),
            &Cond::Then(E::Granted(B), E::RenewRefused(A)),
        )),
        S::new(
            "The deposed leader is refused",
            Anchor::First(E::WriteRejected(A)),
            "At {at} the payment A computed as leader reaches the bank, with {token}: A woke \
             and sent it without looking at its lease. The bank has seen {highest}, so it \
             refuses: a deposed leader's epoch is too old.",
        )
        .only(Cond::And(
            &Cond::Epochs,
            &Cond::Then(E::PauseEnded(A), E::WriteRejected(A)),
        )),
        S::new(
            "Paid twice",
            Anchor::First(E::WriteAccepted(A)),
            "At {at} the payment A computed as leader reaches the bank, with {token}: A woke \
             and sent it without looking at its lease. Nothing checks epochs, so the invoice is \
             paid twice. Switch on token enforcement.",
        )
        .only(Cond::And(
            &Cond::And(
                &Cond::Broken,
                &Cond::And(&Cond::Enforced(false), &Cond::Epochs),
            ),
            &Cond::And(
                &Cond::Then(E::WriteAccepted(B), E::WriteAccepted(A)),
                &Cond::Then(E::PauseEnded(A), E::WriteAccepted(A)),
            ),
        ))
        .toggle(Knob::Enforcement),
    ],
};

/// A campaigns at 0 s, B from 1 s; the leader's lease lasts 15 s and is renewed every 5 s.
/// The leader reads the unpaid invoice, works 30 s and pays; A freezes at 12 s for 40 s.
/// Epochs count from 1.
fn deposed_leader() -> Scenario {
    let plan = [Step::Read, work(30_000), Step::Write];
    let a = AppConfig::new("A", "Billing replica").steps(&plan);
    let b = AppConfig::new("B", "Billing replica")
        .start_ms(1_000)
        .steps(&[Step::Read, work(5_000), Step::Write]);
    Scenario::default()
        .with_resource(ResourceKind::Payments { invoices: vec![7] })
        .with_apps(vec![a, b])
        .with_ttl_ms(15_000)
        .with_tokens(Tokens::Epoch)
        .with_first_token(1)
        .with_fault(Fault::pause(APP_A, 12_000, 40_000))
}
