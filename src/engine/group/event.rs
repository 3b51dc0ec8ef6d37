//! What the group did: members' changes (the timeline's member lanes), the lease's changes
//! as the leader made them (the service's lane, as for the single box), and each entry a
//! member applied (what the property tests compare).

use super::log::Entry;
use super::table::{Applied, Held};

/// A change to one member.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemberChange {
    /// It stood for election in `term`.
    Stood { term: u64 },
    /// It voted for `candidate` in `term`.
    Voted { term: u64, candidate: usize },
    /// It leads `term` (a majority voted for it).
    Led { term: u64 },
    /// It led, heard of the later `term`, and follows now.
    SteppedDown { term: u64 },
    /// It led `term` but heard from no majority for an election timeout, so it stops leading
    /// (etcd's CheckQuorum): a leader cut off from the rest does not lead on.
    LostMajority { term: u64 },
    /// It stopped (a crash); its log and vote survive.
    Crashed,
    /// It is back, as a follower.
    Restarted,
    /// It is cut off from the other members (apps still reach it).
    Cut,
    /// It hears the other members again.
    Joined,
}

/// A change to the lease, made by the leader `member` when it applied an entry (or took over).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaseChange {
    /// A majority has the grant: `held` ends at `expiry_ms` unless renewed.
    Granted { held: Held, expiry_ms: u64 },
    /// A majority has the renewal: `held` now ends at `expiry_ms`.
    Renewed { held: Held, expiry_ms: u64 },
    /// The lease of `held` ended: revoked by the leader's timer, or released by its holder.
    Ended { held: Held, revoked: bool },
    /// A new leader found `held` and started its timer again: it ends at `expiry_ms`.
    Restarted { held: Held, expiry_ms: u64 },
}

/// One thing the group did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupEvent {
    Member {
        member: usize,
        change: MemberChange,
    },
    /// `index`: the entry whose applying made the change (0 for a restart). The group
    /// reports each entry's change once, from the first leader to apply it.
    Lease {
        member: usize,
        index: u64,
        change: LeaseChange,
    },
    /// `member` applied the committed entry at `index` to its lease table.
    Applied {
        member: usize,
        index: u64,
        entry: Entry,
        applied: Applied,
    },
}
