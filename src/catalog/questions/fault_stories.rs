//! Questions of the fault stories: a delayed packet, a slow clock, and every fault at once.

use super::shared::{outcome, write_of, A_WRITE};
use crate::catalog::narration::{Anchor, Cond, EventMatcher as E, A, B, C};
use crate::catalog::question::{Answer, Question};

/// A's payment, held up in the network, reaches the bank after B's.
pub const DELAYED_PACKET: &[Question] = &[Question::new(
    "A's payment with {token} was held up in the network for {A.held}. It reaches the \
     bank after B has paid. What does the bank do?",
    A_WRITE,
    &outcome(
        A,
        [
            "It pays the invoice again",
            "The bank does not compare tokens: at {at} it pays A's late request too, and the \
             invoice is paid twice.",
        ],
        [
            "It refuses: the token is too old",
            "The bank has seen {highest} and refuses {token} at {at}: the token judges \
             the request itself, however late it comes.",
        ],
        [
            "It refuses: the invoices changed since A looked",
            "A read {read}, but the bank now holds {now}: at {at} the compare-and-set fails and \
             the invoice is paid exactly once.",
        ],
    ),
)
.only(Cond::Then(E::WriteAccepted(B), E::WriteArrived(A)))];

/// A's lease ends; does A's slow clock let it write? Then: what does the warehouse do?
pub const CLOCK_SKEW: &[Question] = &[
    Question::new(
        "At {at} the coordination service ends A's lease. A's clock runs at half speed, and A \
         checks its lease before it writes. Will A still send its reservation?",
        Anchor::First(E::Expired(A)),
        &[
            Answer::new(
                "Yes: its clock says there is time left",
                Cond::Happens(E::WriteSent(A)),
                "A's slow clock has counted only part of the time that went by, so the check \
                 passes and A sends its reservation after its lease is gone.",
            ),
            Answer::new(
                "No: it sees the lease is over",
                Cond::Happens(E::WriteSkipped(A)),
                "Even at half speed, A's clock shows the lease is over when A checks: A does \
                 not write.",
            ),
        ],
    )
    .only(Cond::And(
        &Cond::Checks(true),
        &Cond::And(
            &Cond::Before(E::Expired(A), E::WriteSent(A)),
            &Cond::Before(E::Expired(A), E::WriteSkipped(A)),
        ),
    )),
    Question::new(
        "A's reservation with {token} reaches the warehouse after B's. What does the \
         warehouse do?",
        A_WRITE,
        &outcome(
            A,
            [
                "It reserves an item for A too",
                "The warehouse does not compare tokens: at {at} it takes A's reservation as \
                 well as B's.",
            ],
            [
                "It refuses: the token is too old",
                "The warehouse has seen {highest} and refuses {token} at {at}. Tokens are plain \
                 numbers: no clock can fool them.",
            ],
            [
                "It refuses: the stock changed since A read it",
                "A read {read}, but the warehouse now holds {now}: at {at} the compare-and-set \
                 fails.",
            ],
        ),
    )
    .only(Cond::Then(E::WriteAccepted(B), E::WriteArrived(A))),
];

/// B's late write reaches the file after C's.
pub const LEASES_AND_TOKENS: &[Question] = &[Question::new(
    "B's write with {token} was held up in the network, and reaches the file after C's. \
     What does the file do?",
    write_of(B),
    &outcome(
        B,
        [
            "It takes B's write",
            "The file does not compare tokens: at {at} B's old write lands on top of C's \
             version.",
        ],
        [
            "It rejects it: the token is too old",
            "The file has seen {highest} and rejects {token} at {at}: C's version stays, \
             however late B's write came.",
        ],
        [
            "It rejects it: the file changed since B read it",
            "B read {read}, but the file now holds {now}: at {at} the compare-and-set fails and \
             C's version stays.",
        ],
    ),
)
.only(Cond::Then(E::WriteAccepted(C), E::WriteArrived(B)))];
