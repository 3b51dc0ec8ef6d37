//! The simulator: a priority queue of pending happenings keyed by `(at_ms, seq)`,
//! processed one at a time. Same scenario, same run.

use super::app::AppState;
use super::coordinator::Coordinator;
use super::effect::Effects;
use super::event::{Event, EventKind};
use super::group::{Group, GroupOut};
use super::group_setup::{group_of, MemberWindows, Routes};
use super::net::Network;
use super::pending::Pending;
use super::queue::Queue;
use super::resource::Resource;
use super::rng::Rng;
use super::scenario::Scenario;
use super::scenario_error::ScenarioError;
use super::speed::speed_over_size;
use super::verdict::{SplitBrainTracker, StuckTracker, Verdict, Violation};
use super::violation::ViolationKind;

/// Happenings a run's queue has room for from the start (a story's run rarely queues more).
const QUEUE_ROOM: usize = 64;
/// Events a recording run has room for from the start (a story's run records a few hundred).
const TRACE_ROOM: usize = 256;

/// A running simulation. Build with [`Sim::new`], drive with [`Sim::step`] or
/// [`Sim::run_until`], then [`Sim::finish`] into a [`super::Run`].
#[derive(Clone, Debug)]
pub struct Sim {
    pub(crate) scenario: Scenario,
    pub(crate) now_ms: u64,
    pub(crate) queue: Queue,
    pub(crate) rng: Rng,
    pub(crate) coordinator: Coordinator,
    /// The replicated service, when `Scenario::members` is above 1 (then `coordinator` is
    /// unused).
    pub(crate) group: Option<Group>,
    pub(crate) group_out: GroupOut,
    pub(crate) routes: Routes,
    /// When each member's crash or cut-off ends (empty with no group).
    pub(crate) windows: MemberWindows,
    pub(crate) resource: Resource,
    pub(crate) apps: Vec<AppState>,
    /// The network: its channels, message counts and the faults it acts on.
    pub(crate) net: Network,
    pub(crate) record: bool,
    pub(crate) trace: Vec<Event>,
    pub(crate) cursor: usize,
    /// Reused buffer for the effects of one application handler (see `host.rs`).
    pub(crate) effects: Effects,
    pub(crate) split: SplitBrainTracker,
    pub(crate) stuck: StuckTracker,
    pub(crate) violations: Vec<Violation>,
    pub(crate) found: Vec<ViolationKind>,
    pub(crate) stale_accepted: u32,
    pub(crate) stale_rejected: u32,
    pub(crate) writes_accepted: u32,
    pub(crate) grants: u32,
    pub(crate) events_processed: u64,
    /// Whether a group at rest may skip ahead (verdict-only runs; see `group/rest.rs`), and
    /// whether it did.
    pub(crate) may_skip: bool,
    pub(crate) skipped: bool,
    /// A group at rest skips no further than this (a mark's time: `marks.rs`); else `u64::MAX`.
    pub(crate) stop_ms: u64,
    pub(crate) truncated: bool,
    pub(crate) finished: bool,
}

impl Sim {
    /// A simulation that records the full trace (for `step`, `run_until`, spans).
    pub fn new(scenario: &Scenario) -> Result<Sim, ScenarioError> {
        Sim::build(scenario, true)
    }

    /// A simulation that records no trace: only the verdict (fast path for explorers).
    pub fn new_verdict_only(scenario: &Scenario) -> Result<Sim, ScenarioError> {
        Sim::build(scenario, false)
    }

    fn build(scenario: &Scenario, record: bool) -> Result<Sim, ScenarioError> {
        scenario.validate()?;
        let s = scenario;
        let mut sim = Sim {
            scenario: s.clone(),
            now_ms: 0,
            queue: Queue::with_capacity(QUEUE_ROOM),
            rng: Rng::new(s.seed),
            coordinator: Coordinator::new(s.ttl_ms, s.mode, s.lock_delay_ms, s.first_token)?,
            group: None,
            group_out: GroupOut::default(),
            routes: Routes::default(),
            windows: MemberWindows::default(),
            resource: Resource::new(&s.resource, s.enforcement, s.fence_reads),
            apps: Vec::with_capacity(s.apps.len()),
            net: Network::new(s.apps.len()),
            record,
            trace: Vec::with_capacity(if record { TRACE_ROOM } else { 0 }),
            cursor: 0,
            effects: Effects::new(record),
            split: SplitBrainTracker::default(),
            stuck: StuckTracker::default(),
            violations: Vec::new(),
            found: Vec::new(),
            stale_accepted: 0,
            stale_rejected: 0,
            writes_accepted: 0,
            grants: 0,
            events_processed: 0,
            may_skip: !record,
            skipped: false,
            stop_ms: u64::MAX,
            truncated: false,
            finished: false,
        };
        sim.restart()?;
        Ok(sim)
    }

    /// Sets everything back to the start of a run of the scenario held, keeping the room
    /// its queue, apps, network and trace have grown: a simulation run again (a verdict run
    /// again step by step) allocates little. Leaves nothing of the run before.
    pub(crate) fn restart(&mut self) -> Result<(), ScenarioError> {
        let s = &self.scenario;
        self.now_ms = 0;
        self.queue.clear();
        self.rng = Rng::new(s.seed);
        self.coordinator = Coordinator::new(s.ttl_ms, s.mode, s.lock_delay_ms, s.first_token)?;
        self.group = group_of(s);
        self.group_out.clear();
        (self.routes, self.windows) = Default::default();
        self.resource =
            Resource::new(&s.resource, s.enforcement, s.fence_reads).enforce_by(s.enforce);
        self.apps.clear();
        self.apps.extend(s.apps.iter().map(AppState::new));
        self.net.restart(s.apps.len());
        self.trace.clear();
        self.cursor = 0;
        self.effects.clear();
        (self.split, self.stuck) = Default::default();
        self.violations.clear();
        self.found.clear();
        (self.stale_accepted, self.stale_rejected) = (0, 0);
        (self.writes_accepted, self.grants, self.events_processed) = (0, 0, 0);
        (self.skipped, self.truncated, self.finished) = (false, false, false);
        self.stop_ms = u64::MAX;
        self.start_group();
        for app in 0..self.scenario.apps.len() {
            self.schedule(self.scenario.apps[app].start_ms, Pending::Start { app });
        }
        for i in 0..self.scenario.faults.len() {
            for (at_ms, pending) in self
                .net
                .place(&self.scenario.faults[i])
                .into_iter()
                .flatten()
            {
                self.schedule(at_ms, pending);
            }
        }
        Ok(())
    }

    /// Queues `pending` at `at_ms` (never in the past).
    pub(crate) fn schedule(&mut self, at_ms: u64, pending: Pending) {
        debug_assert!(at_ms >= self.now_ms, "cannot schedule in the past");
        self.queue.push(at_ms, pending);
    }

    /// Records an event (when recording) at the current time.
    pub(crate) fn emit(&mut self, kind: EventKind) {
        if self.record {
            self.trace.push(Event {
                at_ms: self.now_ms,
                kind,
            });
        }
    }

    /// Whether a group at rest may skip ahead: only in a verdict-only run (a drawn run keeps
    /// every heartbeat), not in one run again step by step (see [`Sim::finish_verdict`]), and
    /// in a wasm only once [`super::speed_over_size_in_this_wasm`] was called (see there).
    pub(crate) fn may_skip(&self) -> bool {
        self.may_skip && speed_over_size()
    }

    /// Every queued happening with its time, in no particular order.
    pub(crate) fn queued(&self) -> impl Iterator<Item = (u64, Pending)> + '_ {
        self.queue.iter()
    }

    /// Counts `n` happenings processed at once (a group's heartbeat rounds skipped at rest).
    pub(crate) fn count_skipped(&mut self, n: u64) {
        self.events_processed += n;
        self.skipped = true;
    }

    /// Current simulated time.
    pub fn now_ms(&self) -> u64 {
        self.now_ms
    }

    /// The scenario being run.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// True once the horizon, the event cap, or an empty queue ended the run.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Every event recorded so far (empty for verdict-only simulations).
    pub fn trace(&self) -> &[Event] {
        &self.trace
    }

    /// Processes one scheduled happening. Returns false when the run is over.
    pub fn advance(&mut self) -> bool {
        if self.finished {
            return false;
        }
        let horizon_ms = self.scenario.horizon_ms;
        if self
            .queue
            .next_at_ms()
            .is_none_or(|at_ms| at_ms > horizon_ms)
        {
            return self.finish_now(false);
        }
        if self.events_processed >= self.scenario.max_events {
            return self.finish_now(true);
        }
        let Some((at_ms, pending)) = self.queue.pop() else {
            return self.finish_now(false);
        };
        debug_assert!(at_ms >= self.now_ms, "time never goes backwards");
        self.now_ms = at_ms;
        self.events_processed += 1;
        self.dispatch(pending);
        true
    }

    fn finish_now(&mut self, truncated: bool) -> bool {
        self.truncated = truncated;
        if !truncated {
            self.now_ms = self.now_ms.max(self.scenario.horizon_ms);
        }
        self.finished = true;
        false
    }

    /// The next event, processing as much as needed. `None` when the run is over.
    /// Only meaningful for recording simulations ([`Sim::new`]).
    pub fn step(&mut self) -> Option<Event> {
        while self.cursor == self.trace.len() {
            if !self.record || !self.advance() {
                return None;
            }
        }
        self.cursor += 1;
        Some(self.trace[self.cursor - 1])
    }

    /// Processes everything scheduled up to and including `at_ms`; returns the events
    /// not yet handed out by `step`/`run_until`.
    pub fn run_until(&mut self, at_ms: u64) -> &[Event] {
        while let Some(next_ms) = self.queue.next_at_ms() {
            if next_ms > at_ms || !self.advance() {
                break;
            }
        }
        if at_ms >= self.scenario.horizon_ms {
            self.run_to_end();
        }
        let from = self.cursor;
        self.cursor = self.trace.len();
        &self.trace[from..]
    }

    /// Runs to the end.
    pub fn run_to_end(&mut self) {
        while self.advance() {}
    }

    fn dispatch(&mut self, pending: Pending) {
        match pending {
            Pending::Start { app } => {
                if self.gate(app, pending) {
                    self.host(app, |a, s, o| a.on_start(s, o));
                }
            }
            Pending::Timer { app, timer, gen } => {
                if self.gate(app, pending) {
                    self.host(app, |a, s, o| a.on_timer(s, timer, gen, o));
                }
            }
            Pending::Deliver {
                msg,
                sent_ms,
                arrived,
            } => self.on_deliver(msg, sent_ms, arrived),
            Pending::Expiry { token, expiry_ms } => self.on_expiry(token, expiry_ms),
            Pending::BeliefCheck { app, gen } => {
                if self.gate(app, pending) {
                    self.host(app, |a, s, o| a.on_belief_check(s, gen, o));
                }
            }
            Pending::PauseStart { app, for_ms } => {
                self.host(app, |a, s, o| a.on_pause_start(s, for_ms, o))
            }
            Pending::PauseEnd { app, until_ms } => {
                self.host(app, |a, s, o| a.on_pause_end(s, until_ms, o))
            }
            Pending::RestartResource => self.on_resource_restart(),
            Pending::Failover if self.group.is_some() => self.fail_over_group(),
            Pending::Failover => self.on_failover(),
            Pending::Crash { app } => self.host(app, |a, s, o| a.on_crash(s, o)),
            Pending::ClockJump { app, by_ms } => {
                self.host(app, |a, s, o| a.on_clock_jump(s, by_ms, o))
            }
            Pending::PartitionStart { app } => self.emit(EventKind::PartitionStarted { app }),
            Pending::PartitionEnd { app } => self.emit(EventKind::PartitionEnded { app }),
            Pending::Group(_)
            | Pending::MemberDown { .. }
            | Pending::MemberUp { .. }
            | Pending::MemberCut { .. }
            | Pending::MemberJoin { .. } => self.on_group_pending(pending),
        }
    }

    /// Ends the run: the verdict only. A run that skipped ahead counts what it skipped at once,
    /// so it reaches the event cap earlier than the step-by-step run, though only if that run
    /// reaches it too: then it runs again step by step, to stop where that run stops.
    pub fn finish_verdict(mut self) -> Verdict {
        self.verdict()
    }

    /// [`Sim::finish_verdict`], leaving the simulation to be restarted.
    pub(crate) fn verdict(&mut self) -> Verdict {
        self.run_to_end();
        let capped = self.truncated || self.events_processed >= self.scenario.max_events;
        if self.may_skip() && self.skipped && capped {
            self.may_skip = false;
            let again = self.restart().map(|()| self.verdict());
            self.may_skip = true;
            if let Ok(verdict) = again {
                return verdict;
            }
        }
        self.take_verdict()
    }

    pub(crate) fn take_verdict(&mut self) -> Verdict {
        let end_ms = self.now_ms;
        let held = match &self.group {
            Some(group) => group
                .lease()
                .map(|(app, token, expiry_ms)| (app, token, Some(expiry_ms))),
            None => self
                .coordinator
                .holder()
                .map(|l| (l.app, l.token, l.expiry_ms)),
        };
        Verdict {
            violations: std::mem::take(&mut self.violations),
            split_brain: std::mem::take(&mut self.split).finish(end_ms),
            stale_writes_accepted: self.stale_accepted,
            stale_writes_rejected: self.stale_rejected,
            writes_accepted: self.writes_accepted,
            grants: self.grants,
            final_state: self.resource.state().clone(),
            events_processed: self.events_processed,
            truncated: self.truncated,
            end_ms,
            stuck: std::mem::take(&mut self.stuck).finish(held, end_ms),
        }
    }

    pub(crate) fn take_trace(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.trace)
    }
}
