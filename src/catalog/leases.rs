//! Stories about leases: why they exist, how a healthy holder keeps one, and how a
//! pause turns one lease into two owners.

use super::entry::{Entry, ResourceTag};
use super::knobs::Knob;
use super::narration::{Anchor, Cond, EventMatcher as E, NarrationStep as S, A, B};
use crate::engine::{AppConfig, Fault, Mode, ResourceKind, Scenario, Step, APP_A};

/// `Step::Work` for `ms`.
pub(super) const fn work(ms: u64) -> Step {
    Step::Work { for_ms: ms }
}

/// The cast of most failure stories: A reads, works for `a_work_ms` and writes; B starts at
/// `b_start_ms`, reads and writes. Neither renews, so a long enough stall of A lets B in.
pub(super) fn stale_owner_and_successor(
    role: &str,
    a_work_ms: u64,
    b_start_ms: u64,
) -> Vec<AppConfig> {
    let a = AppConfig::new("A", role).renew_every_ms(None).steps(&[
        Step::Read,
        work(a_work_ms),
        Step::Write,
    ]);
    let b = AppConfig::new("B", role)
        .start_ms(b_start_ms)
        .renew_every_ms(None)
        .steps(&[Step::Read, Step::Write]);
    vec![a, b]
}

/// Lock without expiry; A crashes while holding it.
pub const PERMANENT_OWNERSHIP: Entry = Entry {
    id: "permanent-ownership",
    title: "A lock nobody can take back",
    summary: "A crashes while holding a lock without expiry, and B waits forever.",
    resource: ResourceTag::Storage,
    default_enforcement: false,
    fix: Some(Knob::Mode),
    build: permanent_ownership,
    questions: super::questions::leases::PERMANENT_OWNERSHIP,
    system: None,
    narration: &[
        S::new(
            "A takes the lock",
            Anchor::First(E::Granted(A)),
            "A is granted the lock with {token}. A lock without expiry stays A's until A \
             hands it back; a lease would run out after {ttl} unless renewed.",
        ),
        S::new(
            "B has to wait",
            Anchor::First(E::Refused(B)),
            "At {at} B asks for the same lock and is turned down, because A holds it. B will \
             ask again every {B.retry}.",
        ),
        S::new(
            "A crashes",
            Anchor::First(E::Crashed(A)),
            "At {at} A crashes halfway through its work. A process that has crashed never \
             sends a release.",
        ),
        S::new(
            "Stuck for good",
            Anchor::End,
            "B is still asking, and still hearing no, when the run ends at {end}: it waited \
             {wait} for a lock held by a process that no longer exists. Switch the mode to a \
             lease to see how the system heals itself.",
        )
        .only(Cond::Stuck)
        .toggle(Knob::Mode),
        S::new(
            "The lease runs out",
            Anchor::First(E::Expired(A)),
            "Nobody has to hand anything back: at {at} A's lease simply runs out, since A is \
             no longer renewing it.",
        )
        .only(Cond::Happens(E::Crashed(A))),
        S::new(
            "B carries on",
            Anchor::First(E::Granted(B)),
            "B's next request succeeds with {token} and B finishes the work. A crash now \
             costs at most one lease length of waiting, which is why leases exist.",
        )
        .only(Cond::Happens(E::Expired(A))),
    ],
};

fn permanent_ownership() -> Scenario {
    let a = AppConfig::new("A", "Report writer").steps(&[Step::Read, work(20_000), Step::Write]);
    let b = AppConfig::new("B", "Report writer")
        .start_ms(5_000)
        .retry_ms(5_000);
    Scenario::default()
        .with_mode(Mode::PermanentLock)
        .with_resource(ResourceKind::Storage)
        .with_apps(vec![a, b])
        .with_fault(Fault::crash(APP_A, 10_000))
}

/// A healthy holder renews and keeps its lease.
pub const ACQUIRE_WORK_RENEW: Entry = Entry {
    id: "acquire-work-renew",
    title: "Acquire, work, renew",
    summary: "A healthy holder renews its lease on time, so ownership never changes hands.",
    resource: ResourceTag::Storage,
    default_enforcement: false,
    fix: None,
    build: acquire_work_renew,
    questions: super::questions::leases::ACQUIRE_WORK_RENEW,
    system: None,
    narration: &[
        S::new(
            "Acquire",
            Anchor::First(E::Granted(A)),
            "A asks for the lease and is granted {token} for {ttl}. A owns the shared \
             file, but only for a limited time unless it asks for more.",
        ),
        S::new(
            "Someone else asks",
            Anchor::First(E::Refused(B)),
            "At {at} B asks for the same lease and is refused: A holds it. B keeps asking \
             every {B.retry}.",
        ),
        S::new(
            "Renew",
            Anchor::First(E::Renewed(A)),
            "At {at}, well before its lease runs out, A renews it. The coordination service \
             moves the expiry to {ttl} from now.",
        ),
        S::new(
            "Work",
            Anchor::First(E::WriteAccepted(A)),
            "At {at} A writes its first result, carrying {token}. As long as it keeps \
             renewing every {A.renew}, its lease never comes close to running out.",
        )
        .only(Cond::Never(E::Expired(A))),
        S::new(
            "Nothing changes hands",
            Anchor::End,
            "At {end} A still holds {A.token}: one grant, no expiry, no second owner. \
             Only a holder that stops renewing loses its lease; switch off renewals to watch \
             that happen.",
        )
        .only(Cond::And(
            &Cond::Never(E::Expired(A)),
            &Cond::Never(E::Granted(B)),
        ))
        .toggle(Knob::Renewals),
        S::new(
            "The lease changes hands",
            Anchor::First(E::Expired(A)),
            "At {at} A's lease runs out: A did not renew it in time. The coordination service \
             is free to give it to someone else.",
        ),
        S::new(
            "B owns the file",
            Anchor::First(E::Granted(B)),
            "B's next ask succeeds at {at} with {token}. From here on the file is B's, \
             whatever A still believes.",
        ),
        S::new(
            "A writes anyway",
            Anchor::First(E::StaleAccepted(A)),
            "At {at} A, still believing it owns the file, writes with its old {token}, and \
             the file takes it: B's newer version is lost. Switch on token enforcement to see \
             the file refuse it.",
        )
        .only(Cond::And(
            &Cond::Broken,
            &Cond::Then(E::WriteAccepted(B), E::StaleAccepted(A)),
        ))
        .toggle(Knob::Enforcement),
        S::new(
            "The old token bounces",
            Anchor::First(E::WriteRejected(A)),
            "At {at} A writes with its old {token}, but the file has seen {highest} and \
             refuses it: B's version stays.",
        )
        .only(Cond::Then(E::WriteAccepted(B), E::WriteRejected(A))),
    ],
};

fn acquire_work_renew() -> Scenario {
    let plan = [
        Step::Read,
        work(25_000),
        Step::Write,
        work(25_000),
        Step::Write,
        work(25_000),
        Step::Write,
        work(60_000),
    ];
    let a = AppConfig::new("A", "Report writer").steps(&plan);
    let b = AppConfig::new("B", "Report writer")
        .start_ms(5_000)
        .retry_ms(5_000);
    Scenario::default()
        .with_resource(ResourceKind::Storage)
        .with_apps(vec![a, b])
}

/// TTL 30 s, a 35 s pause from 20 s: two owners without any partition. A wakes at 55 s, while
/// B still holds the lease it was granted at 30.05 s, so the stale write lands with two owners.
pub const GC_PAUSE: Entry = Entry {
    id: "gc-pause",
    title: "A pause longer than the lease",
    summary: "A freezes for 35 s inside a 30 s lease, wakes up and sends the write it prepared as if it still owned the file.",
    resource: ResourceTag::Storage,
    default_enforcement: false,
    fix: Some(Knob::Enforcement),
    build: gc_pause,
    questions: super::questions::leases::GC_PAUSE,
    system: None,
    narration: &[
        S::new(
            "A {ttl} lease",
            Anchor::First(E::Granted(A)),
            "A is granted {token} with a {ttl} lease and reads the shared file. In this \
             story A does not renew.",
        )
        .only(Cond::Never(E::Renewed(A))),
        S::new(
            "The world stops",
            Anchor::First(E::PauseStarted(A)),
            "At {at} a full garbage collection freezes A for {A.pause}. A cannot run a single \
             instruction, so it cannot notice anything either.",
        ),
        S::new(
            "The lease expires",
            Anchor::First(E::Expired(A)),
            "At {at} the coordination service sees A's lease run out, exactly as its rules say \
             it should.",
        ),
        S::new(
            "B takes over",
            Anchor::First(E::WriteAccepted(B)),
            "B, asking since {B.start}, is granted {B.token} at {B.granted} and writes a \
             new version of the file at {at}.",
        ),
        S::new(
            "A wakes up",
            Anchor::First(E::PauseEnded(A)),
            "At {at} A resumes where it stopped; from the inside the pause was invisible. The \
             write it prepared before the pause goes out at once, with no fresh look at its \
             lease. Only then does A's own timer, overdue since the lease ran out, tell it the \
             lease is over: too late to call the write back. Two owners, and not a single lost \
             packet.",
        )
        .only(Cond::And(
            &Cond::SplitBrain,
            &Cond::Then(E::WriteSent(A), E::BeliefEnded(A)),
        )),
        S::new(
            "The stale write lands",
            Anchor::First(E::StaleAccepted(A)),
            "A writes with {token}, computed from the version it read before the pause, \
             and the file takes it: B's version is silently overwritten. Switch on token \
             enforcement to see the file turn A away.",
        )
        .only(Cond::Broken)
        .toggle(Knob::Enforcement),
        S::new(
            "The stale write bounces",
            Anchor::First(E::WriteRejected(A)),
            "A's write carries {token}, but the file has already seen {highest} and \
             rejects it. The two owners still existed; enforcement made the old one harmless.",
        ),
    ],
};

fn gc_pause() -> Scenario {
    let a = AppConfig::new("A", "Report writer")
        .renew_every_ms(None)
        .steps(&[Step::Read, work(25_000), Step::Write]);
    let b = AppConfig::new("B", "Report writer")
        .start_ms(25_000)
        .renew_every_ms(None)
        .release_at_end(false)
        .steps(&[Step::Read, work(5_000), Step::Write]);
    Scenario::default()
        .with_resource(ResourceKind::Storage)
        .with_apps(vec![a, b])
        .with_fault(Fault::pause(APP_A, 20_000, 35_000))
}
