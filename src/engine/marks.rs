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

impl Sim {
    /// Sets aside scheduling numbers for `n` happenings of faults placed later
    /// ([`Sim::place_late`]); returns the number before them.
    pub(crate) fn hold_for_faults(&mut self, n: u64) -> u64 {
        self.queue.hold(n)
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
