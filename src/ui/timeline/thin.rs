//! Caps on what the timeline draws, so a very long run (hours of renewals and refused
//! acquires) stays one light SVG instead of hundreds of thousands of elements. Each list of
//! marks is thinned evenly over time to at most its cap; the timeline says how many it left
//! out. Runs from the catalog stay far below every cap, so they are always drawn in full.

/// Most marks drawn from one list (leases, beliefs, refusals, accesses, state labels ...).
pub const MAX_MARKS: usize = 400;

/// Most routine messages drawn (acquire, renew, their replies, reads): they carry no story
/// of their own, so they are the first to go.
pub const MAX_ROUTINE_MESSAGES: usize = 600;

use super::aggregate::{RefusalRuns, Refusals};
use crate::engine::{MessageSpan, MsgKind, Node, Run};

/// Whether item `i` of `len` is drawn when at most `cap` may be: all of them when they fit,
/// else `cap` items spread evenly from the first one on: of 10 items under a cap of 4,
/// items 0, 3, 5 and 8.
#[cfg(test)]
pub fn keep(i: usize, len: usize, cap: usize) -> bool {
    debug_assert!(i < len, "item {i} of {len}");
    if len <= cap {
        return true;
    }
    // Item i opens a new bucket of len / cap items.
    i == 0 || (i * cap) / len != ((i - 1) * cap) / len
}

/// How many of `len` items [`kept`] leaves out.
pub fn left_out(len: usize, cap: usize) -> usize {
    len.saturating_sub(cap)
}

/// Messages that tell the story (grants, writes, lost ones, the network's copies): capped at
/// [`MAX_MARKS`] and drawn above the routine ones.
pub fn tells_the_story(m: &MessageSpan) -> bool {
    m.lost
        || m.copy_of.is_some()
        || matches!(m.kind, MsgKind::Grant | MsgKind::Write | MsgKind::Lost)
}

/// When and by whom the coordination service refused an acquire (the tests' account of what
/// [`messages`] groups from the replies).
#[cfg(test)]
pub fn refusals(run: &Run) -> Vec<(u64, usize)> {
    run.trace
        .iter()
        .filter_map(|e| match e.kind {
            crate::engine::EventKind::AcquireRefused { app, .. } => Some((e.at_ms, app)),
            _ => None,
        })
        .collect()
}

/// The messages, read once (a long run has millions): the story's, where each routine one is
/// (see [`messages`]), and the runs of refused asks.
pub struct Messages<'a> {
    pub story: Vec<&'a MessageSpan>,
    /// Indices of the routine messages (none unless they are shown).
    pub quiet: Vec<u32>,
    pub refusals: Vec<Refusals>,
}

/// Reads `run`'s messages once, noting the routine ones only if `routine`. A refused ask is
/// answered at once by a `Refused` message to the asker, and nothing else sends one, so those
/// messages (the network's copies aside) are the tests' `refusals`, grouped as their
/// `refusal_runs` groups them: a long trace is not read for them.
pub fn messages(run: &Run, routine: bool) -> Messages<'_> {
    let (mut story, mut quiet, mut runs) = (Vec::new(), Vec::new(), RefusalRuns::default());
    for (i, m) in run.spans.messages.iter().enumerate() {
        if let (MsgKind::Refused, Node::App(app), None) = (m.kind, m.to, m.copy_of) {
            runs.add(m.sent_ms, app);
        }
        if tells_the_story(m) {
            story.push(m);
        } else if routine {
            quiet.push(i as u32);
        }
    }
    Messages {
        story,
        quiet,
        refusals: runs.runs,
    }
}

/// A time in ms and a value at that time.
pub type At = (u64, u64);

/// Where the resource's value changed and where its highest token changed (rose, or fell when
/// a restart forgot it), from its sampled points: `(states, fences)` as `(at_ms, value)` and
/// `(at_ms, token)`, a token of 0 meaning the resource knows none.
pub fn resource_changes(run: &Run) -> (Vec<At>, Vec<At>) {
    let points = &run.spans.resource;
    let (mut states, mut fences) = (Vec::new(), Vec::new());
    for (i, p) in points.iter().enumerate() {
        let prev = i.checked_sub(1).map(|j| points[j]);
        if prev.is_none_or(|q| q.value != p.value) {
            states.push((p.at_ms, p.value));
        }
        if prev.map_or(0, |q| q.highest_token) != p.highest_token {
            fences.push((p.at_ms, p.highest_token));
        }
    }
    (states, fences)
}

/// The fence changes of [`resource_changes`] that raised it: each to a token above the last.
pub fn fence_rises(fences: &[At]) -> Vec<At> {
    let mut last = 0;
    let mut out = Vec::new();
    for &(at_ms, token) in fences {
        if token > last {
            out.push((at_ms, token));
        }
        last = token;
    }
    out
}

/// Thins every list the timeline draws and counts what it leaves out, so the drawing and the
/// note under it can never disagree.
#[derive(Debug, Default)]
pub struct Thinner {
    /// Marks left out so far.
    pub left_out: usize,
}

/// Indices of the items of a list of `len` drawn under `cap`: all of them when they fit, else
/// `cap` items spread evenly from the first one on, the first of each of `cap` buckets of
/// `len / cap` items (of 10 under a cap of 4: 0, 3, 5 and 8). Computed, not searched for, so
/// thinning a list costs what is drawn, not the list's length; one iterator type for every
/// list, where a generic one would be compiled once per kind of item.
pub fn kept(len: usize, cap: usize) -> impl Iterator<Item = usize> {
    let n = len.min(cap);
    // Bucket b's first item: the least i with i * n / len >= b (in u64: a wasm usize is 32 bits).
    (0..n).map(move |b| (b as u64 * len as u64).div_ceil(n as u64) as usize)
}

impl Thinner {
    /// Indices of the items of a list of `len` drawn under `cap` (see [`kept`]); the rest are
    /// counted as left out.
    pub fn kept(&mut self, len: usize, cap: usize) -> impl Iterator<Item = usize> {
        self.left_out += left_out(len, cap);
        kept(len, cap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_items_under_a_cap_of_four() {
        assert!((0..10).all(|i| keep(i, 10, 10)));
        let kept: Vec<usize> = (0..10).filter(|&i| keep(i, 10, 4)).collect();
        assert_eq!(kept, vec![0, 3, 5, 8]);
    }

    #[test]
    fn the_computed_items_are_exactly_those_keep_picks() {
        let lists = (0..200).flat_map(|len| (1..40).map(move |cap| (len, cap)));
        let long = [(1_728_000, 600), (86_399, 400), (10_000_019, 400)];
        for (len, cap) in lists.chain(long) {
            let picked: Vec<usize> = (0..len).filter(|&i| keep(i, len, cap)).collect();
            let computed: Vec<usize> = kept(len, cap).collect();
            assert_eq!(computed, picked, "{len} items under a cap of {cap}");
        }
    }

    #[test]
    fn the_refused_messages_are_the_refusals_in_the_trace() {
        use crate::catalog::{catalog, Knobs, SYSTEMS};
        use crate::engine::{run, Fault, Scenario};
        // A copy of a refusal the network made is not a refusal of its own.
        let copied =
            Scenario::busy(4, 120_000).with_fault(Fault::duplicate(1, MsgKind::Refused, 2, 300));
        let mut scenarios = vec![copied];
        for entry in catalog() {
            let own = Knobs::defaults_for(entry);
            for knobs in std::iter::once(own).chain(SYSTEMS.map(|s| own.with_system(s))) {
                for enforcement in [false, true] {
                    scenarios.push(entry.scenario_with(&Knobs {
                        enforcement,
                        ..knobs
                    }));
                }
            }
        }
        let copy = |m: &MessageSpan| m.kind == MsgKind::Refused && m.copy_of.is_some();
        let copies =
            run(&scenarios[0]).map(|r| r.spans.messages.iter().filter(|m| copy(m)).count());
        assert_eq!(copies, Ok(1), "the network copied one refusal");
        let mut runs = 0;
        for s in &scenarios {
            let Ok(run) = run(s) else { continue };
            let in_trace = super::super::aggregate::refusal_runs(&refusals(&run));
            assert_eq!(messages(&run, false).refusals, in_trace, "{s:?}");
            runs += in_trace.len();
        }
        assert!(runs > 100, "{runs} runs of refusals");
    }

    #[test]
    fn every_item_is_kept_when_they_fit() {
        assert_eq!(kept(3, 3).count(), 3);
        assert_eq!(left_out(3, 3), 0);
        assert_eq!(kept(0, 5).count(), 0);
    }

    #[test]
    fn long_lists_keep_exactly_the_cap_spread_over_the_whole_list() {
        let items: Vec<usize> = (0..100_000).collect();
        let kept: Vec<usize> = kept(items.len(), 400).map(|i| items[i]).collect();
        assert_eq!(kept.len(), 400);
        assert_eq!(left_out(items.len(), 400), 99_600);
        assert_eq!(kept[0], 0, "the story's start is drawn");
        assert!(
            *kept.last().unwrap() >= 99_500,
            "the run's end is drawn too"
        );
        assert!(kept.windows(2).all(|w| w[1] - w[0] == 250), "evenly spaced");
    }

    #[test]
    fn only_a_fence_above_the_last_one_is_a_rise() {
        let fences = [(1, 101), (2, 102), (3, 0), (4, 101), (5, 103)];
        assert_eq!(
            fence_rises(&fences),
            vec![(1, 101), (2, 102), (4, 101), (5, 103)]
        );
        assert_eq!(fence_rises(&[(1, 102), (2, 101)]), vec![(1, 102)]);
    }

    #[test]
    fn the_thinner_counts_what_it_leaves_out() {
        let mut thinner = Thinner::default();
        let items: Vec<u32> = (0..1_000).collect();
        assert_eq!(thinner.kept(items.len(), 400).count(), 400);
        assert_eq!(thinner.kept(items[..10].len(), 400).count(), 10);
        assert_eq!(thinner.left_out, 600);
    }
}
