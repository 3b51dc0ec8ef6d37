//! A group at rest skips ahead (issue 52): the explorer's verdict-only runs jump over the
//! heartbeat rounds that cannot change anything, landing exactly where the step-by-step run
//! would be. Drawn runs never skip (the timeline shows every heartbeat), nor does the app's
//! wasm (its size budget: `Sim::may_skip`); the explorer's worker does.
//!
//! At rest, when the leader's heartbeat comes due: it leads, up, with all its entries committed
//! and applied, and not cut off; every other member that is up and not cut off follows it in its
//! term, with the same log and commit index; a majority (the leader included) is such; no message
//! is in flight; and every follower's election timer runs out after the heartbeat reaches it. A
//! member cut off hears nothing of the rounds and the leader's sends to it are dropped unsent (no
//! draw), so it may stand again and again meanwhile: the stretch ends before its next wake-up,
//! which the step-by-step run then processes, and the next heartbeat skips on. Then a
//! round (the leader's empty appends, the followers' timers reset, their replies) changes only
//! times: when each follower last heard the leader, when the leader last heard each follower,
//! the followers' timer generations and the group's random draws (three a follower a round,
//! one each: the append's latency, the new election timeout, the reply's latency). With the
//! rounds apart (a round trip shorter than the heartbeat interval) and a follower's timer
//! longer than a heartbeat interval plus the jitter, nothing else can happen until an event that
//! matters: an app's or a fault's, the leader's live lease timer, the horizon.
//!
//! Every round but the last is only counted (SplitMix64 skips its draws at once), unless its timers
//! might run out after the horizon; the last ones are drawn, and the wake-ups still ahead that can
//! change something (the next heartbeat, each follower's latest election timer) are queued in the
//! order the step-by-step run queued them. The host counts what that run would have processed (the
//! election timers reset since included, if due by the horizon), so the verdict's event count is
//! the same; a run that skipped and meets the event cap runs again step by step
//! (`Sim::finish_verdict`). Member jitter needs no exception: the draws are the same, and a jitter
//! too long for the rounds to stay apart skips nothing.

use super::config::MAX_MEMBERS;
use super::member::{Ctx, Member, Role};
use super::service::{Group, GroupOut, Wake};

/// A group at rest as its leader's heartbeat comes due (see the module comment).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rest {
    leader: usize,
    /// The heartbeat timer's generation.
    gen: u32,
    /// The members up besides the leader (a bit each): each hears every heartbeat.
    followers: u8,
    /// When the first round starts (the heartbeat due now).
    now_ms: u64,
}

impl Rest {
    fn followers(self) -> impl Iterator<Item = usize> {
        (0..MAX_MEMBERS).filter(move |&m| self.followers & (1 << m) != 0)
    }

    fn count(self) -> u64 {
        u64::from(self.followers.count_ones())
    }
}

impl Group {
    /// The latest a message between members arrives after it is sent, and the whole round
    /// trip; `None` if rounds could overlap or a reset timer could run out before the next
    /// heartbeat arrives (then the group never skips).
    fn round_trip_ms(&self) -> Option<(u64, u64)> {
        let cfg = &self.cfg;
        let one_way_ms = cfg.latency_ms + cfg.jitter_ms;
        let apart = 2 * one_way_ms < cfg.heartbeat_ms;
        let outlasts = cfg.election_timeout_ms > cfg.heartbeat_ms + cfg.jitter_ms;
        (apart && outlasts).then_some((one_way_ms, 2 * one_way_ms))
    }

    /// Whether `wake`, due at `now_ms`, is the leader's heartbeat with the group at rest (all
    /// but the queue's part: see [`Group::ends_by`]).
    pub(crate) fn rest(&self, now_ms: u64, wake: Wake) -> Option<Rest> {
        let Wake::Heartbeat { member, gen } = wake else {
            return None;
        };
        self.round_trip_ms()?;
        let lead = self.members.get(member)?;
        let last = lead.log.last_index();
        let steady = lead.commit == last && lead.applied == last;
        if !lead.up || !lead.is_leader() || gen != lead.heartbeat_gen || !steady {
            return None;
        }
        let cx = Ctx {
            now_ms,
            cfg: &self.cfg,
            rules: self.rules,
        };
        if self.cut[member] || !lead.heard_from_a_majority(&cx) {
            return None;
        }
        // A member cut off hears nothing of the rounds, and the leader's sends to it are
        // dropped without a draw (`Group::linked`, as when sent): it is not a follower here,
        // and its own wake-ups end a stretch.
        let mut followers = 0;
        let linked = |m: &&Member| m.id != member && self.linked(member, m.id);
        for m in self.members.iter().filter(linked) {
            let follows = m.role == Role::Follower && m.leader == Some(member);
            let same = m.term == lead.term && m.log.last_index() == last && m.commit == last;
            let known = lead.leading.matched[m.id] == last && lead.leading.next[m.id] == last + 1;
            if !(follows && same && known) {
                return None;
            }
            followers |= 1 << m.id;
        }
        let rest = Rest {
            leader: member,
            gen,
            followers,
            now_ms,
        };
        (1 + rest.count() as usize >= self.cfg.majority()).then_some(rest)
    }

    /// The latest a stretch at rest from `rest` may end given `wake`, queued at `at_ms`: before
    /// it if it matters (the leader's live lease timer, another live heartbeat), never if it
    /// changes nothing (a timer reset or stopped since, a down member's), and at once if the
    /// group is not at rest after all (a message in flight; a follower's timer that runs out
    /// before the first heartbeat surely reaches it).
    pub(crate) fn ends_by(&self, rest: &Rest, at_ms: u64, wake: Wake) -> u64 {
        let lead = &self.members[rest.leader];
        let live = match wake {
            Wake::Deliver { .. } => return rest.now_ms,
            Wake::Election { member, .. }
            | Wake::Heartbeat { member, .. }
            | Wake::LeaseEnd { member, .. }
                if self.cut[member] =>
            {
                true
            }
            Wake::Election { member, gen } => {
                let m = &self.members[member];
                let (one_way_ms, _) = self.round_trip_ms().unwrap_or_default();
                let reset_first = at_ms > rest.now_ms + one_way_ms;
                if m.up && m.id != rest.leader && gen == m.election_gen && !reset_first {
                    return rest.now_ms;
                }
                false
            }
            Wake::Heartbeat { member, gen } => member == rest.leader && gen == lead.heartbeat_gen,
            Wake::LeaseEnd {
                member,
                token,
                expiry_ms,
            } => {
                let current = lead.leading.lease == Some((token, expiry_ms));
                member == rest.leader && current && !lead.leading.revoking
            }
        };
        if live {
            at_ms
        } else {
            u64::MAX
        }
    }

    /// Whether `wake` is an election timer reset since (it will change nothing when due).
    pub(crate) fn passes(&self, wake: Wake) -> bool {
        let Wake::Election { member, gen } = wake else {
            return false;
        };
        self.members
            .get(member)
            .is_some_and(|m| m.election_gen != gen)
    }

    /// Runs at once the heartbeat rounds of a group at rest from `rest` that end before
    /// `end_ms` (the next event that matters, or just after `horizon_ms`). Puts in `out` the
    /// wake-ups still ahead at the stretch's end, in the step-by-step run's order, and returns
    /// how many happenings that run would have processed before it besides the heartbeat due
    /// now; `None` (nothing done) if no round fits.
    pub(crate) fn skip_rounds(
        &mut self,
        rest: &Rest,
        (end_ms, horizon_ms): (u64, u64),
        out: &mut GroupOut,
    ) -> Option<u64> {
        let (_, trip_ms) = self.round_trip_ms()?;
        let (hb_ms, timeout_ms) = (self.cfg.heartbeat_ms, self.cfg.election_timeout_ms);
        let last_start_ms = end_ms.checked_sub(trip_ms + 1)?.checked_sub(rest.now_ms)?;
        let rounds = last_start_ms / hb_ms + 1;
        let until_ms = end_ms.min(rest.now_ms + rounds * hb_ms);
        // A round's election timers all run out by this long after it starts. Those of every
        // round but the last are reset by the next round before they run out, so where they
        // fall matters only for whether they fall by the horizon (then they are counted).
        let reach_ms = trip_ms + 2 * timeout_ms;
        let counted = horizon_ms
            .checked_sub(rest.now_ms + reach_ms)
            .map_or(0, |room_ms| room_ms / hb_ms + 1)
            .min(rounds - 1);
        self.rng.skip(3 * rest.count() * counted);
        for f in rest.followers() {
            let m = &mut self.members[f];
            m.election_gen = m.election_gen.wrapping_add(counted as u32);
        }
        let queued = out.wakes.len();
        for round in counted..rounds {
            self.round_at_rest(rest, rest.now_ms + round * hb_ms, out);
        }
        let drawn = out.wakes.len() - queued;
        out.wakes.retain(|&(at_ms, _)| at_ms >= until_ms);
        let passed = drawn - (out.wakes.len() - queued);
        // Every round's appends and replies, and the counted rounds' timers.
        let messages = 2 * rest.count() * rounds;
        Some(messages + counted * (1 + rest.count()) + passed as u64)
    }

    /// One heartbeat round at rest starting at `now_ms`, as the step-by-step run draws it: the
    /// appends' latencies in member order, then at each arrival (earliest first; a tie in
    /// the order sent) the follower's new election timeout and its reply's latency. Queues the
    /// next heartbeat and the election timers in `out`.
    fn round_at_rest(&mut self, rest: &Rest, now_ms: u64, out: &mut GroupOut) {
        let (latency_ms, jitter_ms) = (self.cfg.latency_ms, self.cfg.jitter_ms);
        let timeout_ms = self.cfg.election_timeout_ms;
        let mut arrivals = [(u64::MAX, 0); MAX_MEMBERS];
        for (slot, f) in arrivals.iter_mut().zip(rest.followers()) {
            *slot = (now_ms + latency_ms + self.rng.up_to(jitter_ms), f);
        }
        let (member, gen) = (rest.leader, rest.gen);
        let next_ms = now_ms + self.cfg.heartbeat_ms;
        out.wakes.push((next_ms, Wake::Heartbeat { member, gen }));
        for _ in rest.followers() {
            let first = arrivals.iter_mut().min().expect("a follower's arrival");
            let (at_ms, f) = std::mem::replace(first, (u64::MAX, 0));
            let m = &mut self.members[f];
            m.election_gen = m.election_gen.wrapping_add(1);
            m.heard_leader_ms = at_ms;
            let gen = m.election_gen;
            let after_ms = timeout_ms + self.rng.up_to(timeout_ms - 1);
            out.wakes
                .push((at_ms + after_ms, Wake::Election { member: f, gen }));
            let reply_ms = at_ms + latency_ms + self.rng.up_to(jitter_ms);
            self.members[member].leading.heard_ms[f] = reply_ms;
        }
    }
}
