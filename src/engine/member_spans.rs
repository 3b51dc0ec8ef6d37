//! A replicated coordination service's members over a run, ready to draw one row each: when
//! each led and in which term, when it was down or cut off from the others, and when it stood
//! for election or voted. Derived from the trace's member events after the run.

use super::event::{Event, EventKind};
use super::group::MemberChange;

/// What a member was doing for a while.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemberState {
    /// It led this term.
    Leads { term: u64 },
    /// It had crashed.
    Down,
    /// It was cut off from the other members (apps still reached it).
    Cut,
}

/// One stretch of one member's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemberSpan {
    /// The member, 0-based.
    pub member: usize,
    /// What it was doing.
    pub state: MemberState,
    pub from_ms: u64,
    /// When it stopped, or the end of the run.
    pub until_ms: u64,
}

/// A moment on one member's row: it stood for election, or voted (the change says which).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemberMark {
    pub member: usize,
    pub at_ms: u64,
    pub change: MemberChange,
}

/// Every member's spans (in the order they began) and marks (in time order) in `trace`;
/// what is still under way at `end_ms` ends there. A member's candidacies and votes while it is
/// cut off are left out of the marks.
pub fn member_spans(trace: &[Event], end_ms: u64) -> (Vec<MemberSpan>, Vec<MemberMark>) {
    let (mut spans, mut marks) = (Vec::new(), Vec::new());
    for e in trace {
        let EventKind::Member { member, change } = e.kind else {
            continue;
        };
        let at_ms = e.at_ms;
        let open = |state: MemberState| MemberSpan {
            member,
            state,
            from_ms: at_ms,
            until_ms: u64::MAX,
        };
        match change {
            MemberChange::Led { term } => spans.push(open(MemberState::Leads { term })),
            MemberChange::SteppedDown { .. } | MemberChange::LostMajority { .. } => {
                close(&mut spans, member, at_ms, |s| {
                    matches!(s, MemberState::Leads { .. })
                });
            }
            MemberChange::Crashed => {
                // A crashed leader leads no more.
                close(&mut spans, member, at_ms, |s| {
                    matches!(s, MemberState::Leads { .. })
                });
                spans.push(open(MemberState::Down));
            }
            MemberChange::Restarted => close(&mut spans, member, at_ms, |s| s == MemberState::Down),
            MemberChange::Cut => spans.push(open(MemberState::Cut)),
            MemberChange::Joined => close(&mut spans, member, at_ms, |s| s == MemberState::Cut),
            // A member cut off stands again and again, heard by nobody: the event log lists those.
            MemberChange::Stood { .. } | MemberChange::Voted { .. } if !cut(&spans, member) => {
                marks.push(MemberMark {
                    member,
                    at_ms,
                    change,
                })
            }
            MemberChange::Stood { .. } | MemberChange::Voted { .. } => {}
        }
    }
    for span in spans.iter_mut().filter(|s| s.until_ms == u64::MAX) {
        span.until_ms = end_ms.max(span.from_ms);
    }
    (spans, marks)
}

/// Whether `member` is cut off from the others now (its cut span is still open).
fn cut(spans: &[MemberSpan], member: usize) -> bool {
    spans
        .iter()
        .any(|s| s.member == member && s.until_ms == u64::MAX && s.state == MemberState::Cut)
}

/// Ends `member`'s open span whose state passes `which`, at `at_ms`.
fn close(spans: &mut [MemberSpan], member: usize, at_ms: u64, which: fn(MemberState) -> bool) {
    let open = spans
        .iter_mut()
        .rev()
        .find(|s| s.member == member && s.until_ms == u64::MAX && which(s.state));
    if let Some(span) = open {
        span.until_ms = at_ms;
    }
}
