//! Live faults: turns "pause A now", "crash B", "delay C's next message", "partition" and "resume"
//! at the playhead into engine [`Fault`]s. Pure functions, tested natively.

use crate::engine::{Fault, Run, Scenario};
use crate::words::Refusal;

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
}

/// Builds the fault for `live` on app `app` at `at_ms`, or says why it cannot be placed.
pub fn fault_at(
    run: &Run,
    scenario: &Scenario,
    app: usize,
    at_ms: u64,
    live: LiveFault,
) -> Result<Fault, Refusal> {
    let name = scenario
        .apps
        .get(app)
        .map(|a| a.name.clone())
        .ok_or(Refusal::NoSuchApp)?;
    if let Some(at_ms) = run.crashed_by(app, at_ms) {
        return Err(Refusal::Crashed { app, at_ms });
    }
    match live {
        LiveFault::Pause { for_ms } => Ok(Fault::pause(&name, at_ms, for_ms.max(1))),
        LiveFault::Crash => Ok(Fault::crash(&name, at_ms)),
        LiveFault::Partition { for_ms } => {
            Ok(Fault::partition(&name, at_ms, at_ms + for_ms.max(1)))
        }
        LiveFault::DelayNext { extra_ms } => next_message_fault(run, &name, app, at_ms, extra_ms),
    }
}

/// The first message to or from `app` sent at or after `at_ms`, as a `DelayMessage` fault.
fn next_message_fault(
    run: &Run,
    name: &str,
    app: usize,
    at_ms: u64,
    extra_ms: u64,
) -> Result<Fault, Refusal> {
    let next = run
        .next_message_of(app, at_ms)
        .ok_or(Refusal::NoMoreMessages { app })?;
    Ok(Fault::delay(name, next.kind, next.nth, extra_ms))
}

/// Ends, at `at_ms`, any pause or partition of `app` that is under way then. Returns whether one was.
pub fn resume_at(faults: &mut [Fault], app: &str, at_ms: u64) -> bool {
    let mut resumed = false;
    for fault in faults.iter_mut() {
        match fault {
            Fault::Pause {
                app: a,
                at_ms: from,
                for_ms,
            } if a == app && *from <= at_ms && at_ms < *from + *for_ms => {
                *for_ms = (at_ms - *from).max(1);
                resumed = true;
            }
            Fault::Partition {
                app: a,
                from_ms,
                until_ms,
            } if a == app && *from_ms <= at_ms && at_ms < *until_ms => {
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
    use crate::engine::{run, MsgKind};

    fn base() -> Scenario {
        Scenario::gc_pause_story(false)
    }

    #[test]
    fn pause_now_is_placed_at_the_playhead() {
        let s = base();
        let r = run(&s).expect("a valid scenario");
        let fault = fault_at(&r, &s, 1, 12_000, LiveFault::Pause { for_ms: 40_000 }).unwrap();
        assert_eq!(fault, Fault::pause("B", 12_000, 40_000));
    }

    #[test]
    fn a_crashed_app_cannot_be_paused() {
        let s = base().with_fault(Fault::crash("B", 1_000));
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
        assert_eq!(fault, Fault::delay("A", MsgKind::Acquire, 1, 5_000));
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
    fn resume_shortens_a_running_pause() {
        let mut faults = vec![
            Fault::pause("A", 20_000, 40_000),
            Fault::pause("B", 20_000, 5_000),
        ];
        assert!(resume_at(&mut faults, "A", 30_000));
        assert_eq!(faults[0], Fault::pause("A", 20_000, 10_000));
        assert_eq!(faults[1], Fault::pause("B", 20_000, 5_000));
        assert!(
            !resume_at(&mut faults, "A", 50_000),
            "nothing left to resume"
        );
    }
}
