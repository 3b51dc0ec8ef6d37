//! How the simulator drives a replicated coordination service (`Scenario::members` above 1):
//! an app's request reaches the member it talks to, the group's wake-ups go into the queue,
//! its answers go back through the network, and what the leader and members did becomes
//! the same events the single box records (a grant, a renewal, an expiry), plus the members'.
//!
//! An app talks to one member at a time (app `i` starts with member `i` modulo the group's
//! size). Like an etcd client moving to another endpoint, its next request goes to the next
//! member when its last one got no answer, or when the member told it to ask again.

use super::event::EventKind;
use super::group::{
    Answer, Answered, Group, GroupEvent, GroupOut, LeaseChange, MemberChange, Request, Wake,
};
use super::group_setup::{closes_at, open_until, MemberWindows, Routes};
use super::message::{Body, Node, RefuseReason};
use super::pending::Pending;
use super::sim::Sim;

impl Sim {
    /// Starts the group, if there is one: the first member leads term 1.
    pub(crate) fn start_group(&mut self) {
        let Some(members) = self.group.as_ref().map(|g| g.config().members) else {
            return;
        };
        self.routes = Routes::new(self.apps.len(), members);
        self.windows = MemberWindows::new(members);
        let now_ms = self.now_ms;
        self.with_group(|g, out| g.start(now_ms, out));
    }

    /// `app`'s request reached the group.
    pub(crate) fn on_group_request(&mut self, app: usize, body: Body) {
        let request = match body {
            Body::Acquire { asked_ms } => Request::Acquire { asked_ms },
            Body::Renew { token, asked_ms } => Request::Renew { token, asked_ms },
            Body::Release { token } => Request::Release { token },
            // Apps only send requests to the coordination service.
            _ => return,
        };
        if std::mem::replace(&mut self.routes.unanswered[app], true) {
            self.next_member(app);
        }
        let member = self.routes.member[app];
        let now_ms = self.now_ms;
        self.with_group(|g, out| g.request(now_ms, member, app, request, out));
    }

    fn next_member(&mut self, app: usize) {
        let members = self.scenario.members;
        let route = &mut self.routes.member[app];
        *route = (*route + 1) % members;
    }

    /// One of the group's wake-ups is due, or a member's fault starts or ends. Of overlapping
    /// windows on one member the one that ends last wins (see [`MemberWindows`]).
    pub(crate) fn on_group_pending(&mut self, pending: Pending) {
        let now_ms = self.now_ms;
        match pending {
            Pending::Group(wake) => {
                // In a run that may skip (the app's wasm has none: see `Sim::may_skip`), an
                // election timer reset since is dropped at once: the member would ignore it.
                if self.may_skip() && self.passed_or_skipped(wake) {
                    return;
                }
                self.with_group(|g, out| g.wake(now_ms, wake, out));
            }
            Pending::MemberDown { member, for_ms } => {
                let Some(member) = self.pick_member(member) else {
                    return;
                };
                self.with_group(|g, out| g.crash(member, out));
                let until_ms = now_ms.saturating_add(for_ms);
                open_until(self.windows.down_until.get_mut(member), until_ms);
                self.schedule(until_ms, Pending::MemberUp { member, until_ms });
            }
            // A return closes its window only if it still ends now (one extended since waits for
            // its own later return); the same for a cut-off below.
            Pending::MemberUp { member, until_ms }
                if closes_at(self.windows.down_until.get_mut(member), until_ms) =>
            {
                self.with_group(|g, out| g.restart(now_ms, member, out));
            }
            Pending::MemberCut { member, for_ms } => {
                let Some(member) = self.pick_member(member) else {
                    return;
                };
                self.with_group(|g, out| g.set_cut(member, true, out));
                let until_ms = now_ms.saturating_add(for_ms);
                open_until(self.windows.cut_until.get_mut(member), until_ms);
                self.schedule(until_ms, Pending::MemberJoin { member, until_ms });
            }
            Pending::MemberJoin { member, until_ms }
                if closes_at(self.windows.cut_until.get_mut(member), until_ms) =>
            {
                self.with_group(|g, out| g.set_cut(member, false, out));
            }
            _ => {}
        }
    }

    /// An election timer reset since (it changes nothing), or a heartbeat of a group at rest
    /// that skipped ahead ([`Sim::skipped_at_rest`]).
    fn passed_or_skipped(&mut self, wake: Wake) -> bool {
        self.group.as_ref().is_some_and(|g| g.passes(wake)) || self.skipped_at_rest(wake)
    }

    /// In a verdict-only run, one of the group's wake-ups is due: if it is the leader's
    /// heartbeat and the group is at rest, the heartbeat rounds before the next event that
    /// matters (or the horizon) run at once, counted as the step-by-step run processes them
    /// (`group/rest.rs`). False if not (nothing done).
    fn skipped_at_rest(&mut self, wake: Wake) -> bool {
        let Some(group) = self.group.as_ref() else {
            return false;
        };
        let Some(rest) = group.rest(self.now_ms, wake) else {
            return false;
        };
        let horizon_ms = self.scenario.horizon_ms;
        let after_horizon_ms = horizon_ms.saturating_add(1).min(self.stop_ms);
        let end_ms = self
            .queued()
            .fold(after_horizon_ms, |end_ms, (at_ms, pending)| {
                let by_ms = match pending {
                    Pending::Group(wake) => group.ends_by(&rest, at_ms, wake),
                    _ => at_ms,
                };
                end_ms.min(by_ms)
            });
        let mut out = std::mem::take(&mut self.group_out);
        let skipped = self
            .group
            .as_mut()
            .and_then(|g| g.skip_rounds(&rest, (end_ms, horizon_ms), &mut out));
        let Some(processed) = skipped else {
            self.group_out = out;
            return false;
        };
        // An election timer reset since changes nothing when due: it is only counted (if due
        // by the horizon), not queued.
        let mut passed = 0;
        for &(at_ms, wake) in &out.wakes {
            if self.group.as_ref().is_some_and(|g| g.passes(wake)) {
                passed += u64::from(at_ms <= horizon_ms);
            } else {
                self.schedule(at_ms, Pending::Group(wake));
            }
        }
        self.count_skipped(processed + passed);
        out.clear();
        self.group_out = out;
        true
    }

    /// A failover in a replicated service: the leader crashes and is back one election
    /// timeout later, by when another member leads.
    pub(crate) fn fail_over_group(&mut self) {
        let for_ms = self.scenario.election_timeout_ms;
        self.on_group_pending(Pending::MemberDown {
            member: None,
            for_ms,
        });
    }

    /// The member a fault names: `None` is the leader of the moment (if any).
    fn pick_member(&self, member: Option<usize>) -> Option<usize> {
        let group = self.group.as_ref()?;
        member.or_else(|| group.leader())
    }

    fn with_group(&mut self, call: impl FnOnce(&mut Group, &mut GroupOut)) {
        let Some(group) = self.group.as_mut() else {
            return;
        };
        let mut out = std::mem::take(&mut self.group_out);
        call(group, &mut out);
        self.absorb(out);
    }

    /// Carries out what the group asked: schedules its wake-ups, records its events, and
    /// sends its answers.
    fn absorb(&mut self, mut out: GroupOut) {
        for &(at_ms, wake) in &out.wakes {
            self.schedule(at_ms, Pending::Group(wake));
        }
        for &event in &out.events {
            self.record_group_event(event);
        }
        for &answered in &out.answers {
            self.answer(answered);
        }
        out.clear();
        self.group_out = out;
    }

    /// Records what the group did. A new leader after the first is also the service's
    /// failover, as the single box's is (with no wait: it keeps the leases, and its tokens go
    /// on from its log, so the event names no next token).
    fn record_group_event(&mut self, event: GroupEvent) {
        let kind = match event {
            GroupEvent::Member { member, change } => {
                self.emit(EventKind::Member { member, change });
                if matches!(change, MemberChange::Led { term } if term > 1) {
                    let (until_ms, next_token) = (self.now_ms, None);
                    self.emit(EventKind::FailedOver {
                        until_ms,
                        next_token,
                    });
                }
                return;
            }
            GroupEvent::Lease { change, .. } => self.lease_event(change),
            GroupEvent::Applied { .. } => return,
        };
        self.emit(kind);
    }

    fn lease_event(&mut self, change: LeaseChange) -> EventKind {
        match change {
            LeaseChange::Granted { held, expiry_ms } => {
                self.grants += 1;
                let (app, token, expiry_ms) = (held.app, held.token, Some(expiry_ms));
                EventKind::LeaseGranted {
                    app,
                    token,
                    expiry_ms,
                }
            }
            LeaseChange::Renewed { held, expiry_ms } => EventKind::LeaseRenewed {
                app: held.app,
                token: held.token,
                expiry_ms: Some(expiry_ms),
            },
            LeaseChange::Ended {
                held,
                revoked: true,
            } => EventKind::LeaseExpired {
                app: held.app,
                token: held.token,
            },
            LeaseChange::Ended { held, .. } => EventKind::LeaseReleased {
                app: held.app,
                token: held.token,
            },
            LeaseChange::Restarted { held, expiry_ms } => EventKind::LeaseRestarted {
                app: held.app,
                token: held.token,
                expiry_ms,
            },
        }
    }

    /// Sends `app` the group's answer, as the single box would word it.
    fn answer(&mut self, Answered { app, answer, .. }: Answered) {
        self.routes.unanswered[app] = false;
        let body = match answer {
            Answer::Granted {
                token,
                expiry_ms,
                asked_ms,
            } => Body::Grant {
                token,
                expiry_ms: Some(expiry_ms),
                asked_ms,
            },
            Answer::Renewed {
                token,
                expiry_ms,
                asked_ms,
            } => Body::Renewed {
                token,
                expiry_ms: Some(expiry_ms),
                asked_ms,
            },
            Answer::Refused { holder } => {
                let (holder, token) = (holder.app, holder.token);
                self.stuck.refused(app, holder, token, self.now_ms);
                let reason = RefuseReason::Held { holder, token };
                self.emit(EventKind::AcquireRefused { app, reason });
                Body::Refused { reason }
            }
            Answer::Lost { token } => {
                self.emit(EventKind::RenewRefused { app, token });
                Body::Lost { token }
            }
            Answer::NotHeld { token } => {
                return self.emit(EventKind::ReleaseIgnored { app, token });
            }
            Answer::Released { .. } => return,
            Answer::Unavailable { request } => {
                self.next_member(app);
                if !matches!(request, Request::Acquire { .. }) {
                    return;
                }
                let reason = RefuseReason::NoLeader;
                self.emit(EventKind::AcquireRefused { app, reason });
                Body::Refused { reason }
            }
        };
        self.send(Node::Coordinator, Node::App(app), body);
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Fault, Scenario, Sim};

    /// Runs `scenario` verdict only; returns the happenings taken off the queue one by one and
    /// the events processed (those skipped at rest included).
    fn dispatched_and_processed(scenario: &Scenario) -> (u64, u64) {
        let mut sim = Sim::new_verdict_only(scenario).expect("a valid scenario");
        let mut dispatched = 0;
        while sim.advance() {
            dispatched += 1;
        }
        (dispatched, sim.events_processed)
    }

    /// A member cut off for most of the run does not keep the others from skipping their
    /// heartbeat rounds: it stands now and then, but the leader and its follower rest.
    #[test]
    fn a_group_rests_while_a_member_is_cut_off() {
        let story = Scenario::gc_pause_story(true).with_members(3, 1_000);
        let (_, calm) = dispatched_and_processed(&story);
        let cut = story.with_fault(Fault::cut_member(Some(2), 5_000, 100_000));
        let (dispatched, processed) = dispatched_and_processed(&cut);
        assert!(processed > calm / 2, "the cut run processes {processed}");
        assert!(
            dispatched * 5 < processed,
            "{dispatched} of {processed} events taken one by one"
        );
    }
}
