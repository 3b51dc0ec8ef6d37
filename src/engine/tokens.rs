//! What a grant hands out that a resource could check: the lock service's kind of token.
//!
//! The engine numbers every grant (101, 102 …) whatever the kind: the numbers are its own
//! record of which lease is newer, and the verdict judges staleness by them. The kind says
//! what a *resource* can do with what the writer carries: compare it by order, compare it
//! for equality only, or nothing at all.

/// The kind of token a lock service hands out with a grant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tokens {
    /// A number that grows with every grant (etcd's create revision, ZooKeeper's zxid,
    /// Chubby's sequencer): the resource can reject a lower one.
    #[default]
    Ordered,
    /// A leader's epoch, the number of the election that made it leader (Raft's term,
    /// Kafka's controller epoch): ordered like a token, and the same fence under another
    /// name, for an app elected leader through a lease.
    Epoch,
    /// A value that changes with every grant but has no order (DynamoDB's record version
    /// number, a random UUID): the resource can compare it for equality, not by size.
    Unordered,
    /// Nothing reaches the resource (a Kubernetes Lease, Redlock's random value): the
    /// resource cannot tell a stale writer from the current one by what it carries.
    Absent,
}

impl Tokens {
    /// Whether a resource can reject a write because its token is lower than one it saw.
    pub fn ordered(self) -> bool {
        matches!(self, Tokens::Ordered | Tokens::Epoch)
    }
}
