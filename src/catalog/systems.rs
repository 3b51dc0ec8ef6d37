//! Production presets: what real lock services do by default, as plain data.
//!
//! A [`System`] names a real lock service; its [`Preset`] holds the documented defaults the
//! lab can simulate (lease length, renewal cadence, lock delay, how the client counts its
//! lease, what its token lets a resource check) and, for each fact, the document or source
//! file it comes from. [`super::Knobs::with_system`] applies one to any story. The words
//! about each system live in the words layer (its `systems` module).

use crate::engine::{Client, Enforce, LeaderChange, Tokens};

/// A real lock service the lab has a preset for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    /// etcd with clientv3's `concurrency` package (Session + Mutex); its members ask for
    /// pre-votes, as etcd 3.5 and later do (the recordings' 3.4 does not: `trace::twin`).
    Etcd,
    /// ZooKeeper with Apache Curator's lock recipe.
    ZooKeeper,
    /// HashiCorp Consul's `api/lock.go`.
    Consul,
    /// Google's Chubby (Burrows, OSDI 2006).
    Chubby,
    /// Kubernetes leader election (client-go's `leaderelection` over a Lease).
    Kubernetes,
    /// The Amazon DynamoDB Lock Client.
    DynamoDb,
    /// Redis Redlock.
    Redlock,
}

/// Every system, in the order the chooser and the "Who fences?" table list them.
pub const SYSTEMS: [System; 7] = [
    System::Etcd,
    System::ZooKeeper,
    System::Consul,
    System::Chubby,
    System::Kubernetes,
    System::DynamoDb,
    System::Redlock,
];

/// When the holder renews its lease.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cadence {
    /// Every third of the lease.
    TtlThird,
    /// Every half of the lease.
    TtlHalf,
    /// Every this many ms, whatever the lease.
    EveryMs(u64),
    /// The client library does not renew.
    Never,
}

impl Cadence {
    /// The renewal period for a lease of `ttl_ms` (`None`: no renewals).
    pub fn period_ms(self, ttl_ms: u64) -> Option<u64> {
        match self {
            Cadence::TtlThird => Some((ttl_ms / 3).max(1)),
            Cadence::TtlHalf => Some((ttl_ms / 2).max(1)),
            Cadence::EveryMs(ms) => Some(ms.max(1)),
            Cadence::Never => None,
        }
    }
}

/// How much earlier than the service a careful client ends its lease.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allowance {
    /// Not at all: it counts from its request.
    None,
    /// A third of the lease (ZooKeeper's client gives up at two thirds of the session;
    /// client-go's leader steps down at the 10 s renew deadline of a 15 s lease, the
    /// defaults component-base gives it).
    TtlThird,
    /// Redlock's clock drift: 1 % of the TTL plus 2 ms.
    RedlockDrift,
}

impl Allowance {
    /// The allowance for a lease of `ttl_ms`, always shorter than the lease.
    pub fn ms(self, ttl_ms: u64) -> u64 {
        let ms = match self {
            Allowance::None => 0,
            Allowance::TtlThird => ttl_ms / 3,
            Allowance::RedlockDrift => ttl_ms / 100 + 2,
        };
        ms.min(ttl_ms.saturating_sub(1))
    }
}

/// One fact a preset shows, for its citation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    /// The lease (or session) length.
    Lease,
    /// How the holder renews.
    Renewal,
    /// The lock delay after a lease ends.
    LockDelay,
    /// How the client counts its lease.
    Client,
    /// What the grant carries that a resource could check.
    Token,
    /// What a new leader of the service does with the leases it finds.
    LeaderChange,
}

/// Every fact, in the order the settings list them.
pub const FACTS: [Fact; 6] = [
    Fact::Lease,
    Fact::Renewal,
    Fact::LockDelay,
    Fact::Client,
    Fact::Token,
    Fact::LeaderChange,
];

/// A system's documented defaults, as the lab simulates them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Which system.
    pub system: System,
    /// Stable link value (`preset=etcd`). Never change one.
    pub id: &'static str,
    /// The system's name for people.
    pub name: &'static str,
    /// Default lease (or session) length.
    pub ttl_ms: u64,
    /// How the holder renews.
    pub cadence: Cadence,
    /// After a lease ends without a release, no new grant for this long.
    pub lock_delay_ms: u64,
    /// How the client counts its lease.
    pub client: Client,
    /// A careful client's early end.
    pub allowance: Allowance,
    /// What a grant's token lets a resource check.
    pub tokens: Tokens,
    /// How a resource can fence writes with it (`None`: it cannot).
    pub enforce: Option<Enforce>,
    /// Whether the token counter survives a failover of the service.
    pub counter_durable: bool,
    /// What a new leader of the service does with the leases it finds (see
    /// [`Preset::leader_change_for`]).
    pub leader_change: LeaderChange,
    /// How many TTLs a new leader times a restarted lease for (Consul: 2, its
    /// `SessionTTLMultiplier`; every other system: 1).
    pub restart_ttls: u64,
    /// How late the service notices that a lease has run out.
    pub expiry_lag_ms: u64,
    /// Whether a replicated service's members ask for pre-votes (`Scenario::pre_vote`).
    pub pre_vote: bool,
    /// The sources, one per fact in [`FACTS`] order.
    pub sources: [&'static str; 6],
}

impl System {
    /// The system's preset.
    pub fn preset(self) -> &'static Preset {
        &PRESETS[self as usize]
    }

    /// The system whose link value is `id`.
    pub fn by_id(id: &str) -> Option<System> {
        SYSTEMS.into_iter().find(|s| s.preset().id == id)
    }
}

impl Preset {
    /// What a new leader does with leases `ttl_ms` long: a restarted lease ends the
    /// election-timeout extension plus `restart_ttls` whole TTLs after the takeover.
    pub fn leader_change_for(&self, ttl_ms: u64) -> LeaderChange {
        match self.leader_change {
            LeaderChange::RestartsLeases { extend_ms } => {
                let more_ms = ttl_ms.saturating_mul(self.restart_ttls.saturating_sub(1));
                LeaderChange::RestartsLeases {
                    extend_ms: extend_ms.saturating_add(more_ms),
                }
            }
            forgets => forgets,
        }
    }

    /// The source of `fact`.
    pub fn source(&self, fact: Fact) -> &'static str {
        self.sources[fact as usize]
    }
}

const ETCD: &str = "etcd client/v3/concurrency/session.go";
/// etcd's default election timeout (`--election-timeout`, 1000 ms): a new leader's lessor
/// extends every lease by it (`server/etcdserver/server.go`, `lessor.Promote(ElectionTimeout())`).
const ETCD_ELECTION_TIMEOUT_MS: u64 = 1_000;
/// How often etcd's lessor looks for expired leases (`server/lease/lessor.go`, `runLoop`): a
/// lease ends up to this much after its TTL, at a phase the lab cannot know, so the preset
/// takes the mean, half of it.
const ETCD_SWEEP_MS: u64 = 500;
const ZK_SESSION: &str =
    "zookeeper conf/zoo_sample.cfg (tickTime=2000); ZooKeeperServer.java (DEFAULT_TICK_TIME 3000)";
const CONSUL: &str = "consul api/lock.go";
const CHUBBY: &str = "Burrows, The Chubby lock service, OSDI 2006, §2.8";
const K8S: &str = "client-go tools/leaderelection/leaderelection.go";
const DYNAMO: &str = "amazon-dynamodb-lock-client AmazonDynamoDBLockClientOptions";
const REDLOCK: &str = "redis.io, Distributed Locks with Redis (Redlock)";
/// For a fact the lab does not take from the system's sources.
const LAB_MODEL: &str = "the lab's own model, not this system's sources";

static PRESETS: [Preset; 7] = [
    Preset {
        system: System::Etcd,
        id: "etcd",
        name: "etcd",
        ttl_ms: 60_000,
        cadence: Cadence::TtlThird,
        lock_delay_ms: 0,
        client: Client::Naive,
        allowance: Allowance::None,
        tokens: Tokens::Ordered,
        enforce: Some(Enforce::HighestToken),
        leader_change: LeaderChange::RestartsLeases {
            extend_ms: ETCD_ELECTION_TIMEOUT_MS,
        },
        restart_ttls: 1,
        expiry_lag_ms: ETCD_SWEEP_MS / 2,
        pre_vote: true,
        counter_durable: true,
        sources: [
            ETCD,
            "etcd client/v3/lease.go (keepalive at TTL/3)",
            ETCD,
            "etcd client/v3/lease.go (deadline from the keepalive response)",
            "etcd client/v3/concurrency/mutex.go (CreateRevision, IsOwner)",
            "etcd server/lease/lessor.go (Promote); server/etcdserver/server.go (Promote(ElectionTimeout())); \
             server/embed/config.go (PreVote: true since v3.5.0; embed/config.go in v3.4: false)",
        ],
    },
    Preset {
        system: System::ZooKeeper,
        id: "zookeeper",
        name: "ZooKeeper + Curator",
        ttl_ms: 40_000,
        cadence: Cadence::TtlThird,
        lock_delay_ms: 0,
        client: Client::Careful,
        allowance: Allowance::TtlThird,
        tokens: Tokens::Ordered,
        enforce: Some(Enforce::HighestToken),
        leader_change: LeaderChange::RestartsLeases { extend_ms: 0 },
        restart_ttls: 1,
        expiry_lag_ms: 0,
        pre_vote: false,
        counter_durable: true,
        sources: [
            ZK_SESSION,
            "zookeeper ClientCnxn.java (ping after a third of the session idle)",
            "Curator InterProcessMutex",
            "zookeeper ClientCnxn.java (readTimeout 2/3 of the session); curator \
             ConnectionStateManager (LOST a session after SUSPENDED)",
            "ZooKeeper Programmer's Guide (ephemeral sequential nodes, czxid)",
            "zookeeper SessionTrackerImpl.java (every session tracked again with its timeout)",
        ],
    },
    Preset {
        system: System::Consul,
        id: "consul",
        name: "Consul",
        ttl_ms: 15_000,
        cadence: Cadence::TtlHalf,
        lock_delay_ms: 15_000,
        client: Client::Naive,
        allowance: Allowance::None,
        tokens: Tokens::Ordered,
        enforce: Some(Enforce::HighestToken),
        leader_change: LeaderChange::RestartsLeases { extend_ms: 0 },
        restart_ttls: 2,
        expiry_lag_ms: 0,
        pre_vote: false,
        counter_durable: true,
        sources: [
            "consul api/lock.go (DefaultLockSessionTTL)",
            "consul api/session.go (RenewPeriodic at TTL/2)",
            "Consul docs, Sessions (lock-delay, 15 s default)",
            CONSUL,
            "consul docs/automate/session.mdx (sequencer: Key, LockIndex, Session)",
            "consul agent/consul/session_ttl.go (initializeSessionTimers; createSessionTimer × \
             SessionTTLMultiplier, 2)",
        ],
    },
    Preset {
        system: System::Chubby,
        id: "chubby",
        name: "Chubby",
        ttl_ms: 12_000,
        cadence: Cadence::TtlThird,
        lock_delay_ms: 60_000,
        client: Client::Careful,
        allowance: Allowance::None,
        tokens: Tokens::Ordered,
        enforce: Some(Enforce::HighestToken),
        leader_change: LeaderChange::RestartsLeases { extend_ms: 0 },
        restart_ttls: 1,
        expiry_lag_ms: 0,
        pre_vote: false,
        counter_durable: true,
        sources: [
            CHUBBY,
            CHUBBY,
            CHUBBY,
            CHUBBY,
            CHUBBY,
            "Burrows, The Chubby lock service, OSDI 2006, §2.9 (a new master extends every \
             session lease)",
        ],
    },
    Preset {
        system: System::Kubernetes,
        id: "kubernetes",
        name: "Kubernetes leader election",
        ttl_ms: 15_000,
        cadence: Cadence::EveryMs(2_000),
        lock_delay_ms: 0,
        client: Client::Careful,
        allowance: Allowance::TtlThird,
        tokens: Tokens::Absent,
        enforce: None,
        leader_change: LeaderChange::ForgetsLeases,
        restart_ttls: 1,
        expiry_lag_ms: 0,
        pre_vote: false,
        counter_durable: true,
        sources: [
            "component-base config/v1alpha1/defaults.go (LeaseDuration 15 s)",
            "component-base config/v1alpha1/defaults.go (RetryPeriod 2 s)",
            K8S,
            "component-base config/v1alpha1/defaults.go (RenewDeadline 10 s)",
            K8S,
            LAB_MODEL,
        ],
    },
    Preset {
        system: System::DynamoDb,
        id: "dynamodb",
        name: "DynamoDB Lock Client",
        ttl_ms: 20_000,
        cadence: Cadence::EveryMs(5_000),
        lock_delay_ms: 0,
        client: Client::Careful,
        allowance: Allowance::None,
        tokens: Tokens::Unordered,
        enforce: Some(Enforce::ExactVersion),
        leader_change: LeaderChange::ForgetsLeases,
        restart_ttls: 1,
        expiry_lag_ms: 0,
        pre_vote: false,
        counter_durable: true,
        sources: [
            DYNAMO,
            DYNAMO,
            DYNAMO,
            "amazon-dynamodb-lock-client AmazonDynamoDBLockClient.java (time taken before updateItem/putItem)",
            "amazon-dynamodb-lock-client README (record version number)",
            LAB_MODEL,
        ],
    },
    Preset {
        system: System::Redlock,
        id: "redlock",
        name: "Redis Redlock",
        ttl_ms: 30_000,
        cadence: Cadence::Never,
        lock_delay_ms: 0,
        client: Client::Careful,
        allowance: Allowance::RedlockDrift,
        tokens: Tokens::Absent,
        enforce: None,
        leader_change: LeaderChange::ForgetsLeases,
        restart_ttls: 1,
        expiry_lag_ms: 0,
        pre_vote: false,
        counter_durable: false,
        sources: [
            REDLOCK,
            "redlock-rb redlock.rb (no extend)",
            REDLOCK,
            "redlock-rb redlock.rb (drift = ttl × 0.01 + 2)",
            "Kleppmann, How to do distributed locking (2016)",
            "redis.io, Distributed Locks with Redis (delayed restarts)",
        ],
    },
];
