//! A group copied into the room another already has (issue 52). The explorer restores a run
//! from a mark once a schedule, thousands of times a search; a derived `clone_from` builds every
//! member's log and lists anew and frees the old ones, so each restore allocated a dozen
//! vectors and each first push after it grew one again. [`Group::copy_from`] copies into the
//! vectors already there: the same group, equal by `==`, with nothing allocated once they
//! have grown to a run's size.

use super::member::{Leading, Member};
use super::service::Group;

impl Group {
    /// Makes this group equal to `source`, reusing its vectors' room.
    pub(crate) fn copy_from(&mut self, source: &Group) {
        if self.members.len() != source.members.len() {
            // Not two runs of one scenario: nothing to reuse.
            return self.clone_from(source);
        }
        let Group {
            cfg,
            rules,
            members,
            cut,
            in_flight,
            announced,
            rng,
            fx,
        } = source;
        (self.cfg, self.rules, self.announced) = (*cfg, *rules, *announced);
        self.rng = rng.clone();
        for (to, from) in self.members.iter_mut().zip(members) {
            to.copy_from(from);
        }
        self.cut.clone_from(cut);
        self.in_flight.clone_from(in_flight);
        self.fx.clone_from(fx);
        debug_assert!(self == source, "a copy is equal to its source");
    }
}

impl Member {
    /// Makes this member equal to `source`, reusing its log's and lists' room.
    fn copy_from(&mut self, source: &Member) {
        let Member {
            id,
            term,
            voted_for,
            role,
            log,
            commit,
            applied,
            table,
            leader,
            heard_leader_ms,
            leading,
            election_gen,
            heartbeat_gen,
            up,
        } = source;
        (self.id, self.term, self.voted_for, self.role) = (*id, *term, *voted_for, *role);
        self.log.copy_from(log);
        (self.commit, self.applied, self.table) = (*commit, *applied, *table);
        (self.leader, self.heard_leader_ms) = (*leader, *heard_leader_ms);
        self.leading.copy_from(leading);
        (self.election_gen, self.heartbeat_gen, self.up) = (*election_gen, *heartbeat_gen, *up);
    }
}

impl Leading {
    fn copy_from(&mut self, source: &Leading) {
        let Leading {
            next,
            matched,
            first_index,
            asked,
            lease,
            revoking,
            heard_ms,
        } = source;
        (self.next, self.matched, self.first_index) = (*next, *matched, *first_index);
        self.asked.clone_from(asked);
        (self.lease, self.revoking, self.heard_ms) = (*lease, *revoking, *heard_ms);
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Fault, Scenario, Sim};

    /// Groups of one scenario at different times of its run, with crashes between, so the
    /// two differ in every member's log, term, role and lists.
    fn group_at(scenario: &Scenario, at_ms: u64) -> super::Group {
        let mut sim = Sim::new(scenario).expect("a valid scenario");
        sim.run_until(at_ms);
        sim.group.expect("a replicated service")
    }

    #[test]
    fn a_group_copied_into_another_groups_room_equals_its_source() {
        let scenario = Scenario {
            members: 5,
            ..Scenario::gc_pause_story(true)
        }
        .with_fault(Fault::failover(12_000));
        for (early_ms, late_ms) in [(0, 30_000), (11_000, 20_000), (25_000, 60_000)] {
            let (early, late) = (group_at(&scenario, early_ms), group_at(&scenario, late_ms));
            assert_ne!(early, late);
            let mut copy = early.clone();
            copy.copy_from(&late);
            assert_eq!(copy, late, "later into earlier");
            copy.copy_from(&early);
            assert_eq!(copy, early, "earlier into later");
        }
    }
}
