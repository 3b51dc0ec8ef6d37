//! `Scenario::builder()`: the default settings with no apps and no faults, a setter per field,
//! and `build` validating like `Scenario::validate`.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::*;

fn writer(name: &str) -> AppConfig {
    AppConfig::new(name, "Writer")
}

#[test]
fn building_without_apps_is_an_error_naming_apps() {
    let error = Scenario::builder().build().unwrap_err();
    assert_eq!(error.field, "apps");
    let only_a_fault = Scenario::builder()
        .fault(Fault::crash(APP_A, 1_000))
        .build();
    assert_eq!(only_a_fault.unwrap_err().field, "apps");
}

#[test]
fn the_builder_starts_from_the_default_settings_with_no_apps_and_no_faults() {
    let built = Scenario::builder().app(writer("A")).build();
    assert_eq!(built, Ok(Scenario::default().with_apps(vec![writer("A")])));
}

#[test]
fn a_built_scenario_equals_the_same_scenario_made_with_a_struct_literal_and_with_setters() {
    let (a, b) = (writer("A"), writer("B").start_ms(2_000));
    let (pause, crash) = (
        Fault::pause(APP_A, 1_000, 15_000),
        Fault::crash(APP_B, 30_000),
    );
    let built = Scenario::builder()
        .seed(7)
        .horizon_ms(90_000)
        .max_events(5_000)
        .ttl_ms(12_000)
        .first_token(7)
        .mode(Mode::PermanentLock)
        .lock_delay_ms(3_000)
        .latency_ms(20)
        .jitter_ms(5)
        .enforcement(false)
        .fence_reads(false)
        .enforce(Enforce::ExactVersion)
        .tokens(Tokens::Unordered)
        .fence_durable(false)
        .counter_durable(false)
        .leader_change(LeaderChange::RestartsLeases { extend_ms: 1_000 })
        .expiry_lag_ms(250)
        .members(1)
        .election_timeout_ms(500)
        .renew_alone(true)
        .pre_vote(true)
        .member_jitter_ms(40)
        .client(Client::Naive)
        .drift_allowance_ms(1_000)
        .resource(ResourceKind::Storage)
        .app(a.clone())
        .app(b.clone())
        .fault(pause)
        .fault(crash)
        .build();
    // Every field named, none defaulted: a new field fails to compile here until the
    // builder has its setter.
    let literal = Scenario {
        seed: 7,
        horizon_ms: 90_000,
        max_events: 5_000,
        ttl_ms: 12_000,
        first_token: 7,
        mode: Mode::PermanentLock,
        lock_delay_ms: 3_000,
        latency_ms: 20,
        jitter_ms: 5,
        enforcement: false,
        fence_reads: false,
        enforce: Enforce::ExactVersion,
        tokens: Tokens::Unordered,
        fence_durable: false,
        counter_durable: false,
        leader_change: LeaderChange::RestartsLeases { extend_ms: 1_000 },
        expiry_lag_ms: 250,
        members: 1,
        election_timeout_ms: 500,
        renew_alone: true,
        pre_vote: true,
        member_jitter_ms: 40,
        client: Client::Naive,
        drift_allowance_ms: 1_000,
        resource: ResourceKind::Storage,
        apps: vec![a.clone(), b.clone()],
        faults: vec![pause, crash],
    };
    let with_setters = Scenario::default()
        .with_seed(7)
        .with_horizon_ms(90_000)
        .with_max_events(5_000)
        .with_ttl_ms(12_000)
        .with_first_token(7)
        .with_mode(Mode::PermanentLock)
        .with_lock_delay_ms(3_000)
        .with_network(20, 5)
        .with_enforcement(false)
        .with_fence_reads(false)
        .with_enforce(Enforce::ExactVersion)
        .with_tokens(Tokens::Unordered)
        .with_durability(false, false)
        .with_leader_change(LeaderChange::RestartsLeases { extend_ms: 1_000 })
        .with_expiry_lag_ms(250)
        .with_members(1, 500)
        .with_renew_alone(true)
        .with_pre_vote(true)
        .with_member_jitter_ms(40)
        .with_client(Client::Naive, 1_000)
        .with_resource(ResourceKind::Storage)
        .with_apps(vec![a, b])
        .with_fault(pause)
        .with_fault(crash);
    assert_eq!(built, Ok(literal.clone()));
    assert_eq!(with_setters, literal);
}

#[test]
fn build_rejects_what_validate_rejects_with_the_same_error() {
    let one = || Scenario::builder().app(writer("A"));
    let same = || Scenario::default().with_apps(vec![writer("A")]);
    let cases = [
        (one().ttl_ms(0), same().with_ttl_ms(0)),
        (one().horizon_ms(0), same().with_horizon_ms(0)),
        (
            one().max_events(MAX_EVENTS + 1),
            same().with_max_events(MAX_EVENTS + 1),
        ),
        (one().first_token(0), same().with_first_token(0)),
        (one().latency_ms(u64::MAX), same().with_network(u64::MAX, 0)),
        (one().jitter_ms(u64::MAX), same().with_network(50, u64::MAX)),
        (
            one().lock_delay_ms(u64::MAX),
            same().with_lock_delay_ms(u64::MAX),
        ),
        (
            one().drift_allowance_ms(30_000),
            same().with_client(Client::Careful, 30_000),
        ),
        (
            one().resource(ResourceKind::Payments {
                invoices: vec![4, 4],
            }),
            same().with_resource(ResourceKind::Payments {
                invoices: vec![4, 4],
            }),
        ),
        (
            one().fault(Fault::crash(9, 10)),
            same().with_fault(Fault::crash(9, 10)),
        ),
        (
            one().app(writer("A")),
            same().with_apps(vec![writer("A"), writer("A")]),
        ),
    ];
    for (builder, scenario) in cases {
        let error = scenario.validate().expect_err("an invalid scenario");
        assert_eq!(builder.build(), Err(error));
    }
}
