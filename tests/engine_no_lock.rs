//! No lock at all: apps that read, compute and write with compare-and-set, starting over when
//! the resource changed under them, never break a domain rule while the resource checks
//! versions, whatever pauses, crashes, delays and clock jumps do to them; without that check
//! they oversell. Each costs attempts, and each app gives up after `MAX_ATTEMPTS`.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::*;
use proptest::prelude::*;

/// Two apps read the last item at once, each computes for 5 s, then writes.
fn two_at_once(by_version: bool) -> Scenario {
    let plan = [Step::Read, Step::Work { for_ms: 5_000 }, Step::Write];
    let apps = vec![
        AppConfig::new("A", "Warehouse service").steps(&plan),
        AppConfig::new("B", "Warehouse service")
            .start_ms(200)
            .steps(&plan),
    ];
    Scenario::default()
        .with_apps(apps)
        .with_mode(Mode::NoLock)
        .with_enforce(Enforce::ExactVersion)
        .with_enforcement(by_version)
        .with_horizon_ms(30_000)
}

fn started_over(run: &Run) -> Vec<(usize, u32)> {
    let over = run.trace.iter().filter_map(|e| match e.kind {
        EventKind::StartedOver { app, attempt } => Some((app, attempt)),
        _ => None,
    });
    over.collect()
}

#[test]
fn without_a_lock_the_last_item_is_sold_once_and_the_later_writer_starts_over() {
    let run = run(&two_at_once(true)).unwrap();
    assert!(run.verdict.is_safe(), "{:?}", run.verdict.violations);
    assert_eq!(
        run.verdict.grants, 0,
        "nobody asks the coordination service"
    );
    assert_eq!(run.verdict.writes_accepted, 1);
    assert_eq!(started_over(&run), [(APP_B, 2)]);
    let asked = run.trace.iter().any(|e| match &e.kind {
        EventKind::MessageSent { msg, .. } => {
            msg.to == Node::Coordinator || msg.from == Node::Coordinator
        }
        _ => false,
    });
    assert!(
        !asked,
        "no message goes to or from the coordination service"
    );
}

#[test]
fn without_a_lock_and_without_the_version_check_the_last_item_is_sold_twice() {
    let run = run(&two_at_once(false)).unwrap();
    assert_eq!(run.verdict.writes_accepted, 2);
    assert!(!run.verdict.is_safe(), "two blind writes oversell");
    assert_eq!(started_over(&run), []);
}

#[test]
fn without_a_lock_a_check_of_tokens_is_refused_for_no_write_carries_one() {
    let s = two_at_once(true).with_enforce(Enforce::HighestToken);
    let refused = run(&s).map(|_| ()).unwrap_err();
    assert_eq!(
        (refused.field.as_str(), refused.problem),
        ("enforce", ScenarioProblem::NoTokenWithoutLock)
    );
}

#[test]
fn an_app_without_a_lock_gives_up_after_its_last_attempt() {
    // A writes every 100 ms; B's 5 s of work always ends on a changed file.
    let busy: Vec<Step> = (0..200)
        .flat_map(|_| [Step::Read, Step::Work { for_ms: 100 }, Step::Write])
        .collect();
    let apps = vec![
        AppConfig::new("A", "Editor").steps(&busy),
        AppConfig::new("B", "Editor").steps(&[
            Step::Read,
            Step::Work { for_ms: 5_000 },
            Step::Write,
        ]),
    ];
    let s = two_at_once(true)
        .with_apps(apps)
        .with_resource(ResourceKind::Storage)
        .with_horizon_ms(60_000);
    let run = run(&s).unwrap();
    let b: Vec<u32> = started_over(&run)
        .iter()
        .filter(|o| o.0 == APP_B)
        .map(|o| o.1)
        .collect();
    assert_eq!(b, (2..=MAX_ATTEMPTS).collect::<Vec<_>>());
    let gave_up = run.trace.iter().any(|e| {
        e.kind
            == EventKind::PlanFinished {
                app: APP_B,
                completed: false,
            }
    });
    assert!(gave_up, "B gives its plan up after attempt {MAX_ATTEMPTS}");
    assert!(run.verdict.is_safe());
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        Just(Step::Read),
        Just(Step::Write),
        (0u64..20_000).prop_map(|for_ms| Step::Work { for_ms }),
    ]
}

fn fault(apps: usize) -> impl Strategy<Value = Fault> {
    (0..apps, 0u64..60_000, 0u64..40_000, 1u32..4, 0usize..5).prop_map(
        |(app, at, len, nth, pick)| match pick {
            0 => Fault::pause(app, at, len),
            1 => Fault::crash(app, at),
            2 => Fault::delay(
                app,
                [MsgKind::Write, MsgKind::Read][nth as usize % 2],
                nth,
                len,
            ),
            3 => Fault::partition(app, at, at + len),
            _ => Fault::clock_jump(app, at, len as i64 - 20_000),
        },
    )
}

fn scenario() -> impl Strategy<Value = Scenario> {
    let names = ["A", "B", "C"];
    (2usize..=3).prop_flat_map(move |n| {
        let apps: Vec<_> = (0..n)
            .map(|i| {
                (0u64..20_000, prop::collection::vec(step(), 0..7)).prop_map(
                    move |(start, plan)| {
                        AppConfig::new(names[i], "Service")
                            .start_ms(start)
                            .steps(&plan)
                    },
                )
            })
            .collect();
        let resource = prop_oneof![
            (0u64..4).prop_map(|stock| ResourceKind::Inventory { stock }),
            Just(ResourceKind::Payments {
                invoices: vec![7, 8, 9]
            }),
            Just(ResourceKind::Storage),
        ];
        (
            apps,
            prop::collection::vec(fault(n), 0..4),
            resource,
            0u64..300,
            0u64..200,
            any::<u64>(),
        )
            .prop_map(
                |(apps, faults, resource, latency_ms, jitter_ms, seed)| Scenario {
                    apps,
                    faults,
                    resource,
                    latency_ms,
                    jitter_ms,
                    seed,
                    mode: Mode::NoLock,
                    enforce: Enforce::ExactVersion,
                    horizon_ms: 120_000,
                    ..Default::default()
                },
            )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// With the version check, no run without a lock breaks a domain rule, asks for a lease or
    /// lets an app make more than `MAX_ATTEMPTS` attempts.
    #[test]
    fn runs_without_a_lock_are_safe_while_the_resource_checks_versions(s in scenario()) {
        let run = run(&s).expect("a valid scenario");
        prop_assert!(run.verdict.is_safe(), "{:?}", run.verdict.violations);
        prop_assert_eq!(run.verdict.grants, 0);
        for (app, attempt) in started_over(&run) {
            prop_assert!(attempt <= MAX_ATTEMPTS, "{} made attempt {}", app, attempt);
        }
        for e in &run.trace {
            let _ = fencing_lab::words::event(e, &s);
        }
    }
}

#[test]
fn the_refusal_of_a_copy_of_a_refused_write_is_not_taken_for_a_second_one() {
    // B's write is refused; the network delivers a copy of it 5 s later, refused too, whose
    // answer reaches B while it waits for its new read.
    let s = Scenario {
        latency_ms: 3_000,
        ..two_at_once(true).with_fault(Fault::duplicate(APP_B, MsgKind::Write, 1, 5_000))
    };
    let run = run(&s).unwrap();
    assert!(run.verdict.is_safe());
    assert_eq!(
        started_over(&run),
        [(APP_B, 2)],
        "one refusal, one attempt more"
    );
}
