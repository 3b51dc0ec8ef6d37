//! The explorer's search, run by the browser outside the lab's core: the lab orders a search
//! ([`crate::lab::Effect::Search`]); this runs it a slice at a time for about
//! [`SLICE_BUDGET_MS`] of real time, yields to the browser and goes on while the lab still waits
//! on it, and reports its progress (once per burst) and what it found as intents. A cancel
//! ([`crate::lab::Effect::StopSearch`]) stops it and reports what it found so far; a search the
//! lab no longer waits on (another story, other bounds, an unmounted lab) is dropped.

use std::cell::RefCell;
use std::time::Duration;

use leptos::prelude::*;

use super::clock::now_ms;
use super::state::LabState;
use crate::lab::{ExploreIntent, Intent, Search, SearchState, StartSearch};

/// Real time the explorer may use before yielding to the browser (well under a 50 ms long task,
/// and long enough that the browser's minimum timer delay costs little).
const SLICE_BUDGET_MS: f64 = 16.0;

/// The batch a search starts with; batches grow while they take under 1 ms, so the budget
/// check runs often.
const FIRST_BATCH: u64 = 64;

/// The largest batch.
const MAX_BATCH: u64 = 1 << 16;

/// A search under way, with the runner's measures of it.
struct Running {
    search: Search,
    /// When it started (the page's clock, ms).
    started_ms: f64,
    /// The next batch's size.
    batch: u64,
}

type Act = (LabState, fn(LabState, Intent));

thread_local! {
    /// The search under way (one at a time: a new one replaces it).
    static HELD: RefCell<Option<Running>> = const { RefCell::new(None) };
}

/// Starts the search `order` asks for and runs it; one that cannot start says why.
pub fn start((lab, act): Act, order: &StartSearch) {
    match Search::start(order) {
        Ok(search) => {
            let running = Running {
                search,
                started_ms: now_ms(),
                batch: FIRST_BATCH,
            };
            HELD.with(|held| *held.borrow_mut() = Some(running));
            run((lab, act), order.id);
        }
        Err(failed) => act(lab, Intent::Explore(failed)),
    }
}

/// Stops search `id` and reports what it found so far.
pub fn stop((lab, act): Act, id: u64) {
    let taken = HELD.with(|held| held.borrow_mut().take());
    if let Some(running) = taken.filter(|r| r.search.id() == id) {
        act(lab, Intent::Explore(running.search.stop()));
    }
}

/// Whether the lab still waits on search `id` (`false` once it is gone).
fn wanted(lab: LabState, id: u64) -> bool {
    lab.try_with_core(|l| l.exploring.search == SearchState::Running(id))
        .unwrap_or(false)
}

/// Runs search `id` for about [`SLICE_BUDGET_MS`], reports, and goes on after the browser had
/// its turn, while the lab waits on it.
fn run((lab, act): Act, id: u64) {
    let begin = now_ms();
    let mut progress = None;
    while wanted(lab, id) && now_ms() - begin < SLICE_BUDGET_MS {
        let Some(reports) = slice(id) else {
            return;
        };
        for report in reports {
            match report {
                ExploreIntent::Progress { .. } => progress = Some(report),
                found => {
                    HELD.with(|held| *held.borrow_mut() = None);
                    act(lab, Intent::Explore(found));
                    return;
                }
            }
        }
    }
    if let Some(progress) = progress {
        act(lab, Intent::Explore(progress));
    }
    if wanted(lab, id) {
        set_timeout(move || run((lab, act), id), Duration::ZERO);
    } else {
        HELD.with(|held| *held.borrow_mut() = None);
    }
}

/// One batch of search `id`: its reports, or `None` when the runner holds no such search.
fn slice(id: u64) -> Option<Vec<ExploreIntent>> {
    HELD.with(|held| {
        let mut held = held.borrow_mut();
        let running = held.as_mut().filter(|r| r.search.id() == id)?;
        let t0 = now_ms();
        let reports = running.search.slice(running.batch, t0 - running.started_ms);
        if now_ms() - t0 < 1.0 {
            running.batch = (running.batch * 2).min(MAX_BATCH);
        }
        Some(reports)
    })
}
