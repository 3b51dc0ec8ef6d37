//! Browser test: a very long run (ten minutes of ten apps renewing and retrying every second)
//! mounts as one timeline whose marks are capped, and says how many it left out.
#![cfg(target_arch = "wasm32")]

use std::sync::Arc;

use fencing_lab::engine::{run, Scenario};
use fencing_lab::lab::{Intent, ViewIntent, Window};
use fencing_lab::share::LinkState;
use fencing_lab::ui::derived::derive;
use fencing_lab::ui::dispatch::act;
use fencing_lab::ui::state::provide_lab;
use fencing_lab::ui::Timeline;
use leptos::mount::mount_to;
use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

wasm_bindgen_test_configure!(run_in_browser);

fn count(root: &HtmlElement, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

#[wasm_bindgen_test]
async fn a_long_run_is_drawn_thinned_and_says_so() {
    let scenario = Arc::new(Scenario::busy(10, 600_000));
    let long = Arc::new(run(&scenario).expect("a valid scenario"));
    let messages = long.spans.messages.len();
    assert!(messages > 10_000, "the run is long: {messages} messages");

    let document = document();
    let root: HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&root).unwrap();
    let _handle = mount_to(root.clone(), move || {
        let lab = provide_lab(&LinkState::default_for(""));
        // Routine traffic is what a long run has most of: draw it, to see it thinned.
        act(lab, Intent::View(ViewIntent::SetRoutine(true)));
        let end_ms = long.end_ms;
        let window = derive(move || Window::new(0, end_ms, end_ms));
        let run = {
            let long = long.clone();
            derive(move || long.clone())
        };
        let scenario = {
            let scenario = scenario.clone();
            derive(move || scenario.clone())
        };
        view! { <Timeline run scenario label="Timeline, a long run" window /> }
    });
    tick().await;

    let drawn = count(&root, "svg.timeline-svg g.msg");
    assert!(
        drawn > 0 && drawn <= 1_000,
        "{drawn} of {messages} messages drawn"
    );
    let refusals = count(&root, "svg.timeline-svg .refusal");
    assert!(refusals > 0 && refusals <= 400, "{refusals} refusals drawn");
    assert_eq!(
        count(&root, "svg.timeline-svg .lease"),
        1,
        "one lease, held all along"
    );
    let note = root
        .query_selector(".timeline-note")
        .unwrap()
        .expect("a note says marks were left out")
        .text_content()
        .unwrap();
    assert!(note.contains("marks are not drawn"), "{note}");
    root.remove();
}
