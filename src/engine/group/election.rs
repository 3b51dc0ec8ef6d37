//! Elections: a follower that hears no leader stands, members vote, a majority makes a
//! leader, and the new leader writes its first entry and restarts the lease it finds.

use super::config::GroupConfig;
use super::event::{GroupEvent, LeaseChange, MemberChange};
use super::log::{Entry, Op};
use super::member::{Ctx, Do, Leading, Member, Role};
use super::wire::Rpc;

impl Member {
    /// The election timer fired: stand for election in the next term (with pre-vote on, first
    /// ask whether it would win), unless the timer was reset since (`gen`), the member is
    /// down, or it leads.
    pub(crate) fn on_election_timeout(&mut self, cx: &Ctx, gen: u32, fx: &mut Vec<Do>) {
        if !self.up || gen != self.election_gen || self.is_leader() {
            return;
        }
        if cx.cfg.pre_vote {
            self.ask_pre_votes(cx, fx);
        } else {
            self.stand(cx, fx);
        }
    }

    /// Stands for election in the next term: votes for itself and asks the others.
    pub(crate) fn stand(&mut self, cx: &Ctx, fx: &mut Vec<Do>) {
        self.term += 1;
        self.voted_for = Some(self.id);
        self.leader = None;
        self.role = Role::Candidate {
            votes: 1 << self.id,
        };
        self.note(MemberChange::Stood { term: self.term }, fx);
        self.reset_election(fx);
        self.ask_votes(cx, self.term, false, fx);
    }

    /// Asks every other member for its vote in `term` (`pre`: its pre-vote).
    pub(crate) fn ask_votes(&self, cx: &Ctx, term: u64, pre: bool, fx: &mut Vec<Do>) {
        let (last_index, last_term) = (self.log.last_index(), self.log.last_term());
        for to in others(cx.cfg, self.id) {
            let rpc = if pre {
                Rpc::PreVote {
                    term,
                    last_index,
                    last_term,
                }
            } else {
                Rpc::Vote {
                    term,
                    last_index,
                    last_term,
                }
            };
            fx.push(Do::Send { to, rpc });
        }
    }

    /// A candidate asks for this member's vote.
    pub(crate) fn on_vote(&mut self, cx: &Ctx, from: usize, rpc: &Rpc, fx: &mut Vec<Do>) {
        let Rpc::Vote {
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
        self.see_term(term, fx);
        let free = self.voted_for.is_none_or(|v| v == from) || !cx.rules.one_vote_per_term;
        let granted = term == self.term && free && self.up_to_date(cx, last_index, last_term);
        if granted {
            self.voted_for = Some(from);
            let candidate = from;
            self.note(MemberChange::Voted { term, candidate }, fx);
            self.reset_election(fx);
        }
        let term = self.term;
        fx.push(Do::Send {
            to: from,
            rpc: Rpc::VoteReply { term, granted },
        });
    }

    /// Whether a candidate's log is at least as up to date as this member's (always, with
    /// that rule broken).
    pub(crate) fn up_to_date(&self, cx: &Ctx, last_index: u64, last_term: u64) -> bool {
        self.log.behind_or_equal(last_index, last_term) || !cx.rules.vote_for_up_to_date_logs
    }

    /// A member answers this one's vote request.
    pub(crate) fn on_vote_reply(&mut self, cx: &Ctx, from: usize, rpc: &Rpc, fx: &mut Vec<Do>) {
        let Rpc::VoteReply { term, granted } = *rpc else {
            return;
        };
        self.see_term(term, fx);
        let Role::Candidate { votes } = self.role else {
            return;
        };
        if term != self.term || !granted {
            return;
        }
        let votes = votes | 1 << from;
        self.role = Role::Candidate { votes };
        if votes.count_ones() as usize >= cx.cfg.majority() {
            self.lead(cx, fx);
        }
    }

    /// Becomes the leader of its term: writes its first entry (committing it commits all
    /// before it), restarts the timer of the lease it has applied, and tells every follower.
    pub(crate) fn lead(&mut self, cx: &Ctx, fx: &mut Vec<Do>) {
        self.role = Role::Leader;
        self.leader = Some(self.id);
        let term = self.term;
        self.note(MemberChange::Led { term }, fx);
        let next = self.log.last_index() + 1;
        self.leading = Leading {
            next: [next; super::config::MAX_MEMBERS],
            heard_ms: [cx.now_ms; super::config::MAX_MEMBERS],
            ..Leading::default()
        };
        let first_index = self.log.append(Entry { term, op: Op::Noop });
        self.leading.first_index = first_index;
        self.leading.matched[self.id] = first_index;
        self.take_over_lease(cx, fx);
        self.heartbeat_gen = self.heartbeat_gen.wrapping_add(1);
        self.on_heartbeat(cx, self.heartbeat_gen, fx);
        self.commit_what_counts(cx, fx);
    }

    /// A new leader and the lease it finds applied: it starts its timer again, ending it
    /// `extend_ms` plus a whole lease from now (etcd's `Promote`). With that rule broken, it
    /// revokes the lease at once.
    fn take_over_lease(&mut self, cx: &Ctx, fx: &mut Vec<Do>) {
        let Some(held) = self.table.holder() else {
            return;
        };
        let token = held.token;
        if !cx.rules.restart_lease_timers {
            self.leading.revoking = true;
            let index = self.log.append(Entry {
                term: self.term,
                op: Op::Revoke { token },
            });
            self.leading.matched[self.id] = index;
            return;
        }
        let extend_ms = cx.cfg.extend_ms.saturating_add(cx.cfg.ttl_ms);
        let expiry_ms = cx.now_ms.saturating_add(extend_ms);
        self.time_lease(held.token, expiry_ms, fx);
        let change = LeaseChange::Restarted { held, expiry_ms };
        fx.push(Do::Note(GroupEvent::Lease {
            member: self.id,
            index: 0,
            change,
        }));
    }

    /// The leader's timer for the lease of `token` now ends at `expiry_ms`.
    pub(crate) fn time_lease(&mut self, token: u64, expiry_ms: u64, fx: &mut Vec<Do>) {
        self.leading.lease = Some((token, expiry_ms));
        self.leading.revoking = false;
        fx.push(Do::LeaseTimer { token, expiry_ms });
    }
}

/// Every member but `me`.
pub(crate) fn others(cfg: &GroupConfig, me: usize) -> impl Iterator<Item = usize> {
    (0..cfg.members).filter(move |&m| m != me)
}
