//! Every catalog story, run with token enforcement off and on: the outcome its narration
//! claims (who got which token, which writes landed or bounced, what broke).
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::{by_id, Knobs};
use fencing_lab::engine::{run, EventKind, Mode, Run, Verdict, ViolationKind};

/// What a run did, in a shape that is easy to compare.
#[derive(Debug, PartialEq, Eq)]
struct Outcome {
    /// (app, token, second) of each grant.
    grants: Vec<(usize, u64, u64)>,
    /// (app, token, second) of each accepted write.
    accepted: Vec<(usize, u64, u64)>,
    /// (app, token, second) of each rejected write.
    rejected: Vec<(usize, u64, u64)>,
}

fn outcome(run: &Run) -> Outcome {
    let mut o = Outcome {
        grants: vec![],
        accepted: vec![],
        rejected: vec![],
    };
    for e in &run.trace {
        let s = e.at_ms / 1_000;
        match e.kind {
            EventKind::LeaseGranted { app, token, .. } => o.grants.push((app, token, s)),
            EventKind::WriteAccepted { app, token, .. } => o.accepted.push((app, token, s)),
            EventKind::WriteRejected { app, token, .. } => o.rejected.push((app, token, s)),
            _ => {}
        }
    }
    o
}

fn play(id: &str, enforcement: bool) -> (Run, Verdict) {
    play_with(id, |k| k.enforcement = enforcement)
}

fn play_with(id: &str, change: impl Fn(&mut Knobs)) -> (Run, Verdict) {
    let entry = by_id(id).expect("entry exists");
    let mut knobs = Knobs::defaults_for(entry);
    change(&mut knobs);
    let run = run(&entry.scenario_with(&knobs))
        .unwrap_or_else(|e| panic!("{id} is a valid scenario: {e}"));
    let verdict = run.verdict.clone();
    assert!(!verdict.truncated, "{id} ran to its horizon");
    (run, verdict)
}

fn kinds(v: &Verdict) -> Vec<ViolationKind> {
    v.violations.iter().map(|x| x.kind).collect()
}

fn lost_update(app: usize, token: u64, overwritten_token: u64) -> impl Fn(&ViolationKind) -> bool {
    move |k| {
        matches!(*k, ViolationKind::LostUpdate { app: a, token: t, overwritten_token: o, .. }
            if a == app && t == token && o == overwritten_token)
    }
}

#[test]
fn permanent_ownership_blocks_b_forever_and_a_lease_frees_it() {
    for enforcement in [false, true] {
        let (run, v) = play("permanent-ownership", enforcement);
        let o = outcome(&run);
        assert_eq!(
            o.grants,
            vec![(0, 101, 0)],
            "only A is ever granted the lock"
        );
        assert!(o.accepted.is_empty() && v.is_safe());
        let crashed = run
            .trace
            .iter()
            .find(|e| matches!(e.kind, EventKind::Crashed { app: 0 }));
        assert_eq!(crashed.map(|e| e.at_ms), Some(10_000));
        let refusals = run
            .trace
            .iter()
            .filter(|e| matches!(e.kind, EventKind::AcquireRefused { app: 1, .. }))
            .count();
        assert!(refusals >= 20, "B keeps being refused ({refusals})");
    }
    let (run, v) = play_with("permanent-ownership", |k| k.mode = Mode::Lease);
    let o = outcome(&run);
    assert_eq!(
        o.grants,
        vec![(0, 101, 0), (1, 102, 30)],
        "the lease frees the file at 30 s"
    );
    assert_eq!(
        o.accepted.iter().map(|w| (w.0, w.1)).collect::<Vec<_>>(),
        vec![(1, 102)]
    );
    assert!(v.is_safe());
}

#[test]
fn acquire_work_renew_keeps_one_owner() {
    for enforcement in [false, true] {
        let (run, v) = play("acquire-work-renew", enforcement);
        let o = outcome(&run);
        assert_eq!(o.grants, vec![(0, 101, 0)]);
        assert_eq!(o.accepted, vec![(0, 101, 25), (0, 101, 50), (0, 101, 75)]);
        assert!(o.rejected.is_empty() && v.is_safe() && v.split_brain.is_empty());
        let renewals = run
            .trace
            .iter()
            .filter(|e| matches!(e.kind, EventKind::LeaseRenewed { app: 0, .. }))
            .count();
        assert_eq!(renewals, 11, "A renews every 10 s");
    }
}

/// Whether B holds its lease (granted, not yet expired or released) when A's write reaches the
/// resource, accepted or rejected (`None`: A's write never lands).
fn b_holds_when_a_writes(run: &Run) -> Option<bool> {
    let lands_ms = run.trace.iter().find_map(|e| match e.kind {
        EventKind::WriteAccepted {
            app: 0, token: 101, ..
        }
        | EventKind::WriteRejected {
            app: 0, token: 101, ..
        } => Some(e.at_ms),
        _ => None,
    })?;
    let leases = &run.spans.leases;
    Some(
        leases
            .iter()
            .any(|l| l.app == 1 && l.from_ms <= lands_ms && lands_ms < l.until_ms),
    )
}

/// The documents' story: B holds its lease while A's stale write lands (issue 51, item 8).
#[test]
fn gc_pause_makes_two_owners_and_a_lost_update() {
    let (run, v) = play("gc-pause", false);
    let o = outcome(&run);
    assert_eq!(o.grants, vec![(0, 101, 0), (1, 102, 30)]);
    assert_eq!(o.accepted, vec![(1, 102, 35), (0, 101, 55)]);
    assert!(kinds(&v).iter().any(lost_update(0, 101, 102)));
    assert_eq!(v.split_brain.len(), 1);
    assert_eq!(
        (v.split_brain[0].from_ms, v.split_brain[0].until_ms),
        (30_100, 55_000),
        "A believes until its overdue timer fires, just after it sends the write"
    );
    assert_eq!(
        b_holds_when_a_writes(&run),
        Some(true),
        "two owners as it lands"
    );

    let (run, v) = play("gc-pause", true);
    let o = outcome(&run);
    assert_eq!(o.accepted, vec![(1, 102, 35)]);
    assert_eq!(o.rejected, vec![(0, 101, 55)]);
    assert_eq!(
        b_holds_when_a_writes(&run),
        Some(true),
        "B still holds its lease as A's write bounces"
    );
    assert!(v.is_safe());
    assert_eq!(
        v.split_brain.len(),
        1,
        "the split brain still happens, harmlessly"
    );
}

#[test]
fn payment_service_pays_twice_without_enforcement() {
    let (run, v) = play("payment-service", false);
    let o = outcome(&run);
    assert_eq!(o.grants, vec![(0, 101, 0), (1, 102, 30)]);
    assert_eq!(o.accepted, vec![(1, 102, 30), (0, 101, 60)]);
    assert!(matches!(
        kinds(&v)[..],
        [ViolationKind::PaidTwice {
            first_app: 1,
            first_token: 102,
            app: 0,
            token: 101,
            ..
        }]
    ));
    let (run, v) = play("payment-service", true);
    assert_eq!(outcome(&run).rejected, vec![(0, 101, 60)]);
    assert!(v.is_safe());
}

#[test]
fn last_item_is_promised_twice_without_enforcement() {
    let (run, v) = play("last-item", false);
    let o = outcome(&run);
    assert_eq!(o.grants, vec![(0, 101, 0), (1, 102, 30)]);
    assert_eq!(o.accepted, vec![(1, 102, 30), (0, 101, 45)]);
    assert_eq!(
        kinds(&v),
        vec![ViolationKind::Oversold {
            promised: 2,
            existed: 1
        }]
    );
    let (run, v) = play("last-item", true);
    assert_eq!(outcome(&run).rejected, vec![(0, 101, 45)]);
    assert!(v.is_safe());
}

#[test]
fn tokens_grow_101_102_103() {
    for enforcement in [false, true] {
        let (run, v) = play("tokens-101-102-103", enforcement);
        let o = outcome(&run);
        let order: Vec<(usize, u64)> = o.grants.iter().map(|g| (g.0, g.1)).collect();
        assert_eq!(order, vec![(0, 101), (1, 102), (2, 103)]);
        let writes: Vec<(usize, u64)> = o.accepted.iter().map(|w| (w.0, w.1)).collect();
        assert_eq!(writes, order, "each write carries its owner's token");
        assert!(o.rejected.is_empty() && v.is_safe() && v.split_brain.is_empty());
    }
}

#[test]
fn resource_enforces_raises_101_to_102_and_rejects_101() {
    let (run, v) = play("resource-enforces", true);
    let fences: Vec<u64> = run
        .trace
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::FenceRaised { token } => Some(token),
            _ => None,
        })
        .collect();
    assert_eq!(fences, vec![101, 102]);
    let o = outcome(&run);
    assert_eq!(o.accepted, vec![(1, 102, 30)]);
    assert_eq!(o.rejected, vec![(0, 101, 50)]);
    assert!(v.is_safe());
    let (run, v) = play("resource-enforces", false);
    assert_eq!(outcome(&run).accepted, vec![(1, 102, 30), (0, 101, 50)]);
    assert_eq!(
        kinds(&v),
        vec![ViolationKind::Oversold {
            promised: 2,
            existed: 1
        }]
    );
}

#[test]
fn check_not_enough_lets_a_stale_write_land() {
    let (run, v) = play("check-not-enough", false);
    let o = outcome(&run);
    assert_eq!(o.accepted, vec![(1, 102, 35), (0, 101, 60)]);
    assert!(kinds(&v).iter().any(lost_update(0, 101, 102)));
    let skipped = run
        .trace
        .iter()
        .any(|e| matches!(e.kind, EventKind::WriteSkipped { .. }));
    assert!(!skipped, "the check passed");
    let (run, v) = play("check-not-enough", true);
    assert_eq!(outcome(&run).rejected, vec![(0, 101, 60)]);
    assert!(v.is_safe());
}

#[test]
fn delayed_packet_pays_twice_without_any_pause() {
    let (run, v) = play("delayed-packet", false);
    let o = outcome(&run);
    assert_eq!(o.accepted, vec![(1, 102, 30), (0, 101, 45)]);
    assert!(matches!(
        kinds(&v)[..],
        [ViolationKind::PaidTwice {
            app: 0,
            token: 101,
            ..
        }]
    ));
    assert!(v.split_brain.is_empty(), "never two believers");
    let paused = run
        .trace
        .iter()
        .any(|e| matches!(e.kind, EventKind::PauseStarted { .. }));
    assert!(!paused);
    let (run, v) = play("delayed-packet", true);
    assert_eq!(outcome(&run).rejected, vec![(0, 101, 45)]);
    assert!(v.is_safe());
}

#[test]
fn clock_skew_lets_a_write_past_its_check() {
    let (run, v) = play("clock-skew", false);
    let o = outcome(&run);
    assert_eq!(o.accepted, vec![(1, 102, 30), (0, 101, 40)]);
    assert_eq!(
        kinds(&v),
        vec![ViolationKind::Oversold {
            promised: 2,
            existed: 1
        }]
    );
    let (run, v) = play("clock-skew", true);
    assert_eq!(outcome(&run).rejected, vec![(0, 101, 40)]);
    assert!(v.is_safe());
}

#[test]
fn a_late_answer_fools_the_naive_client_and_not_the_careful_one() {
    let (run, v) = play("late-answer", false);
    let o = outcome(&run);
    assert_eq!(o.grants, vec![(0, 101, 0), (1, 102, 51)]);
    assert_eq!(o.accepted, vec![(1, 102, 51), (0, 101, 57)]);
    assert!(kinds(&v).iter().any(lost_update(0, 101, 102)));
    let (run, v) = play("late-answer", true);
    assert_eq!(outcome(&run).rejected, vec![(0, 101, 57)]);
    assert!(v.is_safe());
    let (run, v) = play_with("late-answer", |k| k.careful_client = true);
    let late = |k: &EventKind| matches!(k, EventKind::LateReplyIgnored { app: 0, token: 101 });
    assert_eq!(run.trace.iter().filter(|e| late(&e.kind)).count(), 1);
    assert_eq!(outcome(&run).accepted, vec![(1, 102, 51)]);
    assert!(v.is_safe() && v.split_brain.is_empty());
}

#[test]
fn a_copied_write_overwrites_b_unless_the_token_or_the_version_is_checked() {
    let (run, v) = play("copied-write", false);
    assert_eq!(
        outcome(&run).accepted,
        vec![(0, 101, 0), (1, 102, 35), (0, 101, 40)]
    );
    assert!(kinds(&v).iter().any(lost_update(0, 101, 102)));
    let (run, v) = play("copied-write", true);
    assert_eq!(outcome(&run).rejected, vec![(0, 101, 40)]);
    assert!(v.is_safe());
}

#[test]
fn a_forgotten_fence_lets_the_stale_write_through_despite_enforcement() {
    let (run, v) = play("forgotten-fence", true);
    assert_eq!(outcome(&run).accepted, vec![(1, 102, 30), (0, 101, 60)]);
    assert!(!v.is_safe());
    let (run, v) = play_with("forgotten-fence", |k| k.fence_durable = true);
    assert_eq!(outcome(&run).rejected, vec![(0, 101, 60)]);
    assert!(v.is_safe());
    let (_, v) = play_with("forgotten-fence", |k| k.by_version = true);
    assert!(v.is_safe(), "the stock itself changed");
}

#[test]
fn a_failover_without_a_durable_counter_gives_b_the_token_a_still_holds() {
    let (run, v) = play("reissued-token", true);
    let o = outcome(&run);
    assert_eq!(o.grants, vec![(0, 101, 0), (1, 101, 55)]);
    assert_eq!(o.accepted, vec![(1, 101, 55), (0, 101, 60)]);
    assert!(!v.is_safe());
    let (run, v) = play_with("reissued-token", |k| k.counter_durable = true);
    assert_eq!(outcome(&run).grants, vec![(0, 101, 0), (1, 102, 55)]);
    assert!(v.is_safe());
}

#[test]
fn leases_and_tokens_make_every_fault_harmless() {
    let (run, v) = play("leases-and-tokens", true);
    let o = outcome(&run);
    assert_eq!(o.grants, vec![(0, 101, 0), (1, 102, 30), (2, 103, 60)]);
    assert_eq!(o.accepted, vec![(2, 103, 65)]);
    assert_eq!(o.rejected, vec![(0, 101, 60), (1, 102, 85)]);
    assert!(v.is_safe());
    let (run, v) = play("leases-and-tokens", false);
    assert_eq!(outcome(&run).accepted.len(), 3);
    assert!(kinds(&v).iter().any(lost_update(1, 102, 103)));
}
