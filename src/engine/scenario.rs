//! Scenario: everything a run depends on (settings, apps, faults, seed). A run is a pure
//! function of its `Scenario`.

pub use super::app_config::{AppConfig, Renew, Step};
use super::fault::Fault;
use super::leader_change::LeaderChange;
use super::tokens::Tokens;

/// How the coordination service hands out ownership.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Ownership for `ttl_ms`, extended by renewals, expiring automatically.
    Lease,
    /// Ownership until explicitly released: a crashed holder blocks everyone forever.
    PermanentLock,
    /// No ownership at all: apps ask the coordination service for nothing and write with
    /// compare-and-set, reading again and starting over when the resource has changed
    /// since their read (`no_lock.rs`). Only the resource's version check keeps them safe.
    NoLock,
}

/// The protected resource and its initial state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResourceKind {
    /// A stock counter; each write reserves one item for a customer (read-modify-write).
    Inventory { stock: u64 },
    /// Unpaid invoices (ids, at most 64); a write pays the invoices the app read as unpaid.
    Payments { invoices: Vec<u32> },
    /// A file; each write stores a new version based on the version the app read.
    Storage,
}

/// When an application starts counting its lease, on its own clock.
///
/// The coordination service starts the lease when it *handles* the request; the app can
/// only know when it *sent* the request, or when the reply *arrived*.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Client {
    /// From the moment it sent the request, minus `Scenario::drift_allowance_ms`, like
    /// Chubby's KeepAlive or Redlock's validity (TTL − elapsed − drift). Its lease always
    /// ends before the service's (for clocks within the allowance); a reply that arrives
    /// after that validity is ignored.
    Careful,
    /// From the moment the reply arrived, as some client libraries do: the round trip
    /// (and any delay of the reply) is added to the lease the app believes it has.
    Naive,
}

/// How the resource judges a write when enforcement is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Enforce {
    /// Reject a token lower than the highest seen (equal is allowed): a fencing token.
    HighestToken,
    /// Reject a write unless the resource is still at the version the writer read (its
    /// version rises with every write it accepts): an exact-version compare-and-set, like
    /// etcd's Txn compare on a key's `mod_revision`, Kubernetes' `resourceVersion`, Cloud
    /// Storage's `ifGenerationMatch` or S3's `If-Match`. Tokens are not looked at.
    ExactVersion,
    /// Reject a write unless the resource still holds the value the writer read (etcd's
    /// compare on `VALUE`): a value that changed and changed back (ABA) passes.
    ExactValue,
}

/// A complete, self-contained description of one simulation.
///
/// Build with [`Scenario::builder`] (no apps or faults until added, validated by `build`),
/// with `Scenario::default()` (the two-app warehouse story) plus `with_*` setters, or with a
/// struct literal and `..Default::default()`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// Seed for network jitter.
    pub seed: u64,
    /// The run stops after this time.
    pub horizon_ms: u64,
    /// Safety cap on processed events (at most `MAX_EVENTS`); the verdict says `truncated`
    /// if reached.
    pub max_events: u64,
    /// Lease length.
    pub ttl_ms: u64,
    /// Token of the first grant; each later grant gets the next number.
    pub first_token: u64,
    /// Lease or permanent lock.
    pub mode: Mode,
    /// After a lease expires, no new grant for this long.
    pub lock_delay_ms: u64,
    /// One-way network latency.
    pub latency_ms: u64,
    /// Extra random latency in `0..=jitter_ms` per message (seeded).
    pub jitter_ms: u64,
    /// The resource rejects writes whose token is below the highest it has seen.
    pub enforcement: bool,
    /// How enforcement judges a write (default: the highest token seen).
    pub enforce: Enforce,
    /// What a grant's token lets a resource check (default: ordered numbers). Enforcement
    /// by the highest token needs [`Tokens::Ordered`].
    pub tokens: Tokens,
    /// The resource stores its highest token seen durably, so a restart keeps it.
    pub fence_durable: bool,
    /// The coordination service stores its token counter durably, so a failover continues
    /// it (as etcd's revision does); otherwise the new leader starts again at `first_token`.
    pub counter_durable: bool,
    /// What a new leader does with the leases it finds (default: it knows none). A
    /// replicated service's leader always restarts them (see `members`).
    pub leader_change: LeaderChange,
    /// How many members the coordination service has: 1, the single box (the default), or 3
    /// or 5, a group that keeps the lease table by Raft's rules (`engine::group`): a grant
    /// counts once a majority has it, its token is the grant's place in the log, and a new
    /// leader restarts the lease it finds for a whole lease plus `election_timeout_ms`. The
    /// group keeps its own counter and timers: `counter_durable`, `leader_change`,
    /// `lock_delay_ms` and `expiry_lag_ms` are the single box's.
    pub members: usize,
    /// A group member that hears no leader for this long (plus up to as long again, drawn
    /// from the seed) stands for election; leaders send heartbeats ten times as often
    /// (etcd's defaults: 1 s and 100 ms).
    pub election_timeout_ms: u64,
    /// A group's leader answers renewals alone, writing nothing to the log, as etcd's does
    /// (default off: a renewal counts once a majority has it). See `GroupConfig::renew_alone`.
    pub renew_alone: bool,
    /// A group member asks whether it would win (a pre-vote) before it stands, so a member
    /// back from a cut forces no election (etcd's `PreVote`, on since 3.5; default off, as in
    /// etcd 3.4).
    pub pre_vote: bool,
    /// A group's member network: each message between members is late by up to this much
    /// more, drawn from the seed, on top of its own 2 ms and up to 3 ms (default 0; at most
    /// `MAX_MEMBER_JITTER_MS`). Ignored by the single box.
    pub member_jitter_ms: u64,
    /// How late the service notices that a lease has run out (default 0, at once). etcd's
    /// lessor looks for expired leases every 500 ms, at a phase nobody outside it knows; its
    /// preset takes the mean, 250 ms. Until then the lease is held: others are refused, and a
    /// renewal is answered Lost.
    pub expiry_lag_ms: u64,
    /// With enforcement on, reads also raise the highest token seen (never rejected).
    /// Without this, token checks on writes alone cannot stop a stale writer that
    /// writes *before* the new owner (unfenced read-modify-write).
    pub fence_reads: bool,
    /// How apps count their lease (default: from the request).
    pub client: Client,
    /// Careful clients end their lease this much early, for clock drift (less than `ttl_ms`).
    pub drift_allowance_ms: u64,
    /// The protected resource.
    pub resource: ResourceKind,
    /// The applications (1 to `MAX_APPS`).
    pub apps: Vec<AppConfig>,
    /// Injected faults; those placed at a time start at the horizon at the latest.
    pub faults: Vec<Fault>,
}

impl Default for Scenario {
    fn default() -> Scenario {
        Scenario {
            seed: 0,
            horizon_ms: 120_000,
            max_events: 1_000_000,
            ttl_ms: 30_000,
            first_token: 101,
            mode: Mode::Lease,
            lock_delay_ms: 0,
            latency_ms: 50,
            jitter_ms: 0,
            enforcement: true,
            fence_reads: true,
            enforce: Enforce::HighestToken,
            tokens: Tokens::Ordered,
            fence_durable: true,
            counter_durable: true,
            leader_change: LeaderChange::ForgetsLeases,
            members: 1,
            election_timeout_ms: 1_000,
            renew_alone: false,
            pre_vote: false,
            member_jitter_ms: 0,
            expiry_lag_ms: 0,
            client: Client::Careful,
            drift_allowance_ms: 0,
            resource: ResourceKind::Inventory { stock: 1 },
            apps: vec![
                AppConfig::new("A", "Warehouse service"),
                AppConfig::new("B", "Warehouse service").start_ms(5_000),
            ],
            faults: Vec::new(),
        }
    }
}

impl Scenario {
    /// Replaces the apps.
    pub fn with_apps(mut self, apps: Vec<AppConfig>) -> Self {
        self.apps = apps;
        self
    }

    /// Adds one fault.
    pub fn with_fault(mut self, fault: Fault) -> Self {
        self.faults.push(fault);
        self
    }

    /// Sets the protected resource.
    pub fn with_resource(mut self, resource: ResourceKind) -> Self {
        self.resource = resource;
        self
    }

    /// Turns token enforcement on or off.
    pub fn with_enforcement(mut self, on: bool) -> Self {
        self.enforcement = on;
        self
    }

    /// Token enforcement switched `on`, in the one meaning every part of the lab gives it (a
    /// story's opening, the knobs, compare mode's halves): the resource checks writes when the
    /// switch is on and it has something to check ([`Scenario::can_enforce`]: the version it
    /// read, or tokens ordered and handed out by a lock), and checks nothing otherwise. Call it
    /// once the tokens, the mode and the check are set. (`with_enforcement` sets the switch as
    /// it is told, for building scenarios by hand.)
    pub fn enforcing(mut self, on: bool) -> Self {
        self.enforcement = on && self.can_enforce();
        self
    }

    /// Sets lease mode.
    pub fn with_mode(mut self, mode: Mode) -> Self {
        self.mode = mode;
        self
    }

    /// Sets how apps count their lease, and the careful client's drift allowance.
    pub fn with_client(mut self, client: Client, drift_allowance_ms: u64) -> Self {
        self.client = client;
        self.drift_allowance_ms = drift_allowance_ms;
        self
    }

    /// Sets how enforcement judges a write.
    pub fn with_enforce(mut self, enforce: Enforce) -> Self {
        self.enforce = enforce;
        self
    }

    /// Sets what a grant's token lets a resource check.
    pub fn with_tokens(mut self, tokens: Tokens) -> Self {
        self.tokens = tokens;
        self
    }

    /// Sets whether the resource's fence and the service's token counter survive restarts.
    pub fn with_durability(mut self, fence_durable: bool, counter_durable: bool) -> Self {
        self.fence_durable = fence_durable;
        self.counter_durable = counter_durable;
        self
    }

    /// Sets what a new leader does with the leases it finds.
    pub fn with_leader_change(mut self, leader_change: LeaderChange) -> Self {
        self.leader_change = leader_change;
        self
    }

    /// Sets how many members the coordination service has, and their election timeout.
    pub fn with_members(mut self, members: usize, election_timeout_ms: u64) -> Self {
        self.members = members;
        self.election_timeout_ms = election_timeout_ms;
        self
    }

    /// Sets `renew_alone`: a group's leader answers renewals alone, as etcd's does.
    pub fn with_renew_alone(mut self, renew_alone: bool) -> Self {
        self.renew_alone = renew_alone;
        self
    }

    /// Turns a group's pre-vote on or off.
    pub fn with_pre_vote(mut self, on: bool) -> Self {
        self.pre_vote = on;
        self
    }

    /// Sets `member_jitter_ms`, the most a message between a group's members is late.
    pub fn with_member_jitter_ms(mut self, member_jitter_ms: u64) -> Self {
        self.member_jitter_ms = member_jitter_ms;
        self
    }

    /// Sets `expiry_lag_ms`.
    pub fn with_expiry_lag_ms(mut self, expiry_lag_ms: u64) -> Self {
        self.expiry_lag_ms = expiry_lag_ms;
        self
    }

    /// Sets `ttl_ms`.
    pub fn with_ttl_ms(mut self, ttl_ms: u64) -> Self {
        self.ttl_ms = ttl_ms;
        self
    }

    /// Sets `lock_delay_ms`.
    pub fn with_lock_delay_ms(mut self, lock_delay_ms: u64) -> Self {
        self.lock_delay_ms = lock_delay_ms;
        self
    }

    /// Sets latency and jitter.
    pub fn with_network(mut self, latency_ms: u64, jitter_ms: u64) -> Self {
        self.latency_ms = latency_ms;
        self.jitter_ms = jitter_ms;
        self
    }

    /// Sets `horizon_ms`.
    pub fn with_horizon_ms(mut self, horizon_ms: u64) -> Self {
        self.horizon_ms = horizon_ms;
        self
    }

    /// Sets `first_token`, the token of the first grant.
    pub fn with_first_token(mut self, first_token: u64) -> Self {
        self.first_token = first_token;
        self
    }

    /// Turns `fence_reads` on or off (reads raise the fence too).
    pub fn with_fence_reads(mut self, on: bool) -> Self {
        self.fence_reads = on;
        self
    }

    /// Sets `max_events`, the cap on processed events.
    pub fn with_max_events(mut self, max_events: u64) -> Self {
        self.max_events = max_events;
        self
    }

    /// Sets the jitter seed.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Whether the resource could enforce anything: compare versions (or values) always,
    /// compare tokens by order only when they are ordered and there is a lock to hand them out.
    pub fn can_enforce(&self) -> bool {
        self.enforce != Enforce::HighestToken
            || (self.tokens.ordered() && self.mode != Mode::NoLock)
    }

    /// Index of the app called `name`, if any.
    pub fn app_index(&self, name: &str) -> Option<usize> {
        self.apps.iter().position(|a| a.name == name)
    }

    /// The name of app `app` ("?" if out of range).
    pub fn app_name(&self, app: usize) -> &str {
        self.apps.get(app).map_or("?", |a| a.name.as_str())
    }
}
