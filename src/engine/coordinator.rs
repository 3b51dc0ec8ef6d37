//! The coordination service: one lease on one resource, with fencing tokens.
//!
//! Pure state machine: the simulator feeds it requests with the current time and
//! turns its answers into messages and events. It never panics: times add up saturating
//! at `u64::MAX` (a lease ending then never ends within any horizon), and once the last
//! token, `u64::MAX`, is handed out it grants nothing more.

use super::leader_change::LeaderChange;
use super::message::RefuseReason;
use super::scenario::Mode;
use super::scenario_error::{ScenarioError, ScenarioProblem};

/// A lease as the coordination service sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lease {
    /// Holder (app index).
    pub app: usize,
    /// Fencing token of this lease.
    pub token: u64,
    /// When it ends unless renewed; `None` for a permanent lock.
    pub expiry_ms: Option<u64>,
}

/// Answer to an acquire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Acquired {
    /// A new lease with a fresh token.
    Granted(Lease),
    /// The asker already holds it (a re-sent acquire): same lease, extended from now as a
    /// renewal would (so an answer to the later request is as true as one to the first).
    AlreadyHeld(Lease),
    /// Not now.
    Refused(RefuseReason),
    /// Never again: the token `u64::MAX` was handed out, so no later grant could carry a
    /// higher one. A run never gets here (a valid scenario's first token is at most
    /// `MAX_FIRST_TOKEN`, 2^63, and a run grants at most once per event).
    TokensExhausted,
}

/// Coordination service state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coordinator {
    ttl_ms: u64,
    mode: Mode,
    lock_delay_ms: u64,
    /// `None` once every token is used.
    next_token: Option<u64>,
    last_token: u64,
    holder: Option<Lease>,
    grants_blocked_until_ms: u64,
    /// After a failover, no grant before this time (any lease of the old leader is over).
    recovering_until_ms: u64,
    first_token: u64,
}

impl Coordinator {
    /// A service with no holder; the first grant gets `first_token`.
    ///
    /// Refuses, naming the field as `Scenario` does, a `ttl_ms` of 0 (a lease must last) and
    /// a `first_token` of 0 (to the resource, 0 means "no token yet"). Any other values are
    /// accepted; a `Scenario` is stricter (see `Scenario::validate`).
    pub fn new(
        ttl_ms: u64,
        mode: Mode,
        lock_delay_ms: u64,
        first_token: u64,
    ) -> Result<Coordinator, ScenarioError> {
        if ttl_ms == 0 {
            let problem = ScenarioProblem::BelowOneMs { or_none: false };
            return Err(ScenarioError::new("ttl_ms", problem));
        }
        if first_token == 0 {
            return Err(ScenarioError::new("first_token", ScenarioProblem::BelowOne));
        }
        Ok(Coordinator {
            ttl_ms,
            mode,
            lock_delay_ms,
            next_token: Some(first_token),
            last_token: 0,
            holder: None,
            grants_blocked_until_ms: 0,
            recovering_until_ms: 0,
            first_token,
        })
    }

    /// A new leader takes over at `now_ms`, and with leases does as `change` says: one that
    /// forgets them refuses grants for one lease length (so every old lease has run out, by
    /// the service's clock) and answers renewals with Lost; one that restarts them keeps the
    /// holder's lease, ending `extend_ms` plus a whole lease length from now. A permanent lock
    /// is kept (a lock table that could forget would hand the lock to two apps). The token
    /// counter continues if `counter_durable`, else it starts again at the first token.
    /// Returns the next token it will grant, and the lease it restarted, if any.
    pub fn fail_over(
        &mut self,
        now_ms: u64,
        counter_durable: bool,
        change: LeaderChange,
    ) -> (Option<u64>, Option<Lease>) {
        let mut restarted = None;
        if self.mode == Mode::Lease {
            match change {
                LeaderChange::ForgetsLeases => {
                    self.holder = None;
                    self.recovering_until_ms = now_ms.saturating_add(self.ttl_ms);
                }
                LeaderChange::RestartsLeases { extend_ms } => {
                    let expiry_ms = now_ms.saturating_add(extend_ms).saturating_add(self.ttl_ms);
                    if let Some(lease) = self.holder.as_mut() {
                        lease.expiry_ms = Some(expiry_ms);
                        restarted = Some(*lease);
                    }
                }
            }
        }
        if !counter_durable {
            self.next_token = Some(self.first_token);
            self.last_token = 0;
        }
        (self.next_token, restarted)
    }

    /// After a failover, when grants resume (0 if the service never failed over).
    pub fn recovering_until_ms(&self) -> u64 {
        self.recovering_until_ms
    }

    /// The current lease, if any.
    pub fn holder(&self) -> Option<Lease> {
        self.holder
    }

    fn expiry_from(&self, now_ms: u64) -> Option<u64> {
        match self.mode {
            Mode::Lease => Some(now_ms.saturating_add(self.ttl_ms)),
            // Nobody without a lock asks for one.
            Mode::PermanentLock | Mode::NoLock => None,
        }
    }

    /// Handles an acquire from `app` at `now_ms`.
    pub fn acquire(&mut self, now_ms: u64, app: usize) -> Acquired {
        if let Some(lease) = self.holder {
            if lease.app == app {
                let renewed = self.renew(now_ms, app, lease.token);
                return Acquired::AlreadyHeld(renewed.unwrap_or(lease));
            }
            return Acquired::Refused(RefuseReason::Held {
                holder: lease.app,
                token: lease.token,
            });
        }
        if now_ms < self.recovering_until_ms {
            let until_ms = self.recovering_until_ms;
            return Acquired::Refused(RefuseReason::Recovering { until_ms });
        }
        if now_ms < self.grants_blocked_until_ms {
            let until_ms = self.grants_blocked_until_ms;
            return Acquired::Refused(RefuseReason::LockDelay { until_ms });
        }
        let Some(token) = self.next_token else {
            return Acquired::TokensExhausted;
        };
        assert!(
            token > self.last_token,
            "fencing tokens must strictly increase"
        );
        self.last_token = token;
        self.next_token = token.checked_add(1);
        let lease = Lease {
            app,
            token,
            expiry_ms: self.expiry_from(now_ms),
        };
        self.holder = Some(lease);
        Acquired::Granted(lease)
    }

    /// Extends the current, unexpired lease of `token` held by `app`; `None` means Lost.
    pub fn renew(&mut self, now_ms: u64, app: usize, token: u64) -> Option<Lease> {
        let lease = self.holder?;
        let alive = lease.expiry_ms.is_none_or(|expiry_ms| now_ms < expiry_ms);
        if lease.app != app || lease.token != token || !alive {
            return None;
        }
        let renewed = Lease {
            expiry_ms: self.expiry_from(now_ms),
            ..lease
        };
        self.holder = Some(renewed);
        Some(renewed)
    }

    /// Ends the lease if `app` holds it under `token`; false if it is not current.
    pub fn release(&mut self, app: usize, token: u64) -> bool {
        match self.holder {
            Some(lease) if lease.app == app && lease.token == token => {
                self.holder = None;
                true
            }
            _ => false,
        }
    }

    /// An expiry timer fired. Ends the lease only if it is still the one that timer was set
    /// for (same token, same expiry) and that expiry has come (`now_ms >= expiry_ms`; the
    /// simulator fires it exactly then). Returns the expired lease.
    pub fn expire(&mut self, now_ms: u64, token: u64, expiry_ms: u64) -> Option<Lease> {
        let lease = self.holder?;
        if lease.token != token || lease.expiry_ms != Some(expiry_ms) || now_ms < expiry_ms {
            return None;
        }
        self.holder = None;
        self.grants_blocked_until_ms = now_ms.saturating_add(self.lock_delay_ms);
        Some(lease)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grant_refuse_expire_grant() {
        let mut c = Coordinator::new(100, Mode::Lease, 10, 101).unwrap();
        let Acquired::Granted(a) = c.acquire(0, 0) else {
            panic!()
        };
        assert_eq!((a.token, a.expiry_ms), (101, Some(100)));
        assert!(matches!(
            c.acquire(50, 1),
            Acquired::Refused(RefuseReason::Held { .. })
        ));
        assert_eq!(c.expire(100, 101, 100).map(|l| l.app), Some(0));
        assert!(c.renew(100, 0, 101).is_none());
        assert!(matches!(
            c.acquire(105, 1),
            Acquired::Refused(RefuseReason::LockDelay { .. })
        ));
        let Acquired::Granted(b) = c.acquire(110, 1) else {
            panic!()
        };
        assert_eq!(b.token, 102);
    }
}
