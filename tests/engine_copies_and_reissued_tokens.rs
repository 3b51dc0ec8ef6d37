//! Three runs an independent reviewer built through the engine's public API (issue 30), each of
//! which the engine once judged wrongly: a token reissued after a failover hid a lost update, a
//! copy of a reservation changed the stock, and the rejected reply to a copy of a write ended a
//! lease that was still valid. Each test failed before its fix.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::by_id;
use fencing_lab::engine::explore::{Bounds, Explorer, KindTag};
use fencing_lab::engine::*;

/// The reissued-token story on a file: the coordination service fails over without its token
/// counter while A is paused, B is granted A's token again and writes a new version, and A
/// wakes and writes with that same token, computed from the version before B's.
fn reissued_token_on_a_file() -> Scenario {
    by_id("reissued-token")
        .expect("catalog story")
        .scenario()
        .with_resource(ResourceKind::Storage)
}

#[test]
fn a_write_under_a_reissued_token_that_overwrites_the_other_owners_version_is_a_lost_update() {
    let s = reissued_token_on_a_file();
    let run = run(&s).expect("valid scenario");
    let tokens: Vec<u64> = run
        .trace
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::LeaseGranted { token, .. } => Some(token),
            _ => None,
        })
        .collect();
    assert!(
        tokens.len() >= 2 && tokens[0] == tokens[1],
        "the story reissues A's token to B: {tokens:?}"
    );
    let lost = run
        .verdict
        .violations
        .iter()
        .find(|v| matches!(v.kind, ViolationKind::LostUpdate { .. }));
    let Some(lost) = lost else {
        panic!(
            "two owners under one token: the verdict must report A's write over B's version: {:?}",
            run.verdict
        );
    };
    let ViolationKind::LostUpdate {
        app,
        overwritten_token,
        token,
        ..
    } = lost.kind
    else {
        unreachable!()
    };
    assert_eq!((app, token, overwritten_token), (0, tokens[0], tokens[0]));
    assert!(!run.verdict.is_safe());
}

#[test]
fn the_explorer_finds_the_lost_update_under_a_reissued_token() {
    let s = reissued_token_on_a_file();
    let bounds = Bounds {
        keep_scenario_faults: true,
        ..Bounds::for_scenario(&s)
    };
    let mut explorer = Explorer::new(&s, bounds).expect("default bounds are valid");
    explorer.explore_all();
    let report = explorer
        .summary()
        .kind(KindTag::LostUpdate)
        .expect("the explorer finds the lost update");
    assert!(
        report.minimal.faults.is_empty(),
        "the story's own pause and failover suffice"
    );
}

#[test]
fn the_same_owner_writing_twice_under_its_token_loses_nothing() {
    // One grant, two writes both computed from version 0 (the app never reads again): the
    // second replaces its own first, not another owner's version.
    let a = AppConfig::new("A", "Report writer").steps(&[Step::Read, Step::Write, Step::Write]);
    let s = Scenario::default()
        .with_resource(ResourceKind::Storage)
        .with_apps(vec![a]);
    let verdict = run(&s).expect("valid scenario").verdict;
    assert!(verdict.violations.is_empty(), "{:?}", verdict.violations);
    assert_eq!(verdict.writes_accepted, 2);
}

/// Two items in stock, enforcement on, everything durable: A reads and reserves both; the
/// network delivers a copy of A's first reservation 5 s later; B then reads and reserves.
fn copied_reservation() -> Scenario {
    let a = AppConfig::new("A", "Warehouse service").steps(&[Step::Read, Step::Write, Step::Write]);
    let b = AppConfig::new("B", "Warehouse service")
        .start_ms(10_000)
        .steps(&[Step::Read, Step::Write]);
    Scenario::default()
        .with_resource(ResourceKind::Inventory { stock: 2 })
        .with_apps(vec![a, b])
        .with_enforcement(true)
        .with_durability(true, true)
        .with_fault(Fault::duplicate(0, MsgKind::Write, 1, 5_000))
}

#[test]
fn a_copy_of_a_reservation_leaves_the_stock_as_it_was() {
    let run = run(&copied_reservation()).expect("valid scenario");
    assert!(
        run.trace
            .iter()
            .any(|e| matches!(e.kind, EventKind::MessageCopied { .. })),
        "the network copies A's first reservation"
    );
    let ResourceState::Inventory {
        stock,
        reservations,
        ..
    } = &run.verdict.final_state
    else {
        panic!("an inventory")
    };
    assert_eq!(
        reservations.len(),
        2,
        "A's two reservations: neither the copy nor B makes a third"
    );
    assert_eq!(
        *stock, 0,
        "both items are reserved: the copy must not put one back"
    );
    assert!(
        run.verdict.violations.is_empty(),
        "B finds nothing left to reserve: {:?}",
        run.verdict.violations
    );
}

/// Exact-version enforcement on a file: A writes version 1; a copy of that write arrives 3 s
/// later and is rejected (it was computed from version 0); A works on, then writes again.
fn rejected_copy() -> Scenario {
    let a = AppConfig::new("A", "Report writer").steps(&[
        Step::Read,
        Step::Write,
        Step::Work { for_ms: 6_000 },
        Step::Write,
    ]);
    Scenario::default()
        .with_resource(ResourceKind::Storage)
        .with_apps(vec![a])
        .with_enforcement(true)
        .with_enforce(Enforce::ExactVersion)
        .with_fault(Fault::duplicate(0, MsgKind::Write, 1, 3_000))
}

#[test]
fn the_rejected_reply_to_a_copy_does_not_end_a_valid_lease() {
    let run = run(&rejected_copy()).expect("valid scenario");
    let rejected = run
        .trace
        .iter()
        .filter(|e| matches!(e.kind, EventKind::WriteRejected { .. }))
        .count();
    assert_eq!(rejected, 1, "the resource rejects the copy");
    let ended_by_rejection = run.trace.iter().any(|e| {
        matches!(
            e.kind,
            EventKind::BeliefEnded {
                why: BeliefEnd::WriteRejected,
                ..
            }
        )
    });
    assert!(
        !ended_by_rejection,
        "A's lease is valid: a reply to a copy says nothing of it"
    );
    assert_eq!(run.verdict.writes_accepted, 2, "A carries out its plan");
}
