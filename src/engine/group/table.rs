//! The lease table every member applies its committed entries to, in log order.
//!
//! One lease on one resource, as in the single box. Applying is deterministic: the same
//! committed entries give every member the same table. An entry that no longer fits (a grant
//! while another holds the lease, a renewal of a lease that ended) changes nothing.

use super::log::Op;

/// The current lease: its holder and token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    pub app: usize,
    pub token: u64,
}

/// What applying one entry did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    /// Nothing (a no-op, or an entry that no longer fits).
    Nothing,
    /// The lease now belongs to `held` (a grant).
    Granted(Held),
    /// `held` is extended.
    Renewed(Held),
    /// The lease of `held` ended (released or revoked).
    Ended(Held),
}

/// The applied lease table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Table {
    holder: Option<Held>,
}

impl Table {
    /// Who holds the lease, as far as this member has applied.
    pub fn holder(&self) -> Option<Held> {
        self.holder
    }

    /// Applies the entry at `index`, whose token would be `token`.
    pub fn apply(&mut self, op: Op, token: u64) -> Applied {
        match (op, self.holder) {
            (Op::Grant { app, .. }, None) => {
                let held = Held { app, token };
                self.holder = Some(held);
                Applied::Granted(held)
            }
            (Op::Renew { app, token, .. }, Some(held)) if held == (Held { app, token }) => {
                Applied::Renewed(held)
            }
            (Op::Release { app, token }, Some(held)) if held == (Held { app, token }) => {
                self.holder = None;
                Applied::Ended(held)
            }
            (Op::Revoke { token }, Some(held)) if held.token == token => {
                self.holder = None;
                Applied::Ended(held)
            }
            _ => Applied::Nothing,
        }
    }
}
