//! Marks: an explorer's runs share their start (issue 52). Every schedule runs the scenario
//! alone until its earliest fault strikes, so the explorer (`explore/starts.rs`) runs that
//! stretch once, keeping the simulation as it stands before each time a schedule's faults may
//! start (a mark), and starts each schedule from the mark at its earliest fault, its faults
//! placed then.
//!
//! The run from a mark is the run from the start: a fault placed at the start acts only at its
//! time (its happenings are queued for then; none is placed on a message), and the happenings it
//! queues take scheduling numbers set aside at the start, right after the scenario's own
//! faults', as they would have had. A group at rest skips no further than a mark's time, where
//! a fault's happening would have ended its stretch too (`group/rest.rs`: the stretch lands
//! where the step-by-step run would be, wherever it ends).

use super::fault::Fault;
use super::sim::Sim;
use super::speed::speed_over_size;

impl Sim {
    /// Sets aside scheduling numbers for `n` happenings of faults placed later
    /// ([`Sim::place_late`]); returns the number before them.
    pub(crate) fn hold_for_faults(&mut self, n: u64) -> u64 {
        self.queue.hold(n)
    }

    /// Becomes `mark`, a simulation of the same scenario but for its faults, keeping its own
    /// room (a clone would allocate its scenario, queue, apps and network again).
    pub(crate) fn restore(&mut self, mark: &Sim) {
        let Sim {
            scenario,
            now_ms,
            queue,
            rng,
            coordinator,
            group,
            group_out,
            routes,
            windows,
            resource,
            apps,
            net,
            record,
            trace,
            cursor,
            effects,
            split,
            stuck,
            violations,
            found,
            stale_accepted,
            stale_rejected,
            writes_accepted,
            grants,
            events_processed,
            may_skip,
            skipped,
            stop_ms,
            truncated,
            finished,
        } = mark;
        debug_assert!(self.scenario.apps == scenario.apps && self.record == *record);
        debug_assert!(
            effects.is_empty(),
            "no handler's effects wait between happenings"
        );
        self.scenario.faults.clone_from(&scenario.faults);
        (self.now_ms, self.rng, self.coordinator) = (*now_ms, rng.clone(), coordinator.clone());
        self.queue.clone_from(queue);
        match (&mut self.group, group) {
            (Some(to), Some(from)) if speed_over_size() => to.copy_from(from),
            (to, from) => to.clone_from(from),
        }
        self.group_out.clone_from(group_out);
        (self.routes, self.windows) = (routes.clone(), windows.clone());
        self.resource.clone_from(resource);
        self.apps.clone_from(apps);
        self.net.clone_from(net);
        (self.trace, self.cursor) = (trace.clone(), *cursor);
        self.effects.clear();
        (self.split, self.stuck) = (split.clone(), stuck.clone());
        self.violations.clone_from(violations);
        self.found.clone_from(found);
        self.stale_accepted = *stale_accepted;
        self.stale_rejected = *stale_rejected;
        self.writes_accepted = *writes_accepted;
        self.grants = *grants;
        self.events_processed = *events_processed;
        (self.may_skip, self.skipped, self.stop_ms) = (*may_skip, *skipped, *stop_ms);
        (self.truncated, self.finished) = (*truncated, *finished);
    }

    /// Processes every happening due before `at_ms` and stops there (a mark).
    pub(crate) fn run_before(&mut self, at_ms: u64) {
        self.stop_ms = at_ms;
        while self
            .queue
            .next_at_ms()
            .is_some_and(|next_ms| next_ms < at_ms)
            && self.advance()
        {}
        self.stop_ms = u64::MAX;
    }

    /// Places `fault` (striking no earlier than now) as if it had been placed at the start: the
    /// happenings it queues (at most two) take the numbers `seq` and `seq + 1`, held then.
    pub(crate) fn place_late(&mut self, fault: &Fault, seq: u64) {
        debug_assert!(fault.at_ms().is_none_or(|at_ms| at_ms >= self.now_ms));
        let placed = self.net.place(fault);
        for ((at_ms, pending), seq) in placed.into_iter().flatten().zip(seq..) {
            self.queue.push_numbered(at_ms, seq, pending);
        }
    }
}
