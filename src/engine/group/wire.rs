//! What crosses the wire: messages between members, a client's requests and the answers.

use super::log::Entry;
use super::table::Held;

/// A message between two members (Raft's two calls and their replies, the pre-vote and its
/// reply, and a request passed on to the leader).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rpc {
    /// A candidate asks for a vote in `term`.
    Vote {
        term: u64,
        last_index: u64,
        last_term: u64,
    },
    /// The answer to a vote request.
    VoteReply { term: u64, granted: bool },
    /// A pre-candidate asks whether it would get a vote in `term` (its own term plus one).
    PreVote {
        term: u64,
        last_index: u64,
        last_term: u64,
    },
    /// The answer to a pre-vote: `term` is the one asked about if granted, else the
    /// member's own.
    PreVoteReply { term: u64, granted: bool },
    /// A leader's entries after `prev_index` (none: a heartbeat), and its commit index.
    Append {
        term: u64,
        prev_index: u64,
        prev_term: u64,
        entries: Vec<Entry>,
        commit: u64,
    },
    /// The answer to `Append`: whether the entries fit, and how far the log now matches the
    /// leader's (on a refusal: where the leader should try from).
    AppendReply { term: u64, ok: bool, matched: u64 },
    /// A client's request, passed on by a follower to the leader it knows.
    Forward { app: usize, request: Request },
}

/// What an app asks the service.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// The lease, please (sent at `asked_ms` by the app's own clock).
    Acquire { asked_ms: i64 },
    /// Extend my lease of `token`.
    Renew { token: u64, asked_ms: i64 },
    /// I give my lease of `token` back.
    Release { token: u64 },
}

/// What the service answers an app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A majority has the grant: the lease of `token`, ending at `expiry_ms` on the leader.
    Granted {
        token: u64,
        expiry_ms: u64,
        asked_ms: i64,
    },
    /// A majority has the renewal.
    Renewed {
        token: u64,
        expiry_ms: u64,
        asked_ms: i64,
    },
    /// Someone else holds the lease.
    Refused { holder: Held },
    /// That lease is over (or ending): a renewal's answer.
    Lost { token: u64 },
    /// A release of a lease that is not current: nothing to give back.
    NotHeld { token: u64 },
    /// The lease of `token` is given back.
    Released { token: u64 },
    /// The member asked knows no leader, or its leader is not ready yet: ask again
    /// (`request`: what was asked).
    Unavailable { request: Request },
}
