//! Scenario validation: clear errors naming the field; `run` never panics.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::*;
use fencing_lab::words::{scenario_error, scenario_problem};

fn field_of(s: &Scenario) -> String {
    let err = s.validate().expect_err("should be invalid");
    assert_eq!(run(s), Err(err.clone()));
    assert_eq!(run_verdict_only(s), Err(err.clone()));
    err.field
}

#[test]
fn defaults_and_story_are_valid() {
    assert_eq!(Scenario::default().validate(), Ok(()));
    assert_eq!(Scenario::gc_pause_story(true).validate(), Ok(()));
}

#[test]
fn ttl_zero_is_rejected() {
    assert_eq!(field_of(&Scenario::default().with_ttl_ms(0)), "ttl_ms");
}

#[test]
fn unknown_app_in_a_fault_is_rejected() {
    let s = Scenario::default().with_fault(Fault::crash(9, 10));
    assert_eq!(field_of(&s), "faults[0].app");
    assert!(scenario_error(&s.validate().unwrap_err()).contains("no app 9: apps are 0 to 1"));
}

#[test]
fn too_many_or_no_apps_are_rejected() {
    let many = (0..=MAX_APPS)
        .map(|i| AppConfig::new(&format!("P{i}"), "x"))
        .collect();
    assert_eq!(field_of(&Scenario::default().with_apps(many)), "apps");
    assert_eq!(field_of(&Scenario::default().with_apps(vec![])), "apps");
}

#[test]
fn absurd_numbers_are_rejected() {
    assert_eq!(
        field_of(&Scenario::default().with_horizon_ms(u64::MAX)),
        "horizon_ms"
    );
    assert_eq!(
        field_of(&Scenario::default().with_network(u64::MAX, 0)),
        "latency_ms"
    );
    let mut s = Scenario::default();
    s.apps[1] = s.apps[1].clone().clock(0, -1_000_000);
    assert_eq!(field_of(&s), "apps[1].clock_drift_ppm");
    let mut s = Scenario::default();
    s.apps[0].retry_ms = 0;
    assert_eq!(field_of(&s), "apps[0].retry_ms");
    let mut s = Scenario::default();
    s.apps[0].steps = vec![Step::Work { for_ms: u64::MAX }];
    assert_eq!(field_of(&s), "apps[0].steps[0].for_ms");
    let s = Scenario::default().with_fault(Fault::pause(APP_A, 0, u64::MAX));
    assert_eq!(field_of(&s), "faults[0].for_ms");
    let s = Scenario::default().with_fault(Fault::delay(APP_A, MsgKind::Write, 0, 5));
    assert_eq!(field_of(&s), "faults[0].nth");
    let s = Scenario::default().with_fault(Fault::partition(APP_B, 10, 5));
    assert_eq!(field_of(&s), "faults[0].until_ms");
    let s = Scenario::default().with_resource(ResourceKind::Payments {
        invoices: vec![1, 1],
    });
    assert_eq!(field_of(&s), "resource.invoices");
    let s = Scenario::default().with_resource(ResourceKind::Payments {
        invoices: vec![7, 3, 9, 3],
    });
    assert_eq!(field_of(&s), "resource.invoices", "a repeat anywhere");
    let s = Scenario::default().with_resource(ResourceKind::Payments {
        invoices: vec![7, 3, 9],
    });
    assert!(s.validate().is_ok(), "distinct ids are fine in any order");
    let mut s = Scenario::default();
    s.apps[1].name = "A".into();
    assert_eq!(field_of(&s), "apps[1].name");
    let s = Scenario {
        first_token: 0,
        ..Default::default()
    };
    assert_eq!(field_of(&s), "first_token");
}

#[test]
fn extreme_but_valid_numbers_run_without_panicking() {
    let mut s = Scenario::default()
        .with_ttl_ms(1)
        .with_network(0, 86_400_000)
        .with_horizon_ms(86_400_000)
        .with_fault(Fault::clock_jump(APP_A, 0, -86_400_000))
        .with_fault(Fault::pause(APP_B, 86_400_000, 86_400_000));
    s.max_events = 10_000;
    s.apps[0] = s.apps[0].clone().clock(-86_400_000, -500_000).retry_ms(1);
    s.apps[1] = s.apps[1]
        .clone()
        .clock(86_400_000, 500_000)
        .renew_every_ms(Some(1));
    let v = run(&s).expect("valid").verdict;
    assert!(v.truncated && v.events_processed == 10_000);
}

#[test]
fn a_drift_of_i64_min_is_rejected_naming_apps_0_clock_drift_ppm() {
    let too_far = [
        i64::MIN,
        i64::MIN + 1,
        -MAX_DRIFT_PPM - 1,
        MAX_DRIFT_PPM + 1,
        i64::MAX,
    ];
    for drift_ppm in too_far {
        let mut s = Scenario::default();
        s.apps[0].clock_drift_ppm = drift_ppm;
        assert_eq!(field_of(&s), "apps[0].clock_drift_ppm", "drift {drift_ppm}");
    }
    for drift_ppm in [-MAX_DRIFT_PPM, MAX_DRIFT_PPM] {
        let mut s = Scenario::default();
        s.apps[0].clock_drift_ppm = drift_ppm;
        assert_eq!(s.validate(), Ok(()), "drift {drift_ppm} is at the limit");
    }
}

/// One fault of each kind placed at `at_ms` (the kinds that are placed at a time), with the
/// field that holds that time.
fn timed_faults(at_ms: u64) -> [(Fault, &'static str); 4] {
    [
        (Fault::pause(APP_A, at_ms, 1_000), "faults[0].at_ms"),
        (Fault::crash(APP_B, at_ms), "faults[0].at_ms"),
        (
            Fault::partition(APP_A, at_ms, at_ms.saturating_add(1_000)),
            "faults[0].from_ms",
        ),
        (Fault::clock_jump(APP_B, at_ms, -1_000), "faults[0].at_ms"),
    ]
}

#[test]
fn a_fault_after_the_horizon_is_rejected_naming_its_field() {
    let horizon_ms = Scenario::default().horizon_ms;
    for late_ms in [horizon_ms + 1, u64::MAX / 2, u64::MAX] {
        for (fault, field) in timed_faults(late_ms) {
            let s = Scenario::default().with_fault(fault);
            assert_eq!(field_of(&s), field, "{fault:?}");
            let problem = scenario_problem(&s.validate().unwrap_err().problem);
            assert!(problem.contains("after the end of the run"), "{problem}");
        }
    }
    for (fault, _) in timed_faults(horizon_ms) {
        let s = Scenario::default().with_fault(fault);
        assert_eq!(s.validate(), Ok(()), "{fault:?} at the horizon itself");
    }
}

#[test]
fn an_app_starting_after_the_horizon_is_rejected() {
    let horizon_ms = Scenario::default().horizon_ms;
    for late_ms in [horizon_ms + 1, u64::MAX] {
        let mut s = Scenario::default();
        s.apps[1].start_ms = late_ms;
        assert_eq!(field_of(&s), "apps[1].start_ms", "start {late_ms}");
    }
    let mut s = Scenario::default();
    s.apps[1].start_ms = horizon_ms;
    assert_eq!(
        s.validate(),
        Ok(()),
        "an app may start at the horizon itself"
    );
}

#[test]
fn the_engine_and_the_link_decoder_agree_on_when_a_fault_may_start() {
    use fencing_lab::share::{check_fault, Limits};
    for horizon_ms in [1, 120_000, MAX_HORIZON_MS] {
        let mut s = Scenario::default().with_horizon_ms(horizon_ms);
        s.apps[1].start_ms = 0;
        let limits = Limits::of(&s);
        for at_ms in [0, horizon_ms - 1, horizon_ms, horizon_ms + 1, u64::MAX] {
            for (fault, _) in timed_faults(at_ms) {
                let engine = s.clone().with_fault(fault).validate().is_ok();
                let link = check_fault(&fault, &limits).is_ok();
                assert_eq!(engine, link, "{fault:?} with horizon {horizon_ms} ms");
            }
        }
        // A partition is limited by its length, not by its end: it may outlast the run.
        let long = Fault::partition(APP_A, horizon_ms, horizon_ms + 600_000);
        assert!(check_fault(&long, &limits).is_ok());
        assert_eq!(s.clone().with_fault(long).validate(), Ok(()));
    }
}

#[test]
fn the_first_token_limit_is_the_one_its_message_gives() {
    assert_eq!(MAX_FIRST_TOKEN, 1 << 63);
    for too_big in [MAX_FIRST_TOKEN + 1, u64::MAX] {
        let s = Scenario {
            first_token: too_big,
            ..Default::default()
        };
        assert_eq!(field_of(&s), "first_token");
        let problem = scenario_problem(&s.validate().unwrap_err().problem);
        assert!(problem.contains("1..=2^63"), "{problem}");
    }
    for fine in [1, MAX_FIRST_TOKEN - 1, MAX_FIRST_TOKEN] {
        let s = Scenario {
            first_token: fine,
            ..Default::default()
        };
        let verdict = run_verdict_only(&s).expect("in 1..=2^63");
        assert!(verdict.grants >= 1);
    }
}

#[test]
fn an_event_cap_above_max_events_is_rejected() {
    for too_many in [MAX_EVENTS + 1, u64::MAX] {
        let s = Scenario {
            max_events: too_many,
            ..Default::default()
        };
        assert_eq!(field_of(&s), "max_events", "cap {too_many}");
    }
    let s = Scenario {
        max_events: MAX_EVENTS,
        ..Default::default()
    };
    assert_eq!(s.validate(), Ok(()));
    assert_eq!(Scenario::busy(MAX_APPS, MAX_HORIZON_MS).validate(), Ok(()));
}

#[test]
fn every_scenario_setting_has_a_setter() {
    let s = Scenario::default()
        .with_first_token(7)
        .with_fence_reads(false)
        .with_max_events(1_234);
    assert_eq!(
        (s.first_token, s.fence_reads, s.max_events),
        (7, false, 1_234)
    );
    let v = run_verdict_only(&s.clone().with_max_events(3)).unwrap();
    assert!(v.truncated && v.events_processed == 3);
    assert_eq!(field_of(&s.with_first_token(0)), "first_token");
}
