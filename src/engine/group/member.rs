//! One member of the group: its Raft state (term, vote, role, log, commit index) and its
//! applied lease table.
//!
//! The handlers (`election.rs`, `replication.rs`, `requests.rs`) change only the member and
//! return what they want done as [`Do`] effects, which the group carries out: sends go
//! through its links, timers into the host's queue.

use super::config::{GroupConfig, Rules, MAX_MEMBERS};
use super::event::{GroupEvent, MemberChange};
use super::log::Log;
use super::table::Table;
use super::wire::{Answer, Request, Rpc};

/// What a member is to the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Follower,
    /// Standing for election; `votes` has a bit per member that voted for it.
    Candidate {
        votes: u8,
    },
    /// Asking whether it would win the next term (pre-vote); `votes` as a candidate's.
    PreCandidate {
        votes: u8,
    },
    Leader,
}

/// Something a member's handler wants done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Do {
    Send {
        to: usize,
        rpc: Rpc,
    },
    /// (Re)start the election timer; the group draws its length.
    ElectionTimer {
        gen: u32,
    },
    HeartbeatTimer {
        gen: u32,
        after_ms: u64,
    },
    /// End the lease of `token` at `expiry_ms` unless renewed first.
    LeaseTimer {
        token: u64,
        expiry_ms: u64,
    },
    Answer {
        app: usize,
        answer: Answer,
    },
    Note(GroupEvent),
}

/// What a handler needs to know besides the member: the time, the numbers and the rules.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ctx<'a> {
    pub now_ms: u64,
    pub cfg: &'a GroupConfig,
    pub rules: Rules,
}

/// A leader's own state: how far each follower's log matches, what to send each next, which
/// client asked for which of its entries, and the lease timer it runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Leading {
    pub next: [u64; MAX_MEMBERS],
    pub matched: [u64; MAX_MEMBERS],
    /// The index of its first entry: it serves requests once that is committed.
    pub first_index: u64,
    /// Entry index, the app that asked and what it asked (a few at a time: a list).
    pub asked: Vec<(u64, usize, Request)>,
    /// The lease it times: token and end.
    pub lease: Option<(u64, u64)>,
    /// Its timer ran out and the revocation is not applied yet.
    pub revoking: bool,
    /// When it last heard from each member (itself: always).
    pub heard_ms: [u64; MAX_MEMBERS],
}

/// One member.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    pub(crate) id: usize,
    pub(crate) term: u64,
    pub(crate) voted_for: Option<usize>,
    pub(crate) role: Role,
    pub(crate) log: Log,
    pub(crate) commit: u64,
    pub(crate) applied: u64,
    pub(crate) table: Table,
    /// The leader it last heard from in its term.
    pub(crate) leader: Option<usize>,
    /// When it last heard from that leader.
    pub(crate) heard_leader_ms: u64,
    pub(crate) leading: Leading,
    pub(crate) election_gen: u32,
    pub(crate) heartbeat_gen: u32,
    pub(crate) up: bool,
}

impl Member {
    pub(crate) fn new(id: usize) -> Member {
        assert!(
            id < MAX_MEMBERS,
            "a group has at most {MAX_MEMBERS} members"
        );
        Member {
            id,
            term: 0,
            voted_for: None,
            role: Role::Follower,
            log: Log::default(),
            commit: 0,
            applied: 0,
            table: Table::default(),
            leader: None,
            heard_leader_ms: 0,
            leading: Leading::default(),
            election_gen: 0,
            heartbeat_gen: 0,
            up: true,
        }
    }

    /// Its current term.
    pub fn term(&self) -> u64 {
        self.term
    }

    /// Leader, candidate, pre-candidate or follower.
    pub fn role(&self) -> Role {
        self.role
    }

    /// Whether it is running (not crashed).
    pub fn up(&self) -> bool {
        self.up
    }

    /// Its log.
    pub fn log(&self) -> &Log {
        &self.log
    }

    /// The highest index it knows to be committed.
    pub fn commit(&self) -> u64 {
        self.commit
    }

    /// Its applied lease table.
    pub fn table(&self) -> Table {
        self.table
    }

    /// The leader it follows, or itself when it leads.
    pub fn leader(&self) -> Option<usize> {
        self.leader
    }

    pub(crate) fn is_leader(&self) -> bool {
        self.role == Role::Leader
    }

    pub(crate) fn reset_election(&mut self, fx: &mut Vec<Do>) {
        self.election_gen = self.election_gen.wrapping_add(1);
        fx.push(Do::ElectionTimer {
            gen: self.election_gen,
        });
    }

    /// A message names a later term: follow, forget the vote, and stop leading.
    pub(crate) fn see_term(&mut self, term: u64, fx: &mut Vec<Do>) {
        if term <= self.term {
            return;
        }
        self.term = term;
        self.voted_for = None;
        self.leader = None;
        self.follow(fx);
    }

    /// Becomes a follower (of nobody yet), dropping a leader's state.
    pub(crate) fn follow(&mut self, fx: &mut Vec<Do>) {
        if self.is_leader() {
            self.note(MemberChange::SteppedDown { term: self.term }, fx);
            self.stop_leading(fx);
        }
        self.role = Role::Follower;
    }

    /// Drops a leader's state and waits, as a follower, to hear from a leader; the apps it
    /// has not answered get no answer.
    pub(crate) fn stop_leading(&mut self, fx: &mut Vec<Do>) {
        self.leading = Leading::default();
        self.role = Role::Follower;
        self.leader = None;
        self.reset_election(fx);
    }

    /// The member stops: a crash. Its term, vote and log (on disk) survive, and so does its
    /// applied table (etcd keeps it on disk too); a leader's state and timers do not.
    pub(crate) fn crash(&mut self) {
        self.up = false;
        self.role = Role::Follower;
        self.leader = None;
        self.leading = Leading::default();
        self.election_gen = self.election_gen.wrapping_add(1);
        self.heartbeat_gen = self.heartbeat_gen.wrapping_add(1);
    }

    /// The member is back, as a follower waiting to hear from a leader.
    pub(crate) fn restart(&mut self, fx: &mut Vec<Do>) {
        self.up = true;
        self.reset_election(fx);
    }

    /// Records a change to this member.
    pub(crate) fn note(&self, change: MemberChange, fx: &mut Vec<Do>) {
        let member = self.id;
        fx.push(Do::Note(GroupEvent::Member { member, change }));
    }

    /// Tells `app` `answer`.
    pub(crate) fn answer(app: usize, answer: Answer, fx: &mut Vec<Do>) {
        fx.push(Do::Answer { app, answer });
    }

    /// The fencing token of the entry at `index`.
    pub(crate) fn token_of(cx: &Ctx, index: u64) -> u64 {
        let first_index = 2;
        let after_first = index.saturating_sub(first_index);
        cx.cfg.first_token.saturating_add(after_first)
    }
}
