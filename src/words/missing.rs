//! Why a story step is not in this run, in a few words: "B is never granted the lease",
//! "a write is rejected", "no rule breaks".

use crate::catalog::{EventMatcher, Knob, Missing, Who};
use crate::engine::Scenario;

/// How an event is told: the app's subject ("{}" is its name), the subjects for anyone
/// (positive, negative), the verb, and the verb with "never".
type Phrase = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// How an event is told: who it is about and its [`Phrase`].
fn phrase(m: EventMatcher) -> (Who, Phrase) {
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
        _ => (Who::Any, ("", "a rule", "no rule", "breaks", "breaks")),
    }
}

/// The event told as happening (`yes`) or as never happening.
fn told(s: &Scenario, m: EventMatcher, yes: bool) -> String {
    let (w, (app, anyone, nobody, verb, never)) = phrase(m);
    match (w, yes) {
        (Who::App(a), true) => format!("{} {verb}", app.replace("{}", s.app_name(a))),
        (Who::App(a), false) => format!("{} {never}", app.replace("{}", s.app_name(a))),
        (Who::Any, true) => format!("{anyone} {verb}"),
        (Who::Any, false) if nobody == anyone => format!("{nobody} {never}"),
        (Who::Any, false) => format!("{nobody} {verb}"),
    }
}

/// Why a step is not in this run, e.g. "B is never granted the lease".
pub fn why_not(s: &Scenario, missing: &Missing) -> String {
    match *missing {
        Missing::Never(m) => told(s, m, false),
        Missing::Happens(m) => told(s, m, true),
        Missing::Again(m) => format!("{} more than once", told(s, m, true)),
        Missing::NotStuck => "nobody is kept waiting for good".into(),
        Missing::Broken => "a rule breaks".into(),
        Missing::Safe => "no rule breaks".into(),
        Missing::NoSplitBrain => "there are never two owners at once".into(),
        Missing::SplitBrain => "two apps believe they own it at once".into(),
        Missing::NotBefore(a, b) => format!("{} before {}", told(s, b, true), told(s, a, true)),
        Missing::Setting(knob, on) => setting(knob, on).into(),
        Missing::LeaderChange(true) => {
            "a new leader keeps the leases it finds and starts their timers again".into()
        }
        Missing::LeaderChange(false) => "a new leader knows no lease and waits them out".into(),
        Missing::Otherwise(m) => format!("not at that moment: {}", told(s, m, true)),
        Missing::Tokens(a, order, b) => {
            let name = |w: Who| match w {
                Who::App(i) => s.app_name(i).to_string(),
                Who::Any => "the first".into(),
            };
            let how = match order {
                std::cmp::Ordering::Less => "smaller than",
                std::cmp::Ordering::Equal => "the same as",
                std::cmp::Ordering::Greater => "larger than",
            };
            format!("{}'s token is {how} {}'s", name(a), name(b))
        }
    }
}

/// A setting as it is in this run, e.g. "the resource ignores tokens".
fn setting(knob: Knob, on: bool) -> &'static str {
    match (knob, on) {
        (Knob::Enforcement, true) => "the resource enforces tokens",
        (Knob::Enforcement, false) => "the resource ignores tokens",
        (Knob::Mode, true) => "ownership is a lease",
        (Knob::Mode, false) => "ownership is a lock without expiry",
        (Knob::CheckBeforeWrite, true) => "the apps check their lease before writing",
        (Knob::CheckBeforeWrite, false) => "the apps do not check their lease before writing",
        (Knob::CarefulClient, true) => "the apps count their lease from their request",
        (Knob::CarefulClient, false) => "the apps count their lease from the reply",
        (Knob::ExactVersion, true) => "the resource compares versions, not tokens",
        (Knob::ExactVersion, false) => "the resource compares tokens",
        (Knob::FenceDurable, true) => "the resource keeps its highest token on disk",
        (Knob::FenceDurable, false) => "the resource keeps its highest token only in memory",
        (Knob::CounterDurable, true) => "the token counter is kept on disk",
        (Knob::CounterDurable, false) => "the token counter is kept only in memory",
        (Knob::Members, true) => "the coordination service is a replicated group",
        (Knob::Members, false) => "the coordination service is one box",
        (_, true) => "a setting is on",
        (_, false) => "a setting is off",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::{A, B};

    #[test]
    fn reasons_read_as_plain_sentences() {
        let s = Scenario::gc_pause_story(false);
        let never = |m| why_not(&s, &Missing::Never(m));
        let happens = |m| why_not(&s, &Missing::Happens(m));
        assert_eq!(
            never(EventMatcher::Granted(B)),
            "B is never granted the lease"
        );
        assert_eq!(
            never(EventMatcher::WriteRejected(Who::Any)),
            "no write is rejected for its token"
        );
        assert_eq!(happens(EventMatcher::Expired(A)), "A's lease expires");
        assert_eq!(happens(EventMatcher::Expired(Who::Any)), "a lease expires");
        assert_eq!(never(EventMatcher::Crashed(A)), "A never crashes");
        assert_eq!(never(EventMatcher::Violation), "no rule breaks");
        let pauses = EventMatcher::PauseStarted(A);
        let again = why_not(&s, &Missing::Again(pauses));
        assert_eq!(again, "A is paused more than once");
        let first = why_not(&s, &Missing::NotBefore(pauses, EventMatcher::Granted(B)));
        assert_eq!(first, "B is granted the lease before A is paused");
        let lock = why_not(&s, &Missing::Setting(Knob::Mode, false));
        assert_eq!(lock, "ownership is a lock without expiry");
        assert_eq!(
            never(EventMatcher::WriteArrived(A)),
            "A's write never reaches the resource"
        );
        let other = why_not(&s, &Missing::Otherwise(EventMatcher::WriteRejected(A)));
        assert_eq!(
            other,
            "not at that moment: A's write is rejected for its token"
        );
        let same = why_not(&s, &Missing::Tokens(B, std::cmp::Ordering::Equal, A));
        assert_eq!(same, "B's token is the same as A's");
    }
}
