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
use crate::engine::{EventKind, MessageSpan, MsgKind, Run};

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
/// [`from_trace`] groups).
#[cfg(test)]
pub fn refusals(run: &Run) -> Vec<(u64, usize)> {
    run.trace
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::AcquireRefused { app, .. } => Some((e.at_ms, app)),
            _ => None,
        })
        .collect()
}

/// When the coordination service renewed a lease: `(at_ms, app, token)`.
pub type Renewal = (u64, usize, u64);

/// What the timeline draws from the trace itself, read in one pass (a long run's trace is most
/// of its memory): the runs of refused asks (the tests' `refusals`, grouped as their
/// `refusal_runs` groups them) and every renewal.
pub fn from_trace(run: &Run) -> (Vec<Refusals>, Vec<Renewal>) {
    let (mut runs, mut renewed) = (RefusalRuns::default(), Vec::new());
    for e in &run.trace {
        match e.kind {
            EventKind::AcquireRefused { app, .. } => runs.add(e.at_ms, app),
            EventKind::LeaseRenewed { app, token, .. } => renewed.push((e.at_ms, app, token)),
            _ => {}
        }
    }
    (runs.runs, renewed)
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
    let n = len.min(cap) as u64;
    // Bucket b's first item: the least i with i * n / len >= b (in u64: a wasm usize is 32 bits).
    (0..n).map(move |b| (b * len as u64).div_ceil(n) as usize)
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
