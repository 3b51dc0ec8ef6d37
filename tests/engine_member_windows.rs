//! Faults on one member of a replicated service whose windows overlap: as with an app's
//! pauses, the longer window wins. A member crashed twice is back when the later crash ends,
//! one cut off twice hears the others again when the later cut ends, and a crash of a leader
//! already down after a failover is kept to its own end.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::group::MemberChange;
use fencing_lab::engine::{member_spans, run, Fault, MemberState, Run, Scenario};

/// The documents' story on a group of five, with `faults` on its members.
fn on_five(faults: &[Fault]) -> Run {
    let scenario = faults.iter().fold(
        Scenario::gc_pause_story(true).with_members(5, 1_000),
        |s, f| s.with_fault(*f),
    );
    run(&scenario).expect("the scenario runs")
}

/// When `member` went down or came back (`Crashed`, `Restarted`), or was cut off or joined
/// again (`Cut`, `Joined`), in time order.
fn comings_and_goings(r: &Run, member: usize) -> Vec<(u64, MemberChange)> {
    let changes = r.trace.iter().filter_map(|e| match e.kind {
        fencing_lab::engine::EventKind::Member { member: m, change }
            if m == member
                && matches!(
                    change,
                    MemberChange::Crashed
                        | MemberChange::Restarted
                        | MemberChange::Cut
                        | MemberChange::Joined
                ) =>
        {
            Some((e.at_ms, change))
        }
        _ => None,
    });
    changes.collect()
}

/// `member`'s stretches in `state`, as the timeline draws them.
fn stretches(r: &Run, member: usize, state: MemberState) -> Vec<(u64, u64)> {
    let (spans, _) = member_spans(&r.trace, r.end_ms);
    let of = spans
        .iter()
        .filter(|s| s.member == member && s.state == state);
    of.map(|s| (s.from_ms, s.until_ms)).collect()
}

#[test]
fn a_member_crashed_twice_at_once_is_back_when_the_later_crash_ends() {
    // Member 3 (index 2) is down from 2 s for 6 s, and again from 3 s for 1 s.
    let r = on_five(&[
        Fault::crash_member(Some(2), 2_000, 6_000),
        Fault::crash_member(Some(2), 3_000, 1_000),
    ]);
    assert_eq!(
        comings_and_goings(&r, 2),
        [
            (2_000, MemberChange::Crashed),
            (8_000, MemberChange::Restarted)
        ]
    );
    assert_eq!(stretches(&r, 2, MemberState::Down), [(2_000, 8_000)]);
}

#[test]
fn a_member_cut_off_twice_at_once_hears_the_others_when_the_later_cut_ends() {
    // Member 5 (index 4) is cut off from 2.5 s for 6 s, and again from 3.5 s for 1 s.
    let r = on_five(&[
        Fault::cut_member(Some(4), 2_500, 6_000),
        Fault::cut_member(Some(4), 3_500, 1_000),
    ]);
    assert_eq!(
        comings_and_goings(&r, 4),
        [(2_500, MemberChange::Cut), (8_500, MemberChange::Joined)]
    );
    assert_eq!(stretches(&r, 4, MemberState::Cut), [(2_500, 8_500)]);
}

#[test]
fn a_crash_of_the_old_leader_while_it_is_down_after_a_failover_is_kept() {
    // Member 1 (index 0) leads term 1; the failover at 1 s takes it down for one election
    // timeout (1 s), and a crash at 1.1 s for 5 s keeps it down until 6.1 s.
    let r = on_five(&[
        Fault::failover(1_000),
        Fault::crash_member(Some(0), 1_100, 5_000),
    ]);
    assert_eq!(
        comings_and_goings(&r, 0),
        [
            (1_000, MemberChange::Crashed),
            (6_100, MemberChange::Restarted)
        ]
    );
    assert_eq!(stretches(&r, 0, MemberState::Down), [(1_000, 6_100)]);
}

#[test]
fn windows_one_after_the_other_each_end_on_time() {
    // No overlap: each window keeps its own end, as before.
    let r = on_five(&[
        Fault::crash_member(Some(1), 2_000, 1_000),
        Fault::crash_member(Some(1), 4_000, 1_000),
        Fault::cut_member(Some(3), 2_000, 500),
        Fault::cut_member(Some(3), 3_000, 500),
    ]);
    assert_eq!(
        stretches(&r, 1, MemberState::Down),
        [(2_000, 3_000), (4_000, 5_000)]
    );
    assert_eq!(
        comings_and_goings(&r, 3),
        [
            (2_000, MemberChange::Cut),
            (2_500, MemberChange::Joined),
            (3_000, MemberChange::Cut),
            (3_500, MemberChange::Joined)
        ]
    );
}
