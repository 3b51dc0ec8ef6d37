//! Questions of the "Beyond the lock" stories: what a replicated coordination service does
//! that one box cannot.

use super::outages::A_RESERVES_AFTER_B;
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
    A_RESERVES_AFTER_B,
];
