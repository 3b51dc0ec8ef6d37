//! What the spans record of the newer faults, for the timeline to draw: a resource restart and
//! whether its fence survived, a failover and its wait before granting (the lease it forgets
//! ends there), and the network's copy of a message, which no app's message count includes.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::*;

/// The GC-pause story with enforcement on and the resource restarting at 45 s, between B's
/// write (fence 102) and A's late one (token 101).
fn restarted(fence_durable: bool) -> Run {
    let s = Scenario::gc_pause_story(true)
        .with_durability(fence_durable, true)
        .with_fault(Fault::restart_resource(45_000));
    run(&s).expect("a valid scenario")
}

#[test]
fn a_restart_that_keeps_the_fence_is_recorded_as_kept() {
    let r = restarted(true);
    let kept = RestartMark {
        at_ms: 45_000,
        highest_before: 102,
        highest: 102,
    };
    assert_eq!(r.spans.restarts, vec![kept]);
    assert!(!kept.lost_fence());
    assert_eq!(r.resource_at(50_000).fence, 102);
    assert!(r.verdict.is_safe(), "A's late write is still rejected");
}

#[test]
fn a_restart_that_forgets_the_fence_drops_it_to_nothing_until_a_token_raises_it() {
    let r = restarted(false);
    let lost = r.spans.restarts[0];
    assert_eq!((lost.highest_before, lost.highest), (102, 0));
    assert!(lost.lost_fence());
    assert_eq!(r.resource_at(44_999).fence, 102);
    assert_eq!(
        r.resource_at(50_000).fence,
        0,
        "the panel shows it forgotten"
    );
    let fences: Vec<(u64, u64)> = r
        .spans
        .resource
        .iter()
        .map(|p| (p.at_ms, p.highest_token))
        .filter(|&(at_ms, _)| at_ms >= 45_000)
        .collect();
    assert_eq!(fences.first(), Some(&(45_000, 0)), "{fences:?}");
    assert!(
        fences.iter().any(|&(_, token)| token == 101),
        "A's token raises it again: {fences:?}"
    );
    assert!(!r.verdict.is_safe(), "A's late write is accepted");
}

#[test]
fn a_failover_forgets_the_lease_and_records_its_wait() {
    let s = Scenario::gc_pause_story(true).with_fault(Fault::failover(10_000));
    let r = run(&s).expect("a valid scenario");
    let f = r.spans.failovers[0];
    assert_eq!(f.at_ms, 10_000);
    assert_eq!(
        f.until_ms,
        10_000 + s.ttl_ms,
        "no grants for one lease length"
    );
    assert_eq!(f.next_token, Some(102), "the counter is durable");
    let first = r.spans.leases[0];
    assert_eq!((first.token, first.until_ms), (101, 10_000));
    assert_eq!(first.end, LeaseEnd::Forgotten);
    assert_eq!(r.holder_at(15_000), None, "the new leader knows no lease");
    assert!(r.spans.leases[1..].iter().all(|l| l.from_ms >= f.until_ms));
}

#[test]
fn a_failover_of_a_permanent_lock_keeps_it_and_waits_for_nothing() {
    let s = Scenario::gc_pause_story(true)
        .with_mode(Mode::PermanentLock)
        .with_fault(Fault::failover(10_000));
    let r = run(&s).expect("a valid scenario");
    let f = r.spans.failovers[0];
    assert_eq!((f.at_ms, f.until_ms), (10_000, 10_000));
    assert_ne!(r.spans.leases[0].end, LeaseEnd::Forgotten);
}

#[test]
fn the_networks_copy_is_marked_as_one_and_counted_as_no_apps_message() {
    let s = Scenario::gc_pause_story(true).with_fault(Fault::duplicate(
        APP_A,
        MsgKind::Acquire,
        1,
        1_000,
    ));
    let r = run(&s).expect("a valid scenario");
    let original = r.nth_message(0, MsgKind::Acquire, 1).expect("A asks");
    let copies: Vec<&MessageSpan> = r
        .spans
        .messages
        .iter()
        .filter(|m| m.copy_of.is_some())
        .collect();
    assert_eq!(copies.len(), 1);
    assert_eq!(copies[0].copy_of, Some(original.id));
    assert_eq!(copies[0].kind, MsgKind::Acquire);
    assert_eq!(
        r.nth_message(0, MsgKind::Acquire, 2),
        None,
        "A asked once; the copy is the network's"
    );
    let next = r.next_message_of(0, original.sent_ms).expect("A talks");
    assert_eq!(next.span.id, original.id);
    let later = r
        .next_message_of(0, original.sent_ms + 1)
        .expect("A talks on");
    assert!(later.span.copy_of.is_none());
    assert_eq!(r.nth_message(0, later.kind, later.nth), Some(later.span));
}
