//! Stories that open on a real system without an ordered token: Kubernetes leader election,
//! whose two leaders both act, and the DynamoDB Lock Client, whose random record version
//! cannot be compared by size. In both, the data's own version check is what saves it.

use super::entry::{Entry, ResourceTag};
use super::knobs::{Knob, Knobs};
use super::leases::work;
use super::narration::{Anchor, Cond, EventMatcher as E, NarrationStep as S, A, B};
use super::systems::System;
use crate::engine::{AppConfig, Fault, ResourceKind, Scenario, Step, APP_A};

/// Kubernetes leader election: the old leader wakes after the new one is elected.
pub const KUBERNETES_TWO_LEADERS: Entry = Entry {
    id: "kubernetes-two-leaders",
    title: "Kubernetes: two leaders act",
    summary: "Leader election hands out no token: a paused leader wakes after the new one and both write.",
    resource: ResourceTag::Storage,
    default_enforcement: true,
    fix: Some(Knob::ExactVersion),
    build: kubernetes_two_leaders,
    questions: super::questions::systems::KUBERNETES_TWO_LEADERS,
    system: Some(System::Kubernetes),
    narration: &[
        S::new(
            "A leads",
            Anchor::First(E::Granted(A)),
            "Controller A wins the election: it holds the Lease for {ttl} and renews it every \
             {A.renew}. It reads the shared file to do a leader's work.",
        ),
        S::new(
            "The leader stops",
            Anchor::First(E::PauseStarted(A)),
            "At {at} A freezes for {A.pause} in the middle of its work. Its renewals stop with \
             it.",
        )
        .only(Cond::Then(E::Renewed(A), E::PauseStarted(A))),
        S::new(
            "A new leader",
            Anchor::First(E::Granted(B)),
            "A's Lease runs out at {A.expired}. B, retrying every {B.retry}, takes it at {at} \
             and becomes the new leader.",
        )
        .only(Cond::Then(E::Expired(A), E::Granted(B))),
        S::new(
            "B acts",
            Anchor::First(E::WriteAccepted(B)),
            "At {at} B writes a new version of the file, as the leader it now is.",
        ),
        S::new(
            "Two leaders act",
            Anchor::First(E::StaleAccepted(A)),
            "At {at} A wakes and writes what it computed as leader before the pause, and the \
             file takes it: two leaders have acted, and B's version is lost. There is no token \
             to check. Switch on \"Enforce by version\" to let the file check what A read.",
        )
        .only(Cond::And(
            &Cond::Broken,
            &Cond::Then(E::WriteAccepted(B), E::StaleAccepted(A)),
        ))
        .toggle(Knob::ExactVersion),
        S::new(
            "The data fences",
            Anchor::End,
            "Both leaders acted, and the file kept the new leader's version: it turned A away \
             because the file had changed since A read it. No lease is looked at, which is how \
             Kubernetes objects guard their writes with resourceVersion.",
        )
        .only(Cond::And(
            &Cond::Then(E::WriteAccepted(B), E::VersionRejected(A)),
            &Cond::Safe,
        )),
    ],
};

fn kubernetes_two_leaders() -> Scenario {
    let a = AppConfig::new("A", "Controller").steps(&[Step::Read, work(10_000), Step::Write]);
    let b = AppConfig::new("B", "Controller")
        .start_ms(10_000)
        .retry_ms(2_000)
        .release_at_end(false)
        .steps(&[Step::Read, work(2_000), Step::Write]);
    let base = Scenario::default()
        .with_horizon_ms(60_000)
        .with_resource(ResourceKind::Storage)
        .with_apps(vec![a, b])
        .with_fault(Fault::pause(APP_A, 5_000, 25_000));
    Knobs::on_system(&base, System::Kubernetes, |_| {})
}

/// The DynamoDB Lock Client: the stale reservation fails the warehouse's version check.
pub const DYNAMODB_VERSION_CHECK: Entry = Entry {
    id: "dynamodb-version-check",
    title: "DynamoDB: a version check without an order",
    summary:
        "The lock's record version is random, yet the data's version check refuses the stale write.",
    resource: ResourceTag::Inventory,
    default_enforcement: true,
    fix: Some(Knob::ExactVersion),
    build: dynamodb_version_check,
    questions: super::questions::systems::DYNAMODB_VERSION_CHECK,
    system: Some(System::DynamoDb),
    narration: &[
        S::new(
            "A {ttl} lease",
            Anchor::First(E::Granted(A)),
            "Order service A takes the lock with a {ttl} lease and a heartbeat every \
             {A.renew}. Its record version number is random: two of them say changed or not, \
             never which is newer.",
        ),
        S::new(
            "A counts the stock",
            Anchor::First(E::ReadServed(A)),
            "A reads the stock: {value} left in the warehouse.",
        ),
        S::new(
            "A freezes",
            Anchor::First(E::PauseStarted(A)),
            "At {at} A freezes for {A.pause} before it reserves. Its heartbeats stop.",
        )
        .only(Cond::And(
            &Cond::Then(E::ReadServed(A), E::PauseStarted(A)),
            &Cond::And(
                &Cond::Then(E::PauseStarted(A), E::WriteSent(A)),
                &Cond::Then(E::Renewed(A), E::PauseStarted(A)),
            ),
        )),
        S::new(
            "B takes over",
            Anchor::First(E::WriteAccepted(B)),
            "A's lease runs out at {A.expired}. B takes the lock at {B.granted} and reserves \
             at {at}, counting on the stock it read.",
        )
        .only(Cond::Then(E::Expired(A), E::Granted(B))),
        S::new(
            "Reserved twice",
            Anchor::First(E::StaleAccepted(A)),
            "At {at} A wakes and reserves with {token}, counting on the stock it read \
             before the pause, and the warehouse takes it as well as B's. A random version \
             cannot be compared by size. Switch on \"Enforce by version\" to let the warehouse \
             compare what A read with what it holds.",
        )
        .only(Cond::And(
            &Cond::Broken,
            &Cond::Then(E::WriteAccepted(B), E::StaleAccepted(A)),
        ))
        .toggle(Knob::ExactVersion),
        S::new(
            "Equal or not is enough",
            Anchor::End,
            "The warehouse never asked which lock was newer, only whether the stock was still \
             what A read. It was not, so B's reservation stands: an unordered version is \
             enough to fence, as long as the write is checked against it.",
        )
        .only(Cond::And(
            &Cond::Then(E::WriteAccepted(B), E::VersionRejected(A)),
            &Cond::Safe,
        )),
    ],
};

fn dynamodb_version_check() -> Scenario {
    let a = AppConfig::new("A", "Order service").steps(&[Step::Read, work(10_000), Step::Write]);
    let b = AppConfig::new("B", "Order service")
        .start_ms(15_000)
        .release_at_end(false)
        .steps(&[Step::Read, work(1_000), Step::Write]);
    let base = Scenario::default()
        .with_horizon_ms(70_000)
        .with_resource(ResourceKind::Inventory { stock: 1 })
        .with_apps(vec![a, b])
        .with_fault(Fault::pause(APP_A, 6_000, 30_000));
    Knobs::on_system(&base, System::DynamoDb, |_| {})
}
