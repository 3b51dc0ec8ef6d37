//! Questions of the story about how a client counts its lease (the late answer).

use crate::catalog::narration::{Anchor, Cond, EventMatcher as E, A};
use crate::catalog::question::{Answer, Question};

/// A's lease is over at the service while an old answer is on its way: does A still write?
pub const LATE_ANSWER: &[Question] = &[Question::new(
    "At {at} A's lease runs out at the coordination service, while an old answer to one of A's \
     renewals is still on its way to A. A checks its lease before it writes. Will A still \
     write?",
    Anchor::First(E::Expired(A)),
    &[
        Answer::new(
            "Yes: A thinks it still has time",
            Cond::Happens(E::WriteSent(A)),
            "When A checks, its own count says the lease still has time left, so A sends its \
             write with {A.token}, though the lease ended at {at}.",
        ),
        Answer::new(
            "No: A sees its lease is over",
            Cond::Happens(E::WriteSkipped(A)),
            "When A checks, its own count says the lease is over, so A stands down and does \
             not write.",
        ),
    ],
)
.only(Cond::And(
    &Cond::And(
        &Cond::Checks(true),
        &Cond::Then(E::AnswerHeld(A), E::Expired(A)),
    ),
    &Cond::And(
        &Cond::Before(E::Expired(A), E::WriteSent(A)),
        &Cond::Before(E::Expired(A), E::WriteSkipped(A)),
    ),
))];
