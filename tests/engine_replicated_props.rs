//! The simulator with a replicated coordination service, over random runs: apps that count
//! carefully (from their request, on true clocks) never believe at the same time, and every
//! grant's token is higher than the last, whatever members crash or are cut off, with apps
//! crashing, cut off and their messages held up too.
#![cfg(not(target_arch = "wasm32"))]

mod random_apps;

use fencing_lab::engine::*;
use random_apps::{pick, random_apps};

const RUNS: u64 = 10_000;

/// A random scenario from `seed`: 3 or 5 members, 2 or 3 careful apps that renew, up to 6
/// faults among members and apps.
fn scenario(seed: u64) -> Scenario {
    let mut rng = Rng::new(seed);
    let members = if pick(&mut rng, 1) == 0 { 3 } else { 5 };
    let horizon_ms = 40_000;
    let ttl_ms = 2_000 + pick(&mut rng, 8_000);
    let count = 2 + pick(&mut rng, 1) as usize;
    let apps = random_apps(&mut rng, count, ttl_ms);
    let app_count = apps.len() as u64;
    let mut s = Scenario::default()
        .with_apps(apps)
        .with_ttl_ms(ttl_ms)
        .with_horizon_ms(horizon_ms)
        .with_members(members, 500 + pick(&mut rng, 1_000))
        .with_seed(seed);
    for _ in 0..pick(&mut rng, 6) {
        let at_ms = pick(&mut rng, horizon_ms);
        let for_ms = 100 + pick(&mut rng, 10_000);
        let member = match pick(&mut rng, 2) {
            0 => None,
            _ => Some(pick(&mut rng, members as u64 - 1) as usize),
        };
        let app = pick(&mut rng, app_count - 1) as usize;
        let fault = match pick(&mut rng, 5) {
            0 => Fault::crash_member(member, at_ms, for_ms),
            1 => Fault::cut_member(member, at_ms, for_ms),
            2 => Fault::failover(at_ms),
            3 => Fault::partition(app, at_ms, at_ms + for_ms),
            4 => Fault::delay(app, MsgKind::Grant, 1 + pick(&mut rng, 2) as u32, for_ms),
            _ => Fault::crash(app, at_ms),
        };
        s = s.with_fault(fault);
    }
    s
}

#[test]
fn careful_apps_never_believe_together_and_tokens_only_grow_with_a_replicated_service() {
    let (mut grants, mut leaders) = (0, 0);
    for seed in 0..RUNS {
        let s = scenario(seed);
        let r = run(&s).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(r.verdict.split_brain, [], "seed {seed}: {s:?}");
        let mut last = 0;
        for e in &r.trace {
            match e.kind {
                EventKind::LeaseGranted { token, .. } => {
                    assert!(token > last, "seed {seed}: token {token} after {last}");
                    last = token;
                    grants += 1;
                }
                EventKind::Member {
                    change: group::MemberChange::Led { .. },
                    ..
                } => leaders += 1,
                _ => {}
            }
        }
    }
    assert!(grants > RUNS * 2, "the runs grant leases ({grants})");
    assert!(leaders > RUNS * 2, "the runs change leaders ({leaders})");
}
