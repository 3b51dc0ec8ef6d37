//! Property tests for the faults real systems have (10 000 cases): with enforcement on and
//! a durable fence and token counter, no schedule of copied or overtaken messages, resource
//! restarts, failovers and pauses does any damage; with exact-version enforcement, not even
//! a forgetful fence or counter does.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::*;
use proptest::prelude::*;

const NAMES: [&str; 3] = ["A", "B", "C"];
const KINDS: [MsgKind; 6] = [
    MsgKind::Write,
    MsgKind::Read,
    MsgKind::Grant,
    MsgKind::Renew,
    MsgKind::Renewed,
    MsgKind::WriteReply,
];

/// One read, some work, one write: tokens order owners, not one owner's own writes.
fn app(i: usize) -> impl Strategy<Value = AppConfig> {
    (
        0u64..40_000,
        0u64..50_000,
        prop_oneof![Just(None), (1u64..20_000).prop_map(Some)],
        any::<bool>(),
    )
        .prop_map(move |(start, work, renew, check)| {
            let mut a = AppConfig::new(NAMES[i], "Service")
                .start_ms(start)
                .steps(&[Step::Read, Step::Work { for_ms: work }, Step::Write])
                .renew_every_ms(renew);
            if check {
                a = a.check_before_write(0);
            }
            a
        })
}

fn fault(apps: usize) -> impl Strategy<Value = Fault> {
    (
        0..apps,
        0u64..100_000,
        1u64..60_000,
        1u32..4,
        0usize..6,
        0usize..5,
    )
        .prop_map(|(i, at, len, nth, kind, pick)| {
            let (app, kind) = (i, KINDS[kind]);
            match pick {
                0 => Fault::duplicate(app, kind, nth, len),
                1 => Fault::reorder(app, kind, nth, len),
                2 => Fault::restart_resource(at),
                3 => Fault::failover(at),
                _ => Fault::pause(app, at, len),
            }
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

/// Enforcement on, faults of every new kind; `enforce` and durability as given.
fn scenario(enforce: Enforce, durable: bool) -> impl Strategy<Value = Scenario> {
    (2usize..=3).prop_flat_map(move |n| {
        let apps: Vec<_> = (0..n).map(app).collect();
        (
            apps,
            prop::collection::vec(fault(n), 0..5),
            (5_000u64..40_000, 0u64..300, 0u64..200, any::<u64>()),
            resource(),
        )
            .prop_map(move |(apps, faults, (ttl, lat, jit, seed), res)| {
                let mut s = Scenario::default()
                    .with_apps(apps)
                    .with_ttl_ms(ttl)
                    .with_network(lat, jit)
                    .with_seed(seed)
                    .with_resource(res)
                    .with_enforcement(true)
                    .with_enforce(enforce)
                    .with_durability(durable, durable);
                s.faults = faults;
                s
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn tokens_with_a_durable_fence_and_counter_keep_every_new_fault_harmless(
        s in scenario(Enforce::HighestToken, true)
    ) {
        let run = run(&s).expect("valid");
        prop_assert!(run.verdict.is_safe(), "{:?}", run.verdict.violations);
    }

    #[test]
    fn exact_versions_keep_every_new_fault_harmless_even_when_nothing_is_durable(
        s in scenario(Enforce::ExactVersion, false)
    ) {
        let run = run(&s).expect("valid");
        prop_assert!(run.verdict.is_safe(), "{:?}", run.verdict.violations);
    }
}
