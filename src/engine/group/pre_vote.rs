//! Pre-vote (Ongaro's thesis, §9.6; etcd's `PreVote`): a member whose election timer runs out
//! first asks the others whether they would vote for it in the next term, which changes no
//! one's term or vote, and stands only if a majority would. So a member cut off for a while,
//! whose pre-votes went nowhere, comes back with the term it left with and follows the leader
//! it finds: no election.
//!
//! With or without pre-vote, a member that heard from its leader within the election timeout
//! ignores requests for a later term's vote or pre-vote, as etcd's members do with CheckQuorum
//! on (`inLease` in raft.go's `Step`; the lab's leaders always check their quorum). That alone
//! does not spare an election without pre-vote: the member back from a cut answers the
//! leader's next append with its higher term, and the leader steps down.

use super::member::{Ctx, Do, Member, Role};
use super::wire::Rpc;

impl Member {
    /// Asks every other member whether it would vote for this one in the next term, keeping
    /// its own term (with that rule broken, it counts its term up as a candidate does).
    pub(crate) fn ask_pre_votes(&mut self, cx: &Ctx, fx: &mut Vec<Do>) {
        if !cx.rules.pre_vote_keeps_term {
            self.term += 1;
            self.voted_for = None;
        }
        self.leader = None;
        self.role = Role::PreCandidate {
            votes: 1 << self.id,
        };
        self.reset_election(fx);
        self.ask_votes(cx, self.term + 1, true, fx);
    }

    /// A pre-candidate asks whether this member would vote for it in `term`: yes if `term` is
    /// later than its own and the candidate's log is at least as up to date; no answer while
    /// it hears from a leader. Its term and vote stay as they are.
    pub(crate) fn on_pre_vote(&mut self, cx: &Ctx, from: usize, rpc: &Rpc, fx: &mut Vec<Do>) {
        let Rpc::PreVote {
            term,
            last_index,
            last_term,
        } = *rpc
        else {
            return;
        };
        if term > self.term && self.hears_a_leader(cx) {
            return;
        }
        let granted = term > self.term && self.up_to_date(cx, last_index, last_term);
        let term = if granted { term } else { self.term };
        let rpc = Rpc::PreVoteReply { term, granted };
        fx.push(Do::Send { to: from, rpc });
    }

    /// A member answers this one's pre-vote: a refusal from a later term makes it follow in
    /// that term; a majority of yeses for its next term makes it stand.
    pub(crate) fn on_pre_vote_reply(&mut self, cx: &Ctx, from: usize, rpc: &Rpc, fx: &mut Vec<Do>) {
        let Rpc::PreVoteReply { term, granted } = *rpc else {
            return;
        };
        if !granted {
            return self.see_term(term, fx);
        }
        let Role::PreCandidate { votes } = self.role else {
            return;
        };
        if term != self.term + 1 {
            return;
        }
        let votes = votes | 1 << from;
        self.role = Role::PreCandidate { votes };
        if votes.count_ones() as usize >= cx.cfg.majority() {
            self.stand(cx, fx);
        }
    }

    /// Whether it leads, or heard from its leader within the election timeout: then it
    /// ignores a request for a later term's vote or pre-vote.
    pub(crate) fn hears_a_leader(&self, cx: &Ctx) -> bool {
        let timeout_ms = cx.cfg.election_timeout_ms;
        let recent = cx.now_ms < self.heard_leader_ms.saturating_add(timeout_ms);
        self.is_leader() || self.leader.is_some() && recent
    }
}
