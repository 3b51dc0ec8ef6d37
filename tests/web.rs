//! Browser tests: mount the app into a fresh element and look at it as a user would.
#![cfg(target_arch = "wasm32")]

use fencing_lab::ui::App;
use leptos::mount::mount_to;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn fresh_root() -> web_sys::HtmlElement {
    let document = document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    root.unchecked_into()
}

#[wasm_bindgen_test]
fn app_shows_header_and_stage() {
    let root = fresh_root();
    let _handle = mount_to(root.clone(), App);
    let title = root.query_selector("header h1").unwrap().expect("header title");
    assert_eq!(title.text_content().as_deref(), Some("Fencing Lab"));
    assert!(root.query_selector("main.stage").unwrap().is_some(), "stage is rendered");
    assert!(root.query_selector("footer").unwrap().is_some(), "footer is rendered");
}
