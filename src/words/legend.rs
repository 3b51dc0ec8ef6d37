//! The timeline legend in words: its title, and what each kind of mark means, in a few words.

/// The legend's title.
pub const TITLE: &str = "Legend";

/// What the Lease mark means.
pub const LEASE: &str =
    "lease or lock held at the coordination service, with its token or grant number";

/// What the Renewal mark means.
pub const RENEWAL: &str = "the lease was renewed (tick on the bar)";

/// What the Refused mark means.
pub const REFUSED: &str = "asked for ownership and was refused";

/// What the Belief mark means.
pub const BELIEF: &str = "the app believes it owns the resource";

/// What the Pause mark means.
pub const PAUSE: &str = "the app is paused (stop-the-world): it runs no code";

/// What the Partition mark means.
pub const PARTITION: &str = "the app is cut off from the coordination service";

/// What the Crash mark means.
pub const CRASH: &str = "the app crashed";

/// What the StartOver mark means.
pub const START_OVER: &str =
    "with no lock, the app found the resource changed and starts its work over";

/// What the SplitBrain mark means.
pub const SPLIT_BRAIN: &str = "two apps believe they own the resource at once";

/// What the Read mark means.
pub const READ: &str = "read at the resource";

/// What the Accepted mark means.
pub const ACCEPTED: &str = "write accepted";

/// What the Stale mark means.
pub const STALE: &str = "stale write accepted: data corrupted";

/// What the Rejected mark means.
pub const REJECTED: &str = "stale write rejected by the token or version check";

/// What the Violation mark means.
pub const VIOLATION: &str = "a rule of the resource was broken";

/// What the Fence mark means.
pub const FENCE: &str = "highest token the resource has seen (it rejects lower ones)";

/// What the Message mark means.
pub const MESSAGE: &str = "message between two parts";

/// What the SlowMessage mark means.
pub const SLOW_MESSAGE: &str = "message held up in the network";

/// What the LostMessage mark means.
pub const LOST_MESSAGE: &str = "message lost";

/// What the CopiedMessage mark means.
pub const COPIED_MESSAGE: &str = "a second copy of a message, delivered again by the network";

/// What the Restart mark means.
pub const RESTART: &str = "the resource restarted (the highest it had seen kept, or lost)";

/// What the Failover mark means.
pub const FAILOVER: &str =
    "the coordination service failed over (the band: while its new leader grants nothing)";

/// What the Leader mark means.
pub const LEADER: &str = "the member leading the replicated service, and its term";

/// What the MemberDown mark means.
pub const MEMBER_DOWN: &str = "the member is down";

/// What the MemberCut mark means.
pub const MEMBER_CUT: &str = "the member is cut off from the other members (apps still reach it)";

/// What the Vote mark means.
pub const VOTE: &str = "a member stands for election or votes (hover for whom)";
