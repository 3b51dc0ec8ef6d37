//! The explorer inside a Web Worker (issue 52): what the worker's own wasm runs
//! (`src/bin/explore-worker.rs`, built by `scripts/worker.mjs`), never the app's. It reads its
//! job (a written story, the bounds and its share of the schedules), runs its share in bursts of
//! about [`REPORT_MS`] and posts a report after each; the page merges the parts
//! (`super::search_workers`). It posts [`REFUSED`] when it cannot run the job, and the page then
//! runs the search itself. The page stops it by terminating it, keeping the reports it has.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::DedicatedWorkerGlobalScope;

use crate::engine::explore::wire::{read_job, write_report};
use crate::engine::explore::Explorer;

/// Real time between two reports: progress often enough to draw, and little lost on a stop.
pub const REPORT_MS: f64 = 40.0;

/// What a worker posts when it cannot run its job (the page runs the search itself).
pub const REFUSED: &str = "refused";

/// The first batch; batches grow while they take under a tenth of [`REPORT_MS`].
const FIRST_BATCH: u64 = 8;

/// The largest batch.
const MAX_BATCH: u64 = 1 << 14;

/// Runs the share `job` names of the search of `story` within its bounds, posting reports.
pub fn explore(story: &str, job: &str) {
    // This wasm is not the first load: it can carry the skip at rest and the explorer's faster
    // paths, and search as fast as native.
    crate::engine::speed_over_size_in_this_wasm();
    let Some(mut explorer) = explorer(story, job) else {
        post(REFUSED.to_string());
        return;
    };
    let mut batch = FIRST_BATCH;
    loop {
        let begin = js_sys::Date::now();
        while !explorer.is_done() && js_sys::Date::now() - begin < REPORT_MS {
            let t0 = js_sys::Date::now();
            explorer.explore_batch(batch);
            if js_sys::Date::now() - t0 < REPORT_MS / 10.0 {
                batch = (batch * 2).min(MAX_BATCH);
            }
        }
        post(write_report(&explorer.report()));
        if explorer.is_done() {
            return;
        }
    }
}

/// The job's explorer, or `None` if the story, the bounds or the share cannot be read or run.
fn explorer(story: &str, job: &str) -> Option<Explorer> {
    let (bounds, share) = read_job(job)?;
    let scenario = crate::script::parse(story).ok()?;
    Some(Explorer::new(&scenario, bounds).ok()?.shared(share))
}

fn post(text: String) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let _ = scope.post_message(&JsValue::from_str(&text));
}
