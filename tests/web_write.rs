//! Browser test: a story typed into the Write panel runs once typing stops (its narration tells
//! its grants with their tokens, the timeline has its apps, the picker names it), travels in the
//! link and opens the same in the story view, shows there in the Write panel again, and a
//! mistyped line shows its problem at its line and column while the run on screen stays.
#![cfg(target_arch = "wasm32")]

mod web_support;

use gloo_timers::future::TimeoutFuture;
use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_support::{mount_app_at, page_body, press, Mounted};
use web_sys::{Event, EventInit};

wasm_bindgen_test_configure!(run_in_browser);

/// Ada takes the lease, freezes past it, and Bob takes it over.
const STORY: &str = "run for 90s\nservice lease 20s\nresource inventory stock=1\n\
    app Ada \"Billing worker\" does acquire, read, work 30s, write, release\n\
    app Bob \"Billing worker\" start=5s\n@10s Ada pauses for 30s";

/// A story whose second line has a slip at column 8.
const MISTYPED: &str = "app A\n@20s A pasue for 40s";

/// Types `text` into the Write panel as a user would (the box's value, then an `input` event),
/// and waits past the panel's debounce.
async fn type_story(app: &Mounted, text: &str) {
    let area = app.find("#write-text");
    js_sys::Reflect::set(&area, &"value".into(), &text.into()).unwrap();
    let init = EventInit::new();
    init.set_bubbles(true);
    let input = Event::new_with_event_init_dict("input", &init).unwrap();
    area.dispatch_event(&input).unwrap();
    TimeoutFuture::new(450).await;
    tick().await;
}

/// Waits (up to 3 s) until `ready` holds.
async fn until(ready: impl Fn() -> bool) {
    for _ in 0..60 {
        if ready() {
            return;
        }
        TimeoutFuture::new(50).await;
    }
}

/// (title, text) of every step the story panel tells.
fn told(app: &Mounted) -> Vec<(String, String)> {
    let steps = app.steps().into_iter();
    steps.map(|(_, title, text)| (title, text)).collect()
}

/// Each step's time: the playhead after clicking it.
async fn step_times(app: &Mounted) -> Vec<u64> {
    let mut times = Vec::new();
    for step in app.all("#narration .narration-step") {
        step.unchecked_into::<web_sys::HtmlElement>().click();
        tick().await;
        times.push(app.playhead_ms());
    }
    times
}

fn search() -> String {
    web_sys::window().unwrap().location().search().unwrap()
}

/// The text box's value.
fn typed(app: &Mounted) -> String {
    let area = app.find("#write-text");
    js_sys::Reflect::get(&area, &"value".into())
        .unwrap()
        .as_string()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn a_written_story_runs_travels_in_the_link_and_keeps_its_run_through_a_slip() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.remove_item("fencing-lab.story").unwrap();
    let app = mount_app_at("?scenario=gc-pause&view=lab");
    assert!(told(&app).iter().all(|s| !s.0.contains("Ada")));

    type_story(&app, STORY).await;
    until(|| told(&app).iter().any(|s| s.0 == "Bob holds the lease")).await;
    let steps = told(&app);
    let grant = |who: &str, token: &str| {
        steps.iter().any(|(title, text)| {
            title == &format!("{who} holds the lease") && text.contains(&format!("token {token}"))
        })
    };
    assert!(grant("Ada", "101") && grant("Bob", "102"), "{steps:?}");
    let lanes: Vec<String> = app
        .all(".lane-label")
        .iter()
        .map(|l| l.text_content().unwrap_or_default())
        .collect();
    assert!(
        lanes.iter().any(|l| l.contains("Ada")) && lanes.iter().any(|l| l.contains("Bob")),
        "{lanes:?}"
    );
    assert_eq!(picker_value(&app), "written");
    assert_eq!(
        app.text("#scenario-summary"),
        fencing_lab::catalog::WRITTEN.summary
    );
    assert_eq!(
        storage.get_item("fencing-lab.story").unwrap().as_deref(),
        Some(STORY)
    );

    // The link, opened fresh in the story view, tells the same story at the same times.
    let times = step_times(&app).await;
    until(|| search().contains("story=")).await;
    let params = web_sys::UrlSearchParams::new_with_str(&search()).unwrap();
    params.set("view", "story");
    params.delete("t");
    let link: String = params.to_string().into();
    drop(app);
    let app = mount_app_at(&format!("?{link}"));
    // The reader is fetched before the link is read (in place here; on demand in the bundle).
    until(|| picker_value(&app) == "written").await;
    assert!(app.find(".app").class_list().contains("story"));
    // Step by step (PageDown), as a reader walks the story view.
    for (i, at_ms) in times.iter().enumerate() {
        // At a time shared by several steps the line shows the last of them.
        if times.get(i + 1) == Some(at_ms) {
            continue;
        }
        for _ in 0..times.len() {
            if app.playhead_ms() >= *at_ms {
                break;
            }
            press(&page_body(), "PageDown").await;
        }
        assert_eq!(app.playhead_ms(), *at_ms, "opened at ?{link}");
        let line = (
            app.text("#narration-line strong"),
            app.text("#narration-line span"),
        );
        assert_eq!(line, steps[i], "at {at_ms} ms, opened at ?{link}");
    }

    // In the lab view the panel holds the link's story; a slip shows where it is, and the run
    // on screen stays the last one that read.
    app.click("#toggle-story").await;
    until(|| app.all("#write-text").len() == 1 && typed(&app) == STORY).await;
    assert_eq!(typed(&app), STORY);
    type_story(&app, MISTYPED).await;
    until(|| !app.all(".write-error").is_empty()).await;
    let problem = app.text(".write-error");
    assert!(
        problem.starts_with("Line 2, column 8:") && problem.contains("Did you mean `pauses`?"),
        "{problem}"
    );
    let marked: Vec<String> = app
        .all("#write-gutter .bad")
        .iter()
        .map(|n| n.text_content().unwrap_or_default())
        .collect();
    assert_eq!(marked, vec!["2\n".to_string()]);
    assert!(app.text("#write-kept").contains("last story that did"));
    assert_eq!(
        told(&app),
        steps,
        "the run on screen stays the last that read"
    );
    assert_eq!(picker_value(&app), "written");
}

fn picker_value(app: &Mounted) -> String {
    app.find("#scenario-picker")
        .unchecked_into::<web_sys::HtmlSelectElement>()
        .value()
}
