//! The replicated service keeps Raft's promises: over 10 000 random runs with members crashing
//! and cut off (the leader among them), no two members lead one term, no committed entry is
//! lost, tokens never repeat or go down, and no lease ends on the service before its holder's
//! own count says it may, with pre-vote off and on, and with renewals answered by the leader
//! alone (etcd's way), on the group's own network and on one whose messages are late by up to
//! `MAX_MEMBER_JITTER_MS` more. Each property is also seen to fail with the rule that guards it
//! broken on purpose, with pre-vote off and on (the lease timers' under the late network too).
#![cfg(not(target_arch = "wasm32"))]

mod group_support;

use fencing_lab::engine::group::Rules;
use fencing_lab::engine::{Rng, MAX_MEMBER_JITTER_MS};
use group_support::{run, Spec};

const RUNS: u64 = 10_000;

/// The settings a run takes: pre-vote on or off.
fn pre_vote(on: bool) -> impl Fn(&mut Spec) {
    move |spec| spec.cfg.pre_vote = on
}

/// `set`, and a member network whose messages are each late by up to a bound drawn from the
/// run's seed, anywhere from none to the most a scenario may ask for
/// (`Scenario::member_jitter_ms`, added to the group's own 3 ms as the simulator adds it).
fn with_member_jitter(set: impl Fn(&mut Spec)) -> impl Fn(&mut Spec) {
    move |spec| {
        set(spec);
        let bound_ms = Rng::new(spec.seed ^ 0x9e37_79b9).up_to(MAX_MEMBER_JITTER_MS);
        spec.cfg.jitter_ms += bound_ms;
    }
}

/// What the first `runs` random runs under `rules`, with `set` applied to their settings,
/// broke (each run's list, in seed order, up to the first run whose list has an entry
/// containing `words`; every run's if none does), and how many grants and leaders they saw.
fn broken_in(
    rules: Rules,
    set: impl Fn(&mut Spec),
    runs: u64,
    words: &str,
) -> (Vec<String>, u64, u64) {
    let (mut broken, mut grants, mut leaders) = (Vec::new(), 0, 0);
    for seed in 0..runs {
        let mut spec = Spec::random(seed, rules);
        set(&mut spec);
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

/// Every property holds over `RUNS` runs, which grant more than `grants_per_run` leases each
/// on average and change leaders.
fn keep_every_property(set: impl Fn(&mut Spec), grants_per_run: u64) {
    let (broken, grants, leaders) = broken_in(Rules::RAFT, set, RUNS, "");
    assert_eq!(broken, Vec::<String>::new());
    assert!(
        grants > RUNS * grants_per_run,
        "the runs grant leases ({grants})"
    );
    assert!(leaders > RUNS * 2, "the runs change leaders ({leaders})");
}

#[test]
fn ten_thousand_runs_with_crashes_and_cuts_keep_every_property() {
    keep_every_property(pre_vote(false), 3);
}

#[test]
fn ten_thousand_runs_with_pre_vote_keep_every_property() {
    keep_every_property(pre_vote(true), 3);
}

#[test]
fn ten_thousand_runs_with_renewals_on_the_leader_alone_keep_every_property() {
    keep_every_property(|spec| spec.cfg.renew_alone = true, 3);
}

// On a late member network a grant waits longer for a majority: fewer grants (about 2.9 a
// run, where the group's own network gives 3.4).

#[test]
fn ten_thousand_runs_with_a_late_member_network_keep_every_property() {
    keep_every_property(with_member_jitter(pre_vote(false)), 2);
}

#[test]
fn ten_thousand_runs_with_a_late_member_network_and_pre_vote_keep_every_property() {
    keep_every_property(with_member_jitter(pre_vote(true)), 2);
}

#[test]
fn ten_thousand_runs_with_a_late_member_network_and_renewals_on_the_leader_alone_keep_every_property(
) {
    keep_every_property(with_member_jitter(|spec| spec.cfg.renew_alone = true), 2);
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

#[test]
fn under_a_late_member_network_a_new_leader_that_drops_lease_timers_still_ends_a_lease_too_soon() {
    let rules = Rules {
        restart_lease_timers: false,
        ..Rules::RAFT
    };
    let words = "before its holder's count";
    for on in [false, true] {
        let set = with_member_jitter(pre_vote(on));
        let (broken, _, _) = broken_in(rules, set, RUNS, words);
        assert!(
            broken.iter().any(|b| b.contains(words)),
            "no run broke \"{words}\" under jitter, pre-vote {on}; they broke: {broken:?}"
        );
    }
}
