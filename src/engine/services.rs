//! How the simulator drives the coordination service and the resource: requests in,
//! replies, events and verdict bookkeeping out.

use super::coordinator::{Acquired, Lease};
use super::event::{EventKind, Rejection};
use super::message::{Body, Node, RefuseReason};
use super::pending::Pending;
use super::scenario::Enforce;
use super::sim::Sim;
use super::validate::MAX_FIRST_TOKEN;
use super::verdict::Violation;

impl Sim {
    pub(crate) fn on_coordinator_message(&mut self, app: usize, body: Body) {
        if self.group.is_some() {
            return self.on_group_request(app, body);
        }
        match body {
            Body::Acquire { asked_ms } => self.on_acquire(app, asked_ms),
            Body::Renew { token, asked_ms } => self.on_renew(app, token, asked_ms),
            Body::Release { token } => {
                if self.coordinator.release(app, token) {
                    self.emit(EventKind::LeaseReleased { app, token });
                } else {
                    self.emit(EventKind::ReleaseIgnored { app, token });
                }
            }
            // Apps only send requests to the coordination service.
            _ => unreachable!(),
        }
    }

    fn on_acquire(&mut self, app: usize, asked_ms: i64) {
        let to = Node::App(app);
        match self.coordinator.acquire(self.now_ms, app) {
            Acquired::Granted(lease) => {
                self.grants += 1;
                let (token, expiry_ms) = (lease.token, lease.expiry_ms);
                self.emit(EventKind::LeaseGranted {
                    app,
                    token,
                    expiry_ms,
                });
                self.send_grant(app, lease, asked_ms);
            }
            Acquired::AlreadyHeld(lease) => {
                // The holder asked again (its grant is late): that counts as a keep-alive.
                let (token, expiry_ms) = (lease.token, lease.expiry_ms);
                self.emit(EventKind::LeaseRenewed {
                    app,
                    token,
                    expiry_ms,
                });
                self.send_grant(app, lease, asked_ms);
            }
            Acquired::Refused(reason) => {
                if let RefuseReason::Held { holder, token } = reason {
                    self.stuck.refused(app, holder, token, self.now_ms);
                }
                self.emit(EventKind::AcquireRefused { app, reason });
                self.send(Node::Coordinator, to, Body::Refused { reason });
            }
            Acquired::TokensExhausted => {
                // Out of reach: tokens start at most at 2^63 and a run grants at most
                // MAX_EVENTS times. Were it reached, the acquire would go unanswered.
                let first_token = self.scenario.first_token;
                debug_assert!(first_token > MAX_FIRST_TOKEN, "tokens ran out");
            }
        }
    }

    /// Sets the expiry timer of `lease` and tells `app` it holds it, for the request it
    /// sent at `asked_ms` (its clock).
    fn send_grant(&mut self, app: usize, lease: Lease, asked_ms: i64) {
        let (token, expiry_ms) = (lease.token, lease.expiry_ms);
        self.schedule_expiry(token, expiry_ms);
        let grant = Body::Grant {
            token,
            expiry_ms,
            asked_ms,
        };
        self.send(Node::Coordinator, Node::App(app), grant);
    }

    fn on_renew(&mut self, app: usize, token: u64, asked_ms: i64) {
        let to = Node::App(app);
        match self.coordinator.renew(self.now_ms, app, token) {
            Some(lease) => {
                let expiry_ms = lease.expiry_ms;
                self.emit(EventKind::LeaseRenewed {
                    app,
                    token,
                    expiry_ms,
                });
                self.schedule_expiry(token, expiry_ms);
                let renewed = Body::Renewed {
                    token,
                    expiry_ms,
                    asked_ms,
                };
                self.send(Node::Coordinator, to, renewed);
            }
            None => {
                self.emit(EventKind::RenewRefused { app, token });
                self.send(Node::Coordinator, to, Body::Lost { token });
            }
        }
    }

    /// Sets the timer that ends the lease of `token`: when the service notices, `expiry_lag_ms`
    /// after `expiry_ms`.
    fn schedule_expiry(&mut self, token: u64, expiry_ms: Option<u64>) {
        if let Some(expiry_ms) = expiry_ms {
            let noticed_ms = expiry_ms.saturating_add(self.scenario.expiry_lag_ms);
            self.schedule(noticed_ms, Pending::Expiry { token, expiry_ms });
        }
    }

    pub(crate) fn on_expiry(&mut self, token: u64, expiry_ms: u64) {
        if let Some(lease) = self.coordinator.expire(self.now_ms, token, expiry_ms) {
            self.emit(EventKind::LeaseExpired {
                app: lease.app,
                token,
            });
        }
    }

    pub(crate) fn on_resource_message(&mut self, app: usize, body: Body) {
        let to = Node::App(app);
        match body {
            Body::Read { token } => {
                let (value, raised) = self.resource.read(token);
                self.emit(EventKind::ReadServed { app, token, value });
                if raised {
                    self.emit(EventKind::FenceRaised { token });
                }
                let version = self.resource.version();
                self.send(Node::Resource, to, Body::ReadReply { value, version });
            }
            Body::Write {
                token,
                based_on,
                version,
                returns,
            } => {
                self.on_write(app, token, (based_on, version), returns);
            }
            // Apps only send reads and writes to the resource.
            _ => unreachable!(),
        }
    }

    /// A write (`returns`: a return) computed from value `based_on`, read at version `read`.
    fn on_write(&mut self, app: usize, token: u64, (based_on, read): (u64, u64), returns: bool) {
        let mut found = std::mem::take(&mut self.found);
        let result = if returns {
            self.resource.give_back(app, token, based_on, read)
        } else {
            self.resource.write(app, token, based_on, read, &mut found)
        };
        let highest = self.resource.fence();
        if result.accepted {
            self.writes_accepted += 1;
            self.stale_accepted += u32::from(result.stale);
            let stale = result.stale;
            self.emit(EventKind::WriteAccepted {
                app,
                token,
                based_on,
                stale,
                returns,
            });
            if highest > result.highest_before {
                self.emit(EventKind::FenceRaised { token: highest });
            }
            let value = self.resource.value();
            self.emit(EventKind::ResourceChanged {
                value,
                highest_token: highest,
            });
        } else {
            let why = match self.scenario.enforce {
                Enforce::HighestToken => Rejection::TokenBelowFence,
                Enforce::ExactVersion | Enforce::ExactValue => Rejection::VersionChanged {
                    read: based_on,
                    now: self.resource.value(),
                },
            };
            debug_assert!(result.stale || why != Rejection::TokenBelowFence);
            self.stale_rejected += 1;
            self.emit(EventKind::WriteRejected {
                app,
                token,
                highest,
                why,
            });
        }
        for kind in found.drain(..) {
            self.emit(EventKind::Violation { kind });
            self.violations.push(Violation {
                at_ms: self.now_ms,
                kind,
            });
        }
        self.found = found;
        let accepted = result.accepted;
        let reply = Body::WriteReply {
            token,
            accepted,
            highest,
            value: self.resource.value(),
        };
        self.send(Node::Resource, Node::App(app), reply);
    }

    /// The resource restarts: its fence survives only if stored durably.
    pub(crate) fn on_resource_restart(&mut self) {
        let highest_before = self.resource.fence();
        let highest = self.resource.restart(self.scenario.fence_durable);
        self.emit(EventKind::ResourceRestarted {
            highest_before,
            highest,
        });
    }

    /// A new leader takes over the coordination service.
    pub(crate) fn on_failover(&mut self) {
        let (durable, change) = (self.scenario.counter_durable, self.scenario.leader_change);
        let (next_token, restarted) = self.coordinator.fail_over(self.now_ms, durable, change);
        let until_ms = self.coordinator.recovering_until_ms();
        self.emit(EventKind::FailedOver {
            until_ms,
            next_token,
        });
        if let Some(Lease {
            app,
            token,
            expiry_ms: Some(expiry_ms),
        }) = restarted
        {
            self.emit(EventKind::LeaseRestarted {
                app,
                token,
                expiry_ms,
            });
            self.schedule_expiry(token, Some(expiry_ms));
        }
    }
}
