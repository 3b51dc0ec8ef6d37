//! "Beyond the lock": stories about what sits under the lease. The first: one box that keeps
//! its token counter in memory reissues a token at a failover; a replicated group cannot.
//! The second: the group's leader goes down in the middle of a lease, and the lease lives on.
//! The third: the leader is cut off from the others; alone, it can count nothing, and when
//! it hears them again it may force an election (Raft's pre-vote stops that).

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
            "At {at} the coordination service, a single box, fails over to an empty spare. It \
             finds no lease and no token counter: it grants nothing for {ttl}, then counts \
             from the first token again.",
        )
        .only(Cond::Knob(Knob::Members, false)),
        S::new(
            "A new leader is elected",
            Anchor::First(E::FailedOver),
            "At {at} a new leader takes over the replicated service: a majority of its members \
             elected it, and every grant that counted (kept by a majority) is in its log.",
        )
        .only(Cond::Knob(Knob::Members, true)),
        LEASE_STARTS_AGAIN,
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

/// A new leader finds A's lease and restarts its timer (one box that keeps the leases does too).
const LEASE_STARTS_AGAIN: S = S::new(
    "The lease starts again",
    Anchor::First(E::LeaseRestarted(A)),
    "The new leader finds A's lease ({token}) and starts its timer again: it now ends at \
     {until}. Until then nobody else can be granted it.",
);

/// A is granted the lease and works; B asks and is refused.
const A_HOLDS: S = S::new(
    "A holds the lease",
    Anchor::First(E::Granted(A)),
    "At {at} A is granted the lease with {token} and starts its work; while A holds the \
     lease, B's requests for it are refused.",
);

/// B is granted the lease once A gives it back (one box).
const B_TURN: S = S::new(
    "B's turn",
    Anchor::First(E::Granted(B)),
    "At {at}, once A has given the lease back, B is granted it with {token}, higher than \
     A's {A.token}.",
)
.only(Cond::And(
    &Cond::Knob(Knob::Members, false),
    &Cond::Then(E::Released(A), E::Granted(B)),
));

/// B is granted the lease once A gives it back (a group, whose tokens count its log).
const B_TURN_GROUP: S = S::new(
    "B's turn",
    Anchor::First(E::Granted(B)),
    "At {at}, once A has given the lease back, B is granted it with {token}. A token is \
     its grant's place in the group's log, so the numbers after A's {A.token} went to the \
     entries written in between, A's release among them.",
)
.only(Cond::And(
    &Cond::Knob(Knob::Members, true),
    &Cond::Then(E::Released(A), E::Granted(B)),
));

/// The leader is cut off from the other members while A holds the lease: the majority
/// elects another and keeps A's lease; the old leader, alone, counts nothing.
pub const MINORITY_LEADER: Entry = Entry {
    id: "minority-leader",
    title: "Cut off, still leading",
    summary: "The leader of a replicated coordination service is cut off from the other \
              members while A holds the lease. Apps can still reach it, and for a while it \
              still takes itself for the leader; the others elect a new one. Which of them \
              does A's lease live on?",
    resource: ResourceTag::Inventory,
    default_enforcement: true,
    fix: None,
    build: minority_leader,
    questions: super::questions::beyond::MINORITY_LEADER,
    system: None,
    narration: &[
        A_HOLDS,
        S::new(
            "The leader is cut off",
            Anchor::First(E::MemberCut),
            "At {at} the service's leader is cut off from the other members. Apps can still \
             reach it, and it still takes itself for the leader. A grant counts only once a \
             majority has it, so alone it can grant nothing; but like etcd's leader, it \
             answers renewals on its own.",
        ),
        S::new(
            "Cut off, still answering",
            Anchor::During(E::Renewed(A), E::MemberCut, E::LeaderAlone),
            "At {at} A renews, and the cut-off leader answers alone: A's lease now ends at \
             {until}. Its Raft still ticks, and etcd's leader checks that it still leads \
             only once its Raft has stopped ticking. The others wait a whole election \
             timeout before they stand; this group's is {timeout}.",
        ),
        S::new(
            "The majority elects a leader",
            Anchor::First(E::FailedOver),
            "At {at} the members that still hear each other, a majority, elect a new leader. \
             Every grant and renewal that counted is in their logs, so it finds A's lease and \
             starts its timer again.",
        )
        .only(Cond::And(
            &Cond::Then(E::MemberCut, E::FailedOver),
            &Cond::Happens(E::LeaseRestarted(A)),
        )),
        S::new(
            "The old leader steps down",
            Anchor::First(E::LeaderAlone),
            "At {at} the cut-off leader has heard from no majority for an election timeout, \
             and stops leading: from now on it answers no renewal, and tells apps to ask \
             another member.",
        ),
        S::new(
            "A finishes its work",
            Anchor::First(E::WriteAccepted(A)),
            "At {at} A's reservation with {token} is accepted: A kept its lease through the \
             cut, and nobody else was granted it meanwhile.",
        )
        .only(Cond::And(
            &Cond::Then(E::LeaseRestarted(A), E::WriteAccepted(A)),
            &Cond::Before(E::WriteAccepted(A), E::Granted(B)),
        )),
        B_TURN,
        B_TURN_GROUP,
        S::new(
            "Back, and in the way",
            Anchor::First(E::MemberJoined),
            "At {at} the old leader hears the others again. Cut off, it stood for election \
             again and again, each time in a higher term, and now its term is higher than \
             the leader's: the leader steps down, and until the group has elected again it \
             grants and renews no lease. Raft's pre-vote prevents this.",
        )
        .only(Cond::Then(E::MemberJoined, E::LeaderDeposed))
        .toggle(Knob::PreVote),
        S::new(
            "Back, quietly",
            Anchor::First(E::MemberJoined),
            "At {at} the old leader hears the others again and follows the leader it finds. \
             Cut off, it only asked whether it could win (a pre-vote) and never stood, so its \
             term did not rise and nothing makes the leader step down. etcd asks for \
             pre-votes from version 3.5.",
        )
        .only(Cond::And(
            &Cond::Knob(Knob::PreVote, true),
            &Cond::Never(E::LeaderDeposed),
        ))
        .toggle(Knob::PreVote),
    ],
};

/// A holds the last item's lease from 0 s and works for 40 s, renewing every 10 s; B asks
/// from 5 s; the leader is cut off from the other members from 19.5 s to 45 s. The group's
/// election timeout is 5 s, so the cut-off leader leads long enough to see, and its leader
/// answers renewals alone, as etcd's does; cut off, it stands for election twice (terms 2
/// and 3), so on its return it deposes the leader of term 2, unless it asks for pre-votes.
fn minority_leader() -> Scenario {
    let a = AppConfig::new("A", "Warehouse service").steps(&[
        Step::Read,
        Step::Work { for_ms: 40_000 },
        Step::Write,
    ]);
    let b = AppConfig::new("B", "Warehouse service")
        .start_ms(5_000)
        .steps(&[Step::Read, Step::Write]);
    Scenario::default()
        .with_resource(ResourceKind::Inventory { stock: 1 })
        .with_apps(vec![a, b])
        .with_fault(Fault::cut_member(None, 19_500, 25_500))
        .with_members(3, 5_000)
        .with_renew_alone(true)
}

/// The coordination service's leader goes down while A holds the lease and works: a group
/// elects another and keeps the lease; one box's spare knows none.
pub const LEADER_CHANGE: Entry = Entry {
    id: "leader-change",
    title: "A leader change mid-lease",
    summary: "The coordination service's leader goes down while A holds the lease and is \
              halfway through its work. A replicated group elects another leader, which keeps \
              A's lease; switch to one box and compare what A and B go through.",
    resource: ResourceTag::Inventory,
    default_enforcement: true,
    fix: Some(Knob::Members),
    build: leader_change,
    questions: super::questions::beyond::LEADER_CHANGE,
    system: None,
    narration: &[
        A_HOLDS,
        S::new(
            "A new leader is elected",
            Anchor::First(E::FailedOver),
            "The leader of the replicated service goes down. At {at} the members left, a \
             majority, have elected a new leader, and every grant and renewal is in its log.",
        )
        .only(Cond::Knob(Knob::Members, true)),
        S::new(
            "One box fails over",
            Anchor::First(E::FailedOver),
            "At {at} the coordination service, a single box, fails over to an empty spare. It \
             knows no lease: it grants nothing for {ttl}, so that any lease the old box granted \
             has run out.",
        )
        .only(Cond::Knob(Knob::Members, false)),
        LEASE_STARTS_AGAIN,
        S::new(
            "A's lease is lost",
            Anchor::First(E::RenewRefused(A)),
            "At {at} A renews, and the service refuses: it knows no such lease. A stops \
             believing it owns the stock and gives up its work half done.",
        )
        .only(Cond::And(
            &Cond::Then(E::FailedOver, E::RenewRefused(A)),
            &Cond::Before(E::RenewRefused(A), E::WriteArrived(A)),
        )),
        S::new(
            "A finishes its work",
            Anchor::First(E::WriteAccepted(A)),
            "At {at} A's reservation with {token} is accepted: its lease outlived the leader \
             that granted it, and A finished its work.",
        )
        .only(Cond::Then(E::LeaseRestarted(A), E::WriteAccepted(A))),
        B_TURN,
        B_TURN_GROUP,
        S::new(
            "Nobody's lease",
            Anchor::First(E::Granted(B)),
            "Only at {at} is B granted the lease, with {token}: from the failover until then \
             nobody could work, and A's half-done work is lost. Switch on the replicated \
             coordination service.",
        )
        .only(Cond::And(
            &Cond::Knob(Knob::Members, false),
            &Cond::Before(E::Granted(B), E::Released(A)),
        ))
        .toggle(Knob::Members),
    ],
};

/// A holds the last item's lease from 0 s and works for 40 s, renewing every 10 s; B asks
/// from 5 s; the leader goes down at 15 s (on a group, for one election timeout).
fn leader_change() -> Scenario {
    let a = AppConfig::new("A", "Warehouse service").steps(&[
        Step::Read,
        Step::Work { for_ms: 40_000 },
        Step::Write,
    ]);
    let b = AppConfig::new("B", "Warehouse service")
        .start_ms(5_000)
        .steps(&[Step::Read, Step::Write]);
    Scenario::default()
        .with_resource(ResourceKind::Inventory { stock: 1 })
        .with_apps(vec![a, b])
        .with_fault(Fault::failover(15_000))
        .with_members(3, 1_000)
}

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
