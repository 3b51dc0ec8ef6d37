#![cfg(not(target_arch = "wasm32"))]
//! Soak: a simulated day of a busy coordination service (`Scenario::busy`, the benchmark's
//! "busy hour" stretched to 24 h: 10 apps, the holder renewing every second, nine others
//! retrying every second). Checks that the day runs to its end with the verdict the
//! renewals imply, that one long pause mid-day gives a stale write without enforcement and a
//! rejection with it, and that memory grows linearly with simulated time (a counting global
//! allocator; run with `--nocapture` to see the figures).
//!
//! The day runs with its full trace: under `cargo test` (profile `test`, opt-level 1) a
//! full 24 h run takes 1 to 3 s and peaks near 940 MB (about 525 MB of it the trace and
//! spans, the rest doubling slack), so no verdict-only shortcut is needed; the runs that
//! big take turns. The working-day checks need no trace and run verdict-only.

use fencing_lab::engine::{
    run, run_verdict_only, EventKind, Fault, ResourceState, Run, Scenario, Step, Verdict,
    ViolationKind,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::Mutex;
use std::time::Instant;

/// Counts the bytes allocated by the current thread (tests run on parallel threads, so
/// per-thread counters keep each measurement clean).
struct Counting;

thread_local! {
    static CURRENT: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn account(delta: isize) {
    let now = CURRENT.get() + delta;
    CURRENT.set(now);
    if now > PEAK.get() {
        PEAK.set(now);
    }
}

// SAFETY: every call forwards to `System` unchanged; the counters are const-initialised
// thread-locals without destructors, so touching them never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = System.alloc(layout);
        if !ptr.is_null() {
            account(layout.size() as isize);
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let ptr = System.alloc_zeroed(layout);
        if !ptr.is_null() {
            account(layout.size() as isize);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        account(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new = System.realloc(ptr, layout, new_size);
        if !new.is_null() {
            account(new_size as isize - layout.size() as isize);
        }
        new
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f` and returns its result with the most bytes this thread held at once while
/// it ran (its result included), above what the thread held before.
fn peak_bytes<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = CURRENT.get();
    PEAK.set(base);
    let out = f();
    (out, (PEAK.get() - base).max(0) as usize)
}

/// A day-long full run holds about 1 GB (its trace and spans): such runs take turns.
static DAY_LONG_FULL_RUN: Mutex<()> = Mutex::new(());

fn my_turn() -> std::sync::MutexGuard<'static, ()> {
    DAY_LONG_FULL_RUN
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

const SECOND: u64 = 1_000;
const HOUR: u64 = 3_600 * SECOND;
const DAY: u64 = 24 * HOUR;

fn count(run: &Run, pred: impl Fn(&EventKind) -> bool) -> usize {
    run.trace.iter().filter(|e| pred(&e.kind)).count()
}

#[test]
fn a_busy_day_renews_every_second_and_stays_safe() {
    let day = Scenario::busy(10, DAY);
    let _turn = my_turn();
    let started = Instant::now();
    let run = run(&day).expect("a valid scenario");
    let v = &run.verdict;
    eprintln!(
        "busy day, full run: {} events in {:.2?}",
        v.events_processed,
        started.elapsed()
    );
    assert!(!v.truncated);
    assert_eq!((run.end_ms, v.end_ms), (DAY, DAY));
    assert_eq!(
        v.events_processed,
        run_verdict_only(&day).unwrap().events_processed
    );
    // P0 asks at 0 and is granted at 50 ms (token 101); it keeps the lease all day.
    assert_eq!(v.grants, 1);
    assert_eq!(run.spans.leases.len(), 1);
    assert_eq!(
        (run.spans.leases[0].app, run.spans.leases[0].token),
        (0, 101)
    );
    // The grant reaches P0 at 100 ms; it renews every second from 1 100 ms, each renewal
    // landing 50 ms later: 1 150 + k * 1 000 <= 86 400 000 for k = 0..=86 398.
    let renewals = count(&run, |k| {
        matches!(k, EventKind::LeaseRenewed { app: 0, .. })
    });
    assert_eq!(renewals, 86_399);
    // P1..P9 ask at i * 100 + k * 1 000, landing 50 ms later, all day: 86 400 each, all refused.
    let refused = count(&run, |k| matches!(k, EventKind::AcquireRefused { .. }));
    assert_eq!(refused, 9 * 86_400);
    assert_eq!(
        count(&run, |k| matches!(k, EventKind::LeaseExpired { .. })),
        0
    );
    assert!(v.is_safe());
    assert!(v.split_brain.is_empty());
    assert_eq!(
        (
            v.writes_accepted,
            v.stale_writes_accepted,
            v.stale_writes_rejected
        ),
        (0, 0, 0)
    );
}

/// Start of the pause in [`working_day`]: 10 s before P0's 12 h of work end.
const PAUSE_AT: u64 = 12 * HOUR - 10 * SECOND;
/// P0's last renewal before the pause lands at `PAUSE_AT - 850 ms` (renewals land at
/// 1 150 + k * 1 000), so the lease expires 30 s later; P1's acquire lands at that very
/// millisecond (150 + k * 1 000) and gets token 102.
const EXPIRY: u64 = PAUSE_AT - 850 + 30 * SECOND;

/// The busy day with real plans on an inventory of 1 item: P0 (first to ask) reads, works
/// 12 h, reserves the item, then keeps working (and renewing) to the end; whoever takes over
/// from it reads, reserves at once and works to the end. With `pause`, P0 freezes for 60 s
/// from `PAUSE_AT`: the documents' story in the middle of a busy day.
fn working_day(enforcement: bool, pause: bool) -> Scenario {
    let mut day = Scenario::busy(10, DAY).with_enforcement(enforcement);
    day.apps[0].steps = vec![
        Step::Read,
        Step::Work { for_ms: 12 * HOUR },
        Step::Write,
        Step::Work { for_ms: DAY },
    ];
    for app in &mut day.apps[1..] {
        app.steps = vec![Step::Read, Step::Write, Step::Work { for_ms: DAY }];
    }
    if pause {
        day = day.with_fault(Fault::pause(0, PAUSE_AT, 60 * SECOND));
    }
    day
}

fn reservations(v: &Verdict) -> Vec<(usize, u64)> {
    let ResourceState::Inventory { reservations, .. } = &v.final_state else {
        panic!("an inventory")
    };
    reservations.iter().map(|r| (r.app, r.token)).collect()
}

#[test]
fn a_working_day_without_faults_reserves_the_item_once() {
    for enforcement in [false, true] {
        let v = run_verdict_only(&working_day(enforcement, false)).unwrap();
        assert!(!v.truncated && v.end_ms == DAY);
        assert_eq!((v.grants, v.writes_accepted), (1, 1));
        assert_eq!((v.stale_writes_accepted, v.stale_writes_rejected), (0, 0));
        assert!(v.is_safe() && v.split_brain.is_empty());
        assert_eq!(reservations(&v), vec![(0, 101)]);
    }
}

#[test]
fn a_long_pause_mid_day_is_a_stale_write_without_enforcement_and_a_rejection_with_it() {
    // P0's work ends during the pause; on resuming it writes with token 101 at once, landing
    // 50 ms later, after P1 (token 102, believing from EXPIRY + 50 ms) reserved the item.
    let stale_write_at = PAUSE_AT + 60 * SECOND + 50;
    let off = run_verdict_only(&working_day(false, true)).unwrap();
    assert!(!off.truncated && off.end_ms == DAY);
    assert_eq!((off.grants, off.writes_accepted), (2, 2));
    assert_eq!(
        (off.stale_writes_accepted, off.stale_writes_rejected),
        (1, 0)
    );
    assert_eq!(off.violations.len(), 1);
    assert_eq!(off.violations[0].at_ms, stale_write_at);
    assert_eq!(
        off.violations[0].kind,
        ViolationKind::Oversold {
            promised: 2,
            existed: 1
        }
    );
    assert_eq!(reservations(&off), vec![(1, 102), (0, 101)]);
    // Two believers from P1's grant reply until P0 resumes and looks at its clock.
    let window = (EXPIRY + 50, PAUSE_AT + 60 * SECOND, vec![0, 1]);
    let windows: Vec<_> = off
        .split_brain
        .iter()
        .map(|w| (w.from_ms, w.until_ms, w.apps.clone()))
        .collect();
    assert_eq!(windows, vec![window.clone()]);

    let on = run_verdict_only(&working_day(true, true)).unwrap();
    assert!(!on.truncated && on.end_ms == DAY);
    assert_eq!((on.grants, on.writes_accepted), (2, 1));
    assert_eq!((on.stale_writes_accepted, on.stale_writes_rejected), (0, 1));
    assert!(on.is_safe());
    assert_eq!(reservations(&on), vec![(1, 102)]);
    let w = &on.split_brain;
    assert_eq!(w.len(), 1);
    assert_eq!((w[0].from_ms, w[0].until_ms, w[0].apps.clone()), window);
}

/// One measured run: simulated hours, events, the most bytes a full run held at once,
/// the bytes its result holds once every vector is shrunk to its length, and the peak of a
/// verdict-only run.
struct Figures {
    hours: u64,
    events: u64,
    full_peak: usize,
    held: usize,
    verdict_peak: usize,
}

/// Shrinks every vector of `run` to its length (the allocator then sees what the run needs,
/// without the slack of doubling growth).
fn shrink(run: &mut Run) {
    run.trace.shrink_to_fit();
    let s = &mut run.spans;
    s.leases.shrink_to_fit();
    s.beliefs.shrink_to_fit();
    s.pauses.shrink_to_fit();
    s.partitions.shrink_to_fit();
    s.crashes.shrink_to_fit();
    s.messages.shrink_to_fit();
    s.accesses.shrink_to_fit();
    s.resource.shrink_to_fit();
}

#[test]
fn memory_grows_linearly_with_simulated_time() {
    // One thread, one run at a time: the per-thread counters see nothing else.
    let _turn = my_turn();
    let mut rows: Vec<Figures> = Vec::new();
    for hours in [3, 6, 12, 24] {
        let scenario = Scenario::busy(10, hours * HOUR);
        let started = Instant::now();
        let base = CURRENT.get();
        let (mut full, full_peak) = peak_bytes(|| run(&scenario).expect("a valid scenario"));
        let elapsed = started.elapsed();
        shrink(&mut full);
        let held = (CURRENT.get() - base).max(0) as usize;
        let events = full.verdict.events_processed;
        let traced = full.trace.len();
        drop(full);
        let (only, verdict_peak) = peak_bytes(|| run_verdict_only(&scenario));
        assert_eq!(only.unwrap().events_processed, events);
        eprintln!(
            "{hours:>2} h: {events:>9} events ({traced} traced), full run {elapsed:>8.2?}, \
             peak {:>6.1} MB ({:.1} MB/h), held {:>6.1} MB ({:.1} MB/h, {:.0} B/traced event); \
             verdict only: peak {verdict_peak} B",
            full_peak as f64 / 1e6,
            full_peak as f64 / hours as f64 / 1e6,
            held as f64 / 1e6,
            held as f64 / hours as f64 / 1e6,
            held as f64 / traced as f64,
        );
        rows.push(Figures {
            hours,
            events,
            full_peak,
            held,
            verdict_peak,
        });
    }
    let per_hour = |bytes: usize, hours: u64| bytes as f64 / hours as f64;
    let first = &rows[0];
    for row in &rows {
        // Linear: the bytes a run needs per simulated hour stay within 5 % of the 3 h figure.
        let ratio = per_hour(row.held, row.hours) / per_hour(first.held, first.hours);
        assert!(
            (0.95..=1.05).contains(&ratio),
            "{} h holds {:.1} MB/h, {} h held {:.1} MB/h (×{ratio:.3})",
            row.hours,
            per_hour(row.held, row.hours) / 1e6,
            first.hours,
            per_hour(first.held, first.hours) / 1e6,
        );
        // The peak is what it holds plus the slack of doubling vectors (at most as much
        // again), plus a little working memory: nothing transient grows faster.
        assert!(
            row.held <= row.full_peak && row.full_peak <= 2 * row.held + (1 << 20),
            "{} h: peak {} B for {} B held",
            row.hours,
            row.full_peak,
            row.held
        );
    }
    for pair in rows.windows(2) {
        let (short, long) = (&pair[0], &pair[1]);
        // Twice the time: about twice the events.
        let events_ratio = long.events as f64 / short.events as f64;
        assert!(
            (1.95..=2.05).contains(&events_ratio),
            "events ×{events_ratio:.3}"
        );
        // Without a trace nothing accumulates: the queue holds a few happenings per app.
        assert!(
            long.verdict_peak <= short.verdict_peak + 4_096,
            "verdict-only peak grew from {} B to {} B",
            short.verdict_peak,
            long.verdict_peak
        );
    }
}
