//! The documents' timelines and the named scenarios, checked end to end.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::*;

fn lines(s: &Scenario, run: &Run) -> Vec<String> {
    run.trace
        .iter()
        .map(|e| fencing_lab::words::event(e, s))
        .collect()
}

fn first_at(run: &Run, pred: impl Fn(&EventKind) -> bool) -> Option<u64> {
    run.trace.iter().find(|e| pred(&e.kind)).map(|e| e.at_ms)
}

#[test]
fn gc_pause_with_enforcement_rejects_the_stale_write() {
    let s = Scenario::gc_pause_story(true);
    let run = run(&s).expect("a valid scenario");
    let v = &run.verdict;
    let grants: Vec<_> = run
        .spans
        .leases
        .iter()
        .map(|l| (l.app, l.token, l.from_ms))
        .collect();
    assert_eq!(grants, vec![(0, 101, 50), (1, 102, 30_050)]);
    assert_eq!(run.spans.leases[0].end, LeaseEnd::Expired);
    assert_eq!(run.spans.leases[0].until_ms, 30_050);
    assert!(lines(&s, &run).contains(&"A's write with token 101 rejected: 101 < 102".into()));
    assert_eq!(
        first_at(&run, |k| matches!(k, EventKind::WriteRejected { .. })),
        Some(60_050)
    );
    assert!(v.violations.is_empty());
    assert_eq!((v.stale_writes_rejected, v.stale_writes_accepted), (1, 0));
    let ResourceState::Inventory {
        stock,
        reservations,
        ..
    } = &v.final_state
    else {
        panic!()
    };
    assert_eq!(*stock, 0);
    let b = Reservation {
        app: 1,
        token: 102,
        based_on: 1,
    };
    assert_eq!(reservations, &vec![b]);
    let window = SplitBrain {
        from_ms: 30_100,
        until_ms: 60_000,
        apps: vec![0, 1],
    };
    assert_eq!(v.split_brain, vec![window]);
}

#[test]
fn gc_pause_without_enforcement_promises_the_last_item_twice() {
    let s = Scenario::gc_pause_story(false);
    let run = run(&s).expect("a valid scenario");
    let v = &run.verdict;
    assert_eq!(v.violations.len(), 1);
    assert_eq!(
        fencing_lab::words::violation(&v.violations[0].kind, &s),
        "the last item was promised to two customers"
    );
    assert_eq!(v.violations[0].at_ms, 60_050);
    assert_eq!(v.stale_writes_accepted, 1);
    let ResourceState::Inventory { reservations, .. } = &v.final_state else {
        panic!()
    };
    let holders: Vec<_> = reservations.iter().map(|r| (r.app, r.token)).collect();
    assert_eq!(holders, vec![(1, 102), (0, 101)]);
    assert_eq!(v.split_brain.len(), 1);
    assert_eq!(
        (v.split_brain[0].from_ms, v.split_brain[0].until_ms),
        (30_100, 60_000)
    );
}

#[test]
fn resumed_app_writes_before_it_notices_its_lease_is_over() {
    let run = run(&Scenario::gc_pause_story(true)).expect("a valid scenario");
    let at_60s: Vec<EventKind> = run
        .trace
        .iter()
        .filter(|e| e.at_ms == 60_000)
        .map(|e| e.kind)
        .collect();
    let write = at_60s.iter().position(
        |k| matches!(k, EventKind::MessageSent { msg, .. } if msg.body.kind() == MsgKind::Write),
    );
    let noticed = at_60s.iter().position(|k| {
        matches!(
            k,
            EventKind::BeliefEnded {
                app: 0,
                why: BeliefEnd::ClockSaysExpired,
                ..
            }
        )
    });
    assert!(matches!(at_60s[0], EventKind::PauseEnded { app: 0 }));
    assert!(write.unwrap() < noticed.unwrap());
    let a_belief = run.spans.beliefs.iter().find(|b| b.app == 0).unwrap();
    assert_eq!((a_belief.from_ms, a_belief.until_ms), (100, 60_000));
}

#[test]
fn three_grants_in_sequence_get_101_102_103() {
    let apps = vec![
        AppConfig::new("A", "Payment service"),
        AppConfig::new("B", "Payment service").start_ms(10_000),
        AppConfig::new("C", "Payment service").start_ms(20_000),
    ];
    let s = Scenario::default()
        .with_resource(ResourceKind::Storage)
        .with_apps(apps);
    let run = run(&s).expect("a valid scenario");
    let tokens: Vec<_> = run.spans.leases.iter().map(|l| (l.app, l.token)).collect();
    assert_eq!(tokens, vec![(0, 101), (1, 102), (2, 103)]);
    assert!(run.spans.leases.iter().all(|l| l.end == LeaseEnd::Released));
    assert!(run.verdict.violations.is_empty());
}

fn crash_scenario(mode: Mode, lock_delay_ms: u64) -> Scenario {
    let a = AppConfig::new("A", "Job runner").steps(&[Step::Work { for_ms: 60_000 }]);
    let b = AppConfig::new("B", "Job runner").start_ms(1_000);
    Scenario::default()
        .with_mode(mode)
        .with_lock_delay_ms(lock_delay_ms)
        .with_apps(vec![a, b])
        .with_fault(Fault::crash(APP_A, 5_000))
}

#[test]
fn permanent_lock_abandoned_by_a_crash_blocks_forever() {
    let run = run(&crash_scenario(Mode::PermanentLock, 0)).expect("a valid scenario");
    assert_eq!(run.spans.leases.len(), 1);
    assert_eq!(run.spans.leases[0].end, LeaseEnd::StillHeld);
    assert_eq!(run.spans.leases[0].until_ms, 120_000);
    assert_eq!(run.verdict.grants, 1);
}

#[test]
fn lease_of_a_crashed_holder_expires_and_b_gets_it() {
    // A renewed at 10 s? No: it crashed at 5 s; its last renewal landed never, so the
    // lease granted at 50 ms expires at 30 050 ms; B retries every second from 1 000 ms
    // (acquires land at 1 050 + k*1 000), so B's grant lands at 30 050 ms exactly.
    let run1 = run(&crash_scenario(Mode::Lease, 0)).expect("a valid scenario");
    let leases: Vec<_> = run1
        .spans
        .leases
        .iter()
        .map(|l| (l.app, l.from_ms, l.end))
        .collect();
    assert_eq!(leases[0], (0, 50, LeaseEnd::Expired));
    assert_eq!(run1.spans.leases[0].until_ms, 30_050);
    assert_eq!((leases[1].0, leases[1].1), (1, 30_050));
    // With a 5 s lock delay B waits until the first retry at or after 35 050 ms.
    let run2 = run(&crash_scenario(Mode::Lease, 5_000)).expect("a valid scenario");
    assert_eq!(run2.spans.leases[1].from_ms, 35_050);
    let s = crash_scenario(Mode::Lease, 5_000);
    assert!(lines(&s, &run2)
        .iter()
        .any(|l| l.contains("lock delay after expiry")));
}

fn payments(enforcement: bool) -> Scenario {
    let mut s = Scenario::gc_pause_story(enforcement).with_resource(ResourceKind::Payments {
        invoices: vec![7, 8],
    });
    for app in &mut s.apps {
        app.role = "Payment service".into();
    }
    s
}

#[test]
fn payments_gc_pause_pays_twice_only_without_enforcement() {
    let off = run(&payments(false)).expect("a valid scenario");
    let v = &off.verdict;
    assert_eq!(v.violations.len(), 2);
    assert!(
        fencing_lab::words::violation(&v.violations[0].kind, &payments(false))
            .starts_with("invoice 7 paid twice")
    );
    let ResourceState::Payments { ledger, .. } = &v.final_state else {
        panic!()
    };
    assert_eq!(ledger.len(), 4);
    let on = run(&payments(true)).expect("a valid scenario");
    let v = &on.verdict;
    assert!(v.violations.is_empty());
    let ResourceState::Payments { ledger, .. } = &v.final_state else {
        panic!()
    };
    let paid: Vec<_> = ledger.iter().map(|p| (p.invoice, p.app, p.token)).collect();
    assert_eq!(paid, vec![(7, 1, 102), (8, 1, 102)]);
}

fn pause_after_check(enforcement: bool) -> Scenario {
    let a = AppConfig::new("A", "Storage writer")
        .renew_every_ms(None)
        .check_before_write(1_000)
        .steps(&[Step::Read, Step::Work { for_ms: 20_000 }, Step::Write]);
    let b = AppConfig::new("B", "Storage writer")
        .start_ms(25_000)
        .steps(&[Step::Read, Step::Write, Step::Work { for_ms: 40_000 }]);
    Scenario::default()
        .with_resource(ResourceKind::Storage)
        .with_apps(vec![a, b])
        .with_enforcement(enforcement)
        .with_fault(Fault::pause_after_check(APP_A, 1, 40_000))
}

#[test]
fn pause_between_check_and_write_lets_a_stale_write_through_without_enforcement() {
    let s = pause_after_check(false);
    let run = run(&s).expect("a valid scenario");
    let v = &run.verdict;
    // The check at 20 200 ms passed (lease believed until 30 100 ms, margin 1 s).
    let paused = first_at(&run, |k| {
        matches!(k, EventKind::PauseStarted { app: 0, .. })
    });
    assert_eq!(paused, Some(20_200));
    assert!(!run
        .trace
        .iter()
        .any(|e| matches!(e.kind, EventKind::WriteSkipped { .. })));
    assert_eq!(v.violations.len(), 1);
    assert_eq!(
        fencing_lab::words::violation(&v.violations[0].kind, &s),
        "a write from token 101 overwrote the newer version written under 102 \
         (A had read version 0)"
    );
    let on = run_verdict_only(&pause_after_check(true)).unwrap();
    assert!(on.violations.is_empty());
    assert_eq!(on.stale_writes_rejected, 1);
}

#[test]
fn check_before_write_without_the_unlucky_pause_skips_the_write() {
    let mut s = pause_after_check(false);
    s.faults = vec![Fault::pause(APP_A, 10_000, 30_000)];
    let run = run(&s).expect("a valid scenario");
    let skipped = run.trace.iter().any(|e| {
        matches!(
            e.kind,
            EventKind::WriteSkipped {
                app: 0,
                reason: SkipReason::LeaseOver,
                ..
            }
        )
    });
    assert!(skipped);
    assert!(run.verdict.violations.is_empty());
}

fn delayed_write(enforcement: bool) -> Scenario {
    let a = AppConfig::new("A", "Storage writer")
        .renew_every_ms(None)
        .steps(&[Step::Read, Step::Write]);
    let b = AppConfig::new("B", "Storage writer")
        .start_ms(1_000)
        .retry_ms(500);
    Scenario::default()
        .with_resource(ResourceKind::Storage)
        .with_apps(vec![a, b])
        .with_enforcement(enforcement)
        .with_fault(Fault::delay(APP_A, MsgKind::Write, 1, 40_000))
}

#[test]
fn a_write_held_in_the_network_arrives_after_the_new_owner_wrote() {
    let s = delayed_write(false);
    let off = run(&s).expect("a valid scenario");
    let v = &off.verdict;
    let a_write = off
        .spans
        .messages
        .iter()
        .find(|m| m.kind == MsgKind::Write)
        .unwrap();
    assert_eq!((a_write.sent_ms, a_write.delivered_ms), (200, Some(40_250)));
    assert_eq!(v.violations.len(), 1);
    assert!(matches!(
        v.violations[0].kind,
        ViolationKind::LostUpdate { token: 101, .. }
    ));
    let on = run(&delayed_write(true)).expect("a valid scenario");
    let v = &on.verdict;
    assert!(v.violations.is_empty());
    assert!(lines(&s, &on).contains(&"A's write with token 101 rejected: 101 < 102".into()));
}

#[test]
fn a_slow_clock_believes_its_lease_lasts_longer() {
    let a = AppConfig::new("A", "Warehouse service")
        .renew_every_ms(None)
        .release_at_end(false)
        .clock(0, -200_000)
        .steps(&[Step::Read]);
    let s = Scenario::default().with_apps(vec![a]);
    let run = run(&s).expect("a valid scenario");
    let lease = run.spans.leases[0];
    let belief = run.spans.beliefs[0];
    assert_eq!(
        (lease.from_ms, lease.until_ms, lease.end),
        (50, 30_050, LeaseEnd::Expired)
    );
    // Asked at 0 ms (local 0), so it believes until local 30 000 = true 37 500: the careful
    // client counts from its request, but a clock 20 % slow still outlasts the lease.
    assert_eq!((belief.from_ms, belief.until_ms), (100, 37_500));
    assert_eq!(belief.end, Some(BeliefEnd::ClockSaysExpired));
    assert!(belief.until_ms > lease.until_ms);
}

#[test]
fn a_clock_jump_forward_ends_the_belief_early() {
    let a = AppConfig::new("A", "Warehouse service")
        .renew_every_ms(None)
        .release_at_end(false)
        .steps(&[Step::Read]);
    let s = Scenario::default()
        .with_apps(vec![a])
        .with_fault(Fault::clock_jump(APP_A, 10_000, 25_000));
    let run = run(&s).expect("a valid scenario");
    assert_eq!(run.spans.beliefs[0].until_ms, 10_000);
}

#[test]
fn a_partition_loses_renewals_and_the_lease_expires() {
    let a = AppConfig::new("A", "Warehouse service").steps(&[Step::Work { for_ms: 50_000 }]);
    let s = Scenario::default()
        .with_apps(vec![a])
        .with_fault(Fault::partition(APP_A, 5_000, 45_000));
    let run = run(&s).expect("a valid scenario");
    assert_eq!(run.spans.leases[0].end, LeaseEnd::Expired);
    assert!(run
        .spans
        .messages
        .iter()
        .any(|m| m.lost && m.kind == MsgKind::Renew));
    assert_eq!(
        run.spans.partitions,
        vec![AppSpan {
            app: 0,
            from_ms: 5_000,
            until_ms: 45_000
        }]
    );
}

#[test]
fn step_by_step_matches_run() {
    let s = Scenario::gc_pause_story(true);
    let mut sim = Sim::new(&s).unwrap();
    let mut stepped = vec![];
    while let Some(e) = sim.step() {
        stepped.push(e);
    }
    assert_eq!(stepped, run(&s).expect("a valid scenario").trace);
    let mut sim = Sim::new(&s).unwrap();
    let early = sim.run_until(30_000).len();
    let rest = sim.run_until(u64::MAX).len();
    assert_eq!(early + rest, stepped.len());
    assert_eq!(
        run_verdict_only(&s).unwrap(),
        run(&s).expect("a valid scenario").verdict
    );
}
