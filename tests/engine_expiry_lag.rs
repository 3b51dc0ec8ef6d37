//! A service that notices an ended lease late (etcd's lessor sweeps every 500 ms; its preset
//! takes the mean, 250 ms): until it notices, the lease is held, so the next owner waits.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::{by_id, Knobs, System};
use fencing_lab::engine::*;

/// A crashes holding a 10 s lease granted at 50 ms; B asks every 100 ms from 5 s.
fn crashed_holder(lag_ms: u64) -> Scenario {
    let a = AppConfig::new("A", "Report writer")
        .renew_every_ms(None)
        .steps(&[Step::Work { for_ms: 60_000 }]);
    let b = AppConfig::new("B", "Report writer")
        .start_ms(5_000)
        .retry_ms(100)
        .renew_every_ms(None)
        .steps(&[Step::Work { for_ms: 1_000 }]);
    Scenario::default()
        .with_resource(ResourceKind::Storage)
        .with_apps(vec![a, b])
        .with_ttl_ms(10_000)
        .with_horizon_ms(30_000)
        .with_fault(Fault::crash(0, 1_000))
        .with_expiry_lag_ms(lag_ms)
}

fn first(run: &Run, wanted: fn(&EventKind) -> bool) -> Option<u64> {
    run.trace.iter().find(|e| wanted(&e.kind)).map(|e| e.at_ms)
}

#[test]
fn a_lease_the_service_notices_late_is_held_until_then() {
    let prompt = run(&crashed_holder(0)).expect("valid");
    let late = run(&crashed_holder(250)).expect("valid");
    let expired = |r: &Run| first(r, |k| matches!(k, EventKind::LeaseExpired { .. }));
    let b_granted = |r: &Run| first(r, |k| matches!(k, EventKind::LeaseGranted { app: 1, .. }));
    assert_eq!(expired(&prompt), Some(10_050));
    assert_eq!(
        expired(&late),
        Some(10_300),
        "noticed 250 ms after the lease ended"
    );
    assert!(b_granted(&late) > expired(&late), "B is refused until then");
    assert!(b_granted(&late) > b_granted(&prompt));
}

#[test]
fn etcd_s_preset_notices_an_ended_lease_half_a_sweep_late() {
    let entry = by_id("gc-pause").expect("catalog story");
    let etcd = entry.scenario_with(&Knobs::defaults_for(entry).with_system(System::Etcd));
    assert_eq!(etcd.expiry_lag_ms, 250);
    let consul = entry.scenario_with(&Knobs::defaults_for(entry).with_system(System::Consul));
    assert_eq!(consul.expiry_lag_ms, 0);
}
