//! Where leases' renewals are ticked: at each place of the drawing (a tenth of a px, as it
//! writes an x) where a lease was renewed in the window, once. A lease renewed every second
//! for a day has tens of thousands of renewals on a few thousand places, so the trace is swept
//! with jumps: once every lease asked about has its tick at a place, the sweep goes straight to
//! the first event at the next place (the trace is in time order, and x grows with time).

use super::geometry::Geometry;
use crate::engine::{Event, EventKind, Run};

/// A lease as its renewals name it: `(app, token)`.
pub type Key = (usize, u64);

/// For each of `keys`, when its ticks are drawn in `g`'s window: the first renewal of that key
/// at each place, in time order.
pub fn ticks(run: &Run, g: &Geometry, keys: &[Key]) -> Vec<Vec<u64>> {
    let trace = &run.trace;
    let mut out = vec![Vec::new(); keys.len()];
    // Each key's last place ticked (two leases may share a key: each is ticked alike).
    let mut last: Vec<Option<i64>> = vec![None; keys.len()];
    let mut p = trace.partition_point(|e| e.at_ms < g.from_ms);
    while let Some(e) = trace
        .get(p)
        .filter(|e| e.at_ms <= g.to_ms && !keys.is_empty())
    {
        p += 1;
        let EventKind::LeaseRenewed { app, token, .. } = e.kind else {
            continue;
        };
        let here = place(g, e.at_ms);
        let mut ticked = false;
        for ((key, last), out) in keys.iter().zip(&mut last).zip(&mut out) {
            if *key == (app, token) && *last != Some(here) {
                *last = Some(here);
                out.push(e.at_ms);
                ticked = true;
            }
        }
        if ticked && last.iter().all(|&l| l == Some(here)) {
            p = first_after(trace, p, g, here);
        }
    }
    out
}

/// Where `at_ms` is drawn: its x in tenths of a px, rounded as `f` writes it.
fn place(g: &Geometry, at_ms: u64) -> i64 {
    (g.x(at_ms) * 10.0).round() as i64
}

/// The first event from `p` on drawn at a place after `here`: galloping from `p` (the next
/// place is a few hundred events on, so this reads a few spots near `p` where a binary search
/// of the rest of the trace would read a few spots far apart).
fn first_after(trace: &[Event], p: usize, g: &Geometry, here: i64) -> usize {
    let before = |e: &Event| place(g, e.at_ms) <= here;
    let (mut lo, mut step) = (p, 1);
    while lo + step < trace.len() && before(&trace[lo + step]) {
        lo += step;
        step *= 2;
    }
    let hi = (lo + step).min(trace.len());
    lo + trace[lo..hi].partition_point(before)
}
