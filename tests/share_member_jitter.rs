//! A link carries a group's member-network delay (`member_jitter_ms`): read back as written,
//! left out when it is the story's own (none), and a value that is not a whole number of ms
//! up to `MAX_MEMBER_JITTER_MS` is dropped with a notice while the rest of the link is kept.
#![cfg(not(target_arch = "wasm32"))]

mod share_support;

use fencing_lab::engine::MAX_MEMBER_JITTER_MS;
use fencing_lab::share::{decode, encode, LinkState};
use share_support::{link, messages};

#[test]
fn a_link_carries_the_member_network_delay_to_the_run() {
    let d = link(&[
        ("scenario", "leader-change"),
        ("member_jitter_ms", "250"),
        ("t", "4000"),
    ]);
    assert_eq!(messages(&d), Vec::<String>::new());
    assert_eq!(d.state.knobs.member_jitter_ms, 250);
    assert_eq!(d.state.scenario().member_jitter_ms, 250);
    let pairs = encode(&d.state);
    assert!(
        pairs.contains(&("member_jitter_ms".into(), "250".into())),
        "{pairs:?}"
    );
    assert_eq!(decode(&pairs).state, d.state);
    let plain = encode(&LinkState::default_for("leader-change"));
    assert!(
        plain.iter().all(|(k, _)| k != "member_jitter_ms"),
        "{plain:?}"
    );
}

#[test]
fn a_bad_or_over_the_cap_member_network_delay_is_dropped_with_a_notice_and_the_rest_kept() {
    let over = (MAX_MEMBER_JITTER_MS + 1).to_string();
    for bad in [over.as_str(), "-5", "soon", "99999999999999999999999", ""] {
        let d = link(&[
            ("scenario", "leader-change"),
            ("member_jitter_ms", bad),
            ("ttl_ms", "20000"),
            ("t", "4000"),
        ]);
        assert_eq!(
            messages(&d),
            [format!(
                "Ignored member network delay '{bad}': not a whole number of ms up to \
                 {MAX_MEMBER_JITTER_MS}"
            )]
        );
        assert_eq!(d.notices[0].field, "member_jitter_ms");
        assert_eq!(d.state.knobs.member_jitter_ms, 0, "the story's own");
        assert_eq!((d.state.knobs.ttl_ms, d.state.playhead_ms), (20_000, 4_000));
        assert!(d.state.is_valid());
    }
    let at_cap = MAX_MEMBER_JITTER_MS.to_string();
    let d = link(&[("scenario", "leader-change"), ("member_jitter_ms", &at_cap)]);
    assert_eq!(d.state.knobs.member_jitter_ms, MAX_MEMBER_JITTER_MS);
    assert!(d.notices.is_empty());
}
