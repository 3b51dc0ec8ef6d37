//! The explorer's counts: exact, stable across runs and batch sizes; bad bounds refused
//! with a message that names the field or states the size.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::by_id;
use fencing_lab::engine::explore::{Bounds, ExploreError, Explorer, Summary, MAX_SCHEDULES};
use fencing_lab::engine::Scenario;
use fencing_lab::words::{explore_error, shrink};

fn last_item() -> Scenario {
    by_id("last-item").expect("story").scenario()
}

/// One app, 4 start times, 2 lengths, delays of the first write, crashes.
fn small_bounds(max_faults: u32) -> Bounds {
    Bounds {
        apps: Some(vec![0]),
        from_ms: 0,
        until_ms: 20_000,
        step_ms: 5_000,
        pause_lengths_ms: vec![10_000, 40_000],
        max_faults,
        delay_writes_up_to: 1,
        crashes: true,
        duplicate_writes_up_to: 0,
        service_faults: false,
        leader_cuts: false,
        member_crashes: false,
        keep_scenario_faults: false,
    }
}

fn explore_in_batches(scenario: &Scenario, bounds: &Bounds, batch: u64) -> Summary {
    let mut explorer = Explorer::new(scenario, bounds.clone()).expect("valid");
    let mut explored = 0;
    while !explorer.is_done() {
        let report = explorer.explore_batch(batch);
        assert!(report.ran >= 1 && report.ran <= batch);
        explored += report.ran;
        assert_eq!(report.explored, explored);
        assert_eq!(report.total, explorer.total());
    }
    let after = explorer.explore_batch(batch);
    assert_eq!((after.ran, after.done, after.fraction()), (0, true, 1.0));
    explorer.summary().clone()
}

#[test]
fn total_matches_the_hand_computed_formula() {
    // Candidates: 4 × 2 pauses + 1 × 2 delays + 4 crashes = 14.
    for (k, expected) in [(1, 1 + 14), (2, 1 + 14 + 91), (3, 1 + 14 + 91 + 364)] {
        let mut explorer = Explorer::new(&last_item(), small_bounds(k)).expect("valid");
        assert_eq!(explorer.candidate_count(), 14);
        assert_eq!(explorer.total(), expected, "k = {k}");
        let summary = explorer.explore_all();
        assert_eq!(summary.explored, expected);
        assert!(summary.is_complete());
    }
    // Default bounds of last-item: 2 apps × (12 × 3 pauses + 3 delays) = 78 candidates.
    let explorer = Explorer::new(&last_item(), Bounds::for_scenario(&last_item())).expect("ok");
    assert_eq!(explorer.candidate_count(), 78);
    assert_eq!(explorer.total(), 1 + 78 + 78 * 77 / 2);
}

#[test]
fn summaries_are_stable_across_runs_and_batch_sizes() {
    for scenario in [last_item(), last_item().with_enforcement(true)] {
        let bounds = Bounds::for_scenario(&scenario);
        let all = explore_in_batches(&scenario, &bounds, u64::MAX);
        assert_eq!(all.explored, all.total);
        assert_eq!(
            all,
            explore_in_batches(&scenario, &bounds, u64::MAX),
            "two runs"
        );
        assert_eq!(
            all,
            explore_in_batches(&scenario, &bounds, 7),
            "batches of 7"
        );
        assert_eq!(
            all,
            explore_in_batches(&scenario, &bounds, 1),
            "batches of 1"
        );
        assert!(all.distinct_outcomes <= all.explored);
    }
}

#[test]
fn too_large_spaces_are_refused_with_their_size() {
    let scenario = last_item();
    let bounds = Bounds {
        step_ms: 1,
        max_faults: 3,
        ..Bounds::for_scenario(&scenario)
    };
    let Err(error) = Explorer::new(&scenario, bounds) else {
        panic!("a space of billions must be refused");
    };
    let ExploreError::TooLarge {
        schedules,
        limit,
        suggestion,
    } = &error
    else {
        panic!("expected TooLarge, got {error:?}");
    };
    assert_eq!(*limit, MAX_SCHEDULES);
    // 2 apps × (60_000 × 3 pauses + 3 delays) = 360_006 candidates, up to 3 at a time.
    let n: u128 = 360_006;
    let exact = 1 + n + n * (n - 1) / 2 + n * (n - 1) * (n - 2) / 6;
    assert_eq!(u128::from(*schedules), exact);
    let message = explore_error(&error);
    assert!(message.contains(&schedules.to_string()), "{message}");
    assert!(
        message.contains("5000000") && message.contains("step_ms"),
        "{message}"
    );
    let suggestion = shrink(suggestion);
    assert!(suggestion.contains("max_faults = 1"), "{suggestion}");
    // k beyond the number of candidates is every subset: 2^14, well within the limit.
    let every_subset = Bounds {
        max_faults: u32::MAX,
        ..small_bounds(1)
    };
    let explorer = Explorer::new(&scenario, every_subset).expect("2^14 schedules");
    assert_eq!(explorer.total(), 1 << 14);
}

#[test]
fn invalid_bounds_name_the_field() {
    let scenario = last_item();
    let base = Bounds::for_scenario(&scenario);
    let cases: Vec<(Bounds, &str)> = vec![
        (
            Bounds {
                step_ms: 0,
                ..base.clone()
            },
            "step_ms",
        ),
        (
            Bounds {
                until_ms: 0,
                ..base.clone()
            },
            "until_ms",
        ),
        (
            Bounds {
                until_ms: 10_000_000,
                ..base.clone()
            },
            "until_ms",
        ),
        (
            Bounds {
                pause_lengths_ms: vec![],
                ..base.clone()
            },
            "pause_lengths_ms",
        ),
        (
            Bounds {
                pause_lengths_ms: vec![5, 0],
                ..base.clone()
            },
            "pause_lengths_ms[1]",
        ),
        (
            Bounds {
                pause_lengths_ms: vec![5, 5],
                ..base.clone()
            },
            "pause_lengths_ms[1]",
        ),
        (
            Bounds {
                max_faults: 0,
                ..base.clone()
            },
            "max_faults",
        ),
        (
            Bounds {
                apps: Some(vec![]),
                ..base.clone()
            },
            "apps",
        ),
        (
            Bounds {
                apps: Some(vec![0, 9]),
                ..base.clone()
            },
            "apps[1]",
        ),
    ];
    for (bounds, field) in cases {
        let error = Explorer::new(&scenario, bounds).expect_err(field);
        assert_eq!(error.field(), Some(field), "{error}");
        assert!(explore_error(&error).starts_with(field), "{error}");
    }
    let broken = Scenario {
        ttl_ms: 0,
        ..scenario
    };
    let error = Explorer::new(&broken, base).expect_err("invalid scenario");
    assert_eq!(error.field(), Some("ttl_ms"));
}
