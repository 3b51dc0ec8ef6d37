//! One knob's name as data: which setting a label, a toggle, a link key or a clamp report is
//! about (the settings themselves are [`super::Knobs`]).

/// One knob, for labels (the words layer says them), toggle buttons and clamp reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knob {
    /// Token enforcement at the resource.
    Enforcement,
    /// Lease or permanent lock.
    Mode,
    /// Periodic lease renewals.
    Renewals,
    /// Apps look at their lease before each write.
    CheckBeforeWrite,
    /// Apps count their lease from their request (off: from the reply).
    CarefulClient,
    /// Enforcement compares the version read (off: the token).
    ExactVersion,
    /// The resource stores its highest token durably.
    FenceDurable,
    /// The coordination service stores its token counter durably.
    CounterDurable,
    /// Lease length.
    Ttl,
    /// Length of every pause fault.
    Pause,
    /// One-way network latency.
    Latency,
    /// Items in stock (inventory only).
    Stock,
    /// Members of the coordination service: 1 (one box), 3 or 5 (a replicated group).
    Members,
    /// Grants carry a leader's epoch: the apps elect a leader, and the token is the
    /// election's number ([`Tokens::Epoch`]).
    Epochs,
    /// A member of a replicated group asks whether it could win before it stands for
    /// election (Raft's pre-vote), so one back from a cut does not force an election.
    PreVote,
}

impl Knob {
    /// The `Knobs` field name (also the URL parameter name).
    pub fn field(self) -> &'static str {
        match self {
            Knob::Enforcement => "enforcement",
            Knob::Mode => "mode",
            Knob::Renewals => "renewals",
            Knob::CheckBeforeWrite => "check_before_write",
            Knob::CarefulClient => "careful_client",
            Knob::ExactVersion => "by_version",
            Knob::FenceDurable => "fence_durable",
            Knob::CounterDurable => "counter_durable",
            Knob::Ttl => "ttl_ms",
            Knob::Pause => "pause_ms",
            Knob::Latency => "latency_ms",
            Knob::Stock => "stock",
            Knob::Members => "members",
            Knob::Epochs => "epochs",
            Knob::PreVote => "pre_vote",
        }
    }
}
