//! Property tests over random scenarios (10 000 cases each).
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::*;
use proptest::prelude::*;

const NAMES: [&str; 3] = ["A", "B", "C"];

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        Just(Step::Read),
        Just(Step::Write),
        (0u64..20_000).prop_map(|for_ms| Step::Work { for_ms }),
    ]
}

fn app(i: usize) -> impl Strategy<Value = AppConfig> {
    (
        0u64..40_000,
        1u64..5_000,
        prop::collection::vec(step(), 0..6),
        any::<bool>(),
        prop_oneof![Just(None), (1u64..20_000).prop_map(Some)],
        prop_oneof![Just(None), (0u64..5_000).prop_map(Some)],
        -5_000i64..5_000,
        -200_000i64..200_000,
    )
        .prop_map(
            move |(start, retry, steps, release, renew, check, off, drift)| {
                let mut a = AppConfig::new(NAMES[i], "Service")
                    .start_ms(start)
                    .retry_ms(retry)
                    .steps(&steps)
                    .release_at_end(release)
                    .renew_every_ms(renew)
                    .clock(off, drift);
                if let Some(margin_ms) = check {
                    a = a.check_before_write(margin_ms);
                }
                a
            },
        )
}

fn fault(apps: usize) -> impl Strategy<Value = Fault> {
    let who = 0..apps;
    (
        who,
        0u64..100_000,
        0u64..60_000,
        1u32..4,
        -20_000i64..20_000,
        0usize..6,
    )
        .prop_map(|(app, at, len, nth, by, pick)| match pick {
            0 => Fault::pause(app, at, len),
            1 => Fault::pause_after_check(app, nth, len),
            2 => Fault::crash(app, at),
            3 => {
                let kind = [
                    MsgKind::Write,
                    MsgKind::Grant,
                    MsgKind::Renew,
                    MsgKind::Read,
                ];
                Fault::delay(app, kind[nth as usize % 4], nth, len)
            }
            4 => Fault::partition(app, at, at + len),
            _ => Fault::clock_jump(app, at, by),
        })
}

fn resource() -> impl Strategy<Value = ResourceKind> {
    prop_oneof![
        (0u64..4).prop_map(|stock| ResourceKind::Inventory { stock }),
        Just(ResourceKind::Payments {
            invoices: vec![7, 8, 9]
        }),
        Just(ResourceKind::Storage),
    ]
}

fn scenario() -> impl Strategy<Value = Scenario> {
    (2usize..=3).prop_flat_map(|n| {
        let apps: Vec<_> = (0..n).map(app).collect();
        (
            apps,
            prop::collection::vec(fault(n), 0..5),
            (1_000u64..40_000, 0u64..5_000, 0u64..300, 0u64..200),
            (any::<bool>(), any::<bool>(), any::<u64>(), resource()),
        )
            .prop_map(
                |(apps, faults, (ttl, delay, lat, jit), (lease, enf, seed, res))| {
                    let mode = if lease {
                        Mode::Lease
                    } else {
                        Mode::PermanentLock
                    };
                    Scenario {
                        apps,
                        faults,
                        ttl_ms: ttl,
                        lock_delay_ms: delay,
                        latency_ms: lat,
                        jitter_ms: jit,
                        mode,
                        enforcement: enf,
                        seed,
                        resource: res,
                        ..Default::default()
                    }
                },
            )
    })
}

fn granted_tokens(run: &Run) -> Vec<u64> {
    let tokens = run.trace.iter().filter_map(|e| match e.kind {
        EventKind::LeaseGranted { token, .. } => Some(token),
        _ => None,
    });
    tokens.collect()
}

fn accepted_write_tokens(run: &Run) -> Vec<u64> {
    let tokens = run.trace.iter().filter_map(|e| match e.kind {
        EventKind::WriteAccepted { token, .. } => Some(token),
        _ => None,
    });
    tokens.collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// Determinism, token monotonicity, verdict-only agreement, and — with enforcement on
    /// (and the default `fence_reads`) — no domain violation and non-decreasing tokens
    /// among accepted writes.
    #[test]
    fn runs_are_deterministic_and_safe_with_enforcement(s in scenario()) {
        prop_assert_eq!(s.validate(), Ok(()));
        let first = run(&s).expect("a valid scenario");
        prop_assert_eq!(&first, &run(&s).expect("a valid scenario"));
        let verdict = first.verdict.clone();
        prop_assert_eq!(&run_verdict_only(&s).unwrap(), &verdict);
        let tokens = granted_tokens(&first);
        for (i, t) in tokens.iter().enumerate() {
            prop_assert_eq!(*t, s.first_token + i as u64, "tokens: {:?}", tokens);
        }
        if s.enforcement {
            prop_assert!(verdict.violations.is_empty(), "{:?}", verdict.violations);
            prop_assert_eq!(verdict.stale_writes_accepted, 0);
            let accepted = accepted_write_tokens(&first);
            prop_assert!(accepted.windows(2).all(|w| w[0] <= w[1]), "{:?}", accepted);
        }
        for e in &first.trace {
            let _ = fencing_lab::words::event(e, &s);
        }
    }
}

/// Lease mode; A starts at 0 and holds (long work); B and C start before A crashes at
/// `crash_ms` and want the lease; no other faults. Let `net = latency + jitter` (the
/// longest one-way trip). Checked: the next grant after the crash happens no later than
/// `crash_ms + net + ttl + lock_delay + retry_max + net` — the first `net` covers a renewal
/// A sent just before crashing, the last covers the acquire that then wins.
fn crash_case() -> impl Strategy<Value = (Scenario, u64, u64)> {
    (
        (1_000u64..40_000, 0u64..5_000, 0u64..300, 0u64..200),
        (
            1u64..3_000,
            1u64..3_000,
            0u64..60_000,
            any::<u64>(),
            any::<bool>(),
        ),
    )
        .prop_map(
            |((ttl, delay, lat, jit), (retry_b, retry_c, crash, seed, three))| {
                let net = lat + jit;
                let crash_ms = 2 * net + 1 + crash;
                let a = AppConfig::new("A", "Holder").steps(&[Step::Work { for_ms: 10_000_000 }]);
                let b = AppConfig::new("B", "Waiter")
                    .start_ms(net + 1)
                    .retry_ms(retry_b);
                let c = AppConfig::new("C", "Waiter")
                    .start_ms(crash_ms)
                    .retry_ms(retry_c);
                let apps = if three { vec![a, b, c] } else { vec![a, b] };
                let retry_max = if three { retry_b.max(retry_c) } else { retry_b };
                let bound_ms = net + ttl + delay + retry_max + net;
                let s = Scenario {
                    apps,
                    faults: vec![Fault::crash(APP_A, crash_ms)],
                    ttl_ms: ttl,
                    lock_delay_ms: delay,
                    latency_ms: lat,
                    jitter_ms: jit,
                    seed,
                    horizon_ms: crash_ms + bound_ms + 1_000,
                    ..Default::default()
                };
                (s, crash_ms, bound_ms)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn a_crashed_lease_holder_blocks_others_for_a_bounded_time((s, crash_ms, bound_ms) in crash_case()) {
        let run = run(&s).expect("a valid scenario");
        let leases = &run.spans.leases;
        prop_assert_eq!(leases[0].app, 0);
        prop_assert!(leases[0].from_ms <= crash_ms);
        let next = leases.get(1).map(|l| l.from_ms);
        prop_assert!(next.is_some(), "no grant after the crash: {:?}", leases);
        prop_assert!(next.unwrap() <= crash_ms + bound_ms, "{:?} > {}", next, crash_ms + bound_ms);
    }
}
