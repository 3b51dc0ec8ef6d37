//! Random apps for the replicated service's random runs (`engine_replicated_props.rs`,
//! `engine_group_skip.rs`): each reads, works a random while and writes, starting and retrying
//! at random and renewing every third of the lease.
#![allow(dead_code)]

use fencing_lab::engine::{AppConfig, Rng, Step};

/// A number in `0..=max` from `rng`.
pub fn pick(rng: &mut Rng, max: u64) -> u64 {
    rng.up_to(max)
}

/// `count` apps (A, B, C) drawn from `rng` for a lease of `ttl_ms`.
pub fn random_apps(rng: &mut Rng, count: usize, ttl_ms: u64) -> Vec<AppConfig> {
    (0..count)
        .map(|i| {
            let work = Step::Work {
                for_ms: pick(rng, 12_000),
            };
            AppConfig::new(["A", "B", "C"][i], "Service")
                .start_ms(pick(rng, 10_000))
                .retry_ms(200 + pick(rng, 1_000))
                .renew_every_ms(Some(ttl_ms / 3))
                .steps(&[Step::Read, work, Step::Write])
        })
        .collect()
}
