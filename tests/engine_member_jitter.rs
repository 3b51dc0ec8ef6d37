//! A group's member network may be late (`Scenario::member_jitter_ms`): each message between
//! members arrives up to that much later, drawn from the seed, so the same scenario gives the
//! same run and the group still hands out growing tokens; a bound over
//! `MAX_MEMBER_JITTER_MS` is refused with the field named.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::group::MemberChange;
use fencing_lab::engine::*;

/// The reissued-token story on a group of three: A pauses at 20 s for 40 s; the leader
/// fails over at 25 s.
fn reissued(member_jitter_ms: u64) -> Scenario {
    let entry = fencing_lab::catalog::by_id("reissued-token").expect("the story");
    (entry.build)()
        .with_members(3, 1_000)
        .with_member_jitter_ms(member_jitter_ms)
}

fn granted(run: &Run) -> Vec<(u64, usize, u64)> {
    let grants = run.trace.iter().filter_map(|e| match e.kind {
        EventKind::LeaseGranted { app, token, .. } => Some((e.at_ms, app, token)),
        _ => None,
    });
    grants.collect()
}

fn elected(run: &Run) -> Vec<u64> {
    let led = run.trace.iter().filter_map(|e| match e.kind {
        EventKind::Member {
            change: MemberChange::Led { .. },
            ..
        } => Some(e.at_ms),
        _ => None,
    });
    led.collect()
}

#[test]
fn a_late_member_network_makes_the_group_slower_but_never_reissues_a_token() {
    let on_time = run(&reissued(0)).unwrap();
    for jitter_ms in [100, 400, MAX_MEMBER_JITTER_MS] {
        let late = run(&reissued(jitter_ms)).unwrap();
        let (first, late_first) = (granted(&on_time)[0], granted(&late)[0]);
        assert!(
            late_first.0 > first.0,
            "A's grant waits for the late messages of a majority: {first:?} then {late_first:?}"
        );
        let grants = granted(&late);
        assert!(
            grants.windows(2).all(|w| w[0].2 < w[1].2),
            "tokens grow: {grants:?}"
        );
        assert_eq!(late.verdict.stale_writes_accepted, 0);
        assert_ne!(elected(&late), elected(&on_time), "{jitter_ms} ms");
        assert_eq!(late.trace, run(&reissued(jitter_ms)).unwrap().trace);
    }
}

#[test]
fn the_one_box_has_no_member_network_to_delay() {
    let one_box = |jitter_ms| reissued(jitter_ms).with_members(1, 1_000);
    let late = run(&one_box(MAX_MEMBER_JITTER_MS)).unwrap();
    assert_eq!(late.trace, run(&one_box(0)).unwrap().trace);
}

#[test]
fn a_member_jitter_over_the_cap_is_refused_with_the_field_named() {
    let over = reissued(MAX_MEMBER_JITTER_MS + 1);
    let err = over.validate().unwrap_err();
    assert_eq!(err.field, "member_jitter_ms");
    assert_eq!(run(&over).unwrap_err(), err);
    let said = fencing_lab::words::scenario_error(&err);
    assert!(said.contains("member_jitter_ms"), "{said}");
    assert!(
        said.contains(&format!("0..={MAX_MEMBER_JITTER_MS}")),
        "{said}"
    );
    let built = Scenario::builder()
        .app(AppConfig::new("A", "x"))
        .members(3)
        .member_jitter_ms(MAX_MEMBER_JITTER_MS + 1)
        .build();
    assert_eq!(built.unwrap_err().field, "member_jitter_ms");
    assert_eq!(reissued(MAX_MEMBER_JITTER_MS).validate(), Ok(()));
}
