//! Questions of the lease stories: a lock nobody takes back, a holder that renews, and the
//! pause longer than the lease (asked at each of its turns).

use super::shared::{
    A_WAKES_WRITES_AFTER_B, A_WRITE, BELIEF_AT_GRANT, FILE_TAKES_A, LEASE_DURING_PAUSE,
};
use crate::catalog::narration::{Anchor, Cond, EventMatcher as E, A, B};
use crate::catalog::question::{Answer, Question};

/// A crashes holding the lock: does B ever get it?
pub const PERMANENT_OWNERSHIP: &[Question] = &[Question::new(
    "At {at} A crashes while it owns the file. B keeps asking every {B.retry}. Does B ever get \
     the file?",
    Anchor::First(E::Crashed(A)),
    &[
        Answer::new(
            "No, never: nothing takes it back from A",
            Cond::Never(E::Granted(B)),
            "A crashed process never hands anything back, and nothing ends A's ownership: B is \
             still refused when the run ends at {end}.",
        ),
        Answer::new(
            "Yes, once A's lease runs out",
            Cond::Then(E::Expired(A), E::Granted(B)),
            "A crashed process cannot renew: A's lease runs out at {A.expired}, and B is \
             granted {B.token} at {B.granted}.",
        ),
    ],
)
.only(Cond::And(
    &Cond::Then(E::Granted(A), E::Crashed(A)),
    &Cond::And(
        &Cond::Before(E::Crashed(A), E::Expired(A)),
        &Cond::And(
            &Cond::Before(E::Crashed(A), E::Released(A)),
            &Cond::Before(E::Crashed(A), E::Granted(B)),
        ),
    ),
))];

/// B asks while A holds the lease: does B get the file before the end?
pub const ACQUIRE_WORK_RENEW: &[Question] = &[Question::new(
    "At {at} B asks for the lease that A holds, and is turned down. B will ask again every \
     {B.retry}. Will B get the file before the run ends?",
    Anchor::First(E::Refused(B)),
    &[
        Answer::new(
            "No: A keeps it to the end",
            Cond::Never(E::Granted(B)),
            "A's lease never changes hands: B is refused every time it asks, up to the end of \
             the run at {end}.",
        ),
        Answer::new(
            "Yes: A's lease runs out and B gets it",
            Cond::Then(E::Expired(A), E::Granted(B)),
            "A's lease was not renewed in time and runs out at {A.expired}; B is granted \
             {B.token} at {B.granted}.",
        ),
    ],
)
.only(Cond::And(
    &Cond::Then(E::Granted(A), E::Refused(B)),
    &Cond::Never(E::Released(A)),
))];

/// The pause longer than the lease, at each turn: the lease runs out, B is granted, A writes.
pub const GC_PAUSE: &[Question] = &[
    LEASE_DURING_PAUSE,
    BELIEF_AT_GRANT,
    Question::new(
        "A wakes up and writes with {token}, computed from what it read before the \
         pause. B has written a new version since. What does the file do?",
        A_WRITE,
        &FILE_TAKES_A,
    )
    .only(A_WAKES_WRITES_AFTER_B),
];
