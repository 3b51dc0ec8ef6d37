//! Questions of the token stories: how tokens grow, the resource that enforces them (asked
//! at each turn), and the client-side check that cannot replace it.

use super::shared::{
    A_WAKES_WRITES_AFTER_B, A_WRITE, BELIEF_AT_GRANT, FILE_TAKES_A, LEASE_DURING_PAUSE,
    WAREHOUSE_TAKES_A,
};
use crate::catalog::narration::{Anchor, Cond, EventMatcher as E, Who, A, B};
use crate::catalog::question::{Answer, Question};
use std::cmp::Ordering;

/// Which token `who` gets after `before`, and why: larger, the same, smaller.
pub(super) const fn next_token(
    who: Who,
    before: Who,
    [larger, same, smaller]: [&'static str; 3],
) -> [Answer; 3] {
    [
        Answer::new(
            "A larger one",
            Cond::Token(who, Ordering::Greater, before),
            larger,
        ),
        Answer::new(
            "The same one",
            Cond::Token(who, Ordering::Equal, before),
            same,
        ),
        Answer::new(
            "A smaller one",
            Cond::Token(who, Ordering::Less, before),
            smaller,
        ),
    ]
}

/// B's token, after A's.
pub const TOKENS_101_102_103: &[Question] = &[Question::new(
    "A held the lease with {A.token}. Now B is granted the lease. Compared with A's, \
     which token does B get?",
    Anchor::First(E::Granted(B)),
    &next_token(
        B,
        A,
        [
            "The counter only ever goes up: B gets {token}, larger than A's {A.token}, so \
             anyone can tell that B is the newer owner.",
            "B gets {token}, the very same number as A: the counter started again.",
            "B gets {token}, below A's {A.token}: the counter went back.",
        ],
    ),
)
.only(Cond::Then(E::Granted(A), E::Granted(B)))];

/// The fencing story, at each turn.
pub const RESOURCE_ENFORCES: &[Question] =
    &[LEASE_DURING_PAUSE, BELIEF_AT_GRANT, WAREHOUSE_TAKES_A];

/// A checked before its pause; its write reaches the file after B's.
pub const CHECK_NOT_ENOUGH: &[Question] = &[Question::new(
    "A checked its lease just before it froze, and does not check again. Its write with \
     {token} reaches the file after B's. What does the file do?",
    A_WRITE,
    &FILE_TAKES_A,
)
.only(Cond::And(
    &Cond::And(&Cond::Checks(true), &Cond::Once(E::PauseStarted(A))),
    &A_WAKES_WRITES_AFTER_B,
))];
