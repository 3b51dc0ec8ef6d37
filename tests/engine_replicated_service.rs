//! The simulator with a replicated coordination service (`Scenario::members`): apps get their
//! leases from a group that keeps them through a leader change, where one box that loses its
//! counter reissues a token; a cut-off leader grants nothing; bad settings are refused.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::group::MemberChange;
use fencing_lab::engine::*;

/// The reissued-token story: A pauses at 20 s for 40 s; the service fails over at 25 s and
/// its counter is not durable.
fn reissued(members: usize) -> Scenario {
    let entry = fencing_lab::catalog::by_id("reissued-token").expect("the story");
    (entry.build)().with_members(members, 1_000)
}

fn granted(run: &Run) -> Vec<(usize, u64)> {
    let grants = run.trace.iter().filter_map(|e| match e.kind {
        EventKind::LeaseGranted { app, token, .. } => Some((app, token)),
        _ => None,
    });
    grants.collect()
}

fn member_changes(run: &Run) -> Vec<(u64, usize, MemberChange)> {
    let changes = run.trace.iter().filter_map(|e| match e.kind {
        EventKind::Member { member, change } => Some((e.at_ms, member, change)),
        _ => None,
    });
    changes.collect()
}

#[test]
fn one_box_that_loses_its_counter_reissues_a_token_and_a_group_does_not() {
    let one_box = run(&reissued(1)).unwrap();
    assert_eq!(granted(&one_box), [(APP_A, 101), (APP_B, 101)]);
    for members in [3, 5] {
        let group = run(&reissued(members)).unwrap();
        let grants = granted(&group);
        assert_eq!(grants.len(), 2, "{grants:?}");
        assert!(grants[0].1 < grants[1].1, "tokens grow: {grants:?}");
        assert_eq!(group.verdict.stale_writes_accepted, 0);
        assert!(
            group.verdict.stale_writes_rejected >= 1,
            "A's late write is fenced"
        );
    }
}

#[test]
fn a_leader_change_elects_one_leader_for_the_next_term_and_restarts_the_lease() {
    let r = run(&reissued(3)).unwrap();
    let led: Vec<_> = member_changes(&r)
        .into_iter()
        .filter(|(_, _, c)| matches!(c, MemberChange::Led { .. }))
        .collect();
    assert_eq!(led.len(), 2, "{led:?}");
    let (at_ms, member, change) = led[1];
    assert_ne!(member, 0);
    assert_eq!(change, MemberChange::Led { term: 2 });
    assert!(
        (26_000..27_100).contains(&at_ms),
        "elected within two timeouts: {at_ms}"
    );
    let restarted = r.trace.iter().find_map(|e| match e.kind {
        EventKind::LeaseRestarted { expiry_ms, .. } => Some((e.at_ms, expiry_ms)),
        _ => None,
    });
    let ttl_ms = reissued(3).ttl_ms;
    assert_eq!(restarted, Some((at_ms, at_ms + 1_000 + ttl_ms)));
}

#[test]
fn a_renewal_sent_to_a_cut_off_leader_goes_unanswered_and_the_next_reaches_the_new_leader() {
    // A talks to member 1, the leader, which is cut off from the others at 15 s. A renews
    // every 10 s; B asks for the lease all along.
    let a = AppConfig::new("A", "Warehouse service")
        .renew_every_ms(Some(10_000))
        .steps(&[Step::Read, Step::Work { for_ms: 60_000 }, Step::Write]);
    let b = AppConfig::new("B", "Warehouse service")
        .start_ms(5_000)
        .steps(&[Step::Read, Step::Write]);
    let s = Scenario::default()
        .with_apps(vec![a, b])
        .with_fault(Fault::cut_member(Some(0), 15_000, 200_000))
        .with_members(3, 1_000);
    let r = run(&s).unwrap();
    let new_leader_ms = member_changes(&r)
        .iter()
        .find(|(_, _, c)| *c == MemberChange::Led { term: 2 })
        .map(|&(at_ms, _, _)| at_ms)
        .expect("the majority elects a new leader");
    let renewals: Vec<u64> = r
        .trace
        .iter()
        .filter(|e| matches!(e.kind, EventKind::LeaseRenewed { app: APP_A, .. }))
        .map(|e| e.at_ms)
        .collect();
    assert!(
        renewals
            .iter()
            .all(|&at_ms| !(15_000..new_leader_ms).contains(&at_ms)),
        "nothing is renewed while only the cut-off leader hears A: {renewals:?}"
    );
    assert!(
        renewals.iter().any(|&at_ms| at_ms > new_leader_ms),
        "A's next renewal reaches the new leader: {renewals:?}"
    );
    let grants = granted(&r);
    assert!(
        matches!(grants[..], [(APP_A, 101), (APP_B, b)] if b > 101),
        "B is granted once A gives the lease back, with a higher token: {grants:?}"
    );
    assert_eq!(r.verdict.split_brain, []);
}

#[test]
fn a_group_of_two_and_member_faults_on_one_box_are_refused_with_the_field_named() {
    let two = Scenario::default().with_members(2, 1_000).validate();
    assert_eq!(two.unwrap_err().field, "members");
    let on_one_box = Scenario::default()
        .with_fault(Fault::crash_member(None, 1_000, 1_000))
        .validate();
    assert_eq!(on_one_box.unwrap_err().field, "faults[0].member");
    let no_such = Scenario::default()
        .with_members(3, 1_000)
        .with_fault(Fault::cut_member(Some(3), 1_000, 1_000))
        .validate();
    assert_eq!(no_such.unwrap_err().field, "faults[0].member");
    let lock = Scenario::default()
        .with_mode(Mode::PermanentLock)
        .with_members(3, 1_000)
        .validate();
    assert_eq!(lock.unwrap_err().field, "mode");
}

#[test]
fn the_same_scenario_gives_the_same_run_with_a_group() {
    let s = reissued(5).with_fault(Fault::crash_member(None, 40_000, 3_000));
    assert_eq!(run(&s).unwrap().trace, run(&s).unwrap().trace);
}
