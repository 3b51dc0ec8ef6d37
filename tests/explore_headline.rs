//! What the explorer's headline says of a search: a whole space, a part of it, or nothing yet.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::by_id;
use fencing_lab::engine::explore::{Bounds, Explorer};
use fencing_lab::words::explore::headline;

#[test]
fn a_search_stopped_before_its_first_schedule_says_none_was_explored() {
    let scenario = by_id("last-item").expect("a story").scenario();
    let mut explorer = Explorer::new(&scenario, Bounds::for_scenario(&scenario)).expect("bounds");
    let total = explorer.summary().total;
    assert_eq!(
        headline(explorer.summary()),
        format!("Stopped before any schedule was explored (0 of {total} schedules).")
    );
    explorer.explore_batch(2);
    let said = headline(explorer.summary());
    assert!(said.starts_with("Stopped after 2 of "), "{said}");
}
