//! Stories that open on a real system's defaults and pit a pause against its session:
//! Curator's own warning (a 10 s GC pause against a 3 s ZooKeeper session) and Consul's
//! lock-delay, which holds the next holder off for a while but cannot outwait every pause.

use super::entry::{Entry, ResourceTag};
use super::knobs::{Knob, Knobs};
use super::leases::work;
use super::narration::{Anchor, Cond, EventMatcher as E, NarrationStep as S, A, B};
use super::systems::System;
use crate::engine::{AppConfig, Fault, ResourceKind, Scenario, Step, APP_A};

/// ZooKeeper with Curator, a 3 s session and a 10 s GC pause (Curator Tech Note 10).
pub const CURATOR_SESSION: Entry = Entry {
    id: "curator-session",
    title: "Curator: a GC pause against a short session",
    summary: "A ZooKeeper session of 3 s, a GC pause of 10 s: Curator's own warning, paid twice.",
    resource: ResourceTag::Payments,
    default_enforcement: false,
    fix: Some(Knob::Enforcement),
    build: curator_session,
    questions: super::questions::systems::CURATOR_SESSION,
    system: Some(System::ZooKeeper),
    narration: &[
        S::new(
            "A {ttl} session",
            Anchor::First(E::Granted(A)),
            "Billing job A holds the lock with {token} and asks the bank which invoices \
             are unpaid. Its ZooKeeper session lasts {ttl}, and its client pings every \
             {A.renew} to keep it alive.",
        )
        .only(Cond::Happens(E::ReadServed(A))),
        S::new(
            "A GC pause of {A.pause}",
            Anchor::First(E::PauseStarted(A)),
            "At {at} a garbage collection freezes A for {A.pause}. A frozen process sends no \
             ping, so nothing keeps its session alive.",
        ),
        S::new(
            "The session expires",
            Anchor::First(E::Expired(A)),
            "At {at} ZooKeeper expires A's session and deletes its lock node, as its rules \
             say. Curator would tell A that the lock is lost, but A is frozen and hears \
             nothing.",
        )
        .only(Cond::And(
            &Cond::Then(E::PauseStarted(A), E::Expired(A)),
            &Cond::Then(E::Expired(A), E::PauseEnded(A)),
        )),
        S::new(
            "B pays",
            Anchor::First(E::WriteAccepted(B)),
            "B, asking since {B.start}, gets the lock with {B.token} at {B.granted}, \
             finds the invoice unpaid and pays it at {at}.",
        )
        .only(Cond::Then(E::Expired(A), E::Granted(B))),
        S::new(
            "A carries on",
            Anchor::First(E::PauseEnded(A)),
            "At {at} A resumes where it stopped. Nothing between its pause and its payment \
             asks whether the lock is still held: Curator's Tech Note 10 warns of exactly \
             this.",
        )
        .only(Cond::And(
            &Cond::Checks(false),
            &Cond::And(
                &Cond::Then(E::Expired(A), E::PauseEnded(A)),
                &Cond::Then(E::PauseEnded(A), E::WriteSent(A)),
            ),
        )),
        S::new(
            "Paid twice",
            Anchor::First(E::StaleAccepted(A)),
            "At {at} A pays with {token}, counting on what it read before the pause, and \
             the bank takes it: the invoice is paid a second time. Switch on token enforcement \
             to let the bank compare A's lock number with B's.",
        )
        .only(Cond::And(
            &Cond::Broken,
            &Cond::Then(E::WriteAccepted(B), E::StaleAccepted(A)),
        ))
        .toggle(Knob::Enforcement),
        S::new(
            "The bank says no",
            Anchor::First(E::WriteRejected(A)),
            "The bank has seen {highest} from B and refuses A's {token} at {at}. \
             ZooKeeper's lock numbers only grow, so the old holder is easy to tell apart.",
        )
        .only(Cond::Then(E::WriteAccepted(B), E::WriteRejected(A))),
    ],
};

fn curator_session() -> Scenario {
    let a = AppConfig::new("A", "Billing job").steps(&[Step::Read, work(4_000), Step::Write]);
    let b = AppConfig::new("B", "Billing job")
        .start_ms(3_000)
        .release_at_end(false)
        .steps(&[Step::Read, work(1_000), Step::Write]);
    let base = Scenario::default()
        .with_horizon_ms(30_000)
        .with_resource(ResourceKind::Payments { invoices: vec![42] })
        .with_apps(vec![a, b])
        .with_fault(Fault::pause(APP_A, 2_000, 10_000));
    Knobs::on_system(&base, System::ZooKeeper, |k| k.ttl_ms = 3_000)
}

/// Consul's lock-delay holds B off after A's session ends, but A's pause outlasts it.
pub const CONSUL_LOCK_DELAY: Entry = Entry {
    id: "consul-lock-delay",
    title: "Consul: the lock-delay narrows the window",
    summary:
        "Consul keeps a lock free for 15 s after a session ends; a longer pause still gets through.",
    resource: ResourceTag::Storage,
    default_enforcement: false,
    fix: Some(Knob::Enforcement),
    build: consul_lock_delay,
    questions: super::questions::systems::CONSUL_LOCK_DELAY,
    system: Some(System::Consul),
    narration: &[
        S::new(
            "A {ttl} session",
            Anchor::First(E::Granted(A)),
            "A holds the lock with {token} on a Consul session of {ttl}, renewed every \
             {A.renew}, and reads the shared file.",
        ),
        S::new(
            "A freezes",
            Anchor::First(E::PauseStarted(A)),
            "At {at} A freezes for {A.pause}. Its renewals stop, and it cannot notice that \
             they did.",
        )
        .only(Cond::Then(E::Renewed(A), E::PauseStarted(A))),
        S::new(
            "The session is invalidated",
            Anchor::First(E::Expired(A)),
            "At {at} Consul invalidates A's session: no renewal came within {ttl}. Its \
             lock-delay now keeps the lock free for {delay}, in case A is still at work.",
        ),
        S::new(
            "Held off by the lock-delay",
            Anchor::First(E::HeldOff(B)),
            "At {at} B asks for the lock and is refused, although nobody holds it: the \
             lock-delay is still running.",
        ),
        S::new(
            "Covered by the lock-delay",
            Anchor::First(E::WriteAccepted(A)),
            "At {at} A's write arrives after its session ended, but nobody else has had the \
             lock since: the lock-delay gives a late writer {delay} to finish, and this one \
             finished in time.",
        )
        .only(Cond::And(
            &Cond::Then(E::Expired(A), E::WriteAccepted(A)),
            &Cond::Before(E::WriteAccepted(A), E::Granted(B)),
        )),
        S::new(
            "B takes over",
            Anchor::First(E::WriteAccepted(B)),
            "Only after the lock-delay is B granted the lock, with {B.token} at \
             {B.granted}; it writes a new version of the file at {at}.",
        )
        .only(Cond::Then(E::HeldOff(B), E::Granted(B))),
        S::new(
            "Later than the lock-delay",
            Anchor::First(E::StaleAccepted(A)),
            "At {at} A's write with {token} arrives after B's, and the file takes it: \
             B's version is lost. The lock-delay waits {delay}, not as long as A is stuck. \
             Switch on token enforcement to see the file turn A away.",
        )
        .only(Cond::And(
            &Cond::Broken,
            &Cond::Then(E::WriteAccepted(B), E::StaleAccepted(A)),
        ))
        .toggle(Knob::Enforcement),
        S::new(
            "The stale write bounces",
            Anchor::First(E::WriteRejected(A)),
            "A's write carries {token}, but the file has seen {highest} and rejects it. \
             Consul's lock index only grows, so the file can fence what the lock-delay let \
             through.",
        )
        .only(Cond::Then(E::WriteAccepted(B), E::WriteRejected(A))),
    ],
};

fn consul_lock_delay() -> Scenario {
    let a = AppConfig::new("A", "Config writer").steps(&[Step::Read, work(12_000), Step::Write]);
    let b = AppConfig::new("B", "Config writer")
        .start_ms(20_000)
        .release_at_end(false)
        .steps(&[Step::Read, work(2_000), Step::Write]);
    let base = Scenario::default()
        .with_horizon_ms(75_000)
        .with_resource(ResourceKind::Storage)
        .with_apps(vec![a, b])
        .with_fault(Fault::pause(APP_A, 10_000, 35_000));
    Knobs::on_system(&base, System::Consul, |_| {})
}
