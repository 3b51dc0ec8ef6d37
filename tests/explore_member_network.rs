//! The explorer on late member networks (`NetworkExplorer`): every schedule of `Bounds` also
//! runs on each listed member-network delay under `JITTER_SEEDS` seeds, which finds more
//! outcomes, keeps a group with enforcement safe, still finds what breaks a design without it,
//! and replays its counterexample on the network it found it on. `Explorer` and its bounds
//! (the lab's panel) search the scenario's own network, as before.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::by_id;
use fencing_lab::engine::explore::networks::{NetworkExplorer, JITTER_SEEDS};
use fencing_lab::engine::explore::{Bounds, Explorer, KindTag};
use fencing_lab::engine::{run, Scenario, Summary, MAX_MEMBER_JITTER_MS};

/// The last-item story on three members.
fn group(enforcement: bool) -> Scenario {
    by_id("last-item")
        .expect("the story")
        .scenario()
        .with_members(3, 1_000)
        .with_enforcement(enforcement)
}

/// A's pauses and delays, with cuts of the leader, one fault at a time.
fn bounds(scenario: &Scenario) -> Bounds {
    Bounds {
        apps: Some(vec![0]),
        keep_scenario_faults: false,
        max_faults: 1,
        leader_cuts: true,
        ..Bounds::for_scenario(scenario)
    }
}

fn explored(scenario: &Scenario, jitters_ms: &[u64]) -> (NetworkExplorer, Summary) {
    let mut explorer =
        NetworkExplorer::new(scenario, bounds(scenario), jitters_ms).expect("valid bounds");
    let summary = explorer.explore_all();
    (explorer, summary)
}

#[test]
fn on_no_other_network_it_finds_what_the_explorer_finds() {
    let scenario = group(false);
    let mut one = Explorer::new(&scenario, bounds(&scenario)).expect("valid bounds");
    let (networks, summary) = explored(&scenario, &[]);
    assert_eq!(networks.networks(), 1);
    assert_eq!(&summary, one.explore_all());
}

#[test]
fn late_member_networks_multiply_the_space_find_more_outcomes_and_keep_a_fenced_group_safe() {
    let scenario = group(true);
    let (_, on_time) = explored(&scenario, &[]);
    let (late, summary) = explored(&scenario, &[200, MAX_MEMBER_JITTER_MS]);
    assert_eq!(late.networks() as u64, 1 + 2 * JITTER_SEEDS);
    assert_eq!(summary.total, on_time.total * late.networks() as u64);
    assert!(on_time.is_complete() && summary.is_complete() && late.is_done());
    assert!(
        summary.distinct_outcomes > on_time.distinct_outcomes,
        "the members' messages in other orders end otherwise: {} then {}",
        on_time.distinct_outcomes,
        summary.distinct_outcomes
    );
    assert!(on_time.is_safe(), "{:?}", on_time.kinds);
    assert!(summary.is_safe(), "{:?}", summary.kinds);
}

#[test]
fn without_enforcement_late_member_networks_still_find_the_oversold_item_and_replay_it() {
    let scenario = group(false);
    let (_, on_time) = explored(&scenario, &[]);
    let (late, summary) = explored(&scenario, &[300, MAX_MEMBER_JITTER_MS]);
    let kinds = |s: &Summary| s.kinds.iter().map(|r| r.kind).collect::<Vec<_>>();
    assert_eq!(kinds(&summary), kinds(&on_time));
    assert!(kinds(&on_time).contains(&KindTag::Oversold));
    assert!(summary.breaking_schedules > on_time.breaking_schedules);
    let minimal = &summary.kind(KindTag::Oversold).expect("found").minimal;
    let replay = late.counterexample_scenario(KindTag::Oversold).unwrap();
    let verdict = run(&replay).expect("a valid scenario").verdict;
    assert_eq!(verdict.violations.first(), Some(&minimal.violation));
}

#[test]
fn a_pause_safe_on_the_scenarios_own_late_network_breaks_on_a_faster_one_and_replays_there() {
    // Without enforcement, A paused at 5 s for 27 s: on a member network up to 1 s late, B's
    // grant comes after A is back; on a faster one, before, and the item is sold twice.
    let scenario = group(false).with_member_jitter_ms(MAX_MEMBER_JITTER_MS);
    let one_pause = Bounds {
        from_ms: 5_000,
        until_ms: 10_000,
        step_ms: 5_000,
        pause_lengths_ms: vec![27_000],
        delay_writes_up_to: 0,
        leader_cuts: false,
        ..bounds(&scenario)
    };
    let mut own = Explorer::new(&scenario, one_pause.clone()).expect("valid bounds");
    assert!(own.explore_all().is_safe(), "{:?}", own.summary().kinds);
    let mut faster = NetworkExplorer::new(&scenario, one_pause, &[1]).expect("valid bounds");
    let summary = faster.explore_all();
    assert_eq!(summary.total, 2 * (1 + JITTER_SEEDS));
    let minimal = &summary.kind(KindTag::Oversold).expect("found").minimal;
    assert_eq!(
        minimal.schedule_index,
        2 + 1,
        "the pause on the first faster network"
    );
    let replay = faster.counterexample_scenario(KindTag::Oversold).unwrap();
    assert_eq!((replay.member_jitter_ms, replay.seed), (1, scenario.seed));
    let verdict = run(&replay).expect("a valid scenario").verdict;
    assert_eq!(verdict.violations.first(), Some(&minimal.violation));
}

#[test]
fn member_network_delays_are_refused_on_one_box_or_over_the_cap_with_the_field_named() {
    let refused = |scenario: &Scenario, bounds: Bounds, jitters: &[u64]| match NetworkExplorer::new(
        scenario, bounds, jitters,
    ) {
        Err(error) => error,
        Ok(_) => panic!("refused"),
    };
    let one_box = group(true).with_members(1, 1_000);
    let no_cuts = Bounds {
        leader_cuts: false,
        ..bounds(&one_box)
    };
    let error = refused(&one_box, no_cuts, &[100]);
    assert_eq!(error.field(), Some("member_jitters_ms"));
    let scenario = group(true);
    for (jitters, field) in [
        (vec![100, MAX_MEMBER_JITTER_MS + 1], "member_jitters_ms[1]"),
        (vec![0], "member_jitters_ms[0]"),
        (vec![100, 100], "member_jitters_ms[1]"),
    ] {
        let error = refused(&scenario, bounds(&scenario), &jitters);
        assert_eq!(error.field(), Some(field));
    }
    let over = refused(&scenario, bounds(&scenario), &[MAX_MEMBER_JITTER_MS + 1]);
    assert_eq!(
        fencing_lab::words::explore_error(&over),
        format!("member_jitters_ms[0]: must be in 1..={MAX_MEMBER_JITTER_MS} ms")
    );
    // 1.3 million schedules fit one search; on 13 networks they do not.
    let wide = Bounds {
        max_faults: 4,
        ..bounds(&scenario)
    };
    assert!(Explorer::new(&scenario, wide.clone()).is_ok());
    let too_large = refused(&scenario, wide, &[100, 200, 300]);
    let said = fencing_lab::words::explore_error(&too_large);
    assert!(
        said.contains("(max_faults = 3 gives 914888 schedules)"),
        "{said}"
    );
}
