//! A replicated service's members as the timeline draws them: who led which term and when,
//! who was down or cut off, and who stood and voted, all read off the run's member events.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::by_id;
use fencing_lab::engine::group::MemberChange;
use fencing_lab::engine::{member_spans, run, MemberSpan, MemberState};

fn spans_of(id: &str) -> (Vec<MemberSpan>, Vec<fencing_lab::engine::MemberMark>, u64) {
    let scenario = by_id(id).expect("the story").scenario();
    let r = run(&scenario).expect("it runs");
    let (spans, marks) = member_spans(&r.trace, r.end_ms);
    (spans, marks, r.end_ms)
}

fn leads(spans: &[MemberSpan]) -> Vec<(usize, u64)> {
    spans
        .iter()
        .filter_map(|s| match s.state {
            MemberState::Leads { term } => Some((s.member, term)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_leader_that_goes_down_stops_leading_and_another_leads_the_next_term() {
    let (spans, marks, end_ms) = spans_of("leader-change");
    let first = spans
        .iter()
        .find(|s| s.state == MemberState::Leads { term: 1 });
    let first = first.expect("the first leader leads term 1");
    let down = spans
        .iter()
        .find(|s| s.state == MemberState::Down)
        .expect("it goes down");
    assert_eq!(down.member, first.member);
    assert_eq!(first.until_ms, down.from_ms, "it leads until it goes down");
    assert_eq!(down.from_ms, 15_000, "the story's failover");
    let led = leads(&spans);
    let next = led
        .iter()
        .find(|(_, term)| *term > 1)
        .expect("a later term");
    assert_ne!(next.0, first.member, "another member leads it");
    let last = spans
        .iter()
        .rev()
        .find(|s| matches!(s.state, MemberState::Leads { .. }));
    assert_eq!(
        last.map(|s| s.until_ms),
        Some(end_ms),
        "it leads to the end"
    );
    let voted = marks
        .iter()
        .any(|m| matches!(m.change, MemberChange::Voted { term, .. } if term == next.1));
    assert!(voted, "someone votes in the new term: {marks:?}");
}

#[test]
fn a_leader_cut_off_from_the_others_is_drawn_cut_and_stops_leading() {
    let (spans, _, _) = spans_of("minority-leader");
    let cut = spans
        .iter()
        .find(|s| s.state == MemberState::Cut)
        .expect("a cut");
    assert_eq!(cut.from_ms, 19_500);
    let lead = spans
        .iter()
        .find(|s| s.member == cut.member && matches!(s.state, MemberState::Leads { .. }))
        .expect("the cut member led");
    // The story's group waits 5 s (its election timeout) before it gives up on a leader:
    // long enough to see the cut-off leader lead alone (issue 51 item 7: it was 1 s).
    assert!(
        lead.until_ms >= cut.from_ms + 4_000 && lead.until_ms <= cut.from_ms + 5_500,
        "it leads on a while alone, then stops (CheckQuorum): {lead:?}"
    );
}

/// Issue 51 item 7: while it still takes itself for the leader, the cut-off leader answers
/// A's renewal on its own, as etcd's leader does; once it stops leading it answers none.
#[test]
fn a_cut_off_leader_answers_renewals_alone_until_it_stops_leading() {
    use fencing_lab::engine::EventKind;
    let scenario = by_id("minority-leader").expect("the story").scenario();
    let r = run(&scenario).expect("it runs");
    let at = |f: &dyn Fn(&EventKind) -> bool| r.trace.iter().find(|e| f(&e.kind)).map(|e| e.at_ms);
    let cut_ms = at(&|k| {
        matches!(
            k,
            EventKind::Member {
                change: MemberChange::Cut,
                ..
            }
        )
    });
    let alone_ms = at(&|k| {
        matches!(
            k,
            EventKind::Member {
                change: MemberChange::LostMajority { .. },
                ..
            }
        )
    });
    let (cut_ms, alone_ms) = (cut_ms.expect("a cut"), alone_ms.expect("it stops leading"));
    let renewals: Vec<u64> = r
        .trace
        .iter()
        .filter(|e| matches!(e.kind, EventKind::LeaseRenewed { app: 0, .. }))
        .map(|e| e.at_ms)
        .collect();
    assert!(
        renewals.iter().any(|&ms| ms > cut_ms && ms < alone_ms),
        "A renewed while its leader was cut off: {renewals:?} ({cut_ms}..{alone_ms})"
    );
}

#[test]
fn one_box_has_no_member_rows() {
    let (spans, marks, _) = spans_of("gc-pause");
    assert!(spans.is_empty() && marks.is_empty());
}

#[test]
fn a_member_cut_off_has_no_marks_for_the_elections_nobody_hears() {
    let scenario = by_id("minority-leader").expect("the story").scenario();
    let r = run(&scenario).expect("it runs");
    let (spans, marks) = member_spans(&r.trace, r.end_ms);
    let cut = spans
        .iter()
        .find(|s| s.state == MemberState::Cut)
        .expect("a cut");
    let stood_while_cut = r.trace.iter().any(|e| {
        matches!(e.kind, fencing_lab::engine::EventKind::Member { member, change: MemberChange::Stood { .. } }
            if member == cut.member && e.at_ms > cut.from_ms && e.at_ms < cut.until_ms)
    });
    assert!(
        stood_while_cut,
        "the story's cut member stands while cut off"
    );
    let drawn = marks
        .iter()
        .filter(|m| m.member == cut.member && m.at_ms > cut.from_ms && m.at_ms < cut.until_ms);
    assert_eq!(drawn.count(), 0, "{marks:?}");
    assert!(!marks.is_empty(), "the others' elections are marked");
}
