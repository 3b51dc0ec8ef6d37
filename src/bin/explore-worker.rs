//! The explorer's Web Worker (issue 52): a wasm of its own, fetched when a search starts and
//! never part of the first load. Its one export runs a share of a search
//! (`fencing_lab::ui::explore_worker`); `scripts/worker.mjs` builds it and writes the script
//! that starts it in the worker.

use wasm_bindgen::prelude::wasm_bindgen;

fn main() {}

/// Runs the share `job` names of the search of the written `story`, posting reports.
#[wasm_bindgen]
pub fn explore(story: &str, job: &str) {
    fencing_lab::ui::explore_worker::explore(story, job);
}
