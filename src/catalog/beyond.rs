//! "Beyond the lock": stories about what sits under the lease. The first: one box that keeps
//! its token counter in memory reissues a token at a failover; a replicated group cannot.

use super::entry::{Entry, ResourceTag};
use super::knobs::Knob;
use super::narration::{Anchor, Cond, EventMatcher as E, NarrationStep as S, A, B};
use super::outages::{A_PAUSES, REJECTED_BY_HIGHER};
use crate::engine::{AppConfig, Fault, ResourceKind, Scenario, Step, APP_A};

/// The coordination service fails over while A is paused: one box forgets its counter, a
/// group of three keeps every grant in its log.
pub const ONE_BOX: Entry = Entry {
    id: "one-box",
    title: "One box is not enough",
    summary: "The coordination service fails over while A is paused. A single box that keeps \
              its token counter in memory can hand out A's token again; a replicated group \
              cannot. Switch the replicated service on and compare.",
    resource: ResourceTag::Inventory,
    default_enforcement: true,
    fix: Some(Knob::Members),
    build: one_box,
    questions: super::questions::beyond::ONE_BOX,
    system: None,
    narration: &[
        A_PAUSES,
        S::new(
            "One box fails over",
            Anchor::First(E::FailedOver),
            "At {at} the coordination service, a single box, fails over. Its new leader \
             finds no lease and no token counter: it grants nothing for {ttl}, then counts \
             from the first token again.",
        )
        .only(Cond::Knob(Knob::Members, false)),
        S::new(
            "A new leader is elected",
            Anchor::First(E::FailedOver),
            "At {at} a new leader takes over the replicated service: a majority of its members \
             elected it, and every grant the old leader made is in its log.",
        )
        .only(Cond::Knob(Knob::Members, true)),
        S::new(
            "The lease starts again",
            Anchor::First(E::LeaseRestarted(A)),
            "The new leader finds A's lease ({token}) and starts its timer again: it now ends \
             at {until}. Until then nobody else can be granted it.",
        ),
        S::new(
            "The same token again",
            Anchor::First(E::Granted(B)),
            "At {at} B is granted the lease with {token}. The box kept no token counter, so it \
             counted from the start again.",
        )
        .only(Cond::And(
            &Cond::Knob(Knob::Members, false),
            &Cond::Then(E::FailedOver, E::Granted(B)),
        )),
        S::new(
            "A higher token",
            Anchor::First(E::Granted(B)),
            "At {at} B is granted the lease with {token}: a token is the grant's place in the \
             group's log, so it is higher than A's {A.token}.",
        )
        .only(Cond::And(
            &Cond::Knob(Knob::Members, true),
            &Cond::Then(E::FailedOver, E::Granted(B)),
        )),
        S::new(
            "Sold twice",
            Anchor::First(E::WriteAccepted(A)),
            "At {at} A wakes and sends its reservation with {token}. The warehouse has seen \
             {B.token} from B, the very same number, so it accepts: the last item is sold \
             twice. Switch on the replicated coordination service.",
        )
        .only(Cond::And(
            &Cond::And(&Cond::Broken, &Cond::Enforced(true)),
            &Cond::Then(E::Granted(B), E::WriteAccepted(A)),
        ))
        .toggle(Knob::Members),
        REJECTED_BY_HIGHER,
    ],
};

/// A holds the last item's lease and freezes at 20 s for 40 s; the service fails over at
/// 25 s with its counter in memory; B starts at 25 s.
fn one_box() -> Scenario {
    let a = AppConfig::new("A", "Warehouse service")
        .renew_every_ms(None)
        .steps(&[Step::Read, Step::Work { for_ms: 25_000 }, Step::Write]);
    let b = AppConfig::new("B", "Warehouse service")
        .start_ms(25_000)
        .renew_every_ms(None)
        .steps(&[Step::Read, Step::Write, Step::Work { for_ms: 5_000 }]);
    Scenario::default()
        .with_resource(ResourceKind::Inventory { stock: 1 })
        .with_apps(vec![a, b])
        .with_fault(Fault::pause(APP_A, 20_000, 40_000))
        .with_fault(Fault::failover(25_000))
        .with_durability(true, false)
}
