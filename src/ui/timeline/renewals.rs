//! Where leases' renewals are ticked: at each place of the drawing (a tenth of a px, as it
//! writes an x) where a lease was renewed in the window, once. A lease renewed every second
//! for a day has tens of thousands of renewals on a few thousand places, so the trace is swept
//! with jumps: once every lease asked about has its tick at a place, the sweep goes straight to
//! the first event at the next place (the trace is in time order, and x grows with time).

use super::geometry::Geometry;
use crate::engine::{Event, EventKind, Run};

/// Leases as their renewals name them: `(app, token)`, each once.
pub type Keys = Vec<(usize, u64)>;

/// When ticks are drawn in `g`'s window for `keys`: `(k, at_ms)` for the first renewal of
/// `keys[k]` at each place, in time order.
pub fn ticks(run: &Run, g: &Geometry, keys: &[(usize, u64)]) -> Vec<(usize, u64)> {
    let trace = &run.trace;
    let mut out = Vec::new();
    // Each key's last place ticked (u64::MAX: none yet).
    let mut last = Vec::new();
    for _ in keys {
        last.push(u64::MAX);
    }
    let mut p = trace.partition_point(|e| e.at_ms < g.from_ms);
    while let Some(e) = trace
        .get(p)
        .filter(|e| e.at_ms <= g.to_ms && !keys.is_empty())
    {
        p += 1;
        let EventKind::LeaseRenewed { app, token, .. } = e.kind else {
            continue;
        };
        let Some(k) = keys.iter().position(|&key| key == (app, token)) else {
            continue;
        };
        let here = place(g, e.at_ms);
        if last[k] == here {
            continue;
        }
        last[k] = here;
        out.push((k, e.at_ms));
        if last.iter().all(|&l| l == here) {
            p = first_after(trace, p, g, here);
        }
    }
    out
}

/// Where `at_ms` is drawn: its x in tenths of a px, rounded as `f` writes it (never below 0
/// in the window).
fn place(g: &Geometry, at_ms: u64) -> u64 {
    (g.x(at_ms) * 10.0).round() as u64
}

/// The first event from `p` on drawn at a place after `here`: galloping from `p` (the next
/// place is a few hundred events on, so this reads a few spots near `p` where a binary search
/// of the rest of the trace would read a few spots far apart).
fn first_after(trace: &[Event], p: usize, g: &Geometry, here: u64) -> usize {
    let before = |e: &Event| place(g, e.at_ms) <= here;
    let (mut lo, mut step) = (p, 1);
    while lo + step < trace.len() && before(&trace[lo + step]) {
        lo += step;
        step *= 2;
    }
    let hi = (lo + step).min(trace.len());
    lo + trace[lo..hi].partition_point(before)
}
