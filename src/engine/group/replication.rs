//! Replication: the leader sends each follower what it lacks, followers keep the leader's
//! log, an entry a majority has is committed, and every member applies its committed entries
//! to its lease table in order.

use super::election::others;
use super::event::{GroupEvent, LeaseChange, MemberChange};
use super::member::{Ctx, Do, Member, Role};
use super::table::Applied;
use super::wire::Rpc;

/// The most entries one `Append` carries.
const MAX_BATCH: usize = 64;

impl Member {
    /// The heartbeat timer fired (or the member just became leader): send every follower
    /// what it lacks, or an empty heartbeat, and set the timer again.
    pub(crate) fn on_heartbeat(&mut self, cx: &Ctx, gen: u32, fx: &mut Vec<Do>) {
        if !self.up || !self.is_leader() || gen != self.heartbeat_gen {
            return;
        }
        if !self.heard_from_a_majority(cx) {
            self.note(MemberChange::LostMajority { term: self.term }, fx);
            return self.stop_leading(fx);
        }
        for to in others(cx.cfg, self.id) {
            self.send_append(to, fx);
        }
        let after_ms = cx.cfg.heartbeat_ms;
        fx.push(Do::HeartbeatTimer { gen, after_ms });
    }

    /// Whether a majority (itself included) answered within the last election timeout.
    pub(crate) fn heard_from_a_majority(&self, cx: &Ctx) -> bool {
        let since_ms = cx.now_ms.saturating_sub(cx.cfg.election_timeout_ms);
        let heard = self.leading.heard_ms[..cx.cfg.members]
            .iter()
            .enumerate()
            .filter(|&(m, &at_ms)| m == self.id || at_ms >= since_ms)
            .count();
        heard >= cx.cfg.majority()
    }

    /// Sends `to` the entries it lacks, as far as the leader knows.
    pub(crate) fn send_append(&self, to: usize, fx: &mut Vec<Do>) {
        let prev_index = self.leading.next[to].saturating_sub(1);
        let prev_term = self.log.term_at(prev_index).unwrap_or(0);
        let rpc = Rpc::Append {
            term: self.term,
            prev_index,
            prev_term,
            entries: self.log.after(prev_index, MAX_BATCH).to_vec(),
            commit: self.commit,
        };
        fx.push(Do::Send { to, rpc });
    }

    /// A leader's `Append`: follow it, keep its entries if the logs match where they start,
    /// and commit as far as it has.
    pub(crate) fn on_append(&mut self, cx: &Ctx, from: usize, rpc: &Rpc, fx: &mut Vec<Do>) {
        let Rpc::Append {
            term,
            prev_index,
            prev_term,
            ref entries,
            commit,
        } = *rpc
        else {
            return;
        };
        self.see_term(term, fx);
        if term < self.term {
            let reply = Rpc::AppendReply {
                term: self.term,
                ok: false,
                matched: 0,
            };
            fx.push(Do::Send {
                to: from,
                rpc: reply,
            });
            return;
        }
        self.follow(fx);
        self.leader = Some(from);
        self.heard_leader_ms = cx.now_ms;
        self.reset_election(fx);
        let fits = self.log.term_at(prev_index) == Some(prev_term);
        let matched = if fits {
            let last_new = self.log.accept(prev_index, entries);
            if commit > self.commit {
                self.commit = commit.min(last_new).max(self.commit);
                self.apply(cx, fx);
            }
            last_new
        } else {
            self.log.last_index().min(prev_index.saturating_sub(1))
        };
        let term = self.term;
        let reply = Rpc::AppendReply {
            term,
            ok: fits,
            matched,
        };
        fx.push(Do::Send {
            to: from,
            rpc: reply,
        });
    }

    /// A follower's answer to `Append`.
    pub(crate) fn on_append_reply(&mut self, cx: &Ctx, from: usize, rpc: &Rpc, fx: &mut Vec<Do>) {
        let Rpc::AppendReply { term, ok, matched } = *rpc else {
            return;
        };
        self.see_term(term, fx);
        if !self.is_leader() || term != self.term {
            return;
        }
        self.leading.heard_ms[from] = cx.now_ms;
        if ok {
            let had = self.leading.matched[from];
            self.leading.matched[from] = had.max(matched);
            self.leading.next[from] = self.leading.matched[from] + 1;
            self.commit_what_counts(cx, fx);
            if self.leading.next[from] <= self.log.last_index() {
                self.send_append(from, fx);
            }
        } else {
            let next = self.leading.next[from].saturating_sub(1).min(matched + 1);
            self.leading.next[from] = next.max(1);
            self.send_append(from, fx);
        }
    }

    /// Commits the latest entry of this term a majority has (Raft counts only entries of
    /// the leader's own term; earlier ones are committed with them). With that rule broken,
    /// the leader commits what it alone has.
    pub(crate) fn commit_what_counts(&mut self, cx: &Ctx, fx: &mut Vec<Do>) {
        if self.role != Role::Leader {
            return;
        }
        let last = self.log.last_index();
        let mut newest = self.commit;
        for index in (self.commit + 1..=last).rev() {
            if self.log.term_at(index) != Some(self.term) {
                break;
            }
            let have = self.leading.matched[..cx.cfg.members]
                .iter()
                .enumerate()
                .filter(|&(m, &matched)| m == self.id || matched >= index)
                .count();
            if have >= cx.cfg.majority() || !cx.rules.commit_needs_majority {
                newest = index;
                break;
            }
        }
        if newest > self.commit {
            self.commit = newest;
            self.apply(cx, fx);
        }
    }

    /// Applies every committed entry not yet applied, in order; a leader then times the
    /// lease and answers the apps that asked.
    pub(crate) fn apply(&mut self, cx: &Ctx, fx: &mut Vec<Do>) {
        while self.applied < self.commit {
            self.applied += 1;
            let index = self.applied;
            let entry = self
                .log
                .entry(index)
                .expect("a committed entry is in the log");
            let token = Member::token_of(cx, index);
            let applied = self.table.apply(entry.op, token);
            let member = self.id;
            fx.push(Do::Note(GroupEvent::Applied {
                member,
                index,
                entry,
                applied,
            }));
            if self.is_leader() {
                self.after_apply(cx, index, applied, fx);
            }
        }
    }

    /// The leader's part after applying `index`: time the lease, answer who asked.
    fn after_apply(&mut self, cx: &Ctx, index: u64, applied: Applied, fx: &mut Vec<Do>) {
        // A renewal written before the lease's timer ran out, applied after its revocation was
        // written: the lease ends with that revocation, so the renewal counts for nothing.
        let applied = match applied {
            Applied::Renewed(_) if self.leading.revoking => Applied::Nothing,
            other => other,
        };
        let expiry_ms = cx.now_ms.saturating_add(cx.cfg.ttl_ms);
        let change = match applied {
            Applied::Granted(held) => Some(LeaseChange::Granted { held, expiry_ms }),
            Applied::Renewed(held) => Some(LeaseChange::Renewed { held, expiry_ms }),
            Applied::Ended(held) => {
                let revoked = self.leading.revoking;
                Some(LeaseChange::Ended { held, revoked })
            }
            Applied::Nothing => None,
        };
        match applied {
            Applied::Granted(held) | Applied::Renewed(held) => {
                self.time_lease(held.token, expiry_ms, fx)
            }
            Applied::Ended(_) => {
                self.leading.lease = None;
                self.leading.revoking = false;
            }
            Applied::Nothing => {}
        }
        if let Some(change) = change {
            let member = self.id;
            fx.push(Do::Note(GroupEvent::Lease {
                member,
                index,
                change,
            }));
        }
        let asked = self.leading.asked.iter().position(|a| a.0 == index);
        if let Some((_, app, request)) = asked.map(|i| self.leading.asked.swap_remove(i)) {
            self.answer_applied(app, request, applied, fx);
        }
    }
}
