//! What the group did, as the timeline's member lanes and the property tests read it.

use super::log::Entry;
use super::table::Applied;

/// One thing a member did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupEvent {
    /// `member` stood for election in `term`.
    Stood { member: usize, term: u64 },
    /// `member` voted for `candidate` in `term`.
    Voted {
        member: usize,
        term: u64,
        candidate: usize,
    },
    /// `member` leads `term` (a majority voted for it).
    Led { member: usize, term: u64 },
    /// `member`, a leader, heard of a later term and follows now.
    SteppedDown { member: usize, term: u64 },
    /// `member` applied the committed entry at `index` to its lease table.
    Applied {
        member: usize,
        index: u64,
        entry: Entry,
        applied: Applied,
    },
    /// `member`, the leader, set the lease of `token` to end at `expiry_ms`; `restarted`:
    /// it took over a lease it found (a leader change) rather than applied a grant or renewal.
    LeaseTimed {
        member: usize,
        token: u64,
        expiry_ms: u64,
        restarted: bool,
    },
    /// `member` stopped (a crash); its log and vote survive.
    Crashed { member: usize },
    /// `member` is back, as a follower.
    Restarted { member: usize },
}
