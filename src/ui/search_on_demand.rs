//! The explorer's search, fetched when the first search starts: in the release bundle
//! (`--cfg fencing_split`) [`search`] is a split point, and what only it reaches (the worker
//! pool `super::search_workers`, the page's own slices `super::search_runner`, the merge of the
//! workers' reports, and what of the explorer nothing else in the app runs) is a wasm module of
//! its own (`split_search`), out of the first load; in tests and `make serve` it is called in
//! place.

use super::on_demand::Unloaded;
use super::search_workers;
use super::state::LabState;
use crate::lab::{Intent, StartSearch};

/// What the explorer's search is asked.
pub enum SearchOrder {
    /// Start this search (one under way is dropped).
    Start(StartSearch),
    /// Stop search `id`, reporting what it found so far.
    Stop(u64),
}

/// Who the search reports to: the lab, and how to send it an intent.
pub type Act = (LabState, fn(LabState, Intent));

/// Does `order` (`super::search_workers`: in Web Workers, or on the page), fetching the
/// explorer's code first if it is not here yet.
pub async fn search(act: Act, order: SearchOrder) -> Result<(), Unloaded> {
    search_in_module(act.0, act.1, order).await
}

fn searched((lab, act): Act, order: SearchOrder) {
    match order {
        SearchOrder::Start(order) => search_workers::start((lab, act), &order),
        SearchOrder::Stop(id) => search_workers::stop((lab, act), id),
    }
}

#[cfg(fencing_split)]
#[leptos::wasm_split::wasm_split(search, wasm_split_path = ::leptos::wasm_split, fallible)]
fn search_in_module(
    lab: LabState,
    act: fn(LabState, Intent),
    order: SearchOrder,
) -> Result<(), Unloaded> {
    searched((lab, act), order);
    Ok(())
}

#[cfg(not(fencing_split))]
async fn search_in_module(
    lab: LabState,
    act: fn(LabState, Intent),
    order: SearchOrder,
) -> Result<(), Unloaded> {
    searched((lab, act), order);
    Ok(())
}
