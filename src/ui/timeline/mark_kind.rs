//! The kinds of mark the timeline draws, as a plain enum with an index each (for when each kind
//! is first drawn); the legend says what each means and draws its sample.

/// A kind of mark on the timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Lease,
    Renewal,
    Refused,
    Belief,
    Pause,
    Partition,
    Crash,
    StartOver,
    SplitBrain,
    Read,
    Accepted,
    Stale,
    Rejected,
    Violation,
    Fence,
    Message,
    SlowMessage,
    LostMessage,
    CopiedMessage,
    Restart,
    Failover,
    Leader,
    MemberDown,
    MemberCut,
    Vote,
}

/// How many kinds there are (`kind as usize` is below it).
pub const KINDS: usize = Kind::Vote as usize + 1;
