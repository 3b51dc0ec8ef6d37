//! What the simulator sets up for a replicated coordination service: the group a scenario
//! asks for, with its numbers, which member each app talks to, and when each member's crash
//! or cut-off ends.

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

/// When each member's crash and cut-off end. Of overlapping windows on one member the one that
/// ends last wins, as with an app's pauses: each return is queued with the end it was queued
/// for, and only the one that matches the end kept brings the member back.
#[derive(Clone, Debug, Default)]
pub(crate) struct MemberWindows {
    /// When each member that is down comes back.
    pub down_until: Vec<Option<u64>>,
    /// When each member that is cut off hears the others again.
    pub cut_until: Vec<Option<u64>>,
}

impl MemberWindows {
    /// No member down or cut off.
    pub fn new(members: usize) -> MemberWindows {
        MemberWindows {
            down_until: vec![None; members],
            cut_until: vec![None; members],
        }
    }
}

/// Opens a window in `slot` until `until_ms`, or extends the one open (a later end already
/// there wins).
pub(crate) fn open_until(slot: Option<&mut Option<u64>>, until_ms: u64) {
    if let Some(slot) = slot {
        *slot = Some(slot.map_or(until_ms, |u| u.max(until_ms)));
    }
}

/// Whether the window in `slot` ends at `until_ms` (then it is closed); a return queued for
/// an end that was since extended is not.
pub(crate) fn closes_at(slot: Option<&mut Option<u64>>, until_ms: u64) -> bool {
    match slot {
        Some(slot) if *slot == Some(until_ms) => {
            *slot = None;
            true
        }
        _ => false,
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
        jitter_ms: 3 + s.member_jitter_ms,
        ttl_ms: s.ttl_ms,
        extend_ms: s.election_timeout_ms,
        renew_alone: s.renew_alone,
        first_token: s.first_token,
        pre_vote: s.pre_vote,
    };
    // `Scenario::validate` has checked these numbers.
    Group::new(cfg, Rules::RAFT, s.seed).ok()
}
