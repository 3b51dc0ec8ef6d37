//! How an app counts its lease: the careful client (from its request, the default) and
//! the naive one (from the reply). Healthy apps never both believe they own the resource;
//! the naive client shows exactly where some client libraries go wrong.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::*;
use proptest::prelude::*;

const NAMES: [&str; 3] = ["A", "B", "C"];

/// A healthy app: any plan, any cadence, a clock that is off by a constant but runs at
/// the right rate and never jumps.
fn healthy_app(i: usize) -> impl Strategy<Value = AppConfig> {
    let step = prop_oneof![
        Just(Step::Read),
        Just(Step::Write),
        (0u64..40_000).prop_map(|for_ms| Step::Work { for_ms }),
    ];
    (
        0u64..30_000,
        1u64..5_000,
        prop::collection::vec(step, 0..6),
        any::<bool>(),
        prop_oneof![Just(None), (1u64..40_000).prop_map(Some)],
        -100_000i64..100_000,
    )
        .prop_map(move |(start, retry, steps, release, renew, offset)| {
            AppConfig::new(NAMES[i], "Service")
                .start_ms(start)
                .retry_ms(retry)
                .steps(&steps)
                .release_at_end(release)
                .renew_every_ms(renew)
                .clock(offset, 0)
        })
}

/// No faults, clocks at the right rate, latency and jitter anywhere in range (jitter
/// may exceed the lease: replies can arrive after it).
fn healthy(client: Client) -> impl Strategy<Value = Scenario> {
    (1usize..=3).prop_flat_map(move |n| {
        let apps: Vec<_> = (0..n).map(healthy_app).collect();
        (
            apps,
            (1_000u64..40_000, 0u64..5_000),
            (0u64..3_000, 0u64..20_000, any::<u64>()),
            (any::<bool>(), 0u64..1_000),
        )
            .prop_map(
                move |(apps, (ttl_ms, delay_ms), (lat_ms, jit_ms, seed), (lease, allow))| {
                    let mode = if lease {
                        Mode::Lease
                    } else {
                        Mode::PermanentLock
                    };
                    Scenario::default()
                        .with_apps(apps)
                        .with_ttl_ms(ttl_ms)
                        .with_lock_delay_ms(delay_ms)
                        .with_network(lat_ms, jit_ms)
                        .with_seed(seed)
                        .with_mode(mode)
                        .with_client(client, allow.min(ttl_ms - 1))
                },
            )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// The careful client's lease always ends before the service's, so two healthy apps
    /// never both believe they own the resource, whatever the latency and jitter.
    #[test]
    fn healthy_careful_apps_never_both_believe_they_own_the_resource(s in healthy(Client::Careful)) {
        let run = run(&s).expect("a valid scenario");
        let verdict = &run.verdict;
        prop_assert!(verdict.split_brain.is_empty(), "{:?}", verdict.split_brain);
    }
}

/// Two healthy apps; A works past its lease without renewing (it checks nothing), and
/// replies can take up to two seconds.
fn jittery(client: Client, seed: u64) -> Scenario {
    let a = AppConfig::new("A", "Service")
        .steps(&[Step::Read, Step::Work { for_ms: 40_000 }])
        .retry_ms(5_000)
        .renew_every_ms(None);
    let b = AppConfig::new("B", "Service").start_ms(5_000);
    Scenario::default()
        .with_apps(vec![a, b])
        .with_network(50, 2_000)
        .with_seed(seed)
        .with_client(client, 0)
}

#[test]
fn the_naive_client_shows_split_brain_between_healthy_apps_with_jitter() {
    let split = |client| {
        (0..50)
            .filter(|&seed| {
                let run = run(&jittery(client, seed)).expect("a valid scenario");
                !run.verdict.split_brain.is_empty()
            })
            .count()
    };
    assert_eq!(split(Client::Careful), 0);
    assert!(split(Client::Naive) > 0, "no naive seed showed split brain");
}

/// A renews every 10 s; its second renewal's reply is held up in the network until
/// after its lease has expired and B has been granted the lease (its third renewal is
/// held up longer). A checks its lease before writing, at about 65 s; enforcement is off.
fn late_renewal(client: Client) -> Scenario {
    let a = AppConfig::new("A", "Service")
        .steps(&[Step::Read, Step::Work { for_ms: 65_000 }, Step::Write])
        .renew_every_ms(Some(10_000))
        .check_before_write(0);
    let b = AppConfig::new("B", "Service").start_ms(5_000).steps(&[
        Step::Read,
        Step::Work { for_ms: 30_000 },
        Step::Write,
    ]);
    Scenario::default()
        .with_apps(vec![a, b])
        .with_resource(ResourceKind::Storage)
        .with_enforcement(false)
        .with_client(client, 0)
        .with_fault(Fault::delay(APP_A, MsgKind::Renewed, 2, 40_000))
        .with_fault(Fault::delay(APP_A, MsgKind::Renew, 3, 60_000))
}

fn count(run: &Run, pick: impl Fn(&EventKind) -> bool) -> usize {
    run.trace.iter().filter(|e| pick(&e.kind)).count()
}

#[test]
fn a_renewal_reply_that_arrives_after_the_lease_restarts_nothing_for_the_careful_client() {
    let careful = run(&late_renewal(Client::Careful)).expect("a valid scenario");
    let late = |k: &EventKind| matches!(k, EventKind::LateReplyIgnored { app: 0, .. });
    assert_eq!(count(&careful, late), 1);
    let a_writes = |k: &EventKind| matches!(k, EventKind::WriteAccepted { app: 0, .. });
    assert_eq!(count(&careful, a_writes), 0, "A's check stops its write");
    let verdict = careful.verdict;
    assert!(verdict.split_brain.is_empty() && verdict.violations.is_empty());

    let naive = run(&late_renewal(Client::Naive)).expect("a valid scenario");
    assert_eq!(count(&naive, late), 0);
    let restarted = |k: &EventKind| matches!(k, EventKind::BeliefStarted { app: 0, .. });
    assert_eq!(
        count(&naive, restarted),
        2,
        "the late reply restarts A's belief"
    );
    assert_eq!(count(&naive, a_writes), 1, "A's check passes and it writes");
    let verdict = naive.verdict;
    assert!(!verdict.split_brain.is_empty() && !verdict.violations.is_empty());
}

/// A's grant is held up past the lease it grants.
fn late_grant(client: Client) -> Scenario {
    let a = AppConfig::new("A", "Service").retry_ms(60_000);
    let b = AppConfig::new("B", "Service").start_ms(5_000).steps(&[
        Step::Read,
        Step::Work { for_ms: 30_000 },
        Step::Write,
    ]);
    Scenario::default()
        .with_apps(vec![a, b])
        .with_client(client, 0)
        .with_fault(Fault::delay(APP_A, MsgKind::Grant, 1, 35_000))
}

#[test]
fn a_grant_that_arrives_after_its_lease_is_handed_back_by_the_careful_client() {
    let careful = run(&late_grant(Client::Careful)).expect("a valid scenario");
    let late = |k: &EventKind| matches!(k, EventKind::LateReplyIgnored { app: 0, token: 101 });
    assert_eq!(count(&careful, late), 1);
    let believes_dead = |k: &EventKind| matches!(k, EventKind::BeliefStarted { token: 101, .. });
    assert_eq!(count(&careful, believes_dead), 0);
    let handed_back = |k: &EventKind| matches!(k, EventKind::MessageSent { msg, .. } if msg.body == Body::Release { token: 101 });
    assert_eq!(count(&careful, handed_back), 1);

    let naive = run(&late_grant(Client::Naive)).expect("a valid scenario");
    assert_eq!(
        count(&naive, believes_dead),
        1,
        "naive A believes a dead lease"
    );
    assert!(!naive.verdict.split_brain.is_empty());
}

#[test]
fn the_careful_client_counts_its_lease_from_the_request_minus_the_allowance() {
    let a = AppConfig::new("A", "Service")
        .renew_every_ms(None)
        .release_at_end(false)
        .steps(&[Step::Read]);
    let one = |client, allowance_ms| {
        let s = Scenario::default()
            .with_apps(vec![a.clone()])
            .with_client(client, allowance_ms);
        let belief = run(&s).expect("a valid scenario").spans.beliefs[0];
        (belief.from_ms, belief.until_ms)
    };
    // Asked at 0, granted at 50, reply at 100: the service's lease ends at 30 050.
    assert_eq!(one(Client::Careful, 0), (100, 30_000));
    assert_eq!(one(Client::Careful, 300), (100, 29_700));
    assert_eq!(one(Client::Naive, 0), (100, 30_100));
}

#[test]
fn a_drift_allowance_as_long_as_the_lease_is_rejected() {
    let s = Scenario::default().with_client(Client::Careful, 30_000);
    assert_eq!(s.validate().unwrap_err().field, "drift_allowance_ms");
}
