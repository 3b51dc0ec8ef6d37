//! Questions of the outage stories: a copied write, a forgotten fence, a reissued token.

use super::shared::{outcome, A_WAKES_WRITES_AFTER_B, A_WRITE};
use super::tokens::next_token;
use crate::catalog::narration::{Anchor, Cond, EventMatcher as E, Who, A, B};
use crate::catalog::question::{Answer, Question};

/// The copy of A's old write reaches the file.
pub const COPIED_WRITE: &[Question] = &[Question::new(
    "The network kept a copy of A's write with {token}. At last the copy reaches the \
     file. What does the file do?",
    Anchor::Nth(E::WriteArrived(A), 2),
    &[
        Answer::new(
            "It takes the copy",
            Cond::Is(Anchor::Nth(E::WriteArrived(A), 2), E::WriteAccepted(A)),
            "Nothing tells the file this is an old copy: at {at} it writes A's old content \
             again, over whatever came since.",
        ),
        Answer::new(
            "It rejects it: the token is too old",
            Cond::Is(Anchor::Nth(E::WriteArrived(A), 2), E::WriteRejected(A)),
            "The file has seen {highest} since, so at {at} the copy's {token} is rejected.",
        ),
        Answer::new(
            "It rejects it: the file changed since A read it",
            Cond::Is(Anchor::Nth(E::WriteArrived(A), 2), E::VersionRejected(A)),
            "The copy says A read {read}, but the file now holds {now}: at {at} the \
             compare-and-set fails.",
        ),
    ],
)
.only(Cond::Happens(E::Copied(A)))];

/// The warehouse restarts: does it still know its highest token?
const RESTART: Question = Question::new(
    "At {at} the warehouse restarts. Before the restart, the highest token it had seen was \
     {highest}. What does it know after the restart?",
    Anchor::First(E::Restarted),
    &[
        Answer::new(
            "It still knows that token",
            Cond::Is(Anchor::First(E::Restarted), E::FenceKept),
            "The warehouse stored {highest}, the highest it had seen, on disk: after the restart at \
             {at} it still knows it.",
        ),
        Answer::new(
            "It has forgotten it",
            Cond::Is(Anchor::First(E::Restarted), E::FenceForgotten),
            "The warehouse kept its highest token only in memory: at {at} {highest} is \
             forgotten, and a stale token has nothing left to be compared with.",
        ),
    ],
)
.only(Cond::Then(E::WriteAccepted(Who::Any), E::Restarted));

/// The restart, then A's stale reservation (enforcement on).
pub const FORGOTTEN_FENCE: &[Question] = &[
    RESTART,
    Question::new(
        "Token enforcement is on. A wakes up and reserves an item with {token}; B reserved \
     with {B.token} before. What does the warehouse do?",
        A_WRITE,
        &outcome(
            A,
            [
                "It reserves an item for A too",
                "The restart wiped the warehouse's highest token, so nothing is left to compare \
             {token} with: at {at} A's reservation goes through as well as B's.",
            ],
            [
                "It refuses: the token is too old",
                "The warehouse still knows {highest} and refuses {token} at {at}: B's reservation \
             stands.",
            ],
            [
                "It refuses: the stock changed since A read it",
                "A read {read}, but the warehouse now holds {now}: at {at} the compare-and-set \
             fails.",
            ],
        ),
    )
    .only(Cond::And(&Cond::Enforced(true), &A_WAKES_WRITES_AFTER_B)),
];

/// After the failover: B's token, then A's stale reservation.
pub const REISSUED_TOKEN: &[Question] = &[
    Question::new(
        "The coordination service has failed over, and now B is granted the lease. A holds \
         {A.token}. Compared with A's, which token does B get?",
        Anchor::First(E::Granted(B)),
        &next_token(
            B,
            A,
            [
                "The new leader carried on from the counter it stored on disk: B gets {token}, \
                 larger than A's.",
                "The new leader kept no token counter and counted from the start again: B gets \
                 {token}, the very same number as A.",
                "B gets {token}, below A's {A.token}: the counter went back.",
            ],
        ),
    )
    .only(Cond::And(
        &Cond::Then(E::Granted(A), E::FailedOver),
        &Cond::Then(E::FailedOver, E::Granted(B)),
    )),
    A_RESERVES_AFTER_B,
];

/// A wakes and reserves after B was granted a new token or the same one: what the warehouse
/// does (the failover stories).
pub(super) const A_RESERVES_AFTER_B: Question = Question::new(
    "Token enforcement is on. A wakes up and reserves an item with {token}; B \
     reserved with {B.token} before. What does the warehouse do?",
    A_WRITE,
    &outcome(
        A,
        [
            "It reserves an item for A too",
            "B's {B.token} is the very same number as A's, so {token} is not below \
             anything the warehouse has seen: at {at} it takes A's reservation too.",
        ],
        [
            "It refuses: the token is too old",
            "The warehouse has seen {highest} and refuses {token} at {at}: B's reservation \
             stands.",
        ],
        [
            "It refuses: the stock changed since A read it",
            "A read {read}, but the warehouse now holds {now}: at {at} the compare-and-set \
             fails.",
        ],
    ),
)
.only(Cond::And(&Cond::Enforced(true), &A_WAKES_WRITES_AFTER_B));
