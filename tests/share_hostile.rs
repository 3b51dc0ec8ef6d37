//! Shareable links under attack: 100 000+ random and mutated inputs to the decoder. It
//! never panics, and what it returns is always a valid state with a bounded notice list.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::{by_id, catalog, Knobs};
use fencing_lab::engine::Rng;
use fencing_lab::share::{
    check_fault, decode, encode, parse_resume, Decoded, LinkState, MAX_FAULTS, MAX_NOTICES,
    MAX_RESUMES,
};

/// Checked independently of `LinkState::is_valid`, field by field.
fn assert_valid(d: &Decoded, input: &[(String, String)]) {
    let s = &d.state;
    let entry = by_id(&s.entry_id).unwrap_or_else(|| panic!("no entry {:?}", s.entry_id));
    let scenario = entry.scenario();
    let (_, clamped) = s.knobs.clamp();
    assert!(
        clamped.is_empty(),
        "knobs out of range {clamped:?} for {input:?}"
    );
    assert!(s.faults.len() <= MAX_FAULTS && s.resumes.len() <= MAX_RESUMES);
    let limits = s.limits();
    for f in &s.faults {
        assert!(
            f.app().is_none_or(|app| app < scenario.apps.len()),
            "{f:?} from {input:?}"
        );
        check_fault(f, &limits).unwrap_or_else(|e| panic!("{f:?}: {e:?} from {input:?}"));
    }
    for (app, at) in &s.resumes {
        assert!(*app < scenario.apps.len() && *at <= scenario.horizon_ms);
        let name = scenario.app_name(*app);
        assert!(parse_resume(&format!("{name}.{at}"), &limits).is_ok());
    }
    assert!(s.playhead_ms <= scenario.horizon_ms, "{input:?}");
    assert!(s.is_valid(), "{s:?} from {input:?}");
    assert!(d.notices.len() <= MAX_NOTICES + 4, "{}", d.notices.len());
    let mut with_faults = scenario.clone();
    with_faults.faults.extend(s.faults.iter().cloned());
    let scenario = s.knobs.apply(&with_faults);
    assert_eq!(
        scenario.validate(),
        Ok(()),
        "the engine accepts it: {input:?}"
    );
}

const KEYS: &[&str] = &[
    "scenario",
    "enforcement",
    "mode",
    "renewals",
    "check_before_write",
    "ttl_ms",
    "pause_ms",
    "latency_ms",
    "stock",
    "members",
    "member_jitter_ms",
    "f",
    "r",
    "t",
    "compare",
    "view",
    "foo",
    "",
];
const PIECES: &[&str] = &[
    "p",
    "k",
    "c",
    "d",
    "n",
    "j",
    "A",
    "B",
    "C",
    "Z",
    ".",
    ".",
    ".",
    "write",
    "grant",
    "on",
    "off",
    "lock",
    "lease",
    "presentation",
    "gc-pause",
    "last-item",
    "leader-change",
    "minority-leader",
    "3",
    "5",
    "0",
    "1",
    "-",
    "-1",
    "120000",
    "120001",
    "600000",
    "18446744073709551615",
    "18446744073709551616",
    "99999",
    "é",
    "日本",
    "🦀",
    "\u{0}",
    "\u{202e}",
    " ",
    "%20",
    "&",
    "=",
    "+",
    "١٢٣",
];

fn pick<'a>(rng: &mut Rng, items: &[&'a str]) -> &'a str {
    items[rng.up_to(items.len() as u64 - 1) as usize]
}

/// A random string: glued pieces, or random code points (any plane).
fn text(rng: &mut Rng) -> String {
    let n = rng.up_to(8);
    if rng.up_to(3) == 0 {
        (0..n)
            .filter_map(|_| char::from_u32(rng.up_to(0x10_FFFF) as u32))
            .collect()
    } else {
        (0..n).map(|_| pick(rng, PIECES)).collect()
    }
}

fn random_pairs(rng: &mut Rng) -> Vec<(String, String)> {
    let n = match rng.up_to(20) {
        0 => 250 + rng.up_to(300),
        _ => rng.up_to(12),
    };
    (0..n)
        .map(|_| {
            let key = if rng.up_to(4) == 0 {
                text(rng)
            } else {
                pick(rng, KEYS).into()
            };
            (key, text(rng))
        })
        .collect()
}

/// A valid link, then a few random edits.
fn mutated(rng: &mut Rng) -> Vec<(String, String)> {
    let entry = &catalog()[rng.up_to(catalog().len() as u64 - 1) as usize];
    let mut state = LinkState::default_for(entry.id);
    let apps = entry.scenario().apps.len();
    state.knobs = Knobs {
        ttl_ms: 1_000 * (1 + rng.up_to(119)),
        ..state.knobs
    };
    state.knobs.enforcement = rng.up_to(1) == 0;
    for _ in 0..rng.up_to(25) {
        let app = rng.up_to(apps as u64 - 1) as usize;
        let at = rng.up_to(120_000);
        state.faults.push(match rng.up_to(2) {
            0 => fencing_lab::engine::Fault::pause(app, at, rng.up_to(60_000)),
            1 => fencing_lab::engine::Fault::crash(app, at),
            _ => fencing_lab::engine::Fault::partition(app, at, at + rng.up_to(60_000)),
        });
        if rng.up_to(3) == 0 {
            state.resumes.push((app, at));
        }
    }
    state.faults.truncate(MAX_FAULTS);
    state.playhead_ms = rng.up_to(120_000);
    let mut pairs = encode(&state);
    for _ in 0..1 + rng.up_to(4) {
        let len = pairs.len() as u64;
        let i = rng.up_to(len.saturating_sub(1)) as usize;
        match rng.up_to(7) {
            0 if !pairs.is_empty() => {
                pairs.remove(i);
            }
            1 if !pairs.is_empty() => pairs.push(pairs[i].clone()),
            2 if !pairs.is_empty() => pairs[i].1.push_str(&text(rng)),
            3 if !pairs.is_empty() => {
                let cut = pairs[i]
                    .1
                    .char_indices()
                    .map(|(b, _)| b)
                    .nth(rng.up_to(6) as usize);
                pairs[i].1.truncate(cut.unwrap_or(0));
            }
            4 if !pairs.is_empty() => pairs[i].0 = pick(rng, KEYS).into(),
            5 if !pairs.is_empty() => pairs[i].1 = pairs[i].1.replace('.', pick(rng, PIECES)),
            _ => pairs.insert(i.min(pairs.len()), (pick(rng, KEYS).into(), text(rng))),
        }
    }
    pairs
}

#[test]
fn a_hundred_thousand_hostile_links_decode_to_valid_states() {
    let mut rng = Rng::new(0x5eed_1ab5);
    let (mut faults_kept, mut clean) = (0usize, 0usize);
    for case in 0..100_000u32 {
        let pairs = if case % 2 == 0 {
            random_pairs(&mut rng)
        } else {
            mutated(&mut rng)
        };
        let decoded = decode(&pairs);
        assert_valid(&decoded, &pairs);
        faults_kept += decoded.state.faults.len();
        clean += usize::from(decoded.notices.is_empty());
    }
    // The inputs are close enough to real links that much of them survives.
    assert!(
        faults_kept > 100_000 && clean > 1_000,
        "{faults_kept} {clean}"
    );
}

#[test]
fn huge_inputs_are_cheap() {
    let big = "1".repeat(100_000);
    let pairs: Vec<(String, String)> = (0..10_000)
        .map(|i| {
            let key = if i % 2 == 0 { "f" } else { "ttl_ms" };
            let value = if i < 300 { big.clone() } else { "x".into() };
            (key.to_string(), value)
        })
        .collect();
    let d = decode(&pairs);
    assert_valid(&d, &[]);
    assert!(d.notices.len() <= MAX_NOTICES + 4);
}
