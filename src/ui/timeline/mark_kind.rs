//! The kinds of mark the timeline draws, as a plain enum with a bit each (for the set of kinds
//! drawn); the legend says what each means and draws its sample.

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

impl Kind {
    /// This kind's bit in a set of kinds.
    pub fn bit(self) -> u32 {
        1 << (self as u32)
    }
}
