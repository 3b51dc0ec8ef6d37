//! The questions and answers several stories share: a write's outcome, a lease during a
//! pause, what a frozen owner believes.

use crate::catalog::narration::{Anchor, Cond, EventMatcher as E, Who, A, B};
use crate::catalog::question::{Answer, Question};

/// The moment `who`'s first write reaches the resource.
pub(super) const fn write_of(who: Who) -> Anchor {
    Anchor::First(E::WriteArrived(who))
}

/// A's first write reaches the resource.
pub(super) const A_WRITE: Anchor = write_of(A);

/// A wakes from its pause, then its write arrives, after B's write was accepted.
pub(super) const A_WAKES_WRITES_AFTER_B: Cond = Cond::And(
    &Cond::Then(E::PauseEnded(A), E::WriteArrived(A)),
    &Cond::Then(E::WriteAccepted(B), E::WriteArrived(A)),
);

/// The three things a resource can do with a write, right by what it did with `who`'s
/// first one; the reasons are the story's own words for each.
pub(super) const fn outcome(
    who: Who,
    [taken, taken_because]: [&'static str; 2],
    [old, old_because]: [&'static str; 2],
    [changed, changed_because]: [&'static str; 2],
) -> [Answer; 3] {
    let at = write_of(who);
    [
        Answer::new(taken, Cond::Is(at, E::WriteAccepted(who)), taken_because),
        Answer::new(old, Cond::Is(at, E::WriteRejected(who)), old_because),
        Answer::new(
            changed,
            Cond::Is(at, E::VersionRejected(who)),
            changed_because,
        ),
    ]
}

/// What the shared file does with A's stale write (B wrote in between).
pub(super) const FILE_TAKES_A: [Answer; 3] = outcome(
    A,
    [
        "It takes A's write",
        "The file does not compare tokens: at {at} it takes A's write with {token}, and \
         B's newer version is overwritten by A's stale one.",
    ],
    [
        "It rejects it: the token is too old",
        "The file has already seen {highest}, so at {at} it rejects A's {token} and B's \
         version stays: the token made the old owner harmless.",
    ],
    [
        "It rejects it: the file changed since A read it",
        "A read {read}, but the file now holds {now}: at {at} the compare-and-set fails and \
         B's version stays.",
    ],
);

/// What the warehouse does with A's stale reservation (B reserved in between).
pub(super) const WAREHOUSE_TAKES_A: Question = Question::new(
    "A wakes up and reserves an item with {token}, counting on the stock it read before \
     the pause. B has reserved since. What does the warehouse do?",
    A_WRITE,
    &outcome(
        A,
        [
            "It reserves an item for A too",
            "The warehouse does not compare tokens: at {at} it takes A's reservation as well \
             as B's.",
        ],
        [
            "It refuses: the token is too old",
            "The warehouse has seen {highest} and refuses {token} at {at}: B's \
             reservation stands, and the rejection tells A it lost the lease.",
        ],
        [
            "It refuses: the stock changed since A read it",
            "A read {read}, but the warehouse now holds {now}: at {at} the compare-and-set \
             fails and A's reservation is turned away.",
        ],
    ),
)
.only(A_WAKES_WRITES_AFTER_B);

/// What happens to A's lease while A is frozen.
pub(super) const LEASE_DURING_PAUSE: Question = Question::new(
    "At {at} A freezes for {A.pause}, holding a {ttl} lease. What happens to the lease while A \
     is frozen?",
    Anchor::First(E::PauseStarted(A)),
    &[
        Answer::new(
            "It runs out while A is frozen",
            Cond::Before(E::Expired(A), E::PauseEnded(A)),
            "The coordination service does not wait for A: at {A.expired} the lease runs out, \
             inside A's pause on the timeline.",
        ),
        Answer::new(
            "It is still A's when A wakes",
            Cond::Before(E::PauseEnded(A), E::Expired(A)),
            "A wakes at {A.resumed} and its lease has not run out yet: there is no expiry mark \
             inside A's pause.",
        ),
    ],
)
.only(Cond::And(
    &Cond::And(
        &Cond::Leases(true),
        &Cond::Then(E::Granted(A), E::PauseStarted(A)),
    ),
    &Cond::And(
        &Cond::Before(E::PauseStarted(A), E::Expired(A)),
        &Cond::Then(E::PauseStarted(A), E::PauseEnded(A)),
    ),
));

/// What A believes when B is granted the lease while A is frozen.
pub(super) const BELIEF_AT_GRANT: Question = Question::new(
    "At {at} B is granted the lease with {token}, while A is frozen. What does A believe \
     at this moment?",
    Anchor::First(E::Granted(B)),
    &[
        Answer::new(
            "That it still holds the lease",
            Cond::Before(E::Granted(B), E::BeliefEnded(A)),
            "A froze while its own clock still showed a valid lease, and a frozen process \
             notices nothing: A and B both believe they hold the lease now.",
        ),
        Answer::new(
            "That its lease is over",
            Cond::Then(E::BeliefEnded(A), E::Granted(B)),
            "A's own clock had already ended its lease: only B believes it holds the lease now.",
        ),
    ],
)
.only(Cond::And(
    &Cond::And(
        &Cond::Once(E::BeliefStarted(A)),
        &Cond::Then(E::BeliefStarted(A), E::Granted(B)),
    ),
    &Cond::And(
        &Cond::Then(E::PauseStarted(A), E::Granted(B)),
        &Cond::Then(E::Granted(B), E::PauseEnded(A)),
    ),
));
