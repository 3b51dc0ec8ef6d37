//! Pre-vote: a follower cut off for several election timeouts rejoins. Without pre-vote it
//! stood again and again while cut, and its higher term, on its return, makes the leader step
//! down and the group hold an election; with pre-vote its term did not rise, and the leader
//! and term stay, even when it asks for pre-votes with a log as up to date as theirs: members
//! that hear from their leader ignore them. With the rule that a pre-vote keeps the term
//! broken, the election is back.
#![cfg(not(target_arch = "wasm32"))]

mod group_support;

use fencing_lab::engine::group::{GroupConfig, GroupEvent, MemberChange, Rules};
use fencing_lab::engine::{run as run_scenario, EventKind, Fault, Scenario};
use group_support::{run, MemberFault, Outcome, Spec};

/// The cut: from 2 s, for 8 s (eight to four election timeouts).
const CUT_MS: u64 = 2_000;
const BACK_MS: u64 = 10_000;
const SEEDS: u64 = 100;

/// Members' changes after the cut member is back: (at, member, change).
fn after_return(outcome: &Outcome) -> Vec<(u64, usize, MemberChange)> {
    let changes = outcome.events.iter().filter_map(|&(at_ms, e)| match e {
        GroupEvent::Member { member, change } if at_ms >= BACK_MS => Some((at_ms, member, change)),
        _ => None,
    });
    changes.collect()
}

/// `seed`'s run of a group of `members` whose last member is cut off from `CUT_MS` to
/// `BACK_MS`, with `pre_vote` on or off, under `rules`.
fn rejoin(members: usize, seed: u64, pre_vote: bool, rules: Rules) -> Outcome {
    let cut = MemberFault::Cut {
        member: Some(members - 1),
        at_ms: CUT_MS,
        for_ms: BACK_MS - CUT_MS,
    };
    let cfg = GroupConfig {
        pre_vote,
        ..GroupConfig::etcd(members, 3_000)
    };
    let spec = Spec {
        cfg,
        rules,
        seed,
        apps: 2,
        horizon_ms: 20_000,
        faults: vec![cut],
    };
    let outcome = run(&spec);
    assert!(outcome.broken.is_empty(), "{:?}", outcome.broken);
    outcome
}

fn led_after_return(outcome: &Outcome) -> bool {
    after_return(outcome)
        .iter()
        .any(|(_, _, c)| matches!(c, MemberChange::Led { .. }))
}

#[test]
fn without_pre_vote_a_member_back_from_a_cut_forces_an_election() {
    for members in [3, 5] {
        for seed in 0..SEEDS {
            let outcome = rejoin(members, seed, false, Rules::RAFT);
            let changes = after_return(&outcome);
            let stepped_down = changes.iter().any(|&(_, member, c)| {
                member == 0 && matches!(c, MemberChange::SteppedDown { .. })
            });
            assert!(stepped_down, "{members} members, seed {seed}: {changes:?}");
            assert!(led_after_return(&outcome), "seed {seed}: {changes:?}");
        }
    }
}

#[test]
fn with_pre_vote_a_member_back_from_a_cut_follows_the_leader_it_finds() {
    for members in [3, 5] {
        for seed in 0..SEEDS {
            let outcome = rejoin(members, seed, true, Rules::RAFT);
            let changes: Vec<_> = outcome
                .events
                .iter()
                .filter(|(_, e)| {
                    matches!(e, GroupEvent::Member { change, .. }
                    if !matches!(change, MemberChange::Cut | MemberChange::Joined))
                })
                .collect();
            // The first leader's election before the run is its only one: nobody stood.
            assert_eq!(outcome.leaders, 1, "{members} members, seed {seed}");
            assert_eq!(changes.len(), 1, "seed {seed}: {changes:?}");
        }
    }
}

#[test]
fn a_pre_vote_that_raises_the_term_lets_a_member_back_from_a_cut_force_an_election() {
    let rules = Rules {
        pre_vote_keeps_term: false,
        ..Rules::RAFT
    };
    for members in [3, 5] {
        for seed in 0..SEEDS {
            let outcome = rejoin(members, seed, true, rules);
            assert!(led_after_return(&outcome), "{members} members, seed {seed}");
        }
    }
}

/// A group of `members` and no apps (every log as up to date as the leader's), whose last
/// member is cut off seven times for about 2 s, with pre-vote on. It comes back 5 ms after a
/// heartbeat (the leader's go out every 100 ms from 0), so its election timer sometimes runs
/// out before the next one reaches it, and it asks for pre-votes.
fn rejoins_with_up_to_date_logs(members: usize, seed: u64) -> Outcome {
    let faults = (0..7)
        .map(|k| MemberFault::Cut {
            member: Some(members - 1),
            at_ms: 2_000 + 2_500 * k,
            for_ms: 2_005,
        })
        .collect();
    let spec = Spec {
        cfg: GroupConfig {
            pre_vote: true,
            ..GroupConfig::etcd(members, 3_000)
        },
        rules: Rules::RAFT,
        seed,
        apps: 0,
        horizon_ms: 20_000,
        faults,
    };
    run(&spec)
}

#[test]
fn members_that_hear_their_leader_ignore_a_pre_vote_even_from_an_up_to_date_log() {
    for members in [3, 5] {
        for seed in 0..SEEDS * 2 {
            let outcome = rejoins_with_up_to_date_logs(members, seed);
            assert_eq!(outcome.leaders, 1, "{members} members, seed {seed}");
        }
    }
}

/// The same through a whole simulation: the default warehouse story on a group of three,
/// its third member cut off from 10 s to 18 s. The elections after the first leader's.
fn elections(pre_vote: bool) -> Vec<(u64, usize, MemberChange)> {
    let s = Scenario::default()
        .with_members(3, 1_000)
        .with_pre_vote(pre_vote)
        .with_fault(Fault::cut_member(Some(2), 10_000, 8_000));
    let run = run_scenario(&s).expect("a valid scenario");
    let changes = run.trace.iter().filter_map(|e| match e.kind {
        EventKind::Member { member, change } if matches!(change, MemberChange::Led { term } if term > 1) => {
            Some((e.at_ms, member, change))
        }
        _ => None,
    });
    changes.collect()
}

#[test]
fn a_scenario_with_pre_vote_keeps_its_leader_when_a_cut_member_returns() {
    let without = elections(false);
    assert!(
        without.iter().any(|&(at_ms, _, _)| at_ms >= 18_000),
        "{without:?}"
    );
    assert_eq!(elections(true), []);
}
