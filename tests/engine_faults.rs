//! The faults real systems have beyond pauses and crashes: a message delivered twice or
//! overtaken, a resource that restarts, a coordination service that fails over; and the
//! two ways a resource can enforce (highest token seen, exact version).
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::*;

fn ok(s: &Scenario) -> Run {
    run(s).expect("valid scenario")
}

fn count(run: &Run, pick: impl Fn(&EventKind) -> bool) -> usize {
    run.trace.iter().filter(|e| pick(&e.kind)).count()
}

/// A writes a file at about 0.2 s and B at about 35 s; A's write is copied by the
/// network and the copy arrives `after_ms` later.
fn copied_write(after_ms: u64, enforcement: bool, enforce: Enforce) -> Scenario {
    let a = AppConfig::new("A", "Writer")
        .steps(&[Step::Read, Step::Write])
        .renew_every_ms(None);
    let b = AppConfig::new("B", "Writer")
        .start_ms(35_000)
        .steps(&[Step::Read, Step::Write]);
    Scenario::default()
        .with_apps(vec![a, b])
        .with_resource(ResourceKind::Storage)
        .with_enforcement(enforcement)
        .with_enforce(enforce)
        .with_fault(Fault::duplicate(APP_A, MsgKind::Write, 1, after_ms))
}

#[test]
fn a_copy_of_an_old_write_that_lands_after_a_newer_owner_overwrites_it_unless_fenced() {
    let off = ok(&copied_write(40_000, false, Enforce::HighestToken));
    let copies = |k: &EventKind| matches!(k, EventKind::MessageCopied { .. });
    assert_eq!(count(&off, copies), 1);
    let a_accepted = |k: &EventKind| matches!(k, EventKind::WriteAccepted { app: 0, .. });
    assert_eq!(count(&off, a_accepted), 2, "the original and the copy");
    assert!(!off.verdict.is_safe(), "the copy overwrites B's version");

    let tokens = ok(&copied_write(40_000, true, Enforce::HighestToken));
    let rejected = |k: &EventKind| matches!(k, EventKind::WriteRejected { app: 0, .. });
    assert_eq!(count(&tokens, rejected), 1);
    assert!(tokens.verdict.is_safe());
    let versions = ok(&copied_write(40_000, true, Enforce::ExactVersion));
    assert_eq!(count(&versions, rejected), 1);
    assert!(versions.verdict.is_safe());
}

#[test]
fn a_copy_that_lands_while_its_sender_still_owns_the_lease_passes_the_token_but_not_the_version() {
    let tokens = ok(&copied_write(2_000, true, Enforce::HighestToken));
    let a_accepted = |k: &EventKind| matches!(k, EventKind::WriteAccepted { app: 0, .. });
    assert_eq!(count(&tokens, a_accepted), 2, "an equal token passes");
    let versions = ok(&copied_write(2_000, true, Enforce::ExactVersion));
    assert_eq!(count(&versions, a_accepted), 1);
    let changed = |k: &EventKind| {
        matches!(
            k,
            EventKind::WriteRejected {
                app: 0,
                why: Rejection::VersionChanged { read: 0, now: 1 },
                ..
            }
        )
    };
    assert_eq!(count(&versions, changed), 1);
}

#[test]
fn a_repeated_reservation_or_payment_is_not_counted_twice() {
    let a = AppConfig::new("A", "Shop").steps(&[Step::Read, Step::Write]);
    let shop = |resource| {
        Scenario::default()
            .with_apps(vec![a.clone()])
            .with_resource(resource)
            .with_fault(Fault::duplicate(APP_A, MsgKind::Write, 1, 1_000))
    };
    let stock = ok(&shop(ResourceKind::Inventory { stock: 1 }));
    let ResourceState::Inventory { reservations, .. } = &stock.verdict.final_state else {
        panic!("inventory")
    };
    assert_eq!(reservations.len(), 1);
    assert!(stock.verdict.is_safe());
    let bills = ok(&shop(ResourceKind::Payments { invoices: vec![7] }));
    assert!(bills.verdict.is_safe(), "{:?}", bills.verdict.violations);
}

/// A's first renewal is held for 20 s; its later renewals go out every 10 s.
fn held_renewal(fault: Fault) -> Vec<u32> {
    let a = AppConfig::new("A", "Writer")
        .steps(&[Step::Read, Step::Work { for_ms: 50_000 }, Step::Write])
        .renew_every_ms(Some(10_000));
    let s = Scenario::default().with_apps(vec![a]).with_fault(fault);
    let r = ok(&s);
    let delivered = r.trace.iter().filter_map(|e| match e.kind {
        EventKind::MessageDelivered { msg } if matches!(msg.body, Body::Renew { .. }) => {
            Some(msg.id)
        }
        _ => None,
    });
    delivered.collect()
}

#[test]
fn a_reordered_message_is_overtaken_while_a_delayed_one_holds_back_the_rest() {
    let delayed = held_renewal(Fault::delay(APP_A, MsgKind::Renew, 1, 20_000));
    let reordered = held_renewal(Fault::reorder(APP_A, MsgKind::Renew, 1, 20_000));
    let mut sorted = delayed.clone();
    sorted.sort_unstable();
    assert_eq!(delayed, sorted, "a delay keeps the channel in order");
    assert_ne!(
        reordered[0],
        *reordered.iter().min().unwrap(),
        "{reordered:?}"
    );
}

/// The document's story with enforcement on, and the resource restarting at 50 s,
/// after B's write and before A's.
fn restarted(fence_durable: bool, enforce: Enforce) -> Run {
    let s = Scenario::gc_pause_story(true)
        .with_fault(Fault::restart_resource(50_000))
        .with_durability(fence_durable, true)
        .with_enforce(enforce);
    ok(&s)
}

#[test]
fn a_resource_that_forgets_its_fence_on_restart_accepts_the_stale_write() {
    let durable = restarted(true, Enforce::HighestToken);
    assert!(durable.verdict.is_safe());
    assert_eq!(durable.verdict.stale_writes_rejected, 1);
    let forgot = restarted(false, Enforce::HighestToken);
    let lost = |k: &EventKind| {
        matches!(
            k,
            EventKind::ResourceRestarted {
                highest_before: 102,
                highest: 0
            }
        )
    };
    assert_eq!(count(&forgot, lost), 1);
    assert!(!forgot.verdict.is_safe(), "A's 101 passes a fence of 0");
    let versions = restarted(false, Enforce::ExactVersion);
    assert!(versions.verdict.is_safe(), "the data itself is the version");
}

/// The document's story with enforcement on and a failover at 25 s, while A is paused.
fn failed_over(counter_durable: bool) -> Run {
    let s = Scenario::gc_pause_story(true)
        .with_fault(Fault::failover(25_000))
        .with_durability(true, counter_durable);
    ok(&s)
}

fn grants(run: &Run) -> Vec<(usize, u64)> {
    let granted = run.trace.iter().filter_map(|e| match e.kind {
        EventKind::LeaseGranted { app, token, .. } => Some((app, token)),
        _ => None,
    });
    granted.collect()
}

#[test]
fn a_failover_that_forgets_the_token_counter_reissues_a_token_and_the_fence_cannot_tell() {
    let durable = failed_over(true);
    assert_eq!(grants(&durable), vec![(0, 101), (1, 102)]);
    assert!(durable.verdict.is_safe());
    let forgot = failed_over(false);
    assert_eq!(grants(&forgot), vec![(0, 101), (1, 101)]);
    assert!(!forgot.verdict.is_safe(), "A's 101 equals B's 101");
    let waited = |k: &EventKind| {
        matches!(
            k,
            EventKind::FailedOver {
                until_ms: 55_000,
                ..
            }
        )
    };
    assert_eq!(count(&forgot, waited), 1, "no grant for one lease length");
}

#[test]
fn a_writer_that_saves_a_file_twice_names_the_version_its_first_write_made() {
    let a = AppConfig::new("A", "Writer").steps(&[Step::Read, Step::Write, Step::Write]);
    let s = Scenario::default()
        .with_apps(vec![a])
        .with_resource(ResourceKind::Storage)
        .with_enforce(Enforce::ExactVersion);
    let run = ok(&s);
    let rejected = count(&run, |k| matches!(k, EventKind::WriteRejected { .. }));
    assert_eq!(rejected, 0, "a lone healthy writer is never turned away");
    let ResourceState::Storage { versions } = run.resource_at(run.end_ms).state else {
        panic!("a file store");
    };
    let based_on: Vec<u64> = versions.iter().map(|v| v.based_on).collect();
    assert_eq!(based_on, [0, 1], "the second save builds on the first");
}
