//! The replicated service keeps Raft's promises: over 10 000 random runs with members crashing
//! and cut off (the leader among them), no two members lead one term, no committed entry is
//! lost, tokens never repeat or go down, and no lease ends on the service before its holder's
//! own count says it may, with pre-vote off and on, and with renewals answered by the leader
//! alone (etcd's way). Each property is also seen to fail with the rule that guards it broken
//! on purpose, with pre-vote off and on.
#![cfg(not(target_arch = "wasm32"))]

mod group_support;

use fencing_lab::engine::group::{GroupConfig, Rules};
use group_support::{run, Spec};

const RUNS: u64 = 10_000;

/// The group's settings a run takes: pre-vote on or off.
fn pre_vote(on: bool) -> impl Fn(&mut GroupConfig) {
    move |cfg| cfg.pre_vote = on
}

/// What the first `runs` random runs under `rules`, with `set` applied to their settings,
/// broke (each run's list, in seed order, up to the first run whose list has an entry
/// containing `words`; every run's if none does), and how many grants and leaders they saw.
fn broken_in(
    rules: Rules,
    set: impl Fn(&mut GroupConfig),
    runs: u64,
    words: &str,
) -> (Vec<String>, u64, u64) {
    let (mut broken, mut grants, mut leaders) = (Vec::new(), 0, 0);
    for seed in 0..runs {
        let mut spec = Spec::random(seed, rules);
        set(&mut spec.cfg);
        let outcome = run(&spec);
        grants += u64::from(outcome.grants);
        leaders += u64::from(outcome.leaders);
        let found = outcome.broken.iter().any(|b| b.contains(words));
        broken.extend(outcome.broken);
        if found {
            break;
        }
    }
    (broken, grants, leaders)
}

fn keep_every_property(set: impl Fn(&mut GroupConfig)) {
    let (broken, grants, leaders) = broken_in(Rules::RAFT, set, RUNS, "");
    assert_eq!(broken, Vec::<String>::new());
    assert!(grants > RUNS * 3, "the runs grant leases ({grants})");
    assert!(leaders > RUNS * 2, "the runs change leaders ({leaders})");
}

#[test]
fn ten_thousand_runs_with_crashes_and_cuts_keep_every_property() {
    keep_every_property(pre_vote(false));
}

#[test]
fn ten_thousand_runs_with_pre_vote_keep_every_property() {
    keep_every_property(pre_vote(true));
}

#[test]
fn ten_thousand_runs_with_renewals_on_the_leader_alone_keep_every_property() {
    keep_every_property(|cfg| cfg.renew_alone = true);
}

fn fails_with(rules: Rules, words: &str) {
    for on in [false, true] {
        let (broken, _, _) = broken_in(rules, pre_vote(on), RUNS, words);
        assert!(
            broken.iter().any(|b| b.contains(words)),
            "no run broke \"{words}\" with {rules:?}, pre-vote {on}; they broke: {broken:?}"
        );
    }
}

#[test]
fn two_votes_a_term_make_two_leaders_of_one_term() {
    let rules = Rules {
        one_vote_per_term: false,
        ..Rules::RAFT
    };
    fails_with(rules, "both lead term");
}

#[test]
fn voting_for_a_stale_log_loses_a_committed_entry() {
    let rules = Rules {
        vote_for_up_to_date_logs: false,
        ..Rules::RAFT
    };
    fails_with(rules, "committed entry");
}

#[test]
fn committing_without_a_majority_repeats_a_token() {
    let rules = Rules {
        commit_needs_majority: false,
        ..Rules::RAFT
    };
    fails_with(rules, "went to app");
}

#[test]
fn a_new_leader_that_drops_lease_timers_ends_a_lease_too_soon() {
    let rules = Rules {
        restart_lease_timers: false,
        ..Rules::RAFT
    };
    fails_with(rules, "before its holder's count");
}
