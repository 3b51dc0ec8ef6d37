//! What a new leader of the coordination service does with the leases it finds at a failover.
//!
//! The lab's service has always modelled the cautious answer: the new leader knows no lease,
//! so it grants nothing until every lease the old leader could have granted has run out, and
//! answers renewals with Lost. Real services replicate their leases instead and restart their
//! timers: etcd's new leader sets every lease to end its TTL plus the election timeout from
//! then (`server/lease/lessor.go`, `Promote`, called with the election timeout; with lease
//! checkpointing off, the default, the whole TTL starts again), ZooKeeper's new leader tracks
//! every session afresh with its timeout (`SessionTrackerImpl`), and Consul's resets every
//! session timer (`agent/consul/session_ttl.go`, `initializeSessionTimers`). Either way a
//! lease can outlive what its holder counted on.

/// What a new leader does with the leases of the old one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaderChange {
    /// It knows no lease: no grant for one lease length, renewals answered Lost.
    ForgetsLeases,
    /// It keeps each lease and starts its timer again: the lease ends `extend_ms` plus a whole
    /// TTL after the failover, and renewals go on as before.
    RestartsLeases { extend_ms: u64 },
}
