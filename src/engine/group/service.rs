//! The group: its members, the links between them, and the messages in flight.
//!
//! Like madsim's `Network`, the group owns its links and returns what to schedule: each
//! call fills a [`GroupOut`] with wake-ups for the host's queue (a message to deliver, a
//! timer), answers for apps and events to record. The host calls [`Group::wake`] when one
//! comes due. Messages between members are held here (a wake-up names one by number), so a
//! wake-up is small and `Copy`.

use super::config::{GroupConfig, Rules};
use super::event::{GroupEvent, MemberChange};
use super::member::{Ctx, Do, Member, Role};
use super::wire::{Answer, Request, Rpc};
use crate::engine::rng::Rng;

/// Something the host must call the group back for, at a time the group chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wake {
    /// Deliver message number `id` between two members.
    Deliver { id: u64 },
    /// A member's election timer (ignored if reset since).
    Election { member: usize, gen: u32 },
    /// A leader's heartbeat timer (ignored if it no longer leads).
    Heartbeat { member: usize, gen: u32 },
    /// A leader's timer for the lease of `token` ending at `expiry_ms`.
    LeaseEnd {
        member: usize,
        token: u64,
        expiry_ms: u64,
    },
}

/// What one call to the group produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GroupOut {
    /// `(at_ms, wake)`: schedule each.
    pub wakes: Vec<(u64, Wake)>,
    /// Send each to its app.
    pub answers: Vec<Answered>,
    /// What the members did, in order.
    pub events: Vec<GroupEvent>,
}

impl GroupOut {
    /// Empties it for the next call, keeping its room.
    pub fn clear(&mut self) {
        self.wakes.clear();
        self.answers.clear();
        self.events.clear();
    }
}

/// An answer for an app, from the member that gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answered {
    pub by: usize,
    pub app: usize,
    pub answer: Answer,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct InFlight {
    from: usize,
    to: usize,
    rpc: Rpc,
}

/// A replicated coordination service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub(super) cfg: GroupConfig,
    pub(super) rules: Rules,
    pub(super) members: Vec<Member>,
    /// A member cut off from the other members (apps still reach it).
    pub(super) cut: Vec<bool>,
    /// Messages between members by number: taken out when delivered or lost.
    pub(super) in_flight: Vec<Option<InFlight>>,
    /// The highest entry whose lease change has been reported.
    pub(super) announced: u64,
    pub(super) rng: Rng,
    pub(super) fx: Vec<Do>,
}

impl Group {
    /// A group of `cfg.members` members; `seed` draws election timeouts and latencies.
    /// An error names the first field out of range ([`GroupConfig::check`]).
    pub fn new(cfg: GroupConfig, rules: Rules, seed: u64) -> Result<Group, &'static str> {
        cfg.check()?;
        Ok(Group {
            cfg,
            rules,
            members: (0..cfg.members).map(Member::new).collect(),
            cut: vec![false; cfg.members],
            in_flight: Vec::new(),
            announced: 0,
            rng: Rng::new(seed ^ 0x6a09_e667_f3bc_c909),
            fx: Vec::new(),
        })
    }

    /// The run starts with the first member leading term 1, as if elected just before.
    pub fn start(&mut self, now_ms: u64, out: &mut GroupOut) {
        for member in &mut self.members {
            member.term = 1;
            member.voted_for = Some(0);
        }
        for id in 1..self.cfg.members {
            self.act(now_ms, id, out, |m, _, fx| m.reset_election(fx));
        }
        self.act(now_ms, 0, out, |m, cx, fx| m.lead(cx, fx));
    }

    /// Its settings.
    pub fn config(&self) -> &GroupConfig {
        &self.cfg
    }

    /// Its members, by index.
    pub fn members(&self) -> &[Member] {
        &self.members
    }

    /// Whether `member` is cut off from the other members.
    pub fn is_cut(&self, member: usize) -> bool {
        self.cut.get(member).copied().unwrap_or(false)
    }

    /// The running leader of the latest term, if any.
    pub fn leader(&self) -> Option<usize> {
        let leaders = self
            .members
            .iter()
            .filter(|m| m.up && m.role == Role::Leader);
        leaders.max_by_key(|m| m.term).map(|m| m.id)
    }

    /// The lease as the running leader of the latest term times it: holder, token, end.
    pub fn lease(&self) -> Option<(usize, u64, u64)> {
        let leader = &self.members[self.leader()?];
        let held = leader.table.holder()?;
        let (token, expiry_ms) = leader.leading.lease?;
        (token == held.token).then_some((held.app, token, expiry_ms))
    }

    /// A wake-up the group asked for is due.
    pub fn wake(&mut self, now_ms: u64, wake: Wake, out: &mut GroupOut) {
        match wake {
            Wake::Deliver { id } => self.deliver(now_ms, id, out),
            Wake::Election { member, gen } => {
                self.act(now_ms, member, out, |m, cx, fx| {
                    m.on_election_timeout(cx, gen, fx)
                });
            }
            Wake::Heartbeat { member, gen } => {
                self.act(now_ms, member, out, |m, cx, fx| m.on_heartbeat(cx, gen, fx));
            }
            Wake::LeaseEnd {
                member,
                token,
                expiry_ms,
            } => {
                self.act(now_ms, member, out, |m, cx, fx| {
                    m.on_lease_end(cx, token, expiry_ms, fx);
                });
            }
        }
    }

    /// `app`'s request reaches `member`. A member that is down drops it.
    pub fn request(
        &mut self,
        now_ms: u64,
        member: usize,
        app: usize,
        request: Request,
        out: &mut GroupOut,
    ) {
        if !self.members.get(member).is_some_and(|m| m.up) {
            return;
        }
        self.act(now_ms, member, out, |m, cx, fx| {
            m.on_request(cx, app, request, false, fx);
        });
    }

    /// `member` crashes (nothing if it is down or out of range).
    pub fn crash(&mut self, member: usize, out: &mut GroupOut) {
        if let Some(m) = self.members.get_mut(member).filter(|m| m.up) {
            m.crash();
            let change = MemberChange::Crashed;
            out.events.push(GroupEvent::Member { member, change });
        }
    }

    /// `member` comes back (nothing if it is up or out of range).
    pub fn restart(&mut self, now_ms: u64, member: usize, out: &mut GroupOut) {
        if self.members.get(member).is_some_and(|m| !m.up) {
            let change = MemberChange::Restarted;
            out.events.push(GroupEvent::Member { member, change });
            self.act(now_ms, member, out, |m, _, fx| m.restart(fx));
        }
    }

    /// Cuts `member` off from the others (`cut`), or joins it again (nothing if it already
    /// is as asked, or out of range).
    pub fn set_cut(&mut self, member: usize, cut: bool, out: &mut GroupOut) {
        if let Some(c) = self.cut.get_mut(member).filter(|c| **c != cut) {
            *c = cut;
            let change = if cut {
                MemberChange::Cut
            } else {
                MemberChange::Joined
            };
            out.events.push(GroupEvent::Member { member, change });
        }
    }

    /// Whether a message between `a` and `b` is sent at all (else it is dropped unsent, with
    /// no draw): both up, neither cut off.
    pub(super) fn linked(&self, a: usize, b: usize) -> bool {
        !self.cut[a] && !self.cut[b] && self.members[a].up && self.members[b].up
    }

    fn deliver(&mut self, now_ms: u64, id: u64, out: &mut GroupOut) {
        let slot = usize::try_from(id)
            .ok()
            .and_then(|i| self.in_flight.get_mut(i));
        let Some(InFlight { from, to, rpc }) = slot.and_then(Option::take) else {
            return;
        };
        if !self.linked(from, to) {
            return;
        }
        self.act(now_ms, to, out, |m, cx, fx| match rpc {
            Rpc::Vote { .. } => m.on_vote(cx, from, &rpc, fx),
            Rpc::VoteReply { .. } => m.on_vote_reply(cx, from, &rpc, fx),
            Rpc::PreVote { .. } => m.on_pre_vote(cx, from, &rpc, fx),
            Rpc::PreVoteReply { .. } => m.on_pre_vote_reply(cx, from, &rpc, fx),
            Rpc::Append { .. } => m.on_append(cx, from, &rpc, fx),
            Rpc::AppendReply { .. } => m.on_append_reply(cx, from, &rpc, fx),
            Rpc::Forward { app, request } => m.on_request(cx, app, request, true, fx),
        });
    }

    /// Runs one handler of `member` and carries out what it asked, in order.
    fn act<F>(&mut self, now_ms: u64, member: usize, out: &mut GroupOut, handler: F)
    where
        F: FnOnce(&mut Member, &Ctx, &mut Vec<Do>),
    {
        let mut fx = std::mem::take(&mut self.fx);
        let cx = Ctx {
            now_ms,
            cfg: &self.cfg,
            rules: self.rules,
        };
        handler(&mut self.members[member], &cx, &mut fx);
        for effect in fx.drain(..) {
            self.carry_out(now_ms, member, effect, out);
        }
        self.fx = fx;
    }

    fn carry_out(&mut self, now_ms: u64, member: usize, effect: Do, out: &mut GroupOut) {
        match effect {
            Do::Send { to, rpc } => {
                if self.linked(member, to) {
                    let at_ms = now_ms + self.cfg.latency_ms + self.rng.up_to(self.cfg.jitter_ms);
                    let id = self.in_flight.len() as u64;
                    let from = member;
                    self.in_flight.push(Some(InFlight { from, to, rpc }));
                    out.wakes.push((at_ms, Wake::Deliver { id }));
                }
            }
            Do::ElectionTimer { gen } => {
                let timeout_ms = self.cfg.election_timeout_ms;
                let after_ms = timeout_ms + self.rng.up_to(timeout_ms - 1);
                out.wakes
                    .push((now_ms + after_ms, Wake::Election { member, gen }));
            }
            Do::HeartbeatTimer { gen, after_ms } => {
                out.wakes
                    .push((now_ms + after_ms, Wake::Heartbeat { member, gen }));
            }
            Do::LeaseTimer { token, expiry_ms } => {
                let wake = Wake::LeaseEnd {
                    member,
                    token,
                    expiry_ms,
                };
                out.wakes.push((expiry_ms.max(now_ms), wake));
            }
            Do::Answer { app, answer } => out.answers.push(Answered {
                by: member,
                app,
                answer,
            }),
            Do::Note(GroupEvent::Lease { index, .. }) if index != 0 && index <= self.announced => {}
            Do::Note(event) => {
                if let GroupEvent::Lease { index, .. } = event {
                    self.announced = self.announced.max(index);
                }
                out.events.push(event);
            }
        }
    }
}
