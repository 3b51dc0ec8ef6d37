//! [`ScenarioBuilder`]: a scenario put together field by field and checked once, by
//! [`ScenarioBuilder::build`]. It starts from the default settings (those of
//! `Scenario::default()`) but with no apps and no faults: unlike `Scenario::default()`, the
//! two-app warehouse story, it holds only what it is given.

use super::fault::Fault;
use super::leader_change::LeaderChange;
use super::scenario::{AppConfig, Client, Enforce, Mode, ResourceKind, Scenario};
use super::scenario_error::ScenarioError;
use super::tokens::Tokens;

/// Builds a [`Scenario`], validated at the end. Start one with `Scenario::builder()`.
///
/// ```
/// use fencing_lab::engine::{AppConfig, Fault, APP_A, Scenario};
///
/// let scenario = Scenario::builder()
///     .ttl_ms(10_000)
///     .app(AppConfig::new("A", "Writer"))
///     .app(AppConfig::new("B", "Writer").start_ms(2_000))
///     .fault(Fault::pause(APP_A, 1_000, 15_000))
///     .build()?;
/// assert_eq!((scenario.apps.len(), scenario.faults.len()), (2, 1));
///
/// let error = Scenario::builder().build().unwrap_err();
/// assert_eq!(error.field, "apps");
/// # Ok::<(), fencing_lab::engine::ScenarioError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioBuilder {
    scenario: Scenario,
}

impl Default for ScenarioBuilder {
    fn default() -> ScenarioBuilder {
        ScenarioBuilder::new()
    }
}

impl Scenario {
    /// A [`ScenarioBuilder`]: the default settings, but no apps and no faults.
    pub fn builder() -> ScenarioBuilder {
        ScenarioBuilder::new()
    }
}

impl ScenarioBuilder {
    /// The default settings, no apps, no faults.
    pub fn new() -> ScenarioBuilder {
        ScenarioBuilder {
            scenario: Scenario {
                apps: Vec::new(),
                faults: Vec::new(),
                ..Scenario::default()
            },
        }
    }

    /// The scenario, if [`Scenario::validate`] accepts it; else the first problem found.
    pub fn build(self) -> Result<Scenario, ScenarioError> {
        self.scenario.validate()?;
        Ok(self.scenario)
    }

    /// Adds one application (after those added before).
    pub fn app(mut self, app: AppConfig) -> Self {
        self.scenario.apps.push(app);
        self
    }

    /// Adds one fault (after those added before).
    pub fn fault(mut self, fault: Fault) -> Self {
        self.scenario.faults.push(fault);
        self
    }

    /// Sets `seed`, the seed for network jitter.
    pub fn seed(mut self, seed: u64) -> Self {
        self.scenario.seed = seed;
        self
    }

    /// Sets `horizon_ms`: the run stops after this time.
    pub fn horizon_ms(mut self, horizon_ms: u64) -> Self {
        self.scenario.horizon_ms = horizon_ms;
        self
    }

    /// Sets `max_events`, the cap on processed events.
    pub fn max_events(mut self, max_events: u64) -> Self {
        self.scenario.max_events = max_events;
        self
    }

    /// Sets `ttl_ms`, the lease length.
    pub fn ttl_ms(mut self, ttl_ms: u64) -> Self {
        self.scenario.ttl_ms = ttl_ms;
        self
    }

    /// Sets `first_token`, the token of the first grant.
    pub fn first_token(mut self, first_token: u64) -> Self {
        self.scenario.first_token = first_token;
        self
    }

    /// Sets `mode`: lease or permanent lock.
    pub fn mode(mut self, mode: Mode) -> Self {
        self.scenario.mode = mode;
        self
    }

    /// Sets `lock_delay_ms`: after a lease expires, no new grant for this long.
    pub fn lock_delay_ms(mut self, lock_delay_ms: u64) -> Self {
        self.scenario.lock_delay_ms = lock_delay_ms;
        self
    }

    /// Sets `latency_ms`, the one-way network latency.
    pub fn latency_ms(mut self, latency_ms: u64) -> Self {
        self.scenario.latency_ms = latency_ms;
        self
    }

    /// Sets `jitter_ms`, the bound of the extra random latency per message.
    pub fn jitter_ms(mut self, jitter_ms: u64) -> Self {
        self.scenario.jitter_ms = jitter_ms;
        self
    }

    /// Turns token enforcement at the resource on or off.
    pub fn enforcement(mut self, on: bool) -> Self {
        self.scenario.enforcement = on;
        self
    }

    /// Turns `fence_reads` on or off (reads raise the fence too).
    pub fn fence_reads(mut self, on: bool) -> Self {
        self.scenario.fence_reads = on;
        self
    }

    /// Sets `enforce`: how enforcement judges a write.
    pub fn enforce(mut self, enforce: Enforce) -> Self {
        self.scenario.enforce = enforce;
        self
    }

    /// Sets `fence_durable`: the resource's fence survives a restart.
    pub fn fence_durable(mut self, durable: bool) -> Self {
        self.scenario.fence_durable = durable;
        self
    }

    /// Sets what a new leader does with the leases it finds.
    pub fn leader_change(mut self, leader_change: LeaderChange) -> Self {
        self.scenario.leader_change = leader_change;
        self
    }

    /// Sets `members`: 1 (one box), or 3 or 5 (a replicated service).
    pub fn members(mut self, members: usize) -> Self {
        self.scenario.members = members;
        self
    }

    /// Sets a replicated service's `election_timeout_ms`.
    pub fn election_timeout_ms(mut self, election_timeout_ms: u64) -> Self {
        self.scenario.election_timeout_ms = election_timeout_ms;
        self
    }

    /// Sets `renew_alone`: a group's leader answers renewals alone, as etcd's does.
    pub fn renew_alone(mut self, renew_alone: bool) -> Self {
        self.scenario.renew_alone = renew_alone;
        self
    }

    /// Turns a replicated service's `pre_vote` on or off.
    pub fn pre_vote(mut self, on: bool) -> Self {
        self.scenario.pre_vote = on;
        self
    }

    /// Sets `member_jitter_ms`: the most a message between a group's members is late.
    pub fn member_jitter_ms(mut self, member_jitter_ms: u64) -> Self {
        self.scenario.member_jitter_ms = member_jitter_ms;
        self
    }

    /// Sets `expiry_lag_ms`: how late the service notices that a lease has run out.
    pub fn expiry_lag_ms(mut self, expiry_lag_ms: u64) -> Self {
        self.scenario.expiry_lag_ms = expiry_lag_ms;
        self
    }

    /// Sets `counter_durable`: the token counter survives a failover.
    pub fn counter_durable(mut self, durable: bool) -> Self {
        self.scenario.counter_durable = durable;
        self
    }

    /// Sets `client`: how apps count their lease.
    pub fn client(mut self, client: Client) -> Self {
        self.scenario.client = client;
        self
    }

    /// Sets `tokens`: what a grant's token lets a resource check.
    pub fn tokens(mut self, tokens: Tokens) -> Self {
        self.scenario.tokens = tokens;
        self
    }

    /// Sets `drift_allowance_ms`: careful clients end their lease this much early.
    pub fn drift_allowance_ms(mut self, drift_allowance_ms: u64) -> Self {
        self.scenario.drift_allowance_ms = drift_allowance_ms;
        self
    }

    /// Sets the protected resource.
    pub fn resource(mut self, resource: ResourceKind) -> Self {
        self.scenario.resource = resource;
        self
    }
}
