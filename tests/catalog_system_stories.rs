//! The stories that open on a real system's defaults, run with their fix off and on: they
//! keep the system's numbers (changed only where the story says), and each shows what its
//! title promises (Curator's short session, two Kubernetes leaders, DynamoDB's unordered
//! version check, Consul's lock-delay).
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::{by_id, Knobs, System};
use fencing_lab::engine::{run, Enforce, EventKind, RefuseReason, Run, Tokens};

/// (app, token, second) of each grant, accepted write and rejected write.
type Moments = Vec<(usize, u64, u64)>;

fn moments(run: &Run) -> (Moments, Moments, Moments) {
    let (mut grants, mut accepted, mut rejected) = (vec![], vec![], vec![]);
    for e in &run.trace {
        let s = e.at_ms / 1_000;
        match e.kind {
            EventKind::LeaseGranted { app, token, .. } => grants.push((app, token, s)),
            EventKind::WriteAccepted { app, token, .. } => accepted.push((app, token, s)),
            EventKind::WriteRejected { app, token, .. } => rejected.push((app, token, s)),
            _ => {}
        }
    }
    (grants, accepted, rejected)
}

fn play_with(id: &str, change: impl Fn(&mut Knobs)) -> Run {
    let entry = by_id(id).expect("entry exists");
    let mut knobs = Knobs::defaults_for(entry);
    change(&mut knobs);
    let run = run(&entry.scenario_with(&knobs)).unwrap_or_else(|e| panic!("{id}: {e}"));
    assert!(!run.verdict.truncated, "{id} ran to its horizon");
    run
}

#[test]
fn system_stories_open_on_their_systems_numbers_and_change_only_what_they_say() {
    let stories = [
        ("curator-session", System::ZooKeeper, 3_000),
        ("kubernetes-two-leaders", System::Kubernetes, 15_000),
        ("dynamodb-version-check", System::DynamoDb, 20_000),
        ("consul-lock-delay", System::Consul, 15_000),
    ];
    for (id, system, ttl_ms) in stories {
        let entry = by_id(id).expect("entry exists");
        assert_eq!(entry.system, Some(system), "{id}");
        let knobs = Knobs::defaults_for(entry);
        assert_eq!(entry.scenario_with(&knobs), entry.scenario(), "{id}");
        let s = entry.scenario();
        let p = system.preset();
        assert_eq!(s.ttl_ms, ttl_ms, "{id}");
        assert_eq!(
            (s.lock_delay_ms, s.client, s.tokens),
            (p.lock_delay_ms, p.client, p.tokens)
        );
        let mut on_system = Knobs::defaults_for(entry).with_system(system);
        on_system.ttl_ms = ttl_ms;
        on_system.enforcement = knobs.enforcement;
        assert_eq!(on_system, knobs, "{id}: only the lease is the story's own");
    }
}

#[test]
fn curators_ten_second_pause_outlives_a_three_second_session_and_only_the_token_saves_it() {
    let run = play_with("curator-session", |_| {});
    let pause = &run.spans.pauses[0];
    assert_eq!((pause.from_ms, pause.until_ms), (2_000, 12_000));
    let (grants, accepted, _) = moments(&run);
    assert_eq!(grants, vec![(0, 101, 0), (1, 102, 5)]);
    assert_eq!(accepted, vec![(1, 102, 6), (0, 101, 12)]);
    assert!(!run.verdict.is_safe(), "the invoice is paid twice");
    let run = play_with("curator-session", |k| k.enforcement = true);
    assert_eq!(moments(&run).2, vec![(0, 101, 12)]);
    assert!(run.verdict.is_safe());
}

#[test]
fn kubernetes_has_no_token_so_two_leaders_write_until_the_file_checks_its_version() {
    let entry = by_id("kubernetes-two-leaders").unwrap();
    let knobs = Knobs::defaults_for(entry);
    assert!(
        knobs.enforcement && !knobs.enforcing(),
        "switched on, nothing to check"
    );
    let run = play_with("kubernetes-two-leaders", |_| {});
    let (grants, accepted, _) = moments(&run);
    assert_eq!(grants, vec![(0, 101, 0), (1, 102, 20)]);
    assert_eq!(
        accepted,
        vec![(1, 102, 22), (0, 101, 30)],
        "both leaders wrote"
    );
    assert!(!run.verdict.is_safe());
    let run = play_with("kubernetes-two-leaders", |k| k.by_version = true);
    assert_eq!(moments(&run).2, vec![(0, 101, 30)]);
    assert_eq!(run.verdict.stale_writes_rejected, 1);
    assert!(run.verdict.is_safe());
}

#[test]
fn dynamodbs_unordered_version_still_fences_by_comparing_what_the_writer_read() {
    let entry = by_id("dynamodb-version-check").unwrap();
    let s = entry.scenario();
    assert_eq!(
        (s.tokens, s.enforce),
        (Tokens::Unordered, Enforce::ExactVersion)
    );
    assert!(s.enforcement);
    let run = play_with("dynamodb-version-check", |_| {});
    let (grants, accepted, rejected) = moments(&run);
    assert_eq!(grants, vec![(0, 101, 0), (1, 102, 26)]);
    assert_eq!(
        (accepted, rejected),
        (vec![(1, 102, 27)], vec![(0, 101, 36)])
    );
    assert!(run.verdict.is_safe());
    let run = play_with("dynamodb-version-check", |k| k.by_version = false);
    assert_eq!(moments(&run).1, vec![(1, 102, 27), (0, 101, 36)]);
    assert!(!run.verdict.is_safe(), "the last item is promised twice");
}

/// When B is first refused for the lock delay, and when that delay ends.
fn held_off(run: &Run) -> Option<(u64, u64)> {
    run.trace.iter().find_map(|e| match e.kind {
        EventKind::AcquireRefused {
            app: 1,
            reason: RefuseReason::LockDelay { until_ms },
        } => Some((e.at_ms, until_ms)),
        _ => None,
    })
}

#[test]
fn consuls_lock_delay_holds_b_off_covers_a_short_pause_but_not_a_long_one() {
    let run = play_with("consul-lock-delay", |_| {});
    let expired = run
        .trace
        .iter()
        .find(|e| matches!(e.kind, EventKind::LeaseExpired { app: 0, .. }))
        .map(|e| e.at_ms)
        .unwrap();
    assert_eq!(held_off(&run), Some((23_050, expired + 15_000)));
    let (grants, accepted, _) = moments(&run);
    assert_eq!(
        grants,
        vec![(0, 101, 0), (1, 102, 38)],
        "B waits out the delay"
    );
    assert_eq!(accepted, vec![(1, 102, 40), (0, 101, 45)]);
    assert!(
        !run.verdict.is_safe(),
        "a 35 s pause outlasts session and delay"
    );
    let run = play_with("consul-lock-delay", |k| k.enforcement = true);
    assert_eq!(moments(&run).2, vec![(0, 101, 45)]);
    assert!(run.verdict.is_safe());
    let run = play_with("consul-lock-delay", |k| k.pause_ms = 20_000);
    let (grants, accepted, _) = moments(&run);
    assert_eq!(
        accepted[0],
        (0, 101, 30),
        "A writes late, inside the lock delay"
    );
    assert_eq!(grants[1], (1, 102, 38));
    assert!(run.verdict.is_safe(), "the lock delay covered a 20 s pause");
    let entry = by_id("consul-lock-delay").unwrap();
    let s = entry.scenario_with(&Knobs {
        pause_ms: 20_000,
        ..Knobs::defaults_for(entry)
    });
    let told = entry.tell(&s, &run);
    assert!(told
        .shown
        .iter()
        .any(|t| t.title == "Covered by the lock-delay"));
}
