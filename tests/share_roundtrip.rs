//! Shareable links: encode → decode gives back exactly the state, with no notices, for
//! random valid states (random entry, knobs within range that the engine runs together, a
//! member-network delay up to its cap, faults on the entry's apps).
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::{
    catalog, Entry, Knobs, LATENCY_RANGE, PAUSE_RANGE, RECORDINGS, STOCK_RANGE, SYSTEMS, TTL_RANGE,
};
use fencing_lab::engine::{Fault, Mode, MsgKind, APP_A, APP_B, MAX_MEMBER_JITTER_MS};
use fencing_lab::share::{
    decode, encode, fault_codec::KIND_NAMES, LinkState, View, MAX_FAULTS, MAX_LENGTH_MS, MAX_NTH,
    MAX_RESUMES,
};
use proptest::prelude::*;

fn knobs() -> impl Strategy<Value = Knobs> {
    (
        any::<[bool; 10]>(),
        TTL_RANGE.min..=TTL_RANGE.max,
        PAUSE_RANGE.min..=PAUSE_RANGE.max,
        LATENCY_RANGE.min..=LATENCY_RANGE.max,
        STOCK_RANGE.min..=STOCK_RANGE.max,
        proptest::option::of(proptest::sample::select(SYSTEMS.to_vec())),
        proptest::sample::select(vec![1u64, 3, 5]),
        upto(MAX_MEMBER_JITTER_MS),
    )
        .prop_map(
            |(b, ttl_ms, pause_ms, latency_ms, stock, system, members, member_jitter_ms)| Knobs {
                enforcement: b[0],
                mode: if b[1] {
                    Mode::Lease
                } else {
                    Mode::PermanentLock
                },
                renewals: b[2],
                check_before_write: b[3],
                careful_client: b[4],
                by_version: b[5],
                fence_durable: b[6],
                counter_durable: b[7],
                ttl_ms,
                pause_ms,
                latency_ms,
                stock,
                // A lock without expiry runs on one box.
                members: if b[1] { members } else { 1 },
                epochs: b[8],
                pre_vote: b[9],
                member_jitter_ms,
                system,
            },
        )
}

/// `knobs` as the lab would leave them for `entry`: a story whose own faults are a member's
/// keeps a replicated service, and so a lease.
fn for_entry(mut knobs: Knobs, entry: &Entry) -> Knobs {
    let on_members = entry
        .scenario()
        .faults
        .iter()
        .any(|f| matches!(f, Fault::CutMember { .. } | Fault::CrashMember { .. }));
    if on_members && knobs.members == 1 {
        knobs.members = 3;
        knobs.mode = Mode::Lease;
    }
    knobs
}

/// Either a random value in `0..=max` or one of its edges.
fn upto(max: u64) -> impl Strategy<Value = u64> {
    prop_oneof![3 => 0..=max, 1 => Just(0), 1 => Just(max)]
}

fn fault(apps: usize, horizon_ms: u64) -> impl Strategy<Value = Fault> {
    let app = 0..apps;
    let nth = 1..=MAX_NTH;
    let len = upto(MAX_LENGTH_MS);
    let at = upto(horizon_ms);
    (
        0..6u8,
        app,
        at,
        len,
        nth,
        0..KIND_NAMES.len(),
        any::<bool>(),
    )
        .prop_map(
            move |(which, app, at_ms, len, nth, kind, negative)| match which {
                0 => Fault::pause(app, at_ms, len),
                1 => Fault::pause_after_check(app, nth, len),
                2 => Fault::crash(app, at_ms),
                3 => Fault::delay(app, KIND_NAMES[kind].1, nth, len),
                4 => Fault::partition(app, at_ms, at_ms + len),
                _ => Fault::clock_jump(
                    app,
                    at_ms,
                    if negative { -(len as i64) } else { len as i64 },
                ),
            },
        )
}

fn state() -> impl Strategy<Value = LinkState> {
    (0..catalog().len())
        .prop_flat_map(|i| {
            let entry = &catalog()[i];
            let scenario = entry.scenario();
            let apps = scenario.apps.len();
            let horizon = scenario.horizon_ms;
            (
                knobs(),
                proptest::collection::vec(fault(apps, horizon), 0..=MAX_FAULTS),
                proptest::collection::vec((0..apps, upto(horizon)), 0..=MAX_RESUMES),
                upto(horizon),
                any::<bool>(),
                (
                    0..3usize,
                    any::<bool>(),
                    proptest::option::of(0..RECORDINGS.len()),
                ),
                proptest::option::of((0..horizon / 2, 1_000..horizon / 2)),
            )
                .prop_map(
                    move |(
                        knobs,
                        faults,
                        resumes,
                        playhead_ms,
                        compare,
                        (view, questions, recording),
                        zoom,
                    )| LinkState {
                        entry_id: entry.id.to_string(),
                        knobs: for_entry(knobs, entry),
                        faults,
                        resumes,
                        playhead_ms,
                        compare,
                        view: [View::Lab, View::Presentation, View::Story][view],
                        zoom: zoom.map(|(from_ms, span_ms)| (from_ms, from_ms + span_ms)),
                        questions,
                        recording: recording.map(|i| RECORDINGS[i].id),
                        written: None,
                    },
                )
        })
        // Some knobs in range still cannot run together (a TTL no longer than a system's drift
        // allowance); a link cannot carry those unchanged.
        .prop_filter("the engine runs it", |s| s.scenario().validate().is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    #[test]
    fn encode_then_decode_is_the_identity(s in state()) {
        prop_assert!(s.is_valid(), "generator made an invalid state: {s:?}");
        let pairs = encode(&s);
        let back = decode(&pairs);
        prop_assert!(back.notices.is_empty(), "{:?}\n{pairs:?}", back.notices);
        prop_assert_eq!(&back.state, &s);
        prop_assert_eq!(encode(&back.state), pairs, "encoding is deterministic");
    }
}

#[test]
fn defaults_encode_to_just_the_scenario() {
    for entry in catalog() {
        let mut s = LinkState::default_for(entry.id);
        s.view = View::Story;
        let pairs = encode(&s);
        assert_eq!(pairs, vec![("scenario".to_string(), entry.id.to_string())]);
        assert_eq!(decode(&pairs).state, s);
    }
}

#[test]
fn a_typical_link_reads_as_documented() {
    let mut s = LinkState::default_for("gc-pause");
    s.knobs.enforcement = !s.knobs.enforcement;
    s.knobs.ttl_ms = 20_000;
    s.faults = vec![
        Fault::pause(APP_A, 20_000, 40_000),
        Fault::crash(APP_B, 5_000),
        Fault::delay(APP_A, MsgKind::Write, 1, 40_000),
        Fault::partition(APP_A, 1_000, 9_000),
        Fault::pause_after_check(APP_B, 2, 30_000),
        Fault::clock_jump(APP_A, 10_000, -5_000),
    ];
    s.resumes = vec![(APP_A, 30_000)];
    s.playhead_ms = 45_000;
    s.compare = true;
    s.view = View::Presentation;
    let text: Vec<String> = encode(&s).iter().map(|(k, v)| format!("{k}={v}")).collect();
    let enforcement = if s.knobs.enforcement { "on" } else { "off" };
    assert_eq!(
        text,
        [
            "scenario=gc-pause".to_string(),
            format!("enforcement={enforcement}"),
            "ttl_ms=20000".into(),
            "f=p.A.20000.40000".into(),
            "f=c.B.5000".into(),
            "f=d.A.write.1.40000".into(),
            "f=n.A.1000.9000".into(),
            "f=k.B.2.30000".into(),
            "f=j.A.10000.-5000".into(),
            "r=A.30000".into(),
            "t=45000".into(),
            "compare=on".into(),
            "view=presentation".into(),
        ]
    );
    let back = decode(&encode(&s));
    assert!(back.notices.is_empty(), "{:?}", back.notices);
    assert_eq!(back.state, s);
}
