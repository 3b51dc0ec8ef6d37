//! What the simulator sets up for a replicated coordination service: the group a scenario
//! asks for, with its numbers, and which member each app talks to.

use super::group::{Group, GroupConfig, Rules};
use super::scenario::Scenario;

/// Who the apps talk to, and whether their last request was answered.
#[derive(Clone, Debug, Default)]
pub(crate) struct Routes {
    /// The member each app talks to.
    pub member: Vec<usize>,
    /// Whether each app's last request is still unanswered.
    pub unanswered: Vec<bool>,
}

impl Routes {
    /// App `i` talks to member `i` modulo `members` first.
    pub fn new(apps: usize, members: usize) -> Routes {
        Routes {
            member: (0..apps).map(|app| app % members).collect(),
            unanswered: vec![false; apps],
        }
    }
}

/// The group a scenario asks for, if it asks for one.
pub(crate) fn group_of(s: &Scenario) -> Option<Group> {
    if s.members <= 1 {
        return None;
    }
    let cfg = GroupConfig {
        members: s.members,
        heartbeat_ms: (s.election_timeout_ms / 10).max(1),
        election_timeout_ms: s.election_timeout_ms,
        latency_ms: 2,
        jitter_ms: 3,
        ttl_ms: s.ttl_ms,
        extend_ms: s.election_timeout_ms,
        first_token: s.first_token,
    };
    // `Scenario::validate` has checked these numbers.
    Group::new(cfg, Rules::RAFT, s.seed).ok()
}
