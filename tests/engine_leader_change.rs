//! What a new leader of the coordination service does with the leases it finds: the lab's
//! cautious model knows none and waits them out; etcd, ZooKeeper and Consul keep them and start
//! their timers again (etcd adding its election timeout), so a lease can outlive what its
//! holder counted on.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::{by_id, Knobs, System};
use fencing_lab::engine::*;

/// A holds a 30 s lease renewed every 5 s; the service fails over at 12 s; B asks from 13 s.
fn failover_while_a_holds(change: LeaderChange) -> Scenario {
    let a = AppConfig::new("A", "Report writer")
        .renew_every_ms(Some(5_000))
        .steps(&[Step::Work { for_ms: 40_000 }]);
    let b = AppConfig::new("B", "Report writer")
        .start_ms(13_000)
        .retry_ms(1_000)
        .steps(&[Step::Work { for_ms: 1_000 }]);
    Scenario::default()
        .with_resource(ResourceKind::Storage)
        .with_apps(vec![a, b])
        .with_horizon_ms(90_000)
        .with_fault(Fault::failover(12_000))
        .with_leader_change(change)
}

fn events(run: &Run, wanted: fn(&EventKind) -> bool) -> Vec<(u64, EventKind)> {
    run.trace
        .iter()
        .filter(|e| wanted(&e.kind))
        .map(|e| (e.at_ms, e.kind))
        .collect()
}

#[test]
fn a_leader_that_restarts_leases_keeps_the_holder_and_ends_its_lease_a_ttl_and_the_extension_later()
{
    let s = failover_while_a_holds(LeaderChange::RestartsLeases { extend_ms: 1_000 });
    let run = run(&s).expect("valid scenario");
    let restarted = events(&run, |k| matches!(k, EventKind::LeaseRestarted { .. }));
    assert_eq!(
        restarted,
        vec![(
            12_000,
            EventKind::LeaseRestarted {
                app: 0,
                token: 101,
                expiry_ms: 12_000 + 1_000 + 30_000
            }
        )],
        "the new leader finds A's lease and starts it again"
    );
    let lost = events(&run, |k| matches!(k, EventKind::RenewRefused { .. }));
    assert!(lost.is_empty(), "A's renewals go on: {lost:?}");
    let renewed_after = events(&run, |k| {
        matches!(k, EventKind::LeaseRenewed { app: 0, .. })
    })
    .into_iter()
    .filter(|(at, _)| *at > 12_000)
    .count();
    assert!(renewed_after >= 5, "A keeps renewing after the failover");
    let b_granted = events(&run, |k| {
        matches!(k, EventKind::LeaseGranted { app: 1, .. })
    });
    assert!(
        b_granted.iter().all(|(at, _)| *at > 40_000),
        "B waits for A: {b_granted:?}"
    );
}

#[test]
fn a_leader_that_forgets_leases_answers_the_holders_renewal_with_lost() {
    let run = run(&failover_while_a_holds(LeaderChange::ForgetsLeases)).expect("valid");
    assert!(events(&run, |k| matches!(k, EventKind::LeaseRestarted { .. })).is_empty());
    let lost = events(&run, |k| {
        matches!(k, EventKind::RenewRefused { app: 0, .. })
    });
    assert!(!lost.is_empty(), "A's next renewal is answered Lost");
    let b_granted = events(&run, |k| {
        matches!(k, EventKind::LeaseGranted { app: 1, .. })
    });
    assert_eq!(
        b_granted.first().map(|(at, _)| *at),
        Some(42_000 + 50),
        "B is granted once the new leader has waited a whole lease (12 s + 30 s)"
    );
}

#[test]
fn an_extension_beyond_any_duration_is_refused() {
    let s = failover_while_a_holds(LeaderChange::RestartsLeases {
        extend_ms: u64::MAX,
    });
    let error = run(&s).expect_err("an absurd extension");
    assert_eq!(error.field, "leader_change.extend_ms");
}

#[test]
fn on_etcd_s_defaults_a_failover_starts_the_holder_s_lease_again_and_the_story_says_so() {
    let entry = by_id("reissued-token").expect("catalog story");
    let knobs = Knobs::defaults_for(entry).with_system(System::Etcd);
    let s = entry.scenario_with(&knobs);
    assert_eq!(
        s.leader_change,
        LeaderChange::RestartsLeases { extend_ms: 1_000 }
    );
    let ran = run(&s).expect("valid scenario");
    let told = entry.tell(&s, &ran);
    let titles: Vec<&str> = told.shown.iter().map(|t| t.title.as_str()).collect();
    assert!(titles.contains(&"The lease starts again"), "{titles:?}");
    assert!(!titles.contains(&"Failover"), "{titles:?}");
    let step = told
        .shown
        .iter()
        .find(|t| t.title == "The lease starts again")
        .expect("told");
    assert!(
        step.text.contains("1 min 26 s") || step.text.contains("86 s"),
        "{}",
        step.text
    );
    // On the story's own service (no system), the new leader knows no lease.
    let own = entry.scenario_with(&Knobs::defaults_for(entry));
    let own_run = run(&own).expect("valid scenario");
    let own_titles: Vec<String> = entry
        .tell(&own, &own_run)
        .shown
        .into_iter()
        .map(|t| t.title)
        .collect();
    assert!(own_titles.iter().any(|t| t == "Failover"), "{own_titles:?}");
}
