//! A replicated coordination service: a group of 3 to 5 members that keep the lease table by
//! Raft's rules, so a leader change loses no committed grant and tokens keep growing.
//!
//! Members elect a leader for a term (a follower that hears no leader for its election
//! timeout stands; a majority of votes, each member voting once a term and only for a log at
//! least as up to date as its own, makes a leader). The leader writes each grant, renewal,
//! release and revocation as a log entry, sends followers what they lack, and commits an
//! entry of its term once a majority has it; then every member applies it to its lease table
//! and the leader answers the app. A lease's fencing token is the index of its grant's entry
//! (counted from `first_token`), so it grows with the log. Only the leader times leases: when
//! its timer runs out it writes a revocation. A new leader restarts the timer of the lease it
//! finds: it ends `extend_ms` plus a whole lease after the takeover (etcd's `Promote`).
//!
//! What the lab leaves out of Raft, and why it does not change what the stories show:
//! - the run starts with member 0 (member 1 in the words) leading term 1, as if elected just
//!   before the run;
//! - no snapshots or log compaction (a run's log is short), no membership changes, no leader
//!   lease for reads (the lab reads nothing from the group);
//! - pre-vote is a setting (`GroupConfig::pre_vote`, off by default, as in etcd 3.4; on since
//!   etcd 3.5): with it a member first asks whether it would win the next term (changing no
//!   term) and stands only if a majority would (`pre_vote.rs`). Without it a member cut off
//!   for a while stands again and again, and its higher term, on its return, forces an
//!   election. Either way a member that heard from its leader within the election timeout
//!   ignores requests for a later term's vote, as etcd's do with CheckQuorum on;
//! - a crashed member keeps its term, vote, log and applied table (all on disk in etcd) and
//!   comes back as a follower;
//! - messages between members take a fixed latency plus a seeded jitter, and are lost only
//!   to a crash or a cut; a cut member still hears from apps;
//! - a leader that has heard from no majority for an election timeout stops leading (etcd runs
//!   Raft with CheckQuorum on), and a member that knows no leader tells apps to ask again;
//! - a follower passes an app's request to the leader it knows; with none, or while a new
//!   leader's first entry is not committed, the app is told to ask again;
//! - renewals go through the log like grants, the stricter rule, unless `renew_alone` is on:
//!   then the leader answers them alone, as etcd's does, and a cut-off leader answers them
//!   until it stops leading (the story "Cut off, still leading");
//! - a new leader restarts the lease it finds as it is elected (etcd's `Promote` runs when it
//!   applies its first entry, milliseconds later, and spreads the expiries of more than 1 000
//!   leases), and a leader steps down one election timeout after it last heard from a majority
//!   (etcd checks its quorum once per timeout: one to two timeouts after a cut).
//!
//! [`Rules`] can break one rule at a time, for the tests that show what each one guards.

mod config;
mod election;
mod event;
mod log;
mod member;
mod pre_vote;
mod replication;
mod requests;
mod rest;
mod room;
mod service;
mod table;
mod wire;

pub use config::{GroupConfig, Rules, MAX_GROUP_TIMER_MS, MAX_MEMBERS, MIN_MEMBERS};
pub use event::{GroupEvent, LeaseChange, MemberChange};
pub use log::{Entry, Log, Op};
pub use member::{Member, Role};
pub use service::{Answered, Group, GroupOut, Wake};
pub use table::{Applied, Held, Table};
pub use wire::{Answer, Request, Rpc};
