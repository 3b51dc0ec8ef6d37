//! A broken domain rule, as data: what the resource found wrong with a write it applied.

/// A broken domain rule, as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViolationKind {
    /// Inventory: more items promised than existed.
    Oversold { promised: u64, existed: u64 },
    /// Payments: an invoice paid a second time.
    PaidTwice {
        invoice: u32,
        first_app: usize,
        first_token: u64,
        app: usize,
        token: u64,
    },
    /// Storage: a write based on an older version overwrote a newer one.
    LostUpdate {
        app: usize,
        token: u64,
        based_on: u64,
        overwritten_version: u64,
        overwritten_token: u64,
    },
}
