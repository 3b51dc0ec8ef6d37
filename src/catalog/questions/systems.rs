//! Questions of the stories that open on a real system's defaults: Curator's short session,
//! Kubernetes' two leaders, DynamoDB's unordered version and Consul's lock-delay.

use super::shared::{
    outcome, A_WAKES_WRITES_AFTER_B, A_WRITE, BELIEF_AT_GRANT, FILE_TAKES_A, LEASE_DURING_PAUSE,
    WAREHOUSE_TAKES_A,
};
use crate::catalog::narration::{Anchor, Cond, EventMatcher as E, A, B};
use crate::catalog::question::{Answer, Question};

/// A 3 s session, a 10 s pause: the session's fate, then the bank's answer to A.
pub const CURATOR_SESSION: &[Question] = &[
    LEASE_DURING_PAUSE,
    Question::new(
        "A wakes up and pays with {token}, counting on what it read before its pause. \
         B has paid the invoice since. What does the bank do?",
        A_WRITE,
        &outcome(
            A,
            [
                "It pays the invoice again",
                "The bank does not compare tokens: at {at} it takes A's payment as well, and \
                 the invoice is paid twice.",
            ],
            [
                "It refuses: the token is too old",
                "ZooKeeper's lock numbers only grow: the bank has seen {highest} from B and \
                 refuses {token} at {at}.",
            ],
            [
                "It refuses: the invoices changed since A looked",
                "A read {read}, but the bank now holds {now}: at {at} the compare-and-set fails \
                 and the invoice is paid once.",
            ],
        ),
    )
    .only(A_WAKES_WRITES_AFTER_B),
];

/// The old leader is frozen when the new one is elected; then it writes.
pub const KUBERNETES_TWO_LEADERS: &[Question] = &[
    BELIEF_AT_GRANT,
    Question::new(
        "A wakes up and writes what it computed as leader before the pause. B, the new leader, \
         has written since. What does the file do?",
        A_WRITE,
        &FILE_TAKES_A,
    )
    .only(A_WAKES_WRITES_AFTER_B),
];

/// The lease runs out in the pause; the warehouse checks A's reservation by version.
pub const DYNAMODB_VERSION_CHECK: &[Question] = &[LEASE_DURING_PAUSE, WAREHOUSE_TAKES_A];

/// When B gets the lock after A's session ends, and what the file does with A's late write.
pub const CONSUL_LOCK_DELAY: &[Question] = &[
    Question::new(
        "At {at} A's session ends while A is frozen. B asks for the lock every {B.retry}. When is \
         B granted it?",
        Anchor::First(E::Expired(A)),
        &[
            Answer::new(
                "At its next ask: nobody holds the lock",
                Cond::Before(E::Granted(B), E::HeldOff(B)),
                "The lock was free, and nothing held B back: B is granted {B.token} at \
                 {B.granted}.",
            ),
            Answer::new(
                "Only after the lock-delay",
                Cond::Then(E::HeldOff(B), E::Granted(B)),
                "Consul keeps the lock free for {delay} after a session ends: B is refused \
                 until then and granted {B.token} at {B.granted}.",
            ),
        ],
    )
    .only(Cond::And(
        &Cond::Then(E::Expired(A), E::Granted(B)),
        &Cond::And(
            &Cond::Then(E::PauseStarted(A), E::Expired(A)),
            &Cond::Then(E::Expired(A), E::PauseEnded(A)),
        ),
    )),
    Question::new(
        "A wakes after {A.pause} and writes with {token}. B has written since. What does \
         the file do?",
        A_WRITE,
        &FILE_TAKES_A,
    )
    .only(A_WAKES_WRITES_AFTER_B),
];
