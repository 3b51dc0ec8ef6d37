//! Questions of the stale-owner stories: the payment made twice and the last item.

use super::shared::{
    outcome, A_WAKES_WRITES_AFTER_B, A_WRITE, LEASE_DURING_PAUSE, WAREHOUSE_TAKES_A,
};
use crate::catalog::narration::A;
use crate::catalog::question::Question;

/// The paused payer's payment reaches the bank after B's.
pub const PAYMENT_SERVICE: &[Question] = &[
    LEASE_DURING_PAUSE,
    Question::new(
        "A wakes up and submits its payment with {token}. B has already paid the \
         invoice. What does the bank do?",
        A_WRITE,
        &outcome(
            A,
            [
                "It pays the invoice again",
                "The bank does not compare tokens, and both requests look like valid payments: \
                 at {at} it pays A's too, and the invoice is paid twice.",
            ],
            [
                "It refuses: the token is too old",
                "The bank has seen {highest} from B and refuses {token} at {at}: the \
                 invoice is paid exactly once.",
            ],
            [
                "It refuses: the invoices changed since A looked",
                "A read {read}, but the bank now holds {now}: at {at} the compare-and-set fails \
                 and the invoice is paid exactly once.",
            ],
        ),
    )
    .only(A_WAKES_WRITES_AFTER_B),
];

/// The resumed warehouse service reserves after B.
pub const LAST_ITEM: &[Question] = &[LEASE_DURING_PAUSE, WAREHOUSE_TAKES_A];
