//! A replicated group at rest skips ahead in verdict-only runs (issue 52): the explorer's runs
//! jump over the heartbeat rounds that cannot change anything, and must end exactly as the
//! step-by-step run does. Drawn runs (`run`) never skip, so each verdict-only run here is
//! compared with the full run of the same scenario: every field of the verdict, the count of
//! events processed and the event cap's truncation included. The explorer's findings on the
//! leader-change story (and on every story's default bounds) are pinned to what they were
//! before the skip, and the full runs' traces on 3 and 5 members to their digest.
#![cfg(not(target_arch = "wasm32"))]

mod random_apps;

mod digest_support;

use digest_support::Fnv;
use fencing_lab::catalog::{by_id, catalog, Knobs};
use fencing_lab::engine::explore::{Bounds, Explorer, Summary};
use fencing_lab::engine::*;
use random_apps::{pick, random_apps};

/// The full run's verdict and the verdict-only run's are the same (the first skips nothing),
/// or both refuse the scenario alike.
fn same_both_ways(s: &Scenario, what: &str) -> Result<Run, ScenarioError> {
    let full = run(s);
    let fast = run_verdict_only(s);
    assert_eq!(fast, full.clone().map(|r| r.verdict), "{what}: {s:?}");
    full
}

/// Full runs' traces and verdicts of every story on 3 and 5 members (recorded before the skip;
/// drawn runs keep every heartbeat, so it must not change).
const MEMBERS_TRACE_DIGEST: u64 = 0x274d_a4a4_f44a_99bb;

#[test]
fn every_story_on_three_and_five_members_ends_the_same_skipping_or_not() {
    let mut digest = Fnv::new();
    for entry in catalog() {
        for members in [3, 5] {
            let mut knobs = Knobs::defaults_for(entry);
            knobs.members = members;
            for pre_vote in [false, true] {
                knobs.pre_vote = pre_vote;
                let s = entry.scenario_with(&knobs);
                let what = format!("{} on {members} members, pre-vote {pre_vote}", entry.id);
                match same_both_ways(&s, &what) {
                    Ok(full) => digest.add(&format!("{:?}{:?}", full.trace, full.verdict)),
                    Err(e) => digest.add(&format!("{e:?}")),
                }
            }
        }
    }
    assert_eq!(digest.0, MEMBERS_TRACE_DIGEST, "{:#x}", digest.0);
}

/// A random group scenario from `seed` (as `engine_replicated_props.rs`'s, with pre-vote,
/// renewals on the leader alone, a late member network, failovers and now and then an event
/// cap that ends the run early).
fn scenario(seed: u64) -> Scenario {
    let mut rng = Rng::new(seed);
    let members = if pick(&mut rng, 1) == 0 { 3 } else { 5 };
    let horizon_ms = 20_000 + pick(&mut rng, 40_000);
    let ttl_ms = 2_000 + pick(&mut rng, 8_000);
    let count = 1 + pick(&mut rng, 2) as usize;
    let apps = random_apps(&mut rng, count, ttl_ms);
    let app_count = apps.len() as u64;
    let jitter_ms = [0, 0, 0, 1, 20, 45, 200][pick(&mut rng, 6) as usize];
    let mut s = Scenario::default()
        .with_apps(apps)
        .with_ttl_ms(ttl_ms)
        .with_horizon_ms(horizon_ms)
        .with_members(members, 150 + pick(&mut rng, 1_500))
        .with_member_jitter_ms(jitter_ms)
        .with_pre_vote(pick(&mut rng, 1) == 0)
        .with_renew_alone(pick(&mut rng, 1) == 0)
        .with_seed(seed);
    if pick(&mut rng, 5) == 0 {
        s = s.with_max_events(50 + pick(&mut rng, 4_000));
    }
    for _ in 0..pick(&mut rng, 5) {
        let at_ms = pick(&mut rng, horizon_ms);
        let for_ms = 100 + pick(&mut rng, 10_000);
        let member = match pick(&mut rng, 2) {
            0 => None,
            _ => Some(pick(&mut rng, members as u64 - 1) as usize),
        };
        let app = pick(&mut rng, app_count - 1) as usize;
        let fault = match pick(&mut rng, 6) {
            0 => Fault::crash_member(member, at_ms, for_ms),
            1 => Fault::cut_member(member, at_ms, for_ms),
            2 => Fault::failover(at_ms),
            3 => Fault::partition(app, at_ms, at_ms + for_ms),
            4 => Fault::pause(app, at_ms, for_ms),
            5 => Fault::crash_member(member, at_ms, 2 * horizon_ms),
            _ => Fault::crash(app, at_ms),
        };
        s = s.with_fault(fault);
    }
    s
}

#[test]
fn ten_thousand_random_group_runs_end_the_same_skipping_or_not() {
    for seed in 0..10_000 {
        let s = scenario(seed);
        let what = format!("seed {seed}");
        same_both_ways(&s, &what).unwrap_or_else(|e| panic!("{what}: {e}"));
    }
}

/// A digest of what a search found: every count and every minimal counterexample.
fn summary_digest(summary: &Summary, digest: &mut Fnv) {
    digest.add(&format!("{summary:?}"));
}

/// The leader-change story's search on three members with the services' faults and cut-off
/// leaders (the explorer bench's), recorded before the skip: 9 592 schedules.
const LEADER_CHANGE_SUMMARY: u64 = 0x48a2_d796_4a05_b28a;

#[test]
fn the_leader_change_search_finds_what_it_found_step_by_step() {
    let scenario = by_id("leader-change").expect("catalog story").scenario();
    let bounds = Bounds {
        service_faults: true,
        leader_cuts: true,
        ..Bounds::for_scenario(&scenario)
    };
    let mut explorer = Explorer::new(&scenario, bounds).expect("valid bounds");
    let summary = explorer.explore_all();
    assert_eq!(summary.explored, 9_592);
    let mut digest = Fnv::new();
    summary_digest(summary, &mut digest);
    assert_eq!(
        digest.0, LEADER_CHANGE_SUMMARY,
        "{:#x}: {summary:?}",
        digest.0
    );
}

/// Every story's search on its default bounds (replicated stories with the services' faults
/// and cut-off leaders too), recorded before the skip.
const CATALOG_SUMMARIES: u64 = 0xa8b4_fbb5_6dae_7a56;

#[test]
fn every_story_s_search_finds_what_it_found_step_by_step() {
    let mut digest = Fnv::new();
    for entry in catalog() {
        let scenario = entry.scenario();
        let group = scenario.members > 1;
        let bounds = Bounds {
            service_faults: group,
            leader_cuts: group,
            ..Bounds::for_scenario(&scenario)
        };
        let Ok(mut explorer) = Explorer::new(&scenario, bounds) else {
            digest.add(entry.id);
            continue;
        };
        summary_digest(explorer.explore_all(), &mut digest);
    }
    assert_eq!(digest.0, CATALOG_SUMMARIES, "{:#x}", digest.0);
}
