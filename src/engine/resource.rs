//! The protected resource: inventory, payments or storage, with optional token enforcement.
//!
//! Pure state machine. It remembers the highest fencing token it has seen (`fence`);
//! with enforcement on it rejects writes carrying a lower token (equal is allowed), or, in
//! the exact-version mode, writes based on any version but the one it holds now. Its version
//! rises with every write it accepts, as etcd's `mod_revision` and Kubernetes'
//! `resourceVersion` do: a value can change and change back between a read and a write (ABA),
//! a version cannot. The exact-value mode compares the value instead, and cannot tell.
//!
//! A write repeated exactly (same app, token and value read: a copy the network delivered
//! twice) reserves no second item, leaves the stock as it was and pays no invoice twice, as
//! an order or payment id would ensure; a file takes the repeated write as a new version.
//!
//! A return ([`Resource::give_back`]) is a write too, judged by the same checks: the app
//! cancels the last item it reserved, which goes back into the stock (read value + 1). An app
//! with no reservation has nothing to give back, and a return changes no invoice or file.
//!
//! An owner is one grant, an app and its token: a version overwritten by another owner is a
//! lost update even when both carried the same token (one a service reissued).

use super::scenario::{Enforce, ResourceKind};
use super::violation::ViolationKind;

/// One reservation of an inventory item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reservation {
    /// Who reserved (app index).
    pub app: usize,
    /// Token the write carried.
    pub token: u64,
    /// The stock the writer had read.
    pub based_on: u64,
}

/// One payment of an invoice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payment {
    /// Invoice id.
    pub invoice: u32,
    /// Who paid (app index).
    pub app: usize,
    /// Token the write carried.
    pub token: u64,
}

/// One stored version of the file (version 0 is the initial file, not listed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Version {
    /// Version number, from 1.
    pub version: u64,
    /// Writer (app index).
    pub app: usize,
    /// Token the write carried.
    pub token: u64,
    /// The version the writer had read.
    pub based_on: u64,
}

/// Domain state of the resource.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResourceState {
    /// Stock counter plus reservations.
    Inventory {
        initial_stock: u64,
        stock: u64,
        reservations: Vec<Reservation>,
    },
    /// Invoices and the payment ledger.
    Payments {
        invoices: Vec<u32>,
        ledger: Vec<Payment>,
    },
    /// Versions written so far.
    Storage { versions: Vec<Version> },
}

/// Result of a write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WriteResult {
    /// Applied?
    pub accepted: bool,
    /// The fence before this write.
    pub highest_before: u64,
    /// Token lower than the fence (whatever the outcome).
    pub stale: bool,
    /// The resource's version is no longer the one the writer read (whatever the outcome).
    pub changed: bool,
}

/// The resource with its fence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resource {
    state: ResourceState,
    paid_mask: u64,
    fence: u64,
    enforcement: bool,
    fence_reads: bool,
    enforce: Enforce,
    version: u64,
}

impl Resource {
    /// A fresh resource of `kind`. Any kind is accepted; as a read reports the unpaid
    /// invoices as a 64-bit set, only the first 64 invoices can ever be paid (a `Scenario`
    /// allows at most `MAX_INVOICES`, 64).
    pub fn new(kind: &ResourceKind, enforcement: bool, fence_reads: bool) -> Resource {
        let state = match kind {
            ResourceKind::Inventory { stock } => ResourceState::Inventory {
                initial_stock: *stock,
                stock: *stock,
                reservations: vec![],
            },
            ResourceKind::Payments { invoices } => ResourceState::Payments {
                invoices: invoices.clone(),
                ledger: vec![],
            },
            ResourceKind::Storage => ResourceState::Storage { versions: vec![] },
        };
        Resource {
            state,
            paid_mask: 0,
            fence: 0,
            enforcement,
            fence_reads,
            enforce: Enforce::HighestToken,
            version: 0,
        }
    }

    /// The same resource, judging writes by `enforce` when enforcement is on.
    pub fn enforce_by(mut self, enforce: Enforce) -> Resource {
        self.enforce = enforce;
        self
    }

    /// Restarts: the data survives; the fence survives only if `durable`. Returns the
    /// fence it remembers afterwards.
    pub fn restart(&mut self, durable: bool) -> u64 {
        if !durable {
            self.fence = 0;
        }
        self.fence
    }

    /// Domain state.
    pub fn state(&self) -> &ResourceState {
        &self.state
    }

    /// Highest token seen so far (0 before any).
    pub fn fence(&self) -> u64 {
        self.fence
    }

    /// The number a read returns and the UI plots: stock, unpaid mask, latest version.
    pub fn value(&self) -> u64 {
        match &self.state {
            ResourceState::Inventory { stock, .. } => *stock,
            ResourceState::Payments { invoices, .. } => all_mask(invoices.len()) & !self.paid_mask,
            ResourceState::Storage { versions } => versions.last().map_or(0, |v| v.version),
        }
    }

    /// Writes accepted so far: the version a read returns and a compare-and-set compares.
    pub fn version(&self) -> u64 {
        self.version
    }

    fn raise_fence(&mut self, token: u64) -> bool {
        let raised = token > self.fence;
        self.fence = self.fence.max(token);
        raised
    }

    /// Serves a read (never rejected). Returns the value and whether the fence rose.
    pub fn read(&mut self, token: u64) -> (u64, bool) {
        let raised = self.enforcement && self.fence_reads && self.raise_fence(token);
        (self.value(), raised)
    }

    /// Applies (or rejects) a write computed from value `based_on`, read at version `read`;
    /// domain violations are pushed to `violations`.
    pub fn write(
        &mut self,
        app: usize,
        token: u64,
        based_on: u64,
        read: u64,
        violations: &mut Vec<ViolationKind>,
    ) -> WriteResult {
        self.judge(app, token, (based_on, read), false, violations)
    }

    /// Applies (or rejects, as [`Resource::write`] would) `app`'s return of the last item it
    /// reserved, computed from value `based_on` read at version `read`.
    pub fn give_back(&mut self, app: usize, token: u64, based_on: u64, read: u64) -> WriteResult {
        self.judge(app, token, (based_on, read), true, &mut Vec::new())
    }

    /// Applies again a write a trace says was accepted (`returns`: a return), at the version
    /// the resource is at now.
    pub fn replay(
        &mut self,
        (app, token): (usize, u64),
        based_on: u64,
        returns: bool,
        violations: &mut Vec<ViolationKind>,
    ) {
        let now = (based_on, self.version);
        self.judge(app, token, now, returns, violations);
    }

    fn judge(
        &mut self,
        app: usize,
        token: u64,
        (based_on, read): (u64, u64),
        returns: bool,
        violations: &mut Vec<ViolationKind>,
    ) -> WriteResult {
        let highest_before = self.fence;
        let stale = token < highest_before;
        let changed = read != self.version;
        let rejected = self.enforcement
            && match self.enforce {
                Enforce::HighestToken => stale,
                Enforce::ExactVersion => changed,
                Enforce::ExactValue => based_on != self.value(),
            };
        let mut result = WriteResult {
            accepted: false,
            highest_before,
            stale,
            changed,
        };
        if rejected {
            return result;
        }
        self.raise_fence(token);
        self.version += 1;
        if returns {
            self.cancel(app, based_on);
        } else {
            self.apply(app, token, based_on, violations);
        }
        result.accepted = true;
        result
    }

    /// `app`'s last reservation cancelled, its item back in a stock read as `based_on`.
    fn cancel(&mut self, app: usize, based_on: u64) {
        if let ResourceState::Inventory {
            stock,
            reservations,
            ..
        } = &mut self.state
        {
            if let Some(i) = reservations.iter().rposition(|r| r.app == app) {
                reservations.remove(i);
                *stock = based_on.saturating_add(1);
            }
        }
    }

    fn apply(&mut self, app: usize, token: u64, based_on: u64, out: &mut Vec<ViolationKind>) {
        let paid_mask = &mut self.paid_mask;
        match &mut self.state {
            ResourceState::Inventory {
                initial_stock,
                stock,
                reservations,
            } => {
                let reservation = Reservation {
                    app,
                    token,
                    based_on,
                };
                // A copy of a reservation already made (its order id) changes nothing: no
                // second item, and not the stock either.
                if reservations.contains(&reservation) {
                    return;
                }
                *stock = based_on.saturating_sub(1);
                reservations.push(reservation);
                let promised = reservations.len() as u64;
                if promised > *initial_stock {
                    out.push(ViolationKind::Oversold {
                        promised,
                        existed: *initial_stock,
                    });
                }
            }
            ResourceState::Payments { invoices, ledger } => {
                // One bit per invoice: only the first 64 can be read as unpaid.
                let payable = invoices.iter().enumerate().take(u64::BITS as usize);
                for (bit, &invoice) in payable {
                    if based_on & (1 << bit) == 0 {
                        continue;
                    }
                    if *paid_mask & (1 << bit) != 0 {
                        let first = ledger.iter().find(|p| p.invoice == invoice).copied();
                        // A paid invoice is in the ledger.
                        let first = first.unwrap();
                        if (first.app, first.token) == (app, token) {
                            continue;
                        }
                        out.push(ViolationKind::PaidTwice {
                            invoice,
                            first_app: first.app,
                            first_token: first.token,
                            app,
                            token,
                        });
                    }
                    *paid_mask |= 1 << bit;
                    ledger.push(Payment {
                        invoice,
                        app,
                        token,
                    });
                }
            }
            ResourceState::Storage { versions } => store(versions, app, token, based_on, out),
        }
    }
}

/// A new version of the file, computed from version `based_on`; overwriting a newer version
/// that another owner wrote is a lost update. An owner is one grant: an app and its token. Two
/// apps under one token (a service that reissued it after losing its counter) are two owners.
fn store(
    versions: &mut Vec<Version>,
    app: usize,
    token: u64,
    based_on: u64,
    out: &mut Vec<ViolationKind>,
) {
    let overwritten = versions
        .iter()
        .rev()
        .take_while(|v| v.version > based_on)
        .find(|v| (v.app, v.token) != (app, token))
        .copied();
    if let Some(newer) = overwritten {
        out.push(ViolationKind::LostUpdate {
            app,
            token,
            based_on,
            overwritten_version: newer.version,
            overwritten_token: newer.token,
        });
    }
    let version = versions.last().map_or(0, |v| v.version) + 1;
    versions.push(Version {
        version,
        app,
        token,
        based_on,
    });
}

fn all_mask(count: usize) -> u64 {
    if count >= 64 {
        u64::MAX
    } else {
        (1u64 << count) - 1
    }
}

#[cfg(test)]
#[path = "resource_tests.rs"]
mod tests;
