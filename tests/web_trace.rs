//! Browser tests of recorded runs: a real etcd recording opened from the file picker is drawn
//! above the simulation of the same scenario, with the comparison; a malformed file dropped on
//! the lab gets a message and changes nothing; while a recording is shown it cannot be changed,
//! and closing it brings the simulation back as it was.
#![cfg(target_arch = "wasm32")]

mod web_support;

use fencing_lab::words::recorded;
use gloo_timers::future::TimeoutFuture;
use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_support::{mount_app_at, page_body, press, Mounted};
use web_sys::{DataTransfer, DragEvent, DragEventInit, Event, File, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

const SHIPPED: &str = include_str!("../traces/gc-pause-off.trace.json");

/// A file named `name` holding `text`, in a DataTransfer (what a picker or a drop carries).
fn carrying(name: &str, text: &str) -> DataTransfer {
    let parts = js_sys::Array::of1(&text.into());
    let file = File::new_with_str_sequence(&parts, name).unwrap();
    let transfer = DataTransfer::new().unwrap();
    transfer.items().add_with_file(&file).unwrap();
    transfer
}

/// Waits (at most 2 s) until `ready` holds: reading a file is asynchronous.
async fn until(app: &Mounted, ready: impl Fn(&Mounted) -> bool) {
    for _ in 0..100 {
        if ready(app) {
            return;
        }
        TimeoutFuture::new(20).await;
        tick().await;
    }
    panic!("the page never got there");
}

async fn pick_file(app: &Mounted, name: &str, text: &str) {
    app.click("#toggle-recordings").await;
    let input: HtmlInputElement = app.find("#trace-file").unchecked_into();
    input.set_files(carrying(name, text).files().as_ref());
    input
        .dispatch_event(&Event::new("change").unwrap())
        .unwrap();
}

/// Opens the shipped GC-pause recording from the file picker and waits until it is shown.
async fn open_shipped(app: &Mounted) {
    pick_file(app, "gc-pause-off.trace.json", SHIPPED).await;
    until(app, |a| !a.all("#recorded-summary").is_empty()).await;
}

async fn drop_file(app: &Mounted, name: &str, text: &str) {
    let init = DragEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    init.set_data_transfer(Some(&carrying(name, text)));
    let drop = DragEvent::new_with_event_init_dict("drop", &init).unwrap();
    app.find(".timeline-card").dispatch_event(&drop).unwrap();
}

fn search() -> String {
    web_sys::window().unwrap().location().search().unwrap()
}

fn notice(app: &Mounted) -> String {
    app.all("#action-notice-text")
        .first()
        .and_then(|e| e.text_content())
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn a_recorded_etcd_run_is_drawn_above_its_simulation_with_the_comparison() {
    let app = mount_app_at("?scenario=gc-pause&view=lab");
    tick().await;
    open_shipped(&app).await;
    assert_eq!(app.text("#recorded-title"), "Recorded on etcd 3.4.23");
    let titles: Vec<String> = app
        .all(".timeline-card .compare-title")
        .iter()
        .map(|e| e.text_content().unwrap_or_default())
        .collect();
    assert_eq!(
        titles,
        ["Recorded on etcd 3.4.23", recorded::simulated_caption()]
    );
    assert_eq!(app.all(".timeline-card svg.timeline-svg").len(), 2);
    assert!(app.all("#recordings").is_empty(), "the dialog closed");
    let agreement = app.text("#recorded-agreement");
    assert!(agreement.starts_with("All "), "{agreement}");
    assert!(app.all(".recorded-table tbody tr").len() >= 6);
    // Played to the end, both halves show A's stale write accepted (the story's damage).
    app.scrub_to(u64::MAX / 2).await;
    for half in [".recorded-half", ".simulated-half"] {
        let writes = app.write_labels(half);
        assert!(writes.iter().any(|w| w.contains("A")), "{half}: {writes:?}");
    }
    assert!(
        app.all("#narration, .fault-panel, .explorer-panel")
            .is_empty(),
        "no panels about another run"
    );
}

#[wasm_bindgen_test]
async fn a_malformed_file_dropped_on_the_lab_gets_a_message_and_changes_nothing() {
    let app = mount_app_at("?scenario=gc-pause&view=lab");
    tick().await;
    open_shipped(&app).await;
    let before = app.text("#recorded-summary");
    let broken = SHIPPED.replace("\"version\": 1", "\"version\": 7");
    drop_file(&app, "broken.trace.json", &broken).await;
    until(&app, |a| !notice(a).is_empty()).await;
    let message = notice(&app);
    assert!(
        message.starts_with("broken.trace.json was not opened."),
        "{message}"
    );
    assert!(message.contains("version 7"), "{message}");
    assert_eq!(
        app.text("#recorded-summary"),
        before,
        "the recording shown is unchanged"
    );
    drop_file(&app, "notes.txt", "not json at all").await;
    until(&app, |a| notice(a).contains("notes.txt")).await;
    assert!(notice(&app).contains("not valid JSON"), "{}", notice(&app));
}

#[wasm_bindgen_test]
async fn a_recording_cannot_be_changed_and_closing_it_brings_the_simulation_back() {
    let app = mount_app_at("?scenario=gc-pause&enforcement=on&view=lab");
    tick().await;
    app.scrub_to(30_000).await;
    open_shipped(&app).await;
    assert_eq!(app.playhead_ms(), 0, "a recording opens at its start");
    press(&page_body(), "e").await;
    assert_eq!(notice(&app), recorded::cannot_change());
    app.click("#btn-copy-link").await;
    assert_eq!(notice(&app), recorded::cannot_link(), "a file of one's own");
    assert!(!search().contains("rec="), "{}", search());
    app.click("#btn-close-trace").await;
    assert!(app.all("#recorded-summary").is_empty());
    assert!(app.enforcement_on(), "the simulation's own setting is back");
    assert_eq!(app.all(".timeline-card svg.timeline-svg").len(), 1);
    assert!(!app.all("#narration").is_empty());
}
