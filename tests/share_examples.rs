//! Shareable links, example by example: each kind of bad input gives an exact notice and
//! falls back for exactly the field that was bad, keeping the rest.
#![cfg(not(target_arch = "wasm32"))]

mod share_support;

use fencing_lab::catalog::{by_id, Knobs};
use fencing_lab::engine::{Fault, Mode, APP_A, APP_C};
use fencing_lab::share::{decode, decode_capped, LinkState, View, MAX_NOTICES};
use fencing_lab::words::link::notice;
use share_support::{link, messages};

/// The default story as a link with nothing else opens it: in the story view.
fn gc() -> LinkState {
    LinkState {
        view: View::Story,
        ..LinkState::default_for("gc-pause")
    }
}

#[test]
fn an_empty_link_is_the_default_scenario_without_notices() {
    let d = link(&[]);
    assert_eq!(d.state, gc());
    assert!(d.notices.is_empty());
}

#[test]
fn unknown_scenario_falls_back_and_keeps_the_rest() {
    let d = link(&[("scenario", "xyz"), ("t", "5000"), ("compare", "on")]);
    assert_eq!(
        messages(&d),
        ["Ignored unknown scenario 'xyz'; showing 'A pause longer than the lease'"]
    );
    assert_eq!(d.notices[0].field, "scenario");
    assert_eq!(d.state.entry_id, "gc-pause");
    assert_eq!(d.state.playhead_ms, 5_000);
    assert!(d.state.compare);
}

#[test]
fn out_of_range_numbers_are_clamped_with_their_field_named() {
    let d = link(&[
        ("scenario", "last-item"),
        ("ttl_ms", "900000"),
        ("latency_ms", "99999999999999999999999"),
        ("pause_ms", "-5"),
        ("stock", "50"),
    ]);
    assert_eq!(
        messages(&d),
        [
            "TTL 15 min is out of range; using 2 min",
            "Latency 99999999999999999999999 ms is out of range; using 5 s",
            "Pause -5 ms is out of range; using 0 s",
            "Stock 50 is out of range; using 10",
        ]
    );
    let fields: Vec<&str> = d.notices.iter().map(|n| n.field.as_str()).collect();
    assert_eq!(fields, ["ttl_ms", "latency_ms", "pause_ms", "stock"]);
    let k = d.state.knobs;
    assert_eq!(
        (k.ttl_ms, k.latency_ms, k.pause_ms, k.stock),
        (120_000, 5_000, 0, 10)
    );
    let defaults = Knobs::defaults_for(by_id("last-item").unwrap());
    assert_eq!(
        k.enforcement, defaults.enforcement,
        "untouched knobs keep defaults"
    );
}

#[test]
fn garbage_values_keep_the_default_of_just_that_field() {
    let d = link(&[
        ("ttl_ms", "abc"),
        ("enforcement", "maybe"),
        ("mode", "lock"),
        ("t", "soon"),
        ("view", "huge"),
        ("compare", "яблоко"),
        ("f", "p.A"),
        ("f", "q.A.1"),
        ("f", "p.Z.1.2"),
        ("r", "A.later"),
    ]);
    let defaults = gc();
    let enforcement = if defaults.knobs.enforcement {
        "on"
    } else {
        "off"
    };
    assert_eq!(
        messages(&d),
        [
            "TTL 'abc' is not a number; using 30 s".to_string(),
            format!("Enforcement 'maybe' is not on or off; using {enforcement}"),
            "Playhead 'soon' is not a time; using 0 s".into(),
            "View 'huge' is not lab or presentation; using lab".into(),
            "Compare 'яблоко' is not on or off; using off".into(),
            "Ignored fault 'p.A': not understood".into(),
            "Ignored fault 'q.A.1': unknown kind of fault 'q'".into(),
            "Ignored fault 'p.Z.1.2': no app 'Z' in this scenario".into(),
            "Ignored resume 'A.later': 'later' is not a number".into(),
        ]
    );
    assert_eq!(
        d.state.knobs.mode,
        Mode::PermanentLock,
        "the good knob is kept"
    );
    assert_eq!(d.state.knobs.ttl_ms, defaults.knobs.ttl_ms);
    assert!(d.state.faults.is_empty() && d.state.resumes.is_empty());
    assert_eq!(d.state.view, View::Lab);
}

#[test]
fn faults_past_the_horizon_or_too_long_are_ignored() {
    let d = link(&[
        ("f", "p.A.500000.1000"),
        ("f", "p.A.1000.900000"),
        ("f", "n.A.9000.1000"),
        ("f", "d.A.ping.1.1000"),
        ("f", "d.A.write.0.1000"),
        ("f", "j.A.1000.-5000"),
        ("t", "500000"),
    ]);
    assert_eq!(
        messages(&d),
        [
            "Ignored fault 'p.A.500000.1000': 8 min 20 s is after the end (2 min)",
            "Ignored fault 'p.A.1000.900000': 15 min is longer than 10 min",
            "Ignored fault 'n.A.9000.1000': ends before it starts",
            "Ignored fault 'd.A.ping.1.1000': unknown message kind 'ping'",
            "Ignored fault 'd.A.write.0.1000': messages are counted from 1 to 1000",
            "Playhead 8 min 20 s is past the end; using 2 min",
        ]
    );
    assert_eq!(
        d.state.faults,
        vec![Fault::clock_jump(APP_A, 1_000, -5_000)]
    );
    assert_eq!(d.state.playhead_ms, 120_000);
}

#[test]
fn too_many_faults_keep_the_first_twenty() {
    let values: Vec<String> = (0..23).map(|i| format!("c.A.{}", i * 1_000)).collect();
    let pairs: Vec<(&str, &str)> = values.iter().map(|v| ("f", v.as_str())).collect();
    let d = link(&pairs);
    assert_eq!(messages(&d), ["Ignored 3 faults beyond the limit of 20"]);
    assert_eq!(d.state.faults.len(), 20);
    assert_eq!(d.state.faults[19], Fault::crash(APP_A, 19_000));
}

#[test]
fn unknown_and_repeated_keys_are_reported() {
    let d = link(&[
        ("foo", "1"),
        ("ttl_ms", "20000"),
        ("ttl_ms", "40000"),
        ("", ""),
    ]);
    assert_eq!(
        messages(&d),
        [
            "Ignored unknown parameter 'foo'",
            "Ignored repeated parameter 'ttl_ms'",
            "Ignored unknown parameter ''",
        ]
    );
    assert_eq!(d.state.knobs.ttl_ms, 20_000, "the first one wins");
}

#[test]
fn very_long_values_are_not_read() {
    let huge = "9".repeat(1_000_000);
    let d = link(&[("t", &huge), ("scenario", &huge), (&huge, "x")]);
    assert_eq!(
        messages(&d),
        [
            "Ignored unknown scenario '999999999999999999999999…'; showing 'A pause longer than the lease'",
            "Ignored 't': its value is longer than 200 characters",
            "Ignored unknown parameter '999999999999999999999999…'",
        ]
    );
    assert_eq!(d.state, gc());
    assert!(d.notices.iter().all(|n| n.field.chars().count() <= 25));
}

#[test]
fn ten_thousand_pairs_are_cut_off_and_notices_stay_few() {
    let pairs: Vec<(String, String)> = (0..10_000)
        .map(|i| (format!("k{i}"), "v".to_string()))
        .collect();
    let d = decode(&pairs);
    assert_eq!(d.notices.len(), MAX_NOTICES + 2);
    assert_eq!(
        notice(&d.notices[MAX_NOTICES]),
        format!("…and {} more problems in the link", 200 - MAX_NOTICES)
    );
    assert_eq!(
        notice(&d.notices[MAX_NOTICES + 1]),
        "Ignored 9800 parameters beyond the first 200"
    );
    assert_eq!(d.state, gc());
}

#[test]
fn the_scenario_is_read_wherever_it_stands() {
    let d = link(&[("f", "c.C.1000"), ("scenario", "leases-and-tokens")]);
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(d.state.faults, vec![Fault::crash(APP_C, 1_000)]);
}

#[test]
fn apps_of_another_scenario_are_refused() {
    let d = link(&[("scenario", "gc-pause"), ("f", "c.C.1000"), ("r", "C.1000")]);
    assert_eq!(
        messages(&d),
        [
            "Ignored fault 'c.C.1000': no app 'C' in this scenario",
            "Ignored resume 'C.1000': no app 'C' in this scenario",
        ]
    );
}

#[test]
fn on_off_accepts_common_spellings() {
    for (text, on) in [("on", true), ("1", true), ("true", true), ("yes", true)]
        .into_iter()
        .chain([
            ("off", false),
            ("0", false),
            ("false", false),
            ("no", false),
        ])
    {
        let d = link(&[("compare", text)]);
        assert!(d.notices.is_empty());
        assert_eq!(d.state.compare, on, "{text}");
    }
}

#[test]
fn a_capped_read_still_counts_what_it_left_behind() {
    let pairs: Vec<(String, String)> = vec![("t".into(), "1000".into())];
    let d = decode_capped(&pairs, 10_000);
    assert_eq!(
        messages(&d),
        ["Ignored 9800 parameters beyond the first 200"]
    );
    assert_eq!(d.state.playhead_ms, 1_000);
    assert_eq!(
        decode_capped(&pairs, 0),
        decode(&pairs),
        "a short total is ignored"
    );
}

#[test]
fn a_zoomed_timeline_travels_in_the_link() {
    let d = link(&[("zoom", "10000-25000")]);
    assert!(d.notices.is_empty(), "{:?}", messages(&d));
    assert_eq!(d.state.zoom, Some((10_000, 25_000)));
    let pairs = fencing_lab::share::encode(&d.state);
    assert!(pairs.contains(&("zoom".to_string(), "10000-25000".to_string())));
    assert!(
        !fencing_lab::share::encode(&gc())
            .iter()
            .any(|(k, _)| k == "zoom"),
        "a fitted timeline adds nothing to the link"
    );
}

#[test]
fn a_zoom_that_is_not_a_window_of_the_run_is_ignored_with_a_notice() {
    for bad in [
        "abc",
        "5000",
        "9000-1000",
        "1000-1500",
        "0-99999999",
        "-5-10",
        "1000-",
        "99999999999999999999999-1",
    ] {
        let d = link(&[("zoom", bad)]);
        assert_eq!(d.state.zoom, None, "{bad}");
        let said = messages(&d);
        assert!(
            said.len() == 1
                && said[0].starts_with("Ignored zoom")
                && said[0].ends_with("the timeline fits the story"),
            "{bad}: {said:?}"
        );
    }
}

#[test]
fn questions_are_on_unless_the_link_says_off_and_a_bad_value_keeps_them_on() {
    assert!(link(&[("scenario", "gc-pause")]).state.questions);
    let off = link(&[("scenario", "gc-pause"), ("questions", "off")]);
    assert!(!off.state.questions && off.notices.is_empty());
    assert!(fencing_lab::share::encode(&off.state).contains(&("questions".into(), "off".into())));
    let bad = link(&[("scenario", "gc-pause"), ("questions", "maybe")]);
    assert!(bad.state.questions);
    assert_eq!(
        messages(&bad),
        ["Questions 'maybe' is not on or off; using on"]
    );
}

#[test]
fn a_shipped_recording_travels_in_the_link_and_an_unknown_one_shows_the_simulation() {
    let d = link(&[
        ("scenario", "gc-pause"),
        ("rec", "gc-pause-on"),
        ("t", "4000"),
    ]);
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(d.state.recording, Some("gc-pause-on"));
    assert_eq!(d.state.playhead_ms, 4_000);
    let pairs = fencing_lab::share::encode(&d.state);
    assert!(pairs.contains(&("rec".to_string(), "gc-pause-on".to_string())));
    let d = link(&[("rec", "last-item")]);
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(
        (d.state.entry_id.as_str(), d.state.recording),
        ("last-item", Some("last-item")),
        "a link naming only the recording opens its story"
    );
    let d = link(&[("rec", "my-own-file.trace.json"), ("compare", "on")]);
    assert_eq!(d.state.recording, None);
    assert!(d.state.compare, "the rest is kept");
    assert_eq!(
        messages(&d),
        ["Ignored unknown recorded run 'my-own-file.trace.json'; showing the simulation"]
    );
}

#[test]
fn a_link_carries_a_replicated_service_and_faults_on_its_members_in_either_order() {
    let d = link(&[
        ("f", "m.leader.25000.3000"),
        ("members", "5"),
        ("f", "x.2.30000.4000"),
    ]);
    assert_eq!(messages(&d), Vec::<String>::new());
    assert_eq!(d.state.knobs.members, 5);
    assert_eq!(
        d.state.faults,
        [
            Fault::crash_member(None, 25_000, 3_000),
            Fault::cut_member(Some(1), 30_000, 4_000)
        ]
    );
    let again = decode(&fencing_lab::share::encode(&d.state));
    assert_eq!(again.state, d.state);
    let scenario = again.state.knobs.apply(&again.state.entry().scenario());
    assert_eq!(scenario.members, 5);
}

#[test]
fn member_faults_without_a_group_or_on_a_missing_member_are_ignored_with_a_reason() {
    let one_box = link(&[("f", "m.leader.25000.3000")]);
    assert_eq!(
        messages(&one_box),
        [
            "Ignored fault 'm.leader.25000.3000': the coordination service is one box here: it \
          has no members to fail"
        ]
    );
    let d = link(&[("members", "4"), ("f", "x.4.1000.1000")]);
    assert_eq!(d.state.knobs.members, 3, "an even size is taken down");
    assert_eq!(
        messages(&d),
        [
            "Members 4 is out of range; using 3".to_string(),
            "Ignored fault 'x.4.1000.1000': no member '4': the coordination service has \
             members 1 to 3, or 'leader'"
                .to_string()
        ]
    );
}
