//! The explorer's search in Web Workers (issue 52): the lab orders a search
//! ([`crate::lab::Effect::Search`]); this shares it among workers, half as many as the browser's
//! logical processors (capped at [`MAX_WORKERS`]), each running its [`Share`] of the schedules in the worker's own wasm
//! (`super::explore_worker`), and merges their reports ([`Gathered`]) into the progress and the
//! summary the lab is told, so the page's thread only draws. Workers that finished a search stay
//! for the next (no new start nor compile; each has run its whole job, so no old report can come
//! after a new job). A cancel terminates every worker at once and reports what they had found (nothing, if it comes while the setup is still being
//! written out for them). Where workers cannot run the search (no worker in this
//! bundle, as under `make serve` and the browser tests; a `file://` page; a worker that fails to
//! load or refuses its job; a scenario the written story would not carry exactly), the page runs
//! it itself, a slice at a time (`super::search_runner`).

use std::cell::RefCell;

use leptos::task::spawn_local;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::Worker;

use super::clock::now_ms;
use super::on_demand::exact_story;
use super::search_runner;
use super::state::LabState;
use crate::engine::explore::wire::{read_report, write_job};
use crate::engine::explore::{Gathered, PartReport, Share, CHUNK};
use crate::engine::Summary;
use crate::lab::{ExploreIntent, Intent, SearchState, StartSearch};

/// The most workers one search starts.
pub const MAX_WORKERS: u32 = 8;

/// Real time between two progress reports to the lab.
const PROGRESS_MS: f64 = 100.0;

/// Where the bundle names the worker's script (`scripts/worker.mjs` writes it).
const WORKER_META: &str = "meta[name=explore-worker]";

type Act = (LabState, fn(LabState, Intent));

/// A search under way in workers, or workers that finished one (`busy` false), kept for the next.
struct Pool {
    order: StartSearch,
    /// Who the search reports to (the lab that ordered it).
    act: Act,
    busy: bool,
    workers: Vec<Worker>,
    gathered: Gathered,
    started_ms: f64,
    reported_ms: f64,
    /// What the workers call; kept while they run.
    _handlers: Vec<Closure<dyn FnMut(JsValue)>>,
}

impl Pool {
    fn terminate(&self) {
        for worker in &self.workers {
            worker.terminate();
        }
    }

    fn found(&self) -> ExploreIntent {
        let summary = self
            .gathered
            .summary(&self.order.scenario, &self.order.bounds);
        ExploreIntent::Found {
            id: self.order.id,
            summary: Box::new(summary),
        }
    }
}

thread_local! {
    /// The search under way in workers (one at a time: a new one replaces it).
    static POOL: RefCell<Option<Pool>> = const { RefCell::new(None) };
    /// The search whose setup is being written out for its workers (no pool yet).
    static WAITING: RefCell<Option<StartSearch>> = const { RefCell::new(None) };
}

/// Starts the search `order` asks for, in workers where they can run it, else on the page.
pub fn start((lab, act): Act, order: &StartSearch) {
    if POOL.with(|held| held.borrow().as_ref().is_some_and(|p| p.busy)) {
        drop_pool(take_pool(None));
    }
    WAITING.with(|waiting| *waiting.borrow_mut() = Some(order.clone()));
    let Some(url) = worker_url() else {
        take_waiting(order.id);
        return search_runner::start((lab, act), order);
    };
    let order = order.clone();
    spawn_local(async move {
        let story = exact_story(order.scenario.clone()).await;
        // Gone: cancelled (already answered), replaced, or the lab moved on.
        if take_waiting(order.id).is_none() || !wanted(lab, order.id) {
            return;
        }
        match story
            .ok()
            .flatten()
            .and_then(|s| ready_pool((lab, act), &url, &s, &order))
        {
            Some(pool) => POOL.with(|held| *held.borrow_mut() = Some(pool)),
            None => search_runner::start((lab, act), &order),
        }
    });
}

/// Stops search `id` and reports what its workers had found: nothing, if they had not started.
pub fn stop((lab, act): Act, id: u64) {
    if let Some(pool) = take_pool(Some(id)) {
        pool.terminate();
        let found = pool.found();
        drop_pool(Some(pool));
        return act(lab, Intent::Explore(found));
    }
    match take_waiting(id) {
        Some(order) => act(
            lab,
            Intent::Explore(ExploreIntent::Found {
                id,
                summary: Box::new(Summary::untried(order.total)),
            }),
        ),
        None => search_runner::stop((lab, act), id),
    }
}

/// The order waiting for its workers, taken out if it is search `id`.
fn take_waiting(id: u64) -> Option<StartSearch> {
    WAITING.with(|waiting| {
        let mut waiting = waiting.borrow_mut();
        let matches = waiting.as_ref().is_some_and(|o| o.id == id);
        matches.then(|| waiting.take()).flatten()
    })
}

/// The worker's script, if this bundle has one and this page may start workers.
fn worker_url() -> Option<String> {
    let document = web_sys::window()?.document()?;
    let meta = document.query_selector(WORKER_META).ok()??;
    meta.get_attribute("content").filter(|url| !url.is_empty())
}

/// How many workers to start: half of `navigator.hardwareConcurrency`, at least one and at
/// most [`MAX_WORKERS`], no more than chunks. Half, because the figure counts logical
/// processors (two a core on most machines) and WebKit rounds it up to 4 or 8 whatever the
/// machine: with more busy workers than cores the page's own thread waits for one (WebKitGTK on
/// two cores with three workers: gaps of 100 ms on the page, and a slower search than with one).
fn parts(total: u64) -> u32 {
    let cores = web_sys::window().map_or(1.0, |w| w.navigator().hardware_concurrency());
    let cores = (cores as u32 / 2).clamp(1, MAX_WORKERS);
    cores.min(
        u32::try_from(total.div_ceil(CHUNK))
            .unwrap_or(u32::MAX)
            .max(1),
    )
}

/// The workers for `order`, each given its share: the idle ones of the last search if there are
/// as many as `order` needs, else new ones; `None` if any cannot start or take its job.
fn ready_pool(act: Act, url: &str, story: &str, order: &StartSearch) -> Option<Pool> {
    let parts = parts(order.total);
    let shares: Vec<Share> = (0..parts)
        .map(|part| Share::new(part, parts))
        .collect::<Option<_>>()?;
    let (kept, other) = match take_pool(None) {
        Some(p) if !p.busy && p.workers.len() == parts as usize => (Some(p), None),
        other => (None, other),
    };
    drop_pool(other);
    let now = now_ms();
    let mut pool = Pool {
        order: order.clone(),
        act,
        busy: true,
        workers: Vec::new(),
        gathered: Gathered::new(order.total, parts),
        started_ms: now,
        reported_ms: now,
        _handlers: Vec::new(),
    };
    if let Some(kept) = kept {
        pool.workers = kept.workers;
        pool._handlers = kept._handlers;
    }
    let story = JsValue::from_str(story);
    for (index, share) in shares.into_iter().enumerate() {
        if index == pool.workers.len() && !add_worker(url, &mut pool) {
            pool.terminate();
            return None;
        }
        let job = JsValue::from_str(&write_job(&order.bounds, share));
        if pool.workers[index]
            .post_message(&js_sys::Array::of2(&story, &job))
            .is_err()
        {
            pool.terminate();
            return None;
        }
    }
    Some(pool)
}

/// Starts one more worker in `pool`, listening to it; `false` if it cannot start. What it says
/// goes to the lab of the pool's search of the moment (a kept worker may serve another lab).
fn add_worker(url: &str, pool: &mut Pool) -> bool {
    let Ok(worker) = Worker::new(url) else {
        return false;
    };
    // A message's data is a report's text; an error event has none, which says "fall back".
    let handler = Closure::<dyn FnMut(JsValue)>::new(move |event: JsValue| {
        let data = js_sys::Reflect::get(&event, &JsValue::from_str("data"));
        heard(data.ok().and_then(|d| d.as_string()));
    });
    worker.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    worker.set_onerror(Some(handler.as_ref().unchecked_ref()));
    pool.workers.push(worker);
    pool._handlers.push(handler);
    true
}

/// What the pool does after a worker spoke.
enum Next {
    Wait,
    Tell(ExploreIntent),
    Finish(ExploreIntent),
    Fall,
}

/// A worker of the pool's search posted `text` (`None`: an error event, or not text).
fn heard(text: Option<String>) {
    let Some((id, (lab, act))) = POOL.with(|held| {
        held.borrow()
            .as_ref()
            .filter(|p| p.busy)
            .map(|p| (p.order.id, p.act))
    }) else {
        return; // idle workers (an error while idle is for the next search to meet)
    };
    if !wanted(lab, id) {
        drop_pool(take_pool(Some(id)));
        return;
    }
    let next = POOL.with(|held| {
        let mut held = held.borrow_mut();
        let pool = held.as_mut().filter(|p| p.order.id == id)?;
        Some(step(pool, text.as_deref().and_then(read_report)))
    });
    match next {
        None | Some(Next::Wait) => {}
        Some(Next::Tell(progress)) => act(lab, Intent::Explore(progress)),
        Some(Next::Finish(found)) => act(lab, Intent::Explore(found)),
        Some(Next::Fall) => {
            if let Some(pool) = take_pool(Some(id)) {
                let order = pool.order.clone();
                drop_pool(Some(pool));
                search_runner::start((lab, act), &order);
            }
        }
    }
}

/// Takes a worker's report into `pool`: what to tell the lab, if anything.
fn step(pool: &mut Pool, report: Option<PartReport>) -> Next {
    let Some(report) = report else {
        return Next::Fall; // an error, a refusal or a garbled report: the page runs it
    };
    pool.gathered.take(report);
    if pool.gathered.is_done() {
        pool.busy = false; // every worker has run its whole job: they wait for the next
        return Next::Finish(pool.found());
    }
    let now = now_ms();
    if now - pool.reported_ms < PROGRESS_MS {
        return Next::Wait;
    }
    pool.reported_ms = now;
    let explored = pool.gathered.explored();
    let elapsed_ms = (now - pool.started_ms).max(1.0);
    Next::Tell(ExploreIntent::Progress {
        id: pool.order.id,
        explored,
        total: pool.gathered.total(),
        rate_per_s: (explored as f64 * 1000.0 / elapsed_ms) as u64,
    })
}

/// Whether the lab still waits on search `id`.
fn wanted(lab: LabState, id: u64) -> bool {
    lab.try_with_core(|l| l.exploring.search == SearchState::Running(id))
        .unwrap_or(false)
}

/// The pool, taken out if it runs search `id` (any search: `None`).
fn take_pool(id: Option<u64>) -> Option<Pool> {
    POOL.with(|held| {
        let mut held = held.borrow_mut();
        let matches = held
            .as_ref()
            .is_some_and(|p| id.is_none_or(|id| p.order.id == id));
        matches.then(|| held.take()).flatten()
    })
}

/// Terminates a pool's workers now and frees it after this task: a worker's handler may be
/// what is running, and it must not be freed under itself.
fn drop_pool(pool: Option<Pool>) {
    if let Some(pool) = pool {
        pool.terminate();
        spawn_local(async move { drop(pool) });
    }
}
