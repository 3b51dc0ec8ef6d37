//! Messages: plain data travelling between applications, the coordination service
//! and the protected resource.

/// Who sits at one end of a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Node {
    /// An application, by index into `Scenario::apps`.
    App(usize),
    /// The coordination service (lease and token issuer).
    Coordinator,
    /// The protected resource (inventory, payments, storage).
    Resource,
}

/// The kind of a message, used to select messages for `Fault::DelayMessage`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MsgKind {
    /// App → coordinator: please grant me the lease.
    Acquire,
    /// App → coordinator: extend my lease.
    Renew,
    /// App → coordinator: I am done with the lease.
    Release,
    /// Coordinator → app: the lease is yours, with a fencing token.
    Grant,
    /// Coordinator → app: someone else holds it (or lock delay).
    Refused,
    /// Coordinator → app: your lease was extended.
    Renewed,
    /// Coordinator → app: you no longer hold that lease.
    Lost,
    /// App → resource: read the current state.
    Read,
    /// Resource → app: the state you asked for.
    ReadReply,
    /// App → resource: a write carrying a fencing token.
    Write,
    /// Resource → app: your write was accepted or rejected.
    WriteReply,
}

/// The names links and written stories give message kinds, in `MsgKind` order.
pub const MSG_KIND_NAMES: [(&str, MsgKind); 11] = [
    ("acquire", MsgKind::Acquire),
    ("renew", MsgKind::Renew),
    ("release", MsgKind::Release),
    ("grant", MsgKind::Grant),
    ("refused", MsgKind::Refused),
    ("renewed", MsgKind::Renewed),
    ("lost", MsgKind::Lost),
    ("read", MsgKind::Read),
    ("read_reply", MsgKind::ReadReply),
    ("write", MsgKind::Write),
    ("write_reply", MsgKind::WriteReply),
];

/// Number of `MsgKind` variants (for per-kind counters).
pub const MSG_KINDS: usize = 11;

/// Why the coordination service refused an acquire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefuseReason {
    /// Another application holds the lease under this token.
    Held {
        /// Index of the holder.
        holder: usize,
        /// The holder's token.
        token: u64,
    },
    /// A lease expired recently; no grants until this time.
    LockDelay {
        /// When grants may resume.
        until_ms: u64,
    },
    /// A new leader is waiting out the old leader's leases; no grants until this time.
    Recovering {
        /// When grants may resume.
        until_ms: u64,
    },
    /// The member of a replicated service asked knows no leader, or its new leader is not
    /// ready: ask again (the app's next try goes to the next member).
    NoLeader,
}

/// Message contents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Body {
    /// See [`MsgKind::Acquire`]. `asked_ms`: the app's own clock when it sent this; the
    /// reply echoes it (as a request id would let the app look it up).
    Acquire { asked_ms: i64 },
    /// See [`MsgKind::Renew`]; `asked_ms` as for `Acquire`.
    Renew { token: u64, asked_ms: i64 },
    /// See [`MsgKind::Release`].
    Release { token: u64 },
    /// See [`MsgKind::Grant`]; `expiry_ms` is `None` for a permanent lock; `asked_ms` is
    /// the request's, echoed.
    Grant {
        token: u64,
        expiry_ms: Option<u64>,
        asked_ms: i64,
    },
    /// See [`MsgKind::Refused`].
    Refused { reason: RefuseReason },
    /// See [`MsgKind::Renewed`].
    Renewed {
        token: u64,
        expiry_ms: Option<u64>,
        asked_ms: i64,
    },
    /// See [`MsgKind::Lost`].
    Lost { token: u64 },
    /// See [`MsgKind::Read`]; reads carry the token but are never rejected.
    Read { token: u64 },
    /// See [`MsgKind::ReadReply`]; `value` is stock, unpaid-invoice mask or version;
    /// `version` the resource's version (writes it has accepted).
    ReadReply { value: u64, version: u64 },
    /// See [`MsgKind::Write`]; `based_on` is the value the write was computed from and
    /// `version` the version it was read at, for a compare-and-set to compare; `returns`: the
    /// write gives back the last item the app reserved ([`crate::engine::Step::Return`]).
    Write {
        token: u64,
        based_on: u64,
        version: u64,
        returns: bool,
    },
    /// See [`MsgKind::WriteReply`]; `highest` is the resource's highest token and `value`
    /// its value after the write (a file's new version, as a storage service returns the
    /// generation a conditional write made, so the writer's next write can name it).
    WriteReply {
        token: u64,
        accepted: bool,
        highest: u64,
        value: u64,
    },
}

impl Body {
    /// The kind of this body.
    pub fn kind(&self) -> MsgKind {
        match self {
            Body::Acquire { .. } => MsgKind::Acquire,
            Body::Renew { .. } => MsgKind::Renew,
            Body::Release { .. } => MsgKind::Release,
            Body::Grant { .. } => MsgKind::Grant,
            Body::Refused { .. } => MsgKind::Refused,
            Body::Renewed { .. } => MsgKind::Renewed,
            Body::Lost { .. } => MsgKind::Lost,
            Body::Read { .. } => MsgKind::Read,
            Body::ReadReply { .. } => MsgKind::ReadReply,
            Body::Write { .. } => MsgKind::Write,
            Body::WriteReply { .. } => MsgKind::WriteReply,
        }
    }
}

/// One message in flight. `id` numbers messages in send order, from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Message {
    /// Send-order number, unique within a run.
    pub id: u32,
    /// Sender.
    pub from: Node,
    /// Receiver.
    pub to: Node,
    /// Contents.
    pub body: Body,
}

impl Message {
    /// The application at either end (every message has exactly one).
    pub fn app(&self) -> usize {
        match (self.from, self.to) {
            (Node::App(a), _) | (_, Node::App(a)) => a,
            // Every message has an application at one end.
            _ => unreachable!(),
        }
    }

    /// True when the message travels between an application and the coordination service.
    pub fn involves_coordinator(&self) -> bool {
        self.from == Node::Coordinator || self.to == Node::Coordinator
    }
}
