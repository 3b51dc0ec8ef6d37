//! Questions the engine answers about a run (who holds, believes, is paused or crashed at t,
//! the resource at t, an app's n-th message) and its liveness verdict.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::*;

fn story(enforcement: bool) -> (Scenario, Run) {
    let s = Scenario::gc_pause_story(enforcement);
    let r = run(&s).expect("a valid scenario");
    (s, r)
}

#[test]
fn the_holder_changes_when_the_paused_lease_runs_out() {
    let (_, r) = story(true);
    assert_eq!(r.holder_at(10_000), Some((0, 101)));
    assert_eq!(r.holder_at(30_049), Some((0, 101)));
    assert_eq!(r.holder_at(30_050), Some((1, 102)));
    assert_eq!(r.holder_at(0), None, "nothing is granted before 50 ms");
}

#[test]
fn both_apps_believe_they_own_the_item_while_a_sleeps() {
    let (_, r) = story(false);
    assert_eq!(r.believers_at(10_000), vec![(0, 101)]);
    assert_eq!(r.believers_at(45_000), vec![(0, 101), (1, 102)]);
}

#[test]
fn a_is_paused_from_twenty_to_sixty_seconds() {
    let (_, r) = story(false);
    let stall = r.stall_at(0, 45_000).expect("A is paused at 45 s");
    assert_eq!(
        (stall.kind, stall.from_ms, stall.until_ms),
        (StallKind::Paused, 20_000, 60_000)
    );
    assert_eq!(r.stall_at(0, 60_000), None);
    assert_eq!(r.stall_at(1, 45_000), None);
}

#[test]
fn a_crash_during_a_pause_ends_the_pause() {
    let s = Scenario::gc_pause_story(false).with_fault(Fault::crash(APP_A, 35_000));
    let r = run(&s).expect("a valid scenario");
    assert_eq!(r.stall_at(0, 34_000).map(|p| p.until_ms), Some(35_000));
    assert_eq!(r.stall_at(0, 40_000), None, "a crashed app is not paused");
    assert_eq!(r.crashed_by(0, 40_000), Some(35_000));
    assert_eq!(r.crashed_by(0, 30_000), None);
    let pauses: Vec<(u64, u64)> = r
        .spans
        .pauses
        .iter()
        .map(|p| (p.from_ms, p.until_ms))
        .collect();
    assert_eq!(pauses, vec![(20_000, 35_000)]);
}

#[test]
fn a_partition_is_drawn_from_when_it_happened() {
    let s = Scenario::gc_pause_story(false)
        .with_fault(Fault::partition(APP_B, 40_000, 50_000))
        .with_fault(Fault::crash(APP_B, 45_000));
    let r = run(&s).expect("a valid scenario");
    let cut = r.stall_at(1, 42_000).expect("B is cut off at 42 s");
    assert_eq!(
        (cut.kind, cut.from_ms, cut.until_ms),
        (StallKind::CutOff, 40_000, 45_000)
    );
}

#[test]
fn the_resource_at_a_moment_holds_the_writes_accepted_by_then() {
    let (_, r) = story(false);
    let before = r.resource_at(30_000);
    let after = r.resource_at(r.end_ms);
    let reservations = |state: &ResourceState| match state {
        ResourceState::Inventory { reservations, .. } => reservations.len(),
        _ => panic!("inventory story"),
    };
    assert_eq!((reservations(&before.state), before.accepted), (0, 0));
    assert_eq!((reservations(&after.state), after.accepted), (2, 2));
    assert_eq!(after.fence, 102);
    assert_eq!(r.so_far(r.end_ms).violations, 1);
    assert_eq!(r.so_far(59_000).violations, 0);
    assert_eq!(r.so_far(r.end_ms).grants, 2);
}

#[test]
fn the_next_message_found_is_the_one_a_delay_fault_holds_back() {
    let (s, r) = story(false);
    let next = r.next_message_of(1, 25_000).expect("B talks after 25 s");
    assert_eq!(r.nth_message(1, next.kind, next.nth), Some(next.span));
    let delayed = run(&s
        .clone()
        .with_fault(Fault::delay(APP_B, next.kind, next.nth, 3_000)))
    .expect("a valid scenario");
    let held = delayed
        .nth_message(1, next.kind, next.nth)
        .expect("same message");
    assert_eq!(held.sent_ms, next.span.sent_ms);
    assert!(held.delivered_ms > next.span.delivered_ms);
}

fn permanent_lock(mode: Mode) -> Verdict {
    let a = AppConfig::new("A", "Writer").steps(&[
        Step::Read,
        Step::Work { for_ms: 20_000 },
        Step::Write,
    ]);
    let b = AppConfig::new("B", "Writer")
        .start_ms(5_000)
        .retry_ms(5_000);
    let s = Scenario::default()
        .with_mode(mode)
        .with_apps(vec![a, b])
        .with_fault(Fault::crash(APP_A, 10_000));
    run(&s).expect("valid").verdict
}

#[test]
fn a_crashed_holder_of_a_lock_without_expiry_leaves_the_system_stuck() {
    let v = permanent_lock(Mode::PermanentLock);
    assert!(v.is_safe(), "no rule broke");
    let stuck = v.stuck.expect("B waits to the end");
    assert_eq!(
        (stuck.holder, stuck.token, stuck.crashed_ms),
        (0, 101, 10_000)
    );
    assert_eq!(stuck.waiting, vec![1]);
    assert_eq!(stuck.expiry_ms, None);
    assert_eq!(stuck.until_ms, v.end_ms);
    assert!(stuck.first_refused_ms >= 10_000);
}

#[test]
fn a_lease_frees_the_system_after_a_crash() {
    let v = permanent_lock(Mode::Lease);
    assert!(v.is_live(), "{:?}", v.stuck);
}

#[test]
fn the_verdict_only_run_finds_the_same_liveness_failure() {
    let a = AppConfig::new("A", "Writer").steps(&[Step::Work { for_ms: 20_000 }]);
    let b = AppConfig::new("B", "Writer")
        .start_ms(5_000)
        .retry_ms(5_000);
    let s = Scenario::default()
        .with_mode(Mode::PermanentLock)
        .with_apps(vec![a, b])
        .with_fault(Fault::crash(APP_A, 10_000));
    let fast = run_verdict_only(&s).expect("valid");
    assert_eq!(fast.stuck, run(&s).expect("valid").verdict.stuck);
    assert!(fast.stuck.is_some());
}

#[test]
fn the_explorer_tells_a_stuck_run_from_one_that_heals() {
    let mut stuck = permanent_lock(Mode::PermanentLock);
    let fingerprint = fencing_lab::engine::explore::verdict_fingerprint;
    let before = fingerprint(&stuck);
    stuck.stuck = None;
    assert_ne!(before, fingerprint(&stuck));
}
