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
        let here = Some(place(g, e.at_ms));
        let mut ticked = false;
        for ((key, last), out) in keys.iter().zip(&mut last).zip(&mut out) {
            if *key == (app, token) && *last != here {
                *last = here;
                out.push(e.at_ms);
                ticked = true;
            }
        }
        if ticked && last.iter().all(|&l| l == here) {
            let next_ms = next_place_ms(g, e.at_ms);
            p = first_from(trace, p, next_ms);
        }
    }
    out
}

/// Where `at_ms` is drawn: its x in tenths of a px, rounded as `f` writes it.
fn place(g: &Geometry, at_ms: u64) -> i64 {
    (g.x(at_ms) * 10.0).round() as i64
}

/// The first ms after `at_ms` drawn at a later place (past the window's end when none is).
fn next_place_ms(g: &Geometry, at_ms: u64) -> u64 {
    let here = place(g, at_ms);
    // place(lo) is here; hi is past the window or at a later place.
    let (mut lo, mut hi) = (at_ms, g.to_ms.saturating_add(1).max(at_ms + 1));
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if place(g, mid) > here {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

/// The first event from `p` on at `ms` or later: galloping from `p` (the next place is a few
/// hundred events on, so this reads a few spots near `p` where a binary search of the rest of
/// the trace would read a few spots far apart).
fn first_from(trace: &[Event], p: usize, ms: u64) -> usize {
    let (mut lo, mut step) = (p, 1);
    while lo + step < trace.len() && trace[lo + step].at_ms < ms {
        lo += step;
        step *= 2;
    }
    let hi = (lo + step).min(trace.len());
    lo + trace[lo..hi].partition_point(|e| e.at_ms < ms)
}
