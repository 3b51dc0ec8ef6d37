//! The replicated service's settings and the rules its members follow.
//!
//! [`GroupConfig`] holds the numbers (how many members, how often a leader sends heartbeats,
//! how long a follower waits for one, how long a message takes between members) and whether
//! members ask for pre-votes. [`Rules`]
//! holds the rules of Raft the lab's members keep; each can be broken on purpose, so a test
//! (or a learner) can see what that rule guards.

/// The fewest members a replicated group may have (one box is the single-box service).
pub const MIN_MEMBERS: usize = 3;
/// The most members a group may have.
pub const MAX_MEMBERS: usize = 5;
/// The longest a heartbeat interval or an election timeout may be.
pub const MAX_GROUP_TIMER_MS: u64 = 60_000;

/// The numbers of a replicated coordination service.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupConfig {
    /// How many members (3 or 5 in the lab's stories; `MIN_MEMBERS..=MAX_MEMBERS`).
    pub members: usize,
    /// How often a leader sends each follower what it lacks, or an empty heartbeat.
    pub heartbeat_ms: u64,
    /// A follower that hears from no leader for this long (plus up to as long again, drawn
    /// from the seed) stands for election.
    pub election_timeout_ms: u64,
    /// One message between two members takes this long, plus up to `jitter_ms` more.
    pub latency_ms: u64,
    /// The most a message between members is late on top of `latency_ms`.
    pub jitter_ms: u64,
    /// How long a lease lasts from when the leader applies its grant or renewal.
    pub ttl_ms: u64,
    /// A new leader keeps each lease it finds, ending it this long plus a whole lease after it
    /// took over (etcd: its election timeout; `lessor.go`, `Promote`).
    pub extend_ms: u64,
    /// The leader answers a renewal alone, restarting its own timer for the lease and writing
    /// no entry, as etcd's does ("renewals don't go through raft": `v3_server.go`
    /// `LeaseRenew`); a cut-off leader then answers them until it stops leading (etcd's
    /// `ensureLeadership` skips its check while the member's Raft ticks: `server.go`
    /// `isActive`). Off: a renewal is an entry that counts once a majority has it.
    pub renew_alone: bool,
    /// The fencing token of the first grant. A lease's token is the log index of its grant
    /// counted from the first grant's possible place (index 2: index 1 is the first leader's
    /// entry), so the numbers look like the single box's (101, 102 …) and grow with the log.
    pub first_token: u64,
    /// A member whose election timer runs out first asks whether it would win (a pre-vote),
    /// and stands only if a majority would vote for it (etcd's `PreVote`: off in 3.4, on
    /// since 3.5; see `pre_vote.rs`).
    pub pre_vote: bool,
}

impl GroupConfig {
    /// etcd 3.4's defaults (100 ms heartbeats, 1 s election timeout, no pre-vote) for a group
    /// of `members`, with leases of `ttl_ms`.
    pub fn etcd(members: usize, ttl_ms: u64) -> GroupConfig {
        GroupConfig {
            members,
            heartbeat_ms: 100,
            election_timeout_ms: 1_000,
            latency_ms: 2,
            jitter_ms: 3,
            ttl_ms,
            extend_ms: 1_000,
            renew_alone: false,
            first_token: 101,
            pre_vote: false,
        }
    }

    /// How many members make a majority.
    pub fn majority(&self) -> usize {
        self.members / 2 + 1
    }

    /// The first field out of range, by name.
    pub fn check(&self) -> Result<(), &'static str> {
        if !(MIN_MEMBERS..=MAX_MEMBERS).contains(&self.members) {
            return Err("members");
        }
        if self.heartbeat_ms == 0 || self.heartbeat_ms > MAX_GROUP_TIMER_MS {
            return Err("heartbeat_ms");
        }
        let timeout_ms = self.election_timeout_ms;
        if timeout_ms <= self.heartbeat_ms || timeout_ms > MAX_GROUP_TIMER_MS {
            return Err("election_timeout_ms");
        }
        if self.ttl_ms == 0 {
            return Err("ttl_ms");
        }
        if self.first_token == 0 {
            return Err("first_token");
        }
        Ok(())
    }
}

/// The rules of Raft the members keep. [`Rules::RAFT`] keeps them all; a test breaks one at a
/// time to see the property it guards fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// A member votes at most once a term. Broken: two leaders in one term.
    pub one_vote_per_term: bool,
    /// A member votes only for a candidate whose log is at least as up to date as its own.
    /// Broken: a leader without a committed entry overwrites it.
    pub vote_for_up_to_date_logs: bool,
    /// An entry counts (is committed) once a majority has it. Broken: a leader cut off from
    /// the rest grants on its own, and tokens repeat.
    pub commit_needs_majority: bool,
    /// A new leader restarts the timers of the leases it finds. Broken: it ends them at once,
    /// before their holders' own count has run out.
    pub restart_lease_timers: bool,
    /// With pre-vote on, a member keeps its term while it asks for pre-votes. Broken: a member
    /// cut off counts its term up all the same and, back, forces an election.
    pub pre_vote_keeps_term: bool,
}

impl Rules {
    /// Every rule kept.
    pub const RAFT: Rules = Rules {
        one_vote_per_term: true,
        vote_for_up_to_date_logs: true,
        commit_needs_majority: true,
        restart_lease_timers: true,
        pre_vote_keeps_term: true,
    };
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::RAFT
    }
}
