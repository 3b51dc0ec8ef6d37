//! Questions of the "Beyond the lock" stories: what a replicated coordination service does
//! that one box cannot.

use super::shared::{outcome, A_WAKES_WRITES_AFTER_B, A_WRITE};
use super::tokens::next_token;
use crate::catalog::narration::{Anchor, Cond, EventMatcher as E, A, B};
use crate::catalog::question::Question;

/// One box or a group fails over while A is paused; which token does B get, and does the
/// warehouse take A's late reservation?
pub const ONE_BOX: &[Question] = &[
    Question::new(
        "The coordination service fails over while A is paused, and then B is granted the \
         lease. A holds {A.token}. Compared with A's, which token does B get?",
        Anchor::First(E::Granted(B)),
        &next_token(
            B,
            A,
            [
                "The new leader knows every grant the old one made (it has them in the group's \
                 log, or in a counter on disk): B gets {token}, larger than A's.",
                "The new leader knew no earlier grant and counted from the start again: B gets \
                 {token}, the very same number as A.",
                "B gets {token}, below A's {A.token}: the counter went back.",
            ],
        ),
    )
    .only(Cond::And(
        &Cond::Then(E::Granted(A), E::FailedOver),
        &Cond::Then(E::FailedOver, E::Granted(B)),
    )),
    Question::new(
        "Token enforcement is on. A wakes up and reserves an item with {token}; B reserved \
         with {B.token} before. What does the warehouse do?",
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
    .only(Cond::And(&Cond::Enforced(true), &A_WAKES_WRITES_AFTER_B)),
];
