//! Stories about how an application counts its lease: from its request (careful) or from
//! the reply (naive, as some client libraries do).

use super::entry::{Entry, ResourceTag};
use super::knobs::Knob;
use super::leases::work;
use super::narration::{Anchor, Cond, EventMatcher as E, NarrationStep as S, A, B};
use crate::engine::{AppConfig, Client, Fault, MsgKind, ResourceKind, Scenario, Step, APP_A};

/// A renewal's answer arrives after the lease it renewed is gone; A counts from the reply.
pub const LATE_ANSWER: Entry = Entry {
    id: "late-answer",
    title: "A late answer",
    summary: "The answer to A's renewal arrives 35 s late, after B took over. A counts its lease \
              from the answer.",
    resource: ResourceTag::Storage,
    default_enforcement: false,
    fix: Some(Knob::CarefulClient),
    build: late_answer,
    questions: super::questions::clients::LATE_ANSWER,
    system: None,
    narration: &[
        S::new(
            "A renews",
            Anchor::First(E::AnswerHeld(A)),
            "At {at} the coordination service extends A's lease by {ttl}. Its answer to A is \
             held up in the network.",
        ),
        S::new(
            "The lease lapses",
            Anchor::First(E::Expired(A)),
            "Since then A's renewals have not reached the coordination service, and at {at} its \
             lease expires.",
        )
        .only(Cond::And(
            &Cond::Then(E::AnswerHeld(A), E::Expired(A)),
            &Cond::Before(E::Expired(A), E::Crashed(A)),
        )),
        S::new(
            "B writes",
            Anchor::First(E::WriteAccepted(B)),
            "B is granted {B.token} and writes a new version of the file.",
        ),
        S::new(
            "The late answer",
            Anchor::Nth(E::BeliefStarted(A), 2),
            "At {at} an old answer finally reaches A. A's client counts the lease from the moment \
             an answer arrives, so A believes it owns the file for another {ttl}.",
        )
        .only(Cond::Careful(false)),
        S::new(
            "The late answer",
            Anchor::First(E::LateReply(A)),
            "At {at} an old answer finally reaches A. A counts its lease from when it asked, so it \
             can tell that this answer is out of date, and ignores it.",
        ),
        S::new(
            "A checks, and writes",
            Anchor::First(E::WriteSent(A)),
            "At {at} A checks its lease before writing. By its count there is time left, so it \
             sends its version of the file with {A.token}.",
        )
        .only(Cond::And(
            &Cond::Checks(true),
            &Cond::Then(E::Expired(A), E::WriteSent(A)),
        )),
        S::new(
            "A writes",
            Anchor::First(E::WriteSent(A)),
            "At {at} A sends its version of the file with {A.token}, without looking at its \
             lease first.",
        )
        .only(Cond::And(
            &Cond::Checks(false),
            &Cond::Then(E::Expired(A), E::WriteSent(A)),
        )),
        S::new(
            "B's version is lost",
            Anchor::First(E::StaleAccepted(A)),
            "The storage accepts it, and B's version is overwritten. Switch on “Count the lease \
             from the request”: A will know the answer came too late.",
        )
        .only(Cond::And(&Cond::Broken, &Cond::Careful(false)))
        .toggle(Knob::CarefulClient),
        S::new(
            "B's version is lost",
            Anchor::First(E::StaleAccepted(A)),
            "The storage accepts it, and B's version is overwritten. Switch on token \
             enforcement: the storage will judge A's token instead.",
        )
        .only(Cond::And(&Cond::Broken, &Cond::Careful(true)))
        .toggle(Knob::Enforcement),
        S::new(
            "A stands down",
            Anchor::First(E::WriteSkipped(A)),
            "At {at} A checks its lease before writing: by its count the lease is over, so A \
             gives up its plan and B's version stays.",
        )
        .only(Cond::And(
            &Cond::Safe,
            &Cond::Then(E::WriteAccepted(B), E::WriteSkipped(A)),
        )),
        S::new(
            "Rejected",
            Anchor::First(E::WriteRejected(A)),
            "The storage has seen {highest} and rejects A's {token}: even a client that \
             misjudges its lease is stopped by the token.",
        ),
    ],
};

fn late_answer() -> Scenario {
    let a = AppConfig::new("A", "Report writer")
        .renew_every_ms(Some(10_000))
        .check_before_write(0)
        .steps(&[Step::Read, work(57_000), Step::Write]);
    let b = AppConfig::new("B", "Report writer")
        .start_ms(45_000)
        .check_before_write(0)
        .steps(&[Step::Read, Step::Write]);
    Scenario::default()
        .with_resource(ResourceKind::Storage)
        .with_client(Client::Naive, 0)
        .with_apps(vec![a, b])
        .with_fault(Fault::delay(APP_A, MsgKind::Renewed, 2, 35_000))
        .with_fault(Fault::partition(APP_A, 21_000, 55_000))
}
