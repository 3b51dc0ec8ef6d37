//! Apps' requests: a follower passes them to its leader; the leader writes an entry and
//! answers once it is committed and applied; the leader's lease timer writes a revocation.

use super::election::others;
use super::event::{GroupEvent, LeaseChange};
use super::log::{Entry, Op};
use super::member::{Ctx, Do, Member};
use super::table::Applied;
use super::wire::{Answer, Request, Rpc};

impl Member {
    /// `app`'s request reaches this member (directly, or passed on when `forwarded`).
    pub(crate) fn on_request(
        &mut self,
        cx: &Ctx,
        app: usize,
        request: Request,
        forwarded: bool,
        fx: &mut Vec<Do>,
    ) {
        if !self.is_leader() {
            match self.leader {
                Some(to) if !forwarded => {
                    let rpc = Rpc::Forward { app, request };
                    fx.push(Do::Send { to, rpc });
                }
                _ => Member::answer(app, Answer::Unavailable { request }, fx),
            }
            return;
        }
        if self.commit < self.leading.first_index {
            // Not ready: it does not yet know which of its entries are committed.
            Member::answer(app, Answer::Unavailable { request }, fx);
            return;
        }
        if self.renewed_alone(cx, app, request, fx) {
            return;
        }
        match self.decide(app, request) {
            Ok(op) => self.propose(cx, op, Some((app, request)), fx),
            Err(answer) => Member::answer(app, answer, fx),
        }
    }

    /// The entry a leader writes for `request`, or the answer it gives at once.
    fn decide(&self, app: usize, request: Request) -> Result<Op, Answer> {
        let holder = self.table.holder();
        let lease_of = |token| holder.is_some_and(|h| h.app == app && h.token == token);
        match request {
            Request::Acquire { asked_ms } => match holder {
                Some(h) if h.app == app && !self.leading.revoking => Ok(Op::Renew {
                    app,
                    token: h.token,
                    asked_ms,
                }),
                Some(holder) => Err(Answer::Refused { holder }),
                None if self.granting() => Err(Answer::Unavailable { request }),
                None => Ok(Op::Grant { app, asked_ms }),
            },
            Request::Renew { token, asked_ms } if lease_of(token) && !self.leading.revoking => {
                Ok(Op::Renew {
                    app,
                    token,
                    asked_ms,
                })
            }
            Request::Renew { token, .. } => Err(Answer::Lost { token }),
            Request::Release { token } if lease_of(token) => Ok(Op::Release { app, token }),
            Request::Release { token } => Err(Answer::NotHeld { token }),
        }
    }

    /// A renewal of the lease `app` holds, where the leader answers renewals alone
    /// ([`super::GroupConfig::renew_alone`]): it restarts its own timer for the lease and
    /// answers at once, writing nothing. `false`: not such a renewal, nothing done.
    fn renewed_alone(&mut self, cx: &Ctx, app: usize, request: Request, fx: &mut Vec<Do>) -> bool {
        let Request::Renew { token, asked_ms } = request else {
            return false;
        };
        let holder = self.table.holder();
        let Some(held) = holder.filter(|h| h.app == app && h.token == token) else {
            return false;
        };
        if !cx.cfg.renew_alone || self.leading.revoking {
            return false;
        }
        let expiry_ms = cx.now_ms.saturating_add(cx.cfg.ttl_ms);
        self.time_lease(token, expiry_ms, fx);
        let change = LeaseChange::Renewed { held, expiry_ms };
        let (member, index) = (self.id, 0);
        fx.push(Do::Note(GroupEvent::Lease {
            member,
            index,
            change,
        }));
        let answer = Answer::Renewed {
            token,
            expiry_ms,
            asked_ms,
        };
        Member::answer(app, answer, fx);
        true
    }

    /// Whether a grant this leader wrote is not applied yet.
    fn granting(&self) -> bool {
        let applied = self.applied;
        (applied + 1..=self.log.last_index())
            .filter_map(|i| self.log.entry(i))
            .any(|e| matches!(e.op, Op::Grant { .. }))
    }

    /// Writes `op` as the leader's next entry and sends it to every follower.
    pub(crate) fn propose(
        &mut self,
        cx: &Ctx,
        op: Op,
        asked: Option<(usize, Request)>,
        fx: &mut Vec<Do>,
    ) {
        let index = self.log.append(Entry {
            term: self.term,
            op,
        });
        self.leading.matched[self.id] = index;
        if let Some((app, request)) = asked {
            self.leading.asked.push((index, app, request));
        }
        for to in others(cx.cfg, self.id) {
            self.send_append(to, fx);
        }
        self.commit_what_counts(cx, fx);
    }

    /// The leader answers `app`, whose request's entry is now applied with `applied`.
    pub(crate) fn answer_applied(
        &self,
        app: usize,
        request: Request,
        applied: Applied,
        fx: &mut Vec<Do>,
    ) {
        let expiry_ms = self.leading.lease.map_or(0, |(_, end_ms)| end_ms);
        let answer = match (request, applied) {
            (Request::Acquire { asked_ms }, Applied::Granted(h) | Applied::Renewed(h)) => {
                Answer::Granted {
                    token: h.token,
                    expiry_ms,
                    asked_ms,
                }
            }
            (Request::Acquire { .. }, _) => match self.table.holder() {
                Some(holder) if holder.app != app => Answer::Refused { holder },
                _ => Answer::Unavailable { request },
            },
            (Request::Renew { token, asked_ms }, Applied::Renewed(_)) => Answer::Renewed {
                token,
                expiry_ms,
                asked_ms,
            },
            (Request::Renew { token, .. }, _) => Answer::Lost { token },
            (Request::Release { token }, Applied::Ended(_)) => Answer::Released { token },
            (Request::Release { token }, _) => Answer::NotHeld { token },
        };
        Member::answer(app, answer, fx);
    }

    /// The leader's timer for the lease of `token` ending at `expiry_ms` fired: unless the
    /// lease was renewed or ended since, write its revocation.
    pub(crate) fn on_lease_end(&mut self, cx: &Ctx, token: u64, expiry_ms: u64, fx: &mut Vec<Do>) {
        let current = self.leading.lease == Some((token, expiry_ms));
        if !self.up || !self.is_leader() || !current || self.leading.revoking {
            return;
        }
        self.leading.revoking = true;
        self.propose(cx, Op::Revoke { token }, None, fx);
    }
}
