//! How the event a story step waits for is told, to say it is missing from a run: who it is
//! about, and the words for it happening and never happening.

use crate::catalog::{EventMatcher, Who};

/// How an event is told: the app's subject ("{}" is its name), the subjects for anyone
/// (positive, negative), the verb, and the verb with "never".
pub(super) type Phrase = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// How an event is told: who it is about and its [`Phrase`].
pub(super) fn phrase(m: EventMatcher) -> (Who, Phrase) {
    use EventMatcher as E;
    let granted = (
        "{}",
        "someone",
        "nobody",
        "is granted the lease",
        "is never granted the lease",
    );
    match m {
        E::Granted(w) => (w, granted),
        E::Refused(w) => (
            w,
            ("{}", "someone", "nobody", "is refused", "is never refused"),
        ),
        E::HeldOff(w) => (
            w,
            (
                "{}",
                "someone",
                "nobody",
                "is held off by the lock delay",
                "is never held off by the lock delay",
            ),
        ),
        E::Renewed(w) => (
            w,
            (
                "{}",
                "someone",
                "nobody",
                "renews the lease",
                "never renews the lease",
            ),
        ),
        E::RenewRefused(w) => (
            w,
            (
                "{}'s renewal",
                "a renewal",
                "no renewal",
                "is refused",
                "is never refused",
            ),
        ),
        E::Expired(w) => (
            w,
            (
                "{}'s lease",
                "a lease",
                "no lease",
                "expires",
                "never expires",
            ),
        ),
        E::Released(w) => (
            w,
            (
                "{}",
                "someone",
                "nobody",
                "releases the lease",
                "never releases the lease",
            ),
        ),
        other => app_phrase(other),
    }
}

/// How an event in an application's own life is told (see [`phrase`]).
fn app_phrase(m: EventMatcher) -> (Who, Phrase) {
    use EventMatcher as E;
    match m {
        E::BeliefEnded(w) => (
            w,
            (
                "{}",
                "someone",
                "nobody",
                "gives up ownership",
                "never gives up ownership",
            ),
        ),
        E::BeliefStarted(w) => (
            w,
            (
                "{}",
                "someone",
                "nobody",
                "believes it owns the resource",
                "never believes it owns the resource",
            ),
        ),
        E::LateReply(w) => (
            w,
            (
                "{}",
                "someone",
                "nobody",
                "ignores a late answer",
                "never ignores a late answer",
            ),
        ),
        E::AnswerHeld(w) => (
            w,
            (
                "the answer to {}",
                "an answer",
                "no answer",
                "is held up",
                "is never held up",
            ),
        ),
        E::PauseStarted(w) | E::PauseEnded(w) => (
            w,
            ("{}", "someone", "nobody", "is paused", "is never paused"),
        ),
        E::Crashed(w) => (w, ("{}", "someone", "nobody", "crashes", "never crashes")),
        other => resource_phrase(other),
    }
}

/// How a restart, a failover or a copied message is told (see [`phrase`]).
fn service_phrase(m: EventMatcher) -> (Who, Phrase) {
    use EventMatcher as E;
    match m {
        E::FenceForgotten => (
            Who::Any,
            (
                "",
                "the resource",
                "the resource",
                "forgets its highest token in a restart",
                "never forgets its highest token",
            ),
        ),
        E::FenceKept => (
            Who::Any,
            (
                "",
                "the resource",
                "the resource",
                "keeps its highest token across a restart",
                "never restarts keeping its highest token",
            ),
        ),
        E::Restarted => (
            Who::Any,
            (
                "",
                "the resource",
                "the resource",
                "restarts",
                "never restarts",
            ),
        ),
        E::FailedOver => (
            Who::Any,
            (
                "",
                "the coordination service",
                "the coordination service",
                "fails over",
                "never fails over",
            ),
        ),
        E::LeaseRestarted(w) => (
            w,
            (
                "{}'s lease",
                "a lease",
                "no lease",
                "is started again by a new leader",
                "is never started again by a new leader",
            ),
        ),
        E::Copied(w) => (
            w,
            (
                "a message of {}",
                "a message",
                "no message",
                "is delivered twice",
                "is never delivered twice",
            ),
        ),
        _ => arrival_phrase(m),
    }
}

/// How an event at the resource is told (see [`phrase`]).
fn resource_phrase(m: EventMatcher) -> (Who, Phrase) {
    use EventMatcher as E;
    match m {
        E::ReadServed(w) => (w, ("{}", "someone", "nobody", "reads", "never reads")),
        E::WriteSent(w) => (w, ("{}", "someone", "nobody", "writes", "never writes")),
        E::WriteAccepted(w) => (
            w,
            (
                "{}'s write",
                "a write",
                "no write",
                "is accepted",
                "is never accepted",
            ),
        ),
        E::StaleAccepted(w) => (
            w,
            (
                "{}'s stale write",
                "a stale write",
                "no stale write",
                "is accepted",
                "is never accepted",
            ),
        ),
        E::WriteRejected(w) => (
            w,
            (
                "{}'s write",
                "a write",
                "no write",
                "is rejected for its token",
                "is never rejected for its token",
            ),
        ),
        E::VersionRejected(w) => (
            w,
            (
                "{}'s write",
                "a write",
                "no write",
                "is rejected for a changed version",
                "is never rejected for a changed version",
            ),
        ),
        E::WriteSkipped(w) => (
            w,
            (
                "{}",
                "someone",
                "nobody",
                "skips a write",
                "never skips a write",
            ),
        ),
        E::FenceRaisedTo(_) => (
            Who::Any,
            (
                "",
                "the fence",
                "the fence",
                "rises to that token",
                "never rises to that token",
            ),
        ),
        // Restarts, failovers, copies, arrivals and `Violation`; the events at the
        // coordination service and the apps are told by `phrase`.
        _ => service_phrase(m),
    }
}

/// How a write reaching the resource, whatever became of it, is told (see [`phrase`]), and
/// a broken rule.
fn arrival_phrase(m: EventMatcher) -> (Who, Phrase) {
    use EventMatcher as E;
    match m {
        E::Returned(w) => (
            w,
            (
                "{}'s return",
                "a return",
                "no return",
                "is accepted",
                "is never accepted",
            ),
        ),
        E::StartedOver(w) => (
            w,
            (
                "{}",
                "someone",
                "nobody",
                "starts its plan over",
                "never starts its plan over",
            ),
        ),
        E::WriteArrived(w) => (
            w,
            (
                "{}'s write",
                "a write",
                "no write",
                "reaches the resource",
                "never reaches the resource",
            ),
        ),
        _ => member_phrase(m),
    }
}

/// How a change among a replicated service's members is told (see [`phrase`]), and a broken
/// rule.
fn member_phrase(m: EventMatcher) -> (Who, Phrase) {
    use EventMatcher as E;
    let (member, leader) = (("a member", "no member"), ("a leader", "no leader"));
    let ((anyone, nobody), verb, never) = match m {
        E::MemberCut => (
            member,
            "is cut off from the others",
            "is never cut off from the others",
        ),
        E::LeaderAlone => (
            leader,
            "stops leading for want of a majority",
            "never stops leading for want of a majority",
        ),
        E::MemberJoined => (
            member,
            "hears the others again",
            "never hears the others again",
        ),
        E::LeaderDeposed => (
            leader,
            "steps down for a later term",
            "never steps down for a later term",
        ),
        _ => (("a rule", "no rule"), "breaks", "breaks"),
    };
    (Who::Any, ("", anyone, nobody, verb, never))
}
