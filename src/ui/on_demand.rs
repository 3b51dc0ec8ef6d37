//! The written-story reader and writer, fetched when first used. In the release bundle
//! (`make dist` builds with `--cfg fencing_split`) they are a wasm module of their own, which
//! the page fetches on the first call (`scripts/split.mjs` cuts it from the main module); in
//! tests and `make serve` they are called in place. Nothing else in the app may call
//! `crate::script`'s reader or writer, or they would stay in the first load
//! (`tests/architecture.rs`). The explorer's search is fetched the same way
//! (`super::search_on_demand`).

use std::sync::Arc;

use crate::engine::Scenario;
use crate::lab::Told;
use crate::script::{parse, write, Written};
use crate::words::script_errors::problems;

/// The module could not be fetched (offline before the page kept a copy, a lost connection);
/// a later call tries again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unloaded;

#[cfg(fencing_split)]
impl From<leptos::wasm_split::SplitLoaderError> for Unloaded {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Unloaded {
        Unloaded
    }
}

/// Reads `text` as a written story, fetching the reader first if it is not here yet; its
/// problems come with their words, which load with the reader.
pub async fn read_story(text: String) -> Result<Told, Unloaded> {
    read_in_module(text).await
}

/// Writes `scenario` as a story's text, fetching the writer first if it is not here yet.
pub async fn write_story(scenario: Arc<Scenario>) -> Result<String, Unloaded> {
    write_in_module(scenario).await
}

/// `scenario` as a story's text for the explorer's workers, if reading it back gives exactly
/// `scenario` (else `None`: the page runs the search itself rather than search another story).
pub async fn exact_story(scenario: Arc<Scenario>) -> Result<Option<String>, Unloaded> {
    exact_in_module(scenario).await
}

/// `scenario` written, if it reads back the same.
fn exact(scenario: &Scenario) -> Option<String> {
    let text = write(scenario);
    (parse(&text).ok()? == *scenario).then_some(text)
}

/// `text` read, each problem with its words.
fn told(text: &str) -> Told {
    Written::read(text).map_err(|errors| problems(text, errors))
}

#[cfg(fencing_split)]
#[leptos::wasm_split::wasm_split(script, wasm_split_path = ::leptos::wasm_split, fallible)]
fn read_in_module(text: String) -> Result<Told, Unloaded> {
    Ok(told(&text))
}

#[cfg(fencing_split)]
#[leptos::wasm_split::wasm_split(script, wasm_split_path = ::leptos::wasm_split, fallible)]
fn write_in_module(scenario: Arc<Scenario>) -> Result<String, Unloaded> {
    Ok(write(&scenario))
}

#[cfg(fencing_split)]
#[leptos::wasm_split::wasm_split(script, wasm_split_path = ::leptos::wasm_split, fallible)]
fn exact_in_module(scenario: Arc<Scenario>) -> Result<Option<String>, Unloaded> {
    Ok(exact(&scenario))
}

#[cfg(not(fencing_split))]
async fn exact_in_module(scenario: Arc<Scenario>) -> Result<Option<String>, Unloaded> {
    Ok(exact(&scenario))
}

#[cfg(not(fencing_split))]
async fn read_in_module(text: String) -> Result<Told, Unloaded> {
    Ok(told(&text))
}

#[cfg(not(fencing_split))]
async fn write_in_module(scenario: Arc<Scenario>) -> Result<String, Unloaded> {
    Ok(write(&scenario))
}
