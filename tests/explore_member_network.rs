//! The explorer on a late member network (`Bounds::member_jitters_ms`): off by default, so a
//! search's space is as before; on, every schedule also runs on each listed member-network
//! delay under `JITTER_SEEDS` seeds, which finds more outcomes, keeps a group with enforcement
//! safe, still finds what breaks a design without it, and replays its counterexample on the
//! network it found it on.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::by_id;
use fencing_lab::engine::explore::{Bounds, Explorer, KindTag, JITTER_SEEDS};
use fencing_lab::engine::{run, Scenario, MAX_MEMBER_JITTER_MS};

/// The last-item story on three members.
fn group(enforcement: bool) -> Scenario {
    by_id("last-item")
        .expect("the story")
        .scenario()
        .with_members(3, 1_000)
        .with_enforcement(enforcement)
}

/// A's pauses and delays, with cuts of the leader, one fault at a time; member-network delays
/// as given.
fn bounds(scenario: &Scenario, member_jitters_ms: Vec<u64>) -> Bounds {
    Bounds {
        apps: Some(vec![0]),
        keep_scenario_faults: false,
        max_faults: 1,
        leader_cuts: true,
        member_jitters_ms,
        ..Bounds::for_scenario(scenario)
    }
}

fn explored(scenario: &Scenario, member_jitters_ms: Vec<u64>) -> Explorer {
    let bounds = bounds(scenario, member_jitters_ms);
    let mut explorer = Explorer::new(scenario, bounds).expect("valid bounds");
    explorer.explore_all();
    explorer
}

#[test]
fn the_default_bounds_explore_the_scenarios_own_member_network_only() {
    let scenario = group(true);
    let default = Bounds::for_scenario(&scenario);
    assert!(default.member_jitters_ms.is_empty());
    assert_eq!(default.networks(), 1);
}

#[test]
fn late_member_networks_multiply_the_space_find_more_outcomes_and_keep_a_fenced_group_safe() {
    let scenario = group(true);
    let on_time = explored(&scenario, Vec::new());
    let late = explored(&scenario, vec![200, MAX_MEMBER_JITTER_MS]);
    let networks = 1 + 2 * JITTER_SEEDS;
    assert_eq!(late.total(), on_time.total() * networks);
    let (a, b) = (on_time.summary(), late.summary());
    assert!(a.is_complete() && b.is_complete());
    assert!(
        b.distinct_outcomes > a.distinct_outcomes,
        "the members' messages in other orders end otherwise: {} then {}",
        a.distinct_outcomes,
        b.distinct_outcomes
    );
    assert!(a.is_safe(), "{:?}", a.kinds);
    assert!(b.is_safe(), "{:?}", b.kinds);
}

#[test]
fn without_enforcement_a_late_member_network_still_finds_the_oversold_item_and_replays_it() {
    let scenario = group(false);
    let on_time = explored(&scenario, Vec::new());
    let late = explored(&scenario, vec![300, MAX_MEMBER_JITTER_MS]);
    let (a, b) = (on_time.summary(), late.summary());
    let kinds = |s: &fencing_lab::engine::Summary| s.kinds.iter().map(|r| r.kind).collect();
    let (found, found_late): (Vec<KindTag>, Vec<KindTag>) = (kinds(a), kinds(b));
    assert_eq!(found_late, found);
    assert!(found.contains(&KindTag::Oversold), "{found:?}");
    assert!(b.breaking_schedules > a.breaking_schedules);
    let minimal = &b.kind(KindTag::Oversold).expect("found").minimal;
    let replay = late
        .counterexample_scenario(KindTag::Oversold)
        .expect("a counterexample");
    assert_eq!(
        (replay.seed, replay.member_jitter_ms),
        (minimal.seed, minimal.member_jitter_ms)
    );
    let verdict = run(&replay).expect("a valid scenario").verdict;
    assert_eq!(verdict.violations.first(), Some(&minimal.violation));
}

#[test]
fn member_network_delays_are_refused_on_one_box_or_over_the_cap_with_the_field_named() {
    let one_box = group(true).with_members(1, 1_000);
    let no_cuts = Bounds {
        leader_cuts: false,
        ..bounds(&one_box, vec![100])
    };
    let refused = Explorer::new(&one_box, no_cuts).unwrap_err();
    assert_eq!(refused.field(), Some("member_jitters_ms"));
    let scenario = group(true);
    for (jitters, field) in [
        (vec![100, MAX_MEMBER_JITTER_MS + 1], "member_jitters_ms[1]"),
        (vec![0], "member_jitters_ms[0]"),
        (vec![100, 100], "member_jitters_ms[1]"),
    ] {
        let refused = Explorer::new(&scenario, bounds(&scenario, jitters)).unwrap_err();
        assert_eq!(refused.field(), Some(field));
    }
    let over = bounds(&scenario, vec![MAX_MEMBER_JITTER_MS + 1]);
    let said = fencing_lab::words::explore_error(&Explorer::new(&scenario, over).unwrap_err());
    assert_eq!(
        said,
        format!("member_jitters_ms[0]: must be in 1..={MAX_MEMBER_JITTER_MS} ms")
    );
}

#[test]
fn a_pause_safe_on_the_scenarios_own_late_network_breaks_on_a_faster_one_and_replays_there() {
    // Without enforcement, A paused at 5 s for 27 s: on a member network up to 1 s late, B's
    // grant comes after A is back; on a faster one, before, and the item is sold twice.
    let scenario = group(false).with_member_jitter_ms(MAX_MEMBER_JITTER_MS);
    let one_pause = |member_jitters_ms| Bounds {
        from_ms: 5_000,
        until_ms: 10_000,
        step_ms: 5_000,
        pause_lengths_ms: vec![27_000],
        delay_writes_up_to: 0,
        leader_cuts: false,
        ..bounds(&scenario, member_jitters_ms)
    };
    let mut own = Explorer::new(&scenario, one_pause(Vec::new())).expect("valid bounds");
    assert!(own.explore_all().is_safe(), "{:?}", own.summary().kinds);
    let mut faster = Explorer::new(&scenario, one_pause(vec![1])).expect("valid bounds");
    faster.explore_all();
    let summary = faster.summary();
    assert_eq!(summary.total, 2 * (1 + JITTER_SEEDS));
    let minimal = &summary.kind(KindTag::Oversold).expect("found").minimal;
    assert_eq!(minimal.member_jitter_ms, 1);
    let replay = faster
        .counterexample_scenario(KindTag::Oversold)
        .expect("a counterexample");
    assert_eq!(replay.member_jitter_ms, 1);
    let verdict = run(&replay).expect("a valid scenario").verdict;
    assert_eq!(verdict.violations.first(), Some(&minimal.violation));
}
