//! "Beyond the lock": the warehouse with no lock at all. Apps read, work and reserve with
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
    narration: &[
        S::new(
            "Nobody asks for a lock",
            Anchor::First(E::ReadServed(A)),
            "At {at} A reads the stock: {value}. Nobody asks the coordination service for \
             anything here: each app reads, works out its order, and reserves.",
        ),
        S::new(
            "A freezes",
            Anchor::First(E::PauseStarted(A)),
            "At {at} A freezes in a long GC pause, halfway through its order. It holds \
             nothing, so nothing waits for it.",
        ),
        S::new(
            "B reserves",
            Anchor::First(E::WriteAccepted(B)),
            "At {at} B's reservation is accepted: the stock is still what B read. B never \
             waited for A, frozen with its order half done.",
        )
        .only(Cond::And(
            &Cond::Before(E::WriteAccepted(B), E::WriteArrived(A)),
            &Cond::And(
                &Cond::Then(E::PauseStarted(A), E::WriteAccepted(B)),
                &Cond::Before(E::WriteAccepted(B), E::PauseEnded(A)),
            ),
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
            &Cond::Then(E::WriteAccepted(B), E::WriteAccepted(A)),
        ))
        .toggle(Knob::Enforcement),
    ],
};

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
