//! Live faults: turns "pause A now", "crash B", "delay, duplicate or let C's next message be
//! overtaken", "partition" and "resume", and the whole system's "restart the resource" and "fail
//! the coordination service over" or "cut its leader off", at the playhead into engine
//! [`Fault`]s. Pure functions,
//! tested natively.

use super::refusal::Refusal;
use crate::engine::{Fault, NthMessage, Run, Scenario};

/// What the user asked for at the playhead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiveFault {
    /// A stop-the-world pause of `for_ms`.
    Pause { for_ms: u64 },
    /// A crash, for good.
    Crash,
    /// Hold the app's next message in the network for `extra_ms`.
    DelayNext { extra_ms: u64 },
    /// Cut the app off from the coordination service for `for_ms`.
    Partition { for_ms: u64 },
    /// Have the network deliver the app's next message twice, the copy `after_ms` later.
    Duplicate { after_ms: u64 },
    /// Hold the app's next message for `extra_ms` while later ones on its way pass it.
    Reorder { extra_ms: u64 },
}

/// A fault of the whole system at the playhead: it names no app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ServiceFault {
    /// The resource restarts (its fence survives only if stored durably).
    RestartResource,
    /// The coordination service fails over to a new leader.
    Failover,
    /// A replicated service's leader of the moment is cut off from the other members for
    /// `for_ms` (apps still reach it; it can commit nothing, and the others elect a leader).
    CutLeader { for_ms: u64 },
}

/// Builds the fault for `live` on app `app` at `at_ms`, or says why it cannot be placed.
pub fn fault_at(
    run: &Run,
    scenario: &Scenario,
    app: usize,
    at_ms: u64,
    live: LiveFault,
) -> Result<Fault, Refusal> {
    if app >= scenario.apps.len() {
        return Err(Refusal::NoSuchApp);
    }
    if let Some(at_ms) = run.crashed_by(app, at_ms) {
        return Err(Refusal::Crashed { app, at_ms });
    }
    match live {
        LiveFault::Pause { for_ms } => Ok(Fault::pause(app, at_ms, for_ms.max(1))),
        LiveFault::Crash => Ok(Fault::crash(app, at_ms)),
        LiveFault::Partition { for_ms } => Ok(Fault::partition(app, at_ms, at_ms + for_ms.max(1))),
        LiveFault::DelayNext { extra_ms } => {
            next_message(run, app, at_ms).map(|m| Fault::delay(app, m.kind, m.nth, extra_ms))
        }
        LiveFault::Duplicate { after_ms } => {
            next_message(run, app, at_ms).map(|m| Fault::duplicate(app, m.kind, m.nth, after_ms))
        }
        LiveFault::Reorder { extra_ms } => {
            next_message(run, app, at_ms).map(|m| Fault::reorder(app, m.kind, m.nth, extra_ms))
        }
    }
}

/// The first message to or from `app` sent at or after `at_ms`, or why there is none.
fn next_message(run: &Run, app: usize, at_ms: u64) -> Result<NthMessage, Refusal> {
    run.next_message_of(app, at_ms)
        .ok_or(Refusal::NoMoreMessages { app })
}

/// Builds the whole system's fault `which` at `at_ms`, unless `scenario` has it there already.
pub fn service_fault_at(
    scenario: &Scenario,
    at_ms: u64,
    which: ServiceFault,
) -> Result<Fault, Refusal> {
    let (fault, already) = match which {
        ServiceFault::RestartResource => (
            Fault::restart_resource(at_ms),
            Refusal::AlreadyRestarts { at_ms },
        ),
        ServiceFault::Failover => (Fault::failover(at_ms), Refusal::AlreadyFailsOver { at_ms }),
        ServiceFault::CutLeader { for_ms } => (
            Fault::cut_member(None, at_ms, for_ms.max(1)),
            Refusal::AlreadyCutsTheLeader { at_ms },
        ),
    };
    if scenario.faults.contains(&fault) {
        return Err(already);
    }
    Ok(fault)
}

/// Ends, at `at_ms`, any pause or partition of `app` that is under way then. Returns whether one was.
pub fn resume_at(faults: &mut [Fault], app: usize, at_ms: u64) -> bool {
    let mut resumed = false;
    for fault in faults.iter_mut() {
        match fault {
            Fault::Pause {
                app: a,
                at_ms: from,
                for_ms,
            } if *a == app && *from <= at_ms && at_ms < *from + *for_ms => {
                *for_ms = (at_ms - *from).max(1);
                resumed = true;
            }
            Fault::Partition {
                app: a,
                from_ms,
                until_ms,
            } if *a == app && *from_ms <= at_ms && at_ms < *until_ms => {
                *until_ms = at_ms.max(*from_ms + 1);
                resumed = true;
            }
            _ => {}
        }
    }
    resumed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{run, MsgKind, APP_A, APP_B};

    fn base() -> Scenario {
        Scenario::gc_pause_story(false)
    }

    #[test]
    fn pause_now_is_placed_at_the_playhead() {
        let s = base();
        let r = run(&s).expect("a valid scenario");
        let fault = fault_at(&r, &s, 1, 12_000, LiveFault::Pause { for_ms: 40_000 }).unwrap();
        assert_eq!(fault, Fault::pause(APP_B, 12_000, 40_000));
    }

    #[test]
    fn a_crashed_app_cannot_be_paused() {
        let s = base().with_fault(Fault::crash(APP_B, 1_000));
        let r = run(&s).expect("a valid scenario");
        let err = fault_at(&r, &s, 1, 5_000, LiveFault::Pause { for_ms: 1_000 }).unwrap_err();
        assert_eq!(
            err,
            Refusal::Crashed {
                app: 1,
                at_ms: 1_000
            }
        );
    }

    #[test]
    fn delaying_the_next_message_picks_the_right_one() {
        let s = base();
        let r = run(&s).expect("a valid scenario");
        let fault = fault_at(&r, &s, 0, 0, LiveFault::DelayNext { extra_ms: 5_000 }).unwrap();
        assert_eq!(fault, Fault::delay(APP_A, MsgKind::Acquire, 1, 5_000));
        let mut delayed = s.clone();
        delayed.faults.push(fault);
        let later = run(&delayed).expect("a valid scenario");
        let first_grant = |r: &Run| r.spans.leases.first().map(|l| l.from_ms);
        assert!(
            first_grant(&later) > first_grant(&r),
            "the grant comes later when the acquire is held"
        );
    }

    #[test]
    fn duplicating_the_next_message_has_the_network_deliver_a_copy() {
        let s = base();
        let r = run(&s).expect("a valid scenario");
        let fault = fault_at(&r, &s, 1, 25_000, LiveFault::Duplicate { after_ms: 5_000 }).unwrap();
        let next = r.next_message_of(1, 25_000).expect("B talks after 25 s");
        assert_eq!(fault, Fault::duplicate(APP_B, next.kind, next.nth, 5_000));
        let copied = run(&s.clone().with_fault(fault)).expect("a valid scenario");
        let copy = copied.spans.messages.iter().find(|m| m.copy_of.is_some());
        let copy = copy.expect("the network copies B's message");
        assert_eq!(copy.copy_of, Some(next.span.id));
        assert_eq!(
            copy.delivered_ms,
            next.span.delivered_ms.map(|d| d + 5_000),
            "the copy arrives 5 s after the original"
        );
    }

    #[test]
    fn letting_the_next_message_be_overtaken_holds_it_back() {
        let s = base();
        let r = run(&s).expect("a valid scenario");
        let fault = fault_at(&r, &s, 0, 0, LiveFault::Reorder { extra_ms: 5_000 }).unwrap();
        assert_eq!(fault, Fault::reorder(APP_A, MsgKind::Acquire, 1, 5_000));
        let held = run(&s.clone().with_fault(fault)).expect("a valid scenario");
        let acquire = |r: &Run| {
            r.nth_message(0, MsgKind::Acquire, 1)
                .and_then(|m| m.delivered_ms)
        };
        assert_eq!(acquire(&held), acquire(&r).map(|d| d + 5_000));
    }

    #[test]
    fn a_message_fault_after_the_last_message_is_refused() {
        let s = base();
        let r = run(&s).expect("a valid scenario");
        for live in [
            LiveFault::Duplicate { after_ms: 1_000 },
            LiveFault::Reorder { extra_ms: 1_000 },
        ] {
            let err = fault_at(&r, &s, 1, r.end_ms + 1, live).unwrap_err();
            assert_eq!(err, Refusal::NoMoreMessages { app: 1 });
        }
    }

    #[test]
    fn the_services_faults_are_placed_at_the_playhead_once() {
        let s = base();
        let restart = service_fault_at(&s, 45_000, ServiceFault::RestartResource).unwrap();
        assert_eq!(restart, Fault::restart_resource(45_000));
        let failover = service_fault_at(&s, 45_000, ServiceFault::Failover).unwrap();
        assert_eq!(failover, Fault::failover(45_000));
        let placed = s.with_fault(restart).with_fault(failover);
        assert_eq!(
            service_fault_at(&placed, 45_000, ServiceFault::RestartResource),
            Err(Refusal::AlreadyRestarts { at_ms: 45_000 })
        );
        assert_eq!(
            service_fault_at(&placed, 45_000, ServiceFault::Failover),
            Err(Refusal::AlreadyFailsOver { at_ms: 45_000 })
        );
        assert!(service_fault_at(&placed, 46_000, ServiceFault::Failover).is_ok());
    }

    #[test]
    fn resume_shortens_a_running_pause() {
        let mut faults = vec![
            Fault::pause(APP_A, 20_000, 40_000),
            Fault::pause(APP_B, 20_000, 5_000),
        ];
        assert!(resume_at(&mut faults, APP_A, 30_000));
        assert_eq!(faults[0], Fault::pause(APP_A, 20_000, 10_000));
        assert_eq!(faults[1], Fault::pause(APP_B, 20_000, 5_000));
        assert!(
            !resume_at(&mut faults, APP_A, 50_000),
            "nothing left to resume"
        );
    }
}
