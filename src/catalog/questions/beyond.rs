//! Questions of the "Beyond the lock" stories: what a replicated coordination service does
//! that one box cannot.

use super::outages::A_RESERVES_AFTER_B;
use super::tokens::next_token;
use crate::catalog::narration::{Anchor, Cond, EventMatcher as E, Who, A, B};
use crate::catalog::question::{Answer, Question};

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
                "The new leader knows every grant that counted (kept by a majority in the group's \
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

/// The leader goes down while A holds the lease: what becomes of it, and when does B get it?
pub const LEADER_CHANGE: &[Question] = &[
    Question::new(
        "The coordination service's leader goes down while A holds the lease with {A.token}, \
         halfway through its work, and a new leader takes over. What becomes of A's lease?",
        Anchor::First(E::FailedOver),
        &[
            Answer::new(
                "It is kept: the new leader knows it",
                Cond::Happens(E::LeaseRestarted(A)),
                "The new leader finds A's lease and starts its timer again at {at}: A renews \
                 as before and finishes its work.",
            ),
            Answer::new(
                "It is lost: the new leader knows no lease",
                Cond::Never(E::LeaseRestarted(A)),
                "The new leader at {at} knows no lease: it grants nothing until the old one's \
                 leases must have run out, and A's next renewal is refused.",
            ),
        ],
    )
    .only(Cond::And(
        &Cond::Then(E::Granted(A), E::FailedOver),
        &Cond::Before(E::FailedOver, E::Released(A)),
    )),
    Question::new(
        "B has been asking for the lease since A got it. When is B granted it?",
        Anchor::First(E::Granted(B)),
        &[
            Answer::new(
                "Once A gives it back",
                Cond::Then(E::Released(A), E::Granted(B)),
                "A kept its lease through the leader change, finished, and released it: B \
                 is granted {token} at {at}.",
            ),
            Answer::new(
                "When the new leader stops waiting",
                Cond::Before(E::Granted(B), E::Released(A)),
                "A never gave the lease back: B is granted {token} at {at}, once the \
                 service no longer has to wait out any lease it might have forgotten.",
            ),
        ],
    ),
];

/// The leader is cut off and the others elect a new one: when is B granted the lease? And
/// when the old leader hears the others again, does the group keep its new leader?
pub const MINORITY_LEADER: &[Question] = &[
    Question::new(
        "The leader is cut off from the other members, and they elect a new one. B has been \
     asking for the lease all along. When is B granted it?",
        Anchor::First(E::FailedOver),
        &[
            Answer::new(
                "Once A gives it back",
                Cond::Then(E::Released(A), E::Granted(B)),
                "The new leader found A's lease in its log and kept it: A finished and released \
             it, and B is granted {B.token}.",
            ),
            Answer::new(
                "Now: the new leader knows no lease",
                Cond::Before(E::Granted(B), E::Released(A)),
                "A never gave the lease back before B was granted {B.token}.",
            ),
            Answer::new(
                "Now, from the old leader, which apps still reach",
                Cond::Never(E::Granted(Who::Any)),
                "Nobody is granted anything here: the old leader can count no grant alone.",
            ),
        ],
    )
    .only(Cond::And(
        &Cond::Then(E::MemberCut, E::FailedOver),
        &Cond::Happens(E::Granted(B)),
    )),
    Question::new(
        "The old leader, cut off all this while, hears the others again at {at}. Does the \
         group keep the leader it elected meanwhile?",
        Anchor::First(E::MemberJoined),
        &[
            Answer::new(
                "Yes: the old leader follows it",
                Cond::Never(E::LeaderDeposed),
                "Its term never rose while it was cut off, so nothing makes the leader step \
                 down: it asked for pre-votes and never stood.",
            ),
            Answer::new(
                "No: the leader steps down and the group elects again",
                Cond::Happens(E::LeaderDeposed),
                "Cut off, the old leader stood for election again and again; its term is now \
                 higher than the leader's, which steps down when it hears of it, and the group \
                 must elect again.",
            ),
        ],
    )
    .only(Cond::Then(E::FailedOver, E::MemberJoined)),
];

/// No lock: A wakes from its pause and reserves on the stock it read before; what does the
/// warehouse do, and did B wait for A?
pub const NO_LOCK: &[Question] = &[
    Question::new(
        "A is about to freeze in a long pause, halfway through its order, and B wants the \
         last item too. Does B have to wait for A before it can reserve?",
        Anchor::First(E::PauseStarted(A)),
        &[
            Answer::new(
                "No: B reserves while A is frozen",
                Cond::And(
                    &Cond::Locks(false),
                    &Cond::Is(Anchor::First(E::WriteArrived(B)), E::WriteAccepted(B)),
                ),
                "B's reservation is accepted at {B.write}, while A is frozen: there is no \
                 lock for A to hold.",
            ),
            Answer::new(
                "Yes: until A's lease runs out",
                Cond::And(
                    &Cond::Then(E::Expired(A), E::Granted(B)),
                    &Cond::Is(Anchor::First(E::WriteArrived(B)), E::WriteAccepted(B)),
                ),
                "B was granted the lease only once A's had run out: B's reservation lands \
                 at {B.write}.",
            ),
            Answer::new(
                "B's reservation is refused",
                Cond::Is(Anchor::First(E::WriteArrived(B)), E::VersionRejected(B)),
                "The stock changed between B's read and its reservation, so the warehouse \
                 refused it.",
            ),
        ],
    )
    .only(Cond::And(
        &Cond::Never(E::FailedOver),
        &Cond::And(
            &Cond::Then(E::PauseStarted(A), E::WriteArrived(B)),
            &Cond::Before(E::WriteArrived(B), E::PauseEnded(A)),
        ),
    )),
    Question::new(
        "A wakes and reserves, computed from the stock it read before its pause. B has \
         reserved since. What does the warehouse do with A's reservation?",
        Anchor::First(E::WriteArrived(A)),
        &[
            Answer::new(
                "Refuses it: the stock has changed",
                Cond::Is(Anchor::First(E::WriteArrived(A)), E::VersionRejected(A)),
                "The stock is not what A read, so the warehouse refuses the reservation at \
                 {at}: nothing is sold twice.",
            ),
            Answer::new(
                "Refuses it: A's grant is older than B's",
                Cond::Is(Anchor::First(E::WriteArrived(A)), E::WriteRejected(A)),
                "B was granted {B.token}, above A's {A.token}, so the warehouse refuses A's \
                 reservation at {at}.",
            ),
            Answer::new(
                "Takes it, as if nothing had changed",
                Cond::Is(Anchor::First(E::WriteArrived(A)), E::WriteAccepted(A)),
                "Nothing the warehouse checks refuses it, so A's reservation lands at {at}, \
                 computed from a stock that is no longer there.",
            ),
        ],
    )
    .only(Cond::Then(E::WriteAccepted(B), E::WriteArrived(A))),
];

/// A deposed leader wakes and pays with its old epoch: what does the bank do?
pub const DEPOSED_LEADER: &[Question] = &[Question::new(
    "A wakes from its pause and sends the payment it computed as leader in {A.token}, without \
     looking at its lease. B has been elected and has paid the invoice since. What does the \
     bank do with A's payment?",
    Anchor::First(E::WriteArrived(A)),
    &[
        Answer::new(
            "Refuses it: A's epoch is older than B's",
            Cond::Is(Anchor::First(E::WriteArrived(A)), E::WriteRejected(A)),
            "The bank has seen a higher epoch than A's, so it refuses A's payment at {at}.",
        ),
        Answer::new(
            "Refuses it: what A read has changed",
            Cond::Is(Anchor::First(E::WriteArrived(A)), E::VersionRejected(A)),
            "The bank compares versions here: the invoice A read as unpaid is paid now, so \
             it refuses A's payment at {at}.",
        ),
        Answer::new(
            "Pays the invoice again",
            Cond::Is(Anchor::First(E::WriteArrived(A)), E::WriteAccepted(A)),
            "Nothing the bank checks refuses A's payment: it lands at {at}.",
        ),
    ],
)
.only(Cond::Then(E::WriteAccepted(B), E::WriteArrived(A)))];

/// The item came back: A reserves on a stock that went and came back since its read.
pub const CAME_BACK: &[Question] = &[Question::new(
    "B's order was cancelled and its item is back: the stock is what A read. Now A \
     reserves, computed from that read. What does the warehouse do?",
    Anchor::First(E::WriteArrived(A)),
    &[
        Answer::new(
            "Takes it: the stock is what A read",
            Cond::Is(Anchor::First(E::WriteArrived(A)), E::WriteAccepted(A)),
            "The stock is what A read, so nothing the warehouse checks refuses A's \
             reservation: it lands at {at}. A compare of values cannot see the sale and the \
             return in between.",
        ),
        Answer::new(
            "Refuses it: B reserved since A's read",
            Cond::Is(Anchor::First(E::WriteArrived(A)), E::WriteRejected(A)),
            "The warehouse looks at no token here: with no lock, there is none.",
        ),
        Answer::new(
            "Refuses it: the version moved on",
            Cond::Is(Anchor::First(E::WriteArrived(A)), E::VersionRejected(A)),
            "The warehouse compares the version A read: B's sale and B's return each raised \
             it, so A's reservation is refused at {at}, though the stock is what A read.",
        ),
    ],
)
.only(Cond::And(
    &Cond::Locks(false),
    &Cond::And(
        &Cond::Then(E::ReadServed(A), E::WriteAccepted(B)),
        &Cond::Then(E::Returned(B), E::WriteArrived(A)),
    ),
))];
