//! The replicated service in the moments the stories show: a leader cut off from the rest
//! grants nothing while a new leader takes over, tokens keep growing across leader changes,
//! and a new leader restarts the lease it finds.
#![cfg(not(target_arch = "wasm32"))]

mod group_support;

use fencing_lab::engine::group::{
    Answer, GroupConfig, GroupEvent, LeaseChange, MemberChange, Rules,
};
use group_support::{run, MemberFault, Outcome, Spec};

const TTL_MS: u64 = 3_000;

fn spec(members: usize, faults: Vec<MemberFault>) -> Spec {
    Spec {
        cfg: GroupConfig::etcd(members, TTL_MS),
        rules: Rules::RAFT,
        seed: 7,
        apps: 2,
        horizon_ms: 20_000,
        faults,
    }
}

fn led(outcome: &Outcome) -> Vec<(u64, usize, u64)> {
    let led = outcome.events.iter().filter_map(|&(at_ms, e)| match e {
        GroupEvent::Member {
            member,
            change: MemberChange::Led { term },
        } => Some((at_ms, member, term)),
        _ => None,
    });
    led.collect()
}

fn granted(outcome: &Outcome) -> Vec<(u64, usize, u64)> {
    let grants = outcome
        .answers
        .iter()
        .filter_map(|&(at_ms, _, app, a)| match a {
            Answer::Granted { token, .. } => Some((at_ms, app, token)),
            _ => None,
        });
    grants.collect()
}

#[test]
fn a_leader_cut_off_from_the_rest_grants_nothing_while_a_new_leader_takes_over() {
    let cut = MemberFault::Cut {
        member: Some(0),
        at_ms: 1_000,
        for_ms: 10_000,
    };
    let outcome = run(&spec(3, vec![cut]));
    assert!(outcome.broken.is_empty(), "{:?}", outcome.broken);
    let during = |at_ms: u64| (1_000..11_000).contains(&at_ms);
    let from_the_old_leader = outcome
        .answers
        .iter()
        .filter(|&&(at_ms, by, _, a)| {
            during(at_ms) && by == 0 && matches!(a, Answer::Granted { .. } | Answer::Renewed { .. })
        })
        .count();
    assert_eq!(from_the_old_leader, 0, "the cut-off leader commits nothing");
    let new = led(&outcome);
    let (at_ms, member, term) = new[1];
    assert!(member != 0 && term == 2, "{new:?}");
    assert!(
        (1_900..3_100).contains(&at_ms),
        "elected within two timeouts: {at_ms} ms"
    );
    assert!(
        granted(&outcome).iter().any(|&(t, _, _)| during(t)),
        "the majority side goes on granting"
    );
}

#[test]
fn tokens_keep_growing_across_leader_changes() {
    let crash = |at_ms| MemberFault::Crash {
        member: None,
        at_ms,
        for_ms: 4_000,
    };
    let mut seen = 0;
    for seed in 0..20 {
        let spec = Spec {
            seed,
            ..spec(5, vec![crash(3_000), crash(9_000), crash(15_000)])
        };
        let outcome = run(&spec);
        assert!(outcome.broken.is_empty(), "{:?}", outcome.broken);
        assert!(
            led(&outcome).len() >= 4,
            "three leader changes: {:?}",
            led(&outcome)
        );
        let mut tokens: Vec<u64> = granted(&outcome).iter().map(|g| g.2).collect();
        tokens.dedup();
        assert_eq!(tokens.first(), Some(&101));
        assert!(
            tokens.windows(2).all(|w| w[0] < w[1]),
            "seed {seed}: {tokens:?}"
        );
        seen += tokens.len();
    }
    assert!(
        seen >= 40,
        "the runs grant again after each change ({seen} tokens)"
    );
}

#[test]
fn a_new_leader_restarts_the_lease_it_finds_for_a_whole_lease_and_its_election_timeout() {
    let crash = MemberFault::Crash {
        member: None,
        at_ms: 2_000,
        for_ms: 30_000,
    };
    let outcome = run(&spec(3, vec![crash]));
    let (took_over_ms, member, _) = led(&outcome)[1];
    let restarted = outcome.events.iter().find_map(|&(at_ms, e)| match e {
        GroupEvent::Lease {
            member: m,
            change: LeaseChange::Restarted { expiry_ms, .. },
            ..
        } if m == member => Some((at_ms, expiry_ms)),
        _ => None,
    });
    let extend_ms = GroupConfig::etcd(3, TTL_MS).extend_ms;
    assert_eq!(
        restarted,
        Some((took_over_ms, took_over_ms + extend_ms + TTL_MS))
    );
}
