//! The explorer on the catalog's stories: without enforcement it finds the story's
//! violation and a minimal counterexample that replays; with enforcement the whole
//! bounded space is safe.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::by_id;
use fencing_lab::engine::explore::{Bounds, Explorer, KindTag};
use fencing_lab::engine::{run, Fault, Scenario};

fn story(id: &str, enforcement: bool) -> Scenario {
    by_id(id)
        .expect("catalog story")
        .scenario()
        .with_enforcement(enforcement)
}

fn explorer(scenario: &Scenario, keep_scenario_faults: bool) -> Explorer {
    let bounds = Bounds {
        keep_scenario_faults,
        ..Bounds::for_scenario(scenario)
    };
    let mut explorer = Explorer::new(scenario, bounds).expect("default bounds are valid");
    explorer.explore_all();
    explorer
}

/// Replays the minimal counterexample of `kind` with the full `run` and checks it.
fn assert_replays(explorer: &Explorer, kind: KindTag) {
    let report = explorer.summary().kind(kind).expect("kind found");
    let scenario = explorer.counterexample_scenario(kind).expect("scenario");
    let verdict = run(&scenario).expect("valid scenario").verdict;
    let first = verdict
        .violations
        .iter()
        .find(|v| KindTag::of(&v.kind) == kind)
        .expect("the replay shows the same violation kind");
    assert_eq!(
        first, &report.minimal.violation,
        "same violation, same time"
    );
}

#[test]
fn without_enforcement_added_faults_break_the_stories() {
    for (id, kind) in [
        ("gc-pause", KindTag::LostUpdate),
        ("last-item", KindTag::Oversold),
    ] {
        let explorer = explorer(&story(id, false), false);
        let summary = explorer.summary();
        assert!(
            explorer.base_scenario().faults.is_empty(),
            "{id}: faults stripped"
        );
        assert_eq!(summary.explored, explorer.total(), "{id}");
        let report = summary
            .kind(kind)
            .unwrap_or_else(|| panic!("{id}: {kind:?} found"));
        assert_eq!(
            report.minimal.faults.len(),
            1,
            "{id}: one added fault suffices"
        );
        assert!(report.schedules <= summary.breaking_schedules);
        assert_replays(&explorer, kind);
        println!("{id}: {:?} by {:?}", kind, report.minimal.faults);
    }
}

#[test]
fn with_the_stories_own_faults_the_empty_schedule_already_breaks() {
    for (id, kind) in [
        ("gc-pause", KindTag::LostUpdate),
        ("last-item", KindTag::Oversold),
    ] {
        let explorer = explorer(&story(id, false), true);
        let report = explorer.summary().kind(kind).expect("violation found");
        assert!(
            report.minimal.faults.is_empty(),
            "{id}: the story's pause suffices"
        );
        assert_eq!(report.minimal.schedule_index, 0);
        let replay = explorer.counterexample_scenario(kind).expect("scenario");
        assert_eq!(replay, story(id, false), "{id}: the story itself");
        assert_replays(&explorer, kind);
    }
}

#[test]
fn with_enforcement_the_whole_space_is_safe() {
    for id in ["gc-pause", "last-item"] {
        for keep in [false, true] {
            let explorer = explorer(&story(id, true), keep);
            let summary = explorer.summary();
            assert!(explorer.is_done());
            assert_eq!(summary.explored, explorer.total(), "{id} keep={keep}");
            assert!(
                summary.total > 1_000,
                "{id}: a real space ({})",
                summary.total
            );
            assert_eq!(summary.breaking_schedules, 0, "{id} keep={keep}");
            assert!(summary.kinds.is_empty() && summary.is_safe());
            assert_eq!(summary.refused_runs, 0);
            assert!(summary.distinct_outcomes >= 2 && summary.distinct_outcomes < summary.total);
        }
    }
}

#[test]
fn the_minimal_counterexample_is_minimal() {
    let scenario = story("last-item", false);
    let full = explorer(&scenario, false);
    let minimal = &full
        .summary()
        .kind(KindTag::Oversold)
        .expect("found")
        .minimal;
    let bounds = Bounds {
        keep_scenario_faults: false,
        max_faults: 1,
        ..Bounds::for_scenario(&scenario)
    };
    let mut singles = Explorer::new(&scenario, bounds).expect("valid");
    singles.explore_all();
    let single = &singles
        .summary()
        .kind(KindTag::Oversold)
        .expect("found")
        .minimal;
    assert_eq!(single, minimal, "k = 1 finds the same minimal schedule");
    // Within the bounds, every single fault with a shorter fault time is harmless.
    let default_lengths = Bounds::for_scenario(&scenario).pause_lengths_ms;
    let shorter_ms = default_lengths.iter().filter(|&&ms| ms < minimal.fault_ms);
    for &fault_ms in shorter_ms {
        let bounds = Bounds {
            keep_scenario_faults: false,
            max_faults: 1,
            pause_lengths_ms: vec![fault_ms],
            ..Bounds::for_scenario(&scenario)
        };
        let mut shorter = Explorer::new(&scenario, bounds).expect("valid");
        assert!(
            shorter.explore_all().is_safe(),
            "{fault_ms} ms is too short to break it"
        );
    }
}

/// The last-item story with enforcement on, explored with restarts and failovers added:
/// the fence's and the counter's durability as given.
fn with_service_faults(fence_durable: bool, counter_durable: bool) -> Explorer {
    let scenario = story("last-item", true).with_durability(fence_durable, counter_durable);
    let bounds = Bounds {
        keep_scenario_faults: false,
        service_faults: true,
        ..Bounds::for_scenario(&scenario)
    };
    let mut explorer = Explorer::new(&scenario, bounds).expect("valid bounds");
    explorer.explore_all();
    explorer
}

#[test]
fn with_a_forgetful_fence_or_counter_the_explorer_finds_a_restart_or_failover_that_breaks_tokens() {
    let safe = with_service_faults(true, true);
    assert!(safe.summary().is_safe(), "durable: nothing breaks");
    for (fence, counter) in [(false, true), (true, false)] {
        let explorer = with_service_faults(fence, counter);
        let report = explorer
            .summary()
            .kind(KindTag::Oversold)
            .unwrap_or_else(|| panic!("fence {fence}, counter {counter}: a counterexample"));
        let service =
            |f: &Fault| matches!(f, Fault::RestartResource { .. } | Fault::Failover { .. });
        assert!(
            report.minimal.faults.iter().any(service),
            "{:?}",
            report.minimal.faults
        );
        assert_replays(&explorer, KindTag::Oversold);
    }
}

#[test]
fn on_a_replicated_service_no_failover_or_cut_off_leader_breaks_what_one_box_without_a_durable_counter_does(
) {
    let one_box = with_service_faults(true, false);
    assert!(one_box.summary().kind(KindTag::Oversold).is_some());
    let group = story("last-item", true)
        .with_durability(true, false)
        .with_members(3, 1_000);
    let bounds = Bounds {
        apps: Some(vec![0]),
        keep_scenario_faults: false,
        service_faults: true,
        leader_cuts: true,
        ..Bounds::for_scenario(&group)
    };
    let mut explorer = Explorer::new(&group, bounds.clone()).expect("valid bounds");
    // A's 12 × 3 pauses and 3 delays, 12 restarts and 12 failovers, 12 × 3 cuts of the leader.
    assert_eq!(explorer.candidate_count(), 39 + 24 + 36);
    let summary = explorer.explore_all();
    assert!(summary.is_complete());
    assert!(summary.is_safe(), "{:?}", summary.kinds);
    let one_cut = group.with_fault(Fault::cut_member(
        None,
        bounds.grid_ms().nth(2).unwrap(),
        20_000,
    ));
    let cut = run(&one_cut).expect("a cut of the leader is a valid fault");
    assert!(
        !cut.spans.failovers.is_empty(),
        "the others elect a new leader"
    );
}

#[test]
fn cuts_of_the_leader_are_refused_on_one_box_with_the_field_named() {
    let scenario = story("last-item", true);
    let bounds = Bounds {
        leader_cuts: true,
        ..Bounds::for_scenario(&scenario)
    };
    let Err(refused) = Explorer::new(&scenario, bounds) else {
        panic!("refused")
    };
    assert_eq!(refused.field(), Some("leader_cuts"));
    assert_eq!(
        fencing_lab::words::explore_error(&refused),
        "leader_cuts: needs a replicated coordination service (3 or 5 members)"
    );
}

#[test]
fn on_three_members_no_crash_of_an_app_or_a_member_breaks_the_last_item() {
    let group = story("last-item", true).with_members(3, 1_000);
    let bounds = Bounds {
        apps: Some(vec![0]),
        keep_scenario_faults: false,
        crashes: true,
        member_crashes: true,
        ..Bounds::for_scenario(&group)
    };
    let mut explorer = Explorer::new(&group, bounds.clone()).expect("valid bounds");
    // A's 12 × 3 pauses, 3 delays and 12 crashes, and 12 crashes of each of the 3 members.
    assert_eq!(explorer.candidate_count(), 51 + 36);
    let summary = explorer.explore_all();
    assert!(summary.is_complete());
    assert!(summary.is_safe(), "{:?}", summary.kinds);
    // Two of three members down at once: the group grants nothing more, and says so.
    let at_ms = bounds.grid_ms().nth(1).unwrap();
    let for_ms = group.horizon_ms - at_ms;
    let two_down = group
        .with_fault(Fault::crash_member(Some(0), at_ms, for_ms))
        .with_fault(Fault::crash_member(Some(1), at_ms, for_ms));
    let r = run(&two_down).expect("member crashes are valid faults");
    let granted_after = r.trace.iter().any(|e| {
        e.at_ms > at_ms + 1_000
            && matches!(e.kind, fencing_lab::engine::EventKind::LeaseGranted { .. })
    });
    assert!(!granted_after, "a minority grants nothing");
}

#[test]
fn crashes_of_members_are_refused_on_one_box_with_the_field_named() {
    let scenario = story("last-item", true);
    let bounds = Bounds {
        member_crashes: true,
        ..Bounds::for_scenario(&scenario)
    };
    let Err(refused) = Explorer::new(&scenario, bounds) else {
        panic!("refused")
    };
    assert_eq!(refused.field(), Some("member_crashes"));
}
