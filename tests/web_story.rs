//! Browser tests: the story told beside the timeline stays true when the learner changes the
//! run (a live pause, a resume), a system stuck behind a crashed holder is not called safe, a
//! first visit opens the story view, and the first story beyond the lock walks to its key
//! moment in presentation view on one box and on a replicated service, whose members get a row
//! each until the viewer collapses them.
#![cfg(target_arch = "wasm32")]

mod web_support;

use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_support::{
    mount_app, mount_app_at, mount_first_visit, page_body, press, Mounted, PageStyle,
};

wasm_bindgen_test_configure!(run_in_browser);

/// (time, title, text) of every step the story panel tells.
fn told(app: &Mounted) -> Vec<(String, String, String)> {
    app.steps()
}

fn seconds(time: &str) -> f64 {
    // "55 s", "60.05 s", "2 min 5 s"
    let mut total = 0.0;
    let words: Vec<&str> = time.split(' ').collect();
    for pair in words.chunks(2) {
        let n: f64 = pair[0].parse().unwrap_or(0.0);
        total += n * match pair.get(1).copied() {
            Some("h") => 3600.0,
            Some("min") => 60.0,
            _ => 1.0,
        };
    }
    total
}

fn in_time_order(steps: &[(String, String, String)]) -> bool {
    steps
        .windows(2)
        .all(|w| seconds(&w[0].0) <= seconds(&w[1].0))
}

#[wasm_bindgen_test]
async fn pausing_a_renewing_holder_mid_run_changes_the_story_not_just_the_banner() {
    let app = mount_app();
    app.pick_scenario("acquire-work-renew").await;
    let calm = told(&app);
    assert!(
        calm.iter().any(|s| s.1 == "Nothing changes hands"),
        "{calm:?}"
    );

    app.scrub_to(15_000).await;
    app.click("#btn-pause-app").await; // A, 40 s
    app.scrub_to(u64::MAX / 2).await;
    let outcome = app.text("#outcome");
    assert!(outcome.contains("Data corrupted"), "{outcome}");
    let steps = told(&app);
    assert!(
        steps.iter().all(|s| s.1 != "Nothing changes hands"),
        "the calm ending is not told of a run where the lease changed hands: {steps:?}"
    );
    assert!(
        steps.iter().all(|s| !s.2.contains("no expiry")),
        "{steps:?}"
    );
    assert!(
        steps.iter().any(|s| s.1 == "The lease changes hands"),
        "{steps:?}"
    );
    assert!(in_time_order(&steps), "{steps:?}");
    let missing = app.text("#not-in-run");
    assert!(missing.contains("Nothing changes hands"), "{missing}");
}

#[wasm_bindgen_test]
async fn resuming_a_early_in_the_warehouse_leaves_no_double_promise_in_the_story() {
    let app = mount_app();
    app.pick_scenario("last-item").await;
    app.scrub_to(10_000).await;
    app.click("#btn-resume-app").await; // A's pause ends at 10 s
    app.scrub_to(u64::MAX / 2).await;
    let outcome = app.text("#outcome");
    assert!(!outcome.contains("corrupted"), "{outcome}");
    let steps = told(&app);
    for (time, title, text) in &steps {
        assert!(
            !text.contains("twice") && !text.contains("two customers"),
            "a safe run is told as a double promise at {time}: {title}: {text}"
        );
    }
    assert!(in_time_order(&steps), "{steps:?}");
    app.scrub_to(10_000).await;
    let current = app.text(".narration-step.current .step-body");
    assert!(!current.contains("twice"), "{current}");
}

#[wasm_bindgen_test]
async fn a_lock_held_by_a_crashed_app_ends_stuck_not_safe() {
    let app = mount_app();
    app.pick_scenario("permanent-ownership").await;
    app.scrub_to(u64::MAX / 2).await;
    let banner = app.find("#outcome");
    let class = banner.get_attribute("class").unwrap_or_default();
    let text = banner.text_content().unwrap_or_default();
    assert!(
        class.contains("warn") && text.contains("Stuck"),
        "{class}: {text}"
    );
    assert!(!text.contains("Safe"), "{text}");
    let steps = told(&app);
    assert!(steps.iter().any(|s| s.1 == "Stuck for good"), "{steps:?}");
}

#[wasm_bindgen_test]
async fn a_first_visit_shows_the_story_view_whose_switch_changes_the_outcome() {
    let _style = PageStyle::add(include_str!("../style/main.css"));
    let app = mount_first_visit();
    assert!(app.find(".app").class_list().contains("story"));
    let first = &fencing_lab::catalog::catalog()[0];
    assert_eq!(
        app.text("#scenario-summary"),
        first.summary,
        "the first story"
    );
    assert!(
        app.all("#toggle-recordings").iter().all(|b| !visible(b)),
        "the lab's tools wait a click away"
    );
    app.scrub_to(u64::MAX / 2).await;
    let before = app.text("#outcome");
    app.click("#story-switch").await;
    app.scrub_to(u64::MAX / 2).await;
    let after = app.text("#outcome");
    assert_ne!(
        before, after,
        "flipping what the story is about changes its outcome"
    );
    app.click("#toggle-story").await;
    assert!(!app.find(".app").class_list().contains("story"));
    assert!(
        visible(&app.find("#toggle-recordings")),
        "Experiment opens the whole lab"
    );
}

/// The lab view's panels, by their titles: faults, settings, the explorer, the story's steps,
/// the resource and the event log.
const LAB_PANELS: &str = "#faults-title, #settings-title, #explore-title, #narration-title, \
                          #resource-title, #log-title";

#[wasm_bindgen_test]
async fn a_first_visit_builds_no_lab_panel_until_the_lab_view_opens_and_keeps_them_after() {
    let app = mount_first_visit();
    assert!(app.find(".app").class_list().contains("story"));
    app.scrub_to(12_000).await;
    assert_eq!(app.all(LAB_PANELS).len(), 0, "the story view builds none");
    assert!(
        app.all("#narration-line").len() == 1,
        "its narration line is there"
    );
    let outcome = app.text("#outcome");
    focus(&app, "#toggle-story");
    app.click("#toggle-story").await;
    assert_eq!(app.all(LAB_PANELS).len(), 6, "the lab view builds all six");
    assert_eq!(focused(), "toggle-story", "the focus stays on the switch");
    assert_eq!(
        app.text("#outcome"),
        outcome,
        "the outcome at the playhead stays"
    );
    let playhead = app.text("#time-readout");
    app.click("#toggle-story").await;
    assert!(app.find(".app").class_list().contains("story"));
    assert_eq!(
        app.all(LAB_PANELS).len(),
        6,
        "kept, hidden, for the next switch"
    );
    assert_eq!(app.text("#time-readout"), playhead, "the playhead stays");
    assert_eq!(focused(), "toggle-story", "and the focus, coming back");
    assert_eq!(app.text("#outcome"), outcome, "and the outcome");
}

/// Puts the keyboard focus on the element at `selector`, as Tab would.
fn focus(app: &Mounted, selector: &str) {
    let element = app.find(selector).unchecked_into::<web_sys::HtmlElement>();
    element.focus().unwrap();
}

/// The id of the element that has the keyboard focus ("" for none).
fn focused() -> String {
    let document = web_sys::window().unwrap().document().unwrap();
    document
        .active_element()
        .map(|e| e.id())
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn a_bare_address_brings_a_returning_visitor_back_where_they_left() {
    let app = mount_app();
    app.pick_scenario("clock-skew").await;
    for _ in 0..20 {
        if web_sys::window()
            .unwrap()
            .location()
            .search()
            .unwrap()
            .contains("clock-skew")
        {
            break;
        }
        gloo_timers::future::TimeoutFuture::new(25).await;
    }
    drop(app);
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    let place = storage.get_item("fencing-lab.place").unwrap();
    let search = web_sys::window().unwrap().location().search().unwrap();
    let app = mount_app_at("");
    let clock_skew = fencing_lab::catalog::by_id("clock-skew").unwrap();
    assert_eq!(
        app.text("#scenario-summary"),
        clock_skew.summary,
        "remembered {place:?}, the address was {search}"
    );
    assert!(
        !app.find(".app").class_list().contains("story"),
        "the lab, as left"
    );
}

/// Whether `element` takes room on the page (not hidden by the story view).
fn visible(element: &web_sys::Element) -> bool {
    let rect = element.get_bounding_client_rect();
    rect.width() > 0.0 && rect.height() > 0.0
}

#[wasm_bindgen_test]
async fn a_pause_added_at_the_playhead_is_drawn_at_once_before_play() {
    let app = mount_app();
    app.pick_scenario("acquire-work-renew").await;
    app.scrub_to(15_000).await;
    app.click("#btn-pause-app").await;
    let window = web_sys::window().unwrap();
    let shown: Vec<String> = app
        .all("svg.timeline-svg .marks .band-text")
        .iter()
        .filter(|e| {
            let style = window.get_computed_style(e).unwrap().unwrap();
            style.get_property_value("visibility").unwrap() == "visible"
        })
        .map(|e| e.text_content().unwrap_or_default())
        .collect();
    assert!(
        shown.iter().any(|t| t.contains("paused")),
        "the new pause's mark and label show at the playhead: {shown:?}"
    );
    assert_eq!(app.playhead_ms(), 15_000, "nothing played");
}

/// The narration line after stepping `steps` times with a clicker's PageDown.
async fn after_steps(app: &Mounted, steps: usize) -> String {
    let body = page_body();
    for _ in 0..steps {
        press(&body, "PageDown").await;
    }
    app.text("#narration-line")
}

#[wasm_bindgen_test]
async fn one_box_sells_the_last_item_twice_and_a_replicated_service_fences_a_in_presentation() {
    let _style = PageStyle::add(include_str!("../style/main.css"));
    let one_box = mount_app_at("?scenario=one-box&view=presentation&questions=off");
    assert!(one_box
        .root
        .query_selector(".app.presenting")
        .unwrap()
        .is_some());
    let line = after_steps(&one_box, 4).await;
    assert!(
        line.contains("sold twice"),
        "one box, the key moment: {line}"
    );
    drop(one_box);
    let group = mount_app_at("?scenario=one-box&view=presentation&questions=off&members=3");
    // Its new leader is elected and restarts A's lease at one moment: one step of the clicker.
    let line = after_steps(&group, 3).await;
    assert!(
        line.contains("higher than A's"),
        "three members: the story says why B's token is higher: {line}"
    );
    let line = after_steps(&group, 1).await;
    assert!(
        line.contains("rejects it"),
        "three members, the key moment: {line}"
    );
}

#[wasm_bindgen_test]
async fn a_replicated_service_draws_a_row_per_member_until_the_members_button_collapses_them() {
    let _style = PageStyle::add(include_str!("../style/main.css"));
    // At 60 s, once the leader has gone down: the legend lists only what has been drawn.
    let app = mount_app_at("?scenario=leader-change&view=lab&questions=off&t=60000");
    shown(&app, ".lane-members", true).await;
    shown(&app, ".legend .member-down", true).await;
    let names: Vec<String> = app
        .all(".lane-members .member-label")
        .iter()
        .map(|e| e.text_content().unwrap_or_default())
        .collect();
    assert_eq!(names.len(), 3, "a row each: {names:?}");
    let key = app.find(".legend .member-down .member-band");
    let fill = key.get_attribute("fill").unwrap_or_default();
    assert!(fill.contains("pat-hatch"), "hatched as in its row: {fill}");
    let leads = app.all(".timeline-svg .member-lead");
    assert!(
        leads.len() >= 2,
        "the first leader, and the next after it goes down"
    );
    let button = app.find("#btn-members");
    assert_eq!(
        button.get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    app.click("#btn-members").await;
    assert!(app.all(".lane-members").is_empty(), "collapsed to one lane");
    shown(&app, ".legend .member-lead", false).await;
    assert!(
        app.all(".member-lead").is_empty(),
        "no leader's band, nor in the legend"
    );
    assert_eq!(
        button.get_attribute("aria-pressed").as_deref(),
        Some("false")
    );
    app.click("#btn-members").await;
    assert_eq!(app.all(".lane-members .member-label").len(), 3);
    drop(app);
    let one_box = mount_app_at("?scenario=gc-pause&view=lab&questions=off");
    shown(&one_box, ".lane-coord", true).await;
    assert!(
        one_box.all(".lane-members").is_empty(),
        "one box has no members"
    );
    let hidden = web_sys::window()
        .unwrap()
        .get_computed_style(&one_box.find("#btn-members"))
        .unwrap()
        .unwrap()
        .get_property_value("display")
        .unwrap();
    assert_eq!(hidden, "none", "no Members button beside one box");
}

/// Issue 51 item 2, the legend: it lists the kinds of mark drawn by the playhead, so at 0 s it
/// does not give away that A's write will be rejected; once the playhead has passed the
/// rejection, it does.
#[wasm_bindgen_test]
async fn the_legend_lists_only_what_the_playhead_has_reached() {
    let app = mount_app_at("?scenario=gc-pause&view=lab&questions=off&enforcement=on");
    shown(&app, ".legend-items li", true).await;
    let rejected = fencing_lab::words::legend::REJECTED;
    assert!(!app.text(".legend-items").contains(rejected), "not at 0 s");
    app.scrub_to(120_000).await;
    shown(&app, ".legend-items li:nth-child(8)", true).await;
    assert!(app.text(".legend-items").contains(rejected), "once passed");
}

/// Waits until `selector` matches something (`true`) or nothing (`false`), at most a second: the
/// timeline draws once its room is measured, and the legend follows the drawing.
async fn shown(app: &Mounted, selector: &str, present: bool) {
    for _ in 0..40 {
        if app.all(selector).is_empty() != present {
            return;
        }
        gloo_timers::future::TimeoutFuture::new(25).await;
    }
}

/// The lectern (issue 51, item 6): presenting, PageDown past a story's last step puts the next
/// story's title card up, the next PageDown takes it down on that story, and PageUp at its start
/// goes back.
#[wasm_bindgen_test]
async fn page_down_past_the_last_step_in_presentation_opens_the_next_story() {
    let app = mount_app_at("?scenario=gc-pause&view=presentation&questions=off&t=120000");
    let body = page_body();
    let stories = fencing_lab::catalog::catalog();
    let here = stories.iter().position(|e| e.id == "gc-pause").unwrap();
    let next = &stories[here + 1];
    assert!(app.all(".title-card").is_empty());
    press(&body, "PageDown").await;
    assert_eq!(
        app.text(".title-card h2"),
        next.title,
        "the next story's card"
    );
    assert!(app.text(".title-card").contains(next.summary));
    press(&body, "PageDown").await;
    assert!(
        app.all(".title-card").is_empty(),
        "PageDown takes the card down"
    );
    let picker: web_sys::HtmlSelectElement = app.find("#scenario-picker").unchecked_into();
    assert_eq!(picker.value(), next.id, "on the next story");
    press(&body, "PageUp").await;
    assert_eq!(
        app.text(".title-card h2"),
        stories[here].title,
        "PageUp at the start goes back"
    );
}

/// "Which pattern?" opens from the story view of every story of the chapter beyond the lock
/// (issue 51, item 4), and from no other chapter's.
#[wasm_bindgen_test]
async fn which_pattern_opens_from_the_story_view_of_the_chapter_beyond_the_lock() {
    let app = mount_app_at("?scenario=leader-change&view=story");
    assert!(app.all("#which-pattern").is_empty());
    app.click("#btn-which-pattern-line").await;
    assert!(!app.all("#which-pattern").is_empty(), "the dialog opens");
    drop(app);
    let other = mount_app_at("?scenario=gc-pause&view=story");
    assert!(other.all("#btn-which-pattern-line").is_empty());
}
