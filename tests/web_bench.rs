//! The explorer's speed in the browser, for `make bench` (never run by `make test`): the same
//! searches as `benches/explore.rs` (last-item's default bounds with enforcement off and on;
//! leader-change on three members with the services' faults and cuts), timed with the page's
//! clock in the release build, each printed as one `web-bench` line that
//! `scripts/bench-ratio.mjs` sets against criterion's native figure for the same search.
//! Today the search runs on the page's own thread (no worker yet), as the lab runs it.
#![cfg(target_arch = "wasm32")]

use fencing_lab::catalog::by_id;
use fencing_lab::engine::explore::{Bounds, Explorer};
use fencing_lab::engine::Scenario;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// Explores every schedule of `bounds` around `scenario` (at least `min_ms` of repeats, at
/// least once) and prints `web-bench <name> <schedules> <ms>` for one search.
fn measure(name: &str, scenario: &Scenario, bounds: &Bounds, min_ms: f64) {
    let start = now_ms();
    let mut runs = 0u32;
    let mut schedules = 0;
    while runs == 0 || now_ms() - start < min_ms {
        let mut explorer = Explorer::new(scenario, bounds.clone()).expect("valid bounds");
        schedules = explorer.explore_all().explored;
        runs += 1;
    }
    let per_search_ms = (now_ms() - start) / f64::from(runs);
    assert!(schedules > 0, "the search ran");
    console_log!("web-bench {name} {schedules} {per_search_ms:.3}");
}

#[wasm_bindgen_test]
fn explorer_speed_in_the_browser() {
    let story = by_id("last-item").expect("catalog story");
    for enforcement in [false, true] {
        let scenario = story.scenario().with_enforcement(enforcement);
        let bounds = Bounds::for_scenario(&scenario);
        let on = if enforcement { "on" } else { "off" };
        let name = format!("explore-last-item-enforcement-{on}");
        measure(&name, &scenario, &bounds, 2_000.0);
    }
    let scenario = by_id("leader-change").expect("catalog story").scenario();
    let bounds = Bounds {
        service_faults: true,
        leader_cuts: true,
        ..Bounds::for_scenario(&scenario)
    };
    measure("explore-leader-change-3-members", &scenario, &bounds, 0.0);
}
