//! Why a story step is not in this run, in a few words: "B is never granted the lease",
//! "a write is rejected", "no rule breaks".

use super::event_phrases::phrase;
use crate::catalog::{replaced, EventMatcher, Knob, Missing, Who};
use crate::engine::{Mode, Scenario};

/// The event told as happening (`yes`) or as never happening.
fn told(s: &Scenario, m: EventMatcher, yes: bool) -> String {
    let (w, (app, anyone, nobody, verb, never)) = phrase(m);
    match (w, yes) {
        (Who::App(a), true) => format!("{} {verb}", replaced(app, "{}", s.app_name(a))),
        (Who::App(a), false) => format!("{} {never}", replaced(app, "{}", s.app_name(a))),
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
        Missing::Setting(Knob::Mode, false) if s.mode == Mode::NoLock => {
            "there is no lock at all".into()
        }
        // With no lock there is no token: the other compare-and-set compares the value.
        Missing::Setting(Knob::ExactVersion, false) if s.mode == Mode::NoLock => {
            "the resource compares values, not versions".into()
        }
        Missing::Setting(Knob::ExactVersion, true) if s.mode == Mode::NoLock => {
            "the resource compares versions, not values".into()
        }
        Missing::Setting(knob, on) => setting(knob, on).into(),
        Missing::LeaderChange(true) => {
            "a new leader keeps the leases it finds and starts their timers again".into()
        }
        Missing::LeaderChange(false) => "a new leader knows no lease and waits them out".into(),
        Missing::Otherwise(m) => format!("not at that moment: {}", told(s, m, true)),
        Missing::NoEpochs => "grants carry no leader epoch".into(),
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
        (Knob::PreVote, true) => "the members ask for pre-votes",
        (Knob::PreVote, false) => "the members do not ask for pre-votes",
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

    #[test]
    fn the_compare_and_set_and_pre_vote_say_what_this_run_does() {
        let lock = Scenario::gc_pause_story(true);
        let no_lock = lock.clone().with_mode(Mode::NoLock);
        let version = |s: &Scenario, on| why_not(s, &Missing::Setting(Knob::ExactVersion, on));
        assert_eq!(
            version(&no_lock, true),
            "the resource compares versions, not values"
        );
        assert_eq!(
            version(&no_lock, false),
            "the resource compares values, not versions"
        );
        assert_eq!(
            version(&lock, true),
            "the resource compares versions, not tokens"
        );
        let pre_vote = |on| why_not(&lock, &Missing::Setting(Knob::PreVote, on));
        assert_eq!(pre_vote(false), "the members do not ask for pre-votes");
        assert_eq!(pre_vote(true), "the members ask for pre-votes");
    }
}
