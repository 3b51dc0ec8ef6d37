//! Stories where the infrastructure itself lets tokens down: a resource that restarts and
//! forgets its highest token, a coordination service that fails over and counts from the
//! start again, and a network that delivers an old write twice.

use super::entry::{Entry, ResourceTag};
use super::knobs::Knob;
use super::leases::work;
use super::narration::{Anchor, Cond, EventMatcher as E, NarrationStep as S, A, B};
use crate::engine::{AppConfig, Fault, MsgKind, ResourceKind, Scenario, Step, APP_A};

/// A freezes in a GC pause; its lease runs out.
pub(super) const A_PAUSES: S = S::new(
    "A freezes",
    Anchor::First(E::PauseStarted(A)),
    "At {at} A, holding {A.token}, freezes in a long GC pause.",
);

/// With enforcement off, A's stale reservation simply lands.
const SOLD_WITHOUT_ENFORCEMENT: S = S::new(
    "Sold twice",
    Anchor::First(E::WriteAccepted(A)),
    "At {at} A wakes and reserves the item with {token}. Nothing checks tokens, so the \
     last item is sold twice. Switch on token enforcement.",
)
.only(Cond::And(&Cond::Broken, &Cond::Enforced(false)))
.toggle(Knob::Enforcement);

/// The warehouse restarts between B's reservation and A's stale one.
pub const FORGOTTEN_FENCE: Entry = Entry {
    id: "forgotten-fence",
    title: "A restart forgets the fence",
    summary: "Enforcement is on, but the warehouse keeps its highest token only in memory, and \
              restarts before A's stale write arrives.",
    resource: ResourceTag::Inventory,
    default_enforcement: true,
    fix: Some(Knob::FenceDurable),
    build: forgotten_fence,
    questions: super::questions::outages::FORGOTTEN_FENCE,
    system: None,
    narration: &[
        A_PAUSES,
        S::new(
            "B takes over",
            Anchor::First(E::WriteAccepted(B)),
            "A's lease runs out at {A.expired} and B is granted {B.token}. B reserves the \
             last item.",
        )
        .only(Cond::Then(E::Expired(A), E::WriteAccepted(B))),
        S::new(
            "The warehouse restarts",
            Anchor::First(E::FenceForgotten),
            "At {at} the warehouse restarts. Its stock is on disk, but it kept its highest token \
             only in memory: {highest} is forgotten.",
        ),
        S::new(
            "The warehouse restarts",
            Anchor::First(E::FenceKept),
            "At {at} the warehouse restarts. It stored {highest}, the highest it had seen, on disk, \
             so it still knows it.",
        ),
        S::new(
            "A's write slips through",
            Anchor::First(E::WriteAccepted(A)),
            "At {at} A wakes and sends its reservation with {token}. The warehouse has no \
             highest token left to compare it with, so it accepts: the last item is sold twice. \
             Switch on “Resource stores its highest token on disk”.",
        )
        .only(Cond::And(
            &Cond::And(&Cond::Broken, &Cond::Enforced(true)),
            &Cond::Then(E::FenceForgotten, E::WriteAccepted(A)),
        ))
        .toggle(Knob::FenceDurable),
        SOLD_WITHOUT_ENFORCEMENT,
        S::new(
            "Rejected",
            Anchor::First(E::WriteRejected(A)),
            "At {at} A's reservation arrives with {token}. The warehouse still knows \
             {highest} and rejects it.",
        ),
    ],
};

fn warehouse() -> Vec<AppConfig> {
    let a = AppConfig::new("A", "Warehouse service")
        .renew_every_ms(None)
        .steps(&[Step::Read, work(25_000), Step::Write]);
    let b = AppConfig::new("B", "Warehouse service")
        .start_ms(25_000)
        .renew_every_ms(None)
        .steps(&[Step::Read, Step::Write, work(5_000)]);
    vec![a, b]
}

fn forgotten_fence() -> Scenario {
    Scenario::default()
        .with_resource(ResourceKind::Inventory { stock: 1 })
        .with_apps(warehouse())
        .with_fault(Fault::pause(APP_A, 20_000, 40_000))
        .with_fault(Fault::restart_resource(50_000))
        .with_durability(false, true)
}

/// The coordination service fails over and its new leader reissues token 101.
pub const REISSUED_TOKEN: Entry = Entry {
    id: "reissued-token",
    title: "A failover reissues a token",
    summary: "The coordination service fails over while A is paused. Whether B then gets a \
              new token or A's again depends on where the service keeps its token counter.",
    resource: ResourceTag::Inventory,
    default_enforcement: true,
    fix: Some(Knob::CounterDurable),
    build: reissued_token,
    questions: super::questions::outages::REISSUED_TOKEN,
    system: None,
    narration: &[
        A_PAUSES,
        S::new(
            "Failover",
            Anchor::First(E::FailedOver),
            "At {at} the coordination service fails over. The new leader knows no lease, so it \
             grants nothing for {ttl}: by then every old lease has run out.",
        )
        .only(Cond::And(&Cond::Leases(true), &Cond::LeaderRestarts(false))),
        S::new(
            "The lease starts again",
            Anchor::First(E::LeaseRestarted(A)),
            "At {at} the coordination service fails over. The new leader finds A's lease \
             ({token}) and starts its timer again: it now ends at {until}, whatever A counted \
             on. Until then nobody else can be granted it.",
        ),
        S::new(
            "The same token again",
            Anchor::First(E::Granted(B)),
            "At {at} B is granted the lease with {token}. The new leader kept no token \
             counter, so it counted from the start again.",
        )
        .only(Cond::And(
            &Cond::Knob(Knob::CounterDurable, false),
            &Cond::Then(E::FailedOver, E::Granted(B)),
        )),
        S::new(
            "B takes over",
            Anchor::First(E::Granted(B)),
            "At {at} B is granted the lease with {token}: the new leader carried on from \
             the counter stored on disk.",
        )
        .only(Cond::And(
            &Cond::Knob(Knob::CounterDurable, true),
            &Cond::Then(E::FailedOver, E::Granted(B)),
        )),
        S::new(
            "Sold twice",
            Anchor::First(E::WriteAccepted(A)),
            "At {at} A wakes and sends its reservation with {token}. The warehouse has \
             seen {B.token} from B, the very same number, so it accepts: the last item is sold \
             twice. Switch on “Service stores its token counter on disk”.",
        )
        .only(Cond::And(
            &Cond::And(&Cond::Broken, &Cond::Enforced(true)),
            &Cond::Then(E::Granted(B), E::WriteAccepted(A)),
        ))
        .toggle(Knob::CounterDurable),
        SOLD_WITHOUT_ENFORCEMENT,
        REJECTED_BY_HIGHER,
    ],
};

/// A's late reservation meets the higher token B brought (a failover's stories).
pub(super) const REJECTED_BY_HIGHER: S = S::new(
    "Rejected",
    Anchor::First(E::WriteRejected(A)),
    "At {at} A's reservation arrives with {token}. The warehouse has seen {highest} and \
     rejects it.",
);

fn reissued_token() -> Scenario {
    Scenario::default()
        .with_resource(ResourceKind::Inventory { stock: 1 })
        .with_apps(warehouse())
        .with_fault(Fault::pause(APP_A, 20_000, 40_000))
        .with_fault(Fault::failover(25_000))
        .with_durability(true, false)
}

/// The network delivers A's old write a second time, after B's.
pub const COPIED_WRITE: Entry = Entry {
    id: "copied-write",
    title: "A write delivered twice",
    summary: "Nobody pauses: the network delivers A's write twice, and the copy lands after \
              B's newer version.",
    resource: ResourceTag::Storage,
    default_enforcement: false,
    fix: Some(Knob::Enforcement),
    build: copied_write,
    questions: super::questions::outages::COPIED_WRITE,
    system: None,
    narration: &[
        S::new(
            "A writes",
            Anchor::First(E::WriteAccepted(A)),
            "At {at} A, holding {token}, writes a new version of the file, then gives the \
             lease back.",
        )
        .only(Cond::Then(E::WriteAccepted(A), E::Released(A))),
        S::new(
            "A copy in the network",
            Anchor::First(E::Copied(A)),
            "The network delivers A's write twice: a copy is held up somewhere and will arrive \
             much later. A cannot know.",
        ),
        S::new(
            "B writes",
            Anchor::First(E::WriteAccepted(B)),
            "B is granted {B.token} and writes the next version of the file.",
        ),
        S::new(
            "The copy lands",
            Anchor::Nth(E::WriteAccepted(A), 2),
            "At {at} the copy of A's old write arrives and is accepted: B's version is \
             overwritten with A's old content. Switch on token enforcement: the copy still \
             carries {token}.",
        )
        .only(Cond::And(
            &Cond::And(&Cond::Broken, &Cond::Enforced(false)),
            &Cond::Then(E::WriteAccepted(B), E::Violation),
        ))
        .toggle(Knob::Enforcement),
        S::new(
            "The copy bounces",
            Anchor::First(E::WriteRejected(A)),
            "At {at} the copy arrives with {token}. The file has seen {highest} and \
             rejects it.",
        ),
    ],
};

fn copied_write() -> Scenario {
    let a = AppConfig::new("A", "Report writer")
        .renew_every_ms(None)
        .steps(&[Step::Read, Step::Write]);
    let b = AppConfig::new("B", "Report writer")
        .start_ms(35_000)
        .renew_every_ms(None)
        .steps(&[Step::Read, Step::Write]);
    Scenario::default()
        .with_resource(ResourceKind::Storage)
        .with_apps(vec![a, b])
        .with_fault(Fault::duplicate(APP_A, MsgKind::Write, 1, 40_000))
}
