//! Pins what the explorer finds on every catalog story: at its default bounds
//! (`Bounds::for_scenario`), once with enforcement as the story opens and once with it off,
//! a digest of the whole summary (counts, distinct outcomes, each kind's schedule count and
//! its minimal counterexample: faults, fault time, violation). A change that only makes the
//! explorer or the engine faster must leave every digest unchanged; a change of behaviour
//! must re-record them on purpose, saying why.
#![cfg(not(target_arch = "wasm32"))]

mod digest_support;

use digest_support::fnv;
use fencing_lab::catalog::catalog;
use fencing_lab::engine::explore::{Bounds, Explorer};
use fencing_lab::engine::Scenario;

/// Per story: its id, the digest with enforcement as the story opens, and with it off (`None`:
/// not explored, see [`OFF_LEFT_OUT`]). Recorded from the explorer before issue 52's speed work
/// (commit 925d6a7).
const EXPECTED: [(&str, u64, Option<u64>); 26] = [
    (
        "permanent-ownership",
        0xdc3b_b12d_2ebc_54c6,
        Some(0xdc3b_b12d_2ebc_54c6),
    ),
    (
        "acquire-work-renew",
        0xda02_8535_3a1e_802b,
        Some(0xda02_8535_3a1e_802b),
    ),
    (
        "gc-pause",
        0xc8a2_17d6_b325_4db3,
        Some(0xc8a2_17d6_b325_4db3),
    ),
    (
        "payment-service",
        0x0949_d9e4_bd69_a9bd,
        Some(0x0949_d9e4_bd69_a9bd),
    ),
    (
        "last-item",
        0xa026_fa5b_f5d8_f409,
        Some(0xa026_fa5b_f5d8_f409),
    ),
    (
        "tokens-101-102-103",
        0x567f_f77b_4428_e1ea,
        Some(0x567f_f77b_4428_e1ea),
    ),
    (
        "resource-enforces",
        0x3b56_233a_05df_d889,
        Some(0x63bb_0bd5_db97_6587),
    ),
    (
        "check-not-enough",
        0x835b_bd71_3ad7_d014,
        Some(0x835b_bd71_3ad7_d014),
    ),
    (
        "delayed-packet",
        0x36a1_1ca8_c845_bed7,
        Some(0x36a1_1ca8_c845_bed7),
    ),
    (
        "clock-skew",
        0xedc0_6d58_393f_b2d1,
        Some(0xedc0_6d58_393f_b2d1),
    ),
    (
        "late-answer",
        0xb984_175b_1e24_6f17,
        Some(0xb984_175b_1e24_6f17),
    ),
    (
        "copied-write",
        0x52b8_541e_60b4_9923,
        Some(0x52b8_541e_60b4_9923),
    ),
    (
        "forgotten-fence",
        0xd085_00c2_fae8_4c3f,
        Some(0xeb5b_16cb_8dfe_bee1),
    ),
    (
        "reissued-token",
        0x3bb6_daf7_4a0e_7f8e,
        Some(0x40d6_e632_0b29_7976),
    ),
    (
        "leases-and-tokens",
        0xe68b_10c4_4a10_3ea7,
        Some(0xcec4_c2f0_d370_839d),
    ),
    (
        "curator-session",
        0x9a9a_9045_ccd5_a03e,
        Some(0x9a9a_9045_ccd5_a03e),
    ),
    (
        "kubernetes-two-leaders",
        0xa09b_0256_4f5e_1e11,
        Some(0xa09b_0256_4f5e_1e11),
    ),
    (
        "dynamodb-version-check",
        0xd9ad_18c8_9fe4_e9f8,
        Some(0xaab4_3b70_2b0f_777a),
    ),
    (
        "consul-lock-delay",
        0x879b_d898_52d6_c0c1,
        Some(0x879b_d898_52d6_c0c1),
    ),
    (
        "one-box",
        0x3bb6_daf7_4a0e_7f8e,
        Some(0x40d6_e632_0b29_7976),
    ),
    ("leader-change", 0x32f6_dae4_3faf_f71b, None),
    (
        "minority-leader",
        0x8d8b_aaa8_eaf1_f263,
        Some(0x58f4_fa84_638e_4f0a),
    ),
    (
        "deposed-leader",
        0x6ebe_3fdf_27a4_133b,
        Some(0x9f2f_f5b9_7913_decc),
    ),
    (
        "no-lock",
        0xe599_4a41_98e9_6b68,
        Some(0xf734_2007_9bb4_4cc8),
    ),
    (
        "item-came-back",
        0xe958_273a_6974_24dc,
        Some(0x26a5_da03_8202_ad8b),
    ),
    (
        "which-pattern",
        0x364f_4186_5e56_b8eb,
        Some(0x8eae_1c60_7a46_303f),
    ),
];

/// Stories explored only as they open: leader-change's search with enforcement off (about 7 s
/// of the test profile's 29 s) is left out to keep this test near 20 s; the story is still
/// explored on its three members as it opens, and minority-leader and deposed-leader are
/// explored on theirs both ways.
const OFF_LEFT_OUT: [&str; 1] = ["leader-change"];

/// The digest of everything the explorer reports on `scenario` at its default bounds (or of
/// its refusal, should the bounds ever be refused).
fn explored(scenario: &Scenario) -> u64 {
    let bounds = Bounds::for_scenario(scenario);
    match Explorer::new(scenario, bounds) {
        Ok(mut explorer) => {
            let summary = explorer.explore_all();
            assert!(summary.is_complete());
            fnv(&format!("{summary:?}"))
        }
        Err(error) => fnv(&format!("{error:?}")),
    }
}

#[test]
fn every_story_explores_to_the_recorded_summary() {
    let stories = catalog();
    let mut found = Vec::new();
    for entry in stories {
        let opening = entry.scenario();
        let opened = explored(&opening);
        let off = if OFF_LEFT_OUT.contains(&entry.id) {
            None
        } else if opening.enforcement {
            Some(explored(&opening.with_enforcement(false)))
        } else {
            Some(opened)
        };
        found.push((entry.id, opened, off));
    }
    let table: String = found
        .iter()
        .map(|(id, on, off)| {
            let off = off.map_or("None".to_string(), |d| format!("Some({d:#018x})"));
            format!("    (\"{id}\", {on:#018x}, {off}),\n")
        })
        .collect();
    assert_eq!(
        found,
        EXPECTED.to_vec(),
        "the explorer's findings changed; now:\n{table}"
    );
}
