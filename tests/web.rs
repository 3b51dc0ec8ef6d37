//! Browser tests: mount the app into a fresh element and drive it as a user would
//! (select, click, drag the scrubber), then read what the page shows.
#![cfg(target_arch = "wasm32")]

mod web_support;

use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_support::{mount_app, mount_app_at, page_body, press, Mounted, PageStyle};
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn app_shows_header_stage_and_timeline() {
    let app = mount_app();
    tick().await;
    assert_eq!(app.text("header h1"), "Fencing Lab");
    assert!(app.all("main.stage").len() == 1, "stage is rendered");
    assert!(app.all("footer").len() == 1, "footer is rendered");
    assert_eq!(app.all("svg.timeline-svg").len(), 1, "one timeline");
    let lanes = app.all(".lane-label");
    let names: Vec<String> = lanes.iter().map(|e| e.text_content().unwrap()).collect();
    assert_eq!(names, ["Coordination", "App A", "App B", "Resource"]);
}

#[wasm_bindgen_test]
async fn last_item_corrupts_without_enforcement_and_is_saved_with_it() {
    let app = mount_app();
    app.pick_scenario("last-item").await;
    assert!(
        !app.enforcement_on(),
        "the story opens with enforcement off"
    );
    app.scrub_to(u64::MAX / 2).await; // clamped to the end of the run
    assert!(app.playhead_ms() > 60_000);

    let outcome = app.text("#outcome");
    assert!(
        outcome.contains("the last item was promised to two customers"),
        "{outcome}"
    );
    let writes = app.write_labels(".timeline");
    assert!(
        writes.iter().any(|w| w == "A 101 stale!"),
        "stale write accepted: {writes:?}"
    );
    assert_eq!(app.all("svg.timeline-svg .violation-mark").len(), 1);
    assert_eq!(app.text("#writes-accepted"), "2");

    app.click("#toggle-enforcement").await;
    assert!(app.enforcement_on());
    let outcome = app.text("#outcome");
    assert!(
        outcome.contains("Stale write rejected") && outcome.contains("101 < 102"),
        "{outcome}"
    );
    let writes = app.write_labels(".timeline");
    assert!(
        writes.iter().any(|w| w == "101 < 102"),
        "rejected write names both tokens: {writes:?}"
    );
    assert!(
        app.all("svg.timeline-svg .violation-mark").is_empty(),
        "no violation with enforcement on"
    );
    assert_eq!(app.text("#writes-rejected"), "1");
}

#[wasm_bindgen_test]
async fn pausing_the_holder_hands_the_lease_to_the_other_app() {
    let app = mount_app();
    app.pick_scenario("acquire-work-renew").await;
    let holders = |app: &Mounted| -> Vec<String> {
        app.all("svg.timeline-svg .lease")
            .iter()
            .map(|e| e.get_attribute("class").unwrap())
            .collect()
    };
    let before = holders(&app);
    assert!(
        before.iter().all(|c| c.contains("app-a")),
        "only A holds the lease: {before:?}"
    );

    app.scrub_to(5_000).await;
    app.click("#btn-pause-app").await; // App A is selected by default; 40 s pause
    let after = holders(&app);
    assert!(
        after.iter().any(|c| c.contains("app-b")),
        "B gets a lease after A pauses: {after:?}"
    );
    assert!(!app.all(".pause").is_empty(), "the pause is drawn");
}

#[wasm_bindgen_test]
async fn stepping_and_scrubbing_move_the_playhead_and_the_narration() {
    let app = mount_app();
    app.pick_scenario("gc-pause").await;
    assert_eq!(app.playhead_ms(), 0);
    app.click("#btn-next").await;
    let first = app.playhead_ms();
    assert!(first > 0, "next event moves forward");
    app.click("#btn-next").await;
    let second = app.playhead_ms();
    assert!(second > first);
    app.click("#btn-prev").await;
    assert_eq!(app.playhead_ms(), first, "previous event comes back");

    // Stepping without the story's questions (they stop before their moments: see
    // web_questions.rs).
    app.click("#toggle-questions").await;
    app.scrub_to(25_000).await;
    let current = app.text(".narration-step.current .step-title");
    assert_eq!(
        current, "The world stops",
        "the pause step is current at 25 s"
    );
    app.click("#btn-next-step").await;
    let now = app.playhead_ms();
    assert!(now > 25_000);
    let current = app.text(".narration-step.current .step-title");
    assert_ne!(
        current, "The world stops",
        "the highlight follows the next step"
    );
    app.click("#btn-restart").await;
    assert_eq!(app.playhead_ms(), 0);
}

#[wasm_bindgen_test]
async fn compare_mode_shows_both_outcomes() {
    let app = mount_app();
    app.pick_scenario("last-item").await;
    app.click("#toggle-compare").await;
    assert_eq!(app.all("svg.timeline-svg").len(), 2, "two timelines");
    let figures = app.all(".compare .timeline");
    assert_eq!(figures.len(), 2);
    let marks = |i: usize, sel: &str| figures[i].query_selector_all(sel).unwrap().length();
    assert_eq!(
        marks(0, ".violation-mark"),
        1,
        "enforcement off: a violation"
    );
    assert_eq!(marks(1, ".violation-mark"), 0, "enforcement on: none");
    assert_eq!(
        marks(1, ".access.rejected"),
        1,
        "enforcement on: the stale write is rejected"
    );
    // Each timeline paints with its own patterns: no id appears twice on the page.
    let mut ids: Vec<String> = app.all("[id]").iter().map(|e| e.id()).collect();
    let count = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), count, "duplicate ids among {ids:?}");
    for figure in &figures {
        let fill = figure
            .query_selector(".belief-band")
            .unwrap()
            .unwrap()
            .get_attribute("fill")
            .unwrap();
        let id = fill.trim_start_matches("url(#").trim_end_matches(')');
        assert!(
            figure
                .query_selector(&format!("pattern#{id}"))
                .unwrap()
                .is_some(),
            "{fill} is defined inside its own timeline"
        );
    }
    app.click("#toggle-compare").await;
    assert_eq!(app.all("svg.timeline-svg").len(), 1);
}

#[wasm_bindgen_test]
async fn each_compare_half_draws_its_own_run_and_the_banner_gives_both_verdicts() {
    let app = mount_app_at("?scenario=gc-pause&enforcement=on&t=62000&view=lab");
    tick().await;
    let head = || app.text("#outcome .outcome-head");
    assert!(
        !head().contains("enforcement"),
        "one run, nothing to name: {}",
        head()
    );
    app.click("#toggle-compare").await;
    let figures = app.all(".compare .timeline");
    let lines = |i: usize| {
        figures[i]
            .query_selector_all(".fence-line")
            .unwrap()
            .length()
    };
    assert_eq!(
        lines(0),
        0,
        "the OFF half, like the single OFF view, draws no fence line"
    );
    assert!(lines(1) > 0, "the ON half draws the fence it checks");
    assert!(
        head().starts_with("Token enforcement OFF: ⚠ Data corrupted · ")
            && head().contains(" · Token enforcement ON: ✓ Stale write rejected"),
        "the banner gives both halves' verdicts: {}",
        head()
    );
}

#[wasm_bindgen_test]
async fn keyboard_and_clicker_shortcuts_drive_the_lab() {
    let app = mount_app();
    app.pick_scenario("gc-pause").await;
    let body = page_body();
    let before = app.enforcement_on();
    press(&body, "e").await;
    assert_ne!(app.enforcement_on(), before, "E flips enforcement");

    press(&body, "ArrowRight").await;
    let first = app.playhead_ms();
    assert!(first > 0, "→ moves to the next event");
    press(&body, "PageDown").await;
    assert!(
        app.playhead_ms() > first,
        "PageDown moves to the next story step"
    );
    press(&body, "Home").await;
    assert_eq!(app.playhead_ms(), 0, "Home restarts");

    press(&body, "PageDown").await;
    assert!(app.all("svg.timeline-svg .restart").is_empty());
    press(&body, "r").await;
    assert_eq!(
        app.all("svg.timeline-svg .restart").len(),
        1,
        "R restarts the resource"
    );
    assert!(app.all("svg.timeline-svg .failover-band").is_empty());
    press(&body, "l").await;
    assert!(
        !app.all("svg.timeline-svg .failover-band").is_empty(),
        "L fails the coordination service over"
    );
    app.click("#btn-clear-faults").await;
    press(&body, "Home").await;

    press(&body, "f").await;
    assert!(
        app.root
            .query_selector(".app.presenting")
            .unwrap()
            .is_some(),
        "F enters presentation view"
    );
    assert!(
        !app.text("#narration-line").is_empty(),
        "presentation shows the narration line"
    );
    press(&body, "Escape").await;
    assert!(
        app.root.query_selector(".presenting").unwrap().is_some(),
        "Esc keeps presentation view"
    );
    press(&body, "f").await;
    assert!(
        app.root.query_selector(".presenting").unwrap().is_none(),
        "F leaves presentation view"
    );

    press(&body, "?").await;
    assert!(
        app.text("#help-overlay").contains("Presentation view"),
        "? opens the help"
    );
    press(&body, "Escape").await;
    assert!(app.root.query_selector("#help-overlay").unwrap().is_none());

    press(&body, ".").await;
    assert!(
        app.root.query_selector("#blank-screen").unwrap().is_some(),
        ". blanks the screen"
    );
    let enforcement = app.enforcement_on();
    press(&body, "e").await;
    assert!(
        app.root.query_selector("#blank-screen").unwrap().is_none(),
        "any key returns"
    );
    assert_eq!(
        app.enforcement_on(),
        enforcement,
        "the key that un-blanks does nothing else"
    );

    // Keys typed into a form control are not shortcuts.
    let scrubber: web_sys::EventTarget = app.find("#scrubber").into();
    press(&scrubber, "e").await;
    assert_eq!(
        app.enforcement_on(),
        enforcement,
        "typing in a control does not toggle"
    );
}

#[wasm_bindgen_test]
async fn p_pauses_the_lease_holder_at_the_playhead() {
    let app = mount_app();
    app.pick_scenario("acquire-work-renew").await;
    app.scrub_to(5_000).await;
    let body = page_body();
    press(&body, "p").await;
    let leases: Vec<String> = app
        .all("svg.timeline-svg .lease")
        .iter()
        .map(|e| e.get_attribute("class").unwrap())
        .collect();
    assert!(
        leases.iter().any(|c| c.contains("app-b")),
        "the lease moves to B: {leases:?}"
    );
}

#[wasm_bindgen_test]
async fn an_action_that_cannot_be_done_says_why_until_the_next_one_succeeds() {
    let app = mount_app();
    app.pick_scenario("acquire-work-renew").await;
    let body = page_body();
    // At 0 s nobody holds the lease yet: p cannot pause the holder, and says so.
    press(&body, "p").await;
    let region = app.find("#action-notice");
    assert_eq!(region.get_attribute("role").as_deref(), Some("status"));
    assert_eq!(region.get_attribute("aria-live").as_deref(), Some("polite"));
    assert!(
        app.text("#action-notice")
            .contains("Nobody holds the lease"),
        "the p key's error is shown: {:?}",
        app.text("#action-notice")
    );
    press(&body, "ArrowRight").await;
    assert_eq!(
        app.text("#action-notice"),
        "",
        "a successful action clears it"
    );
}

#[wasm_bindgen_test]
async fn exported_svg_is_standalone_with_styles() {
    // The test page has no app stylesheet; give it one rule, as index.html's CSS would.
    let _style = PageStyle::add(".lease-bar { fill: rebeccapurple; }");
    let app = mount_app();
    app.pick_scenario("last-item").await;
    app.scrub_to(u64::MAX / 2).await;
    let button = app.find("#btn-export-svg");
    let text =
        fencing_lab::ui::export::timeline_svg_text(&button, "A title", true).expect("an svg");
    assert!(text.starts_with("<svg"), "{}", &text[..40]);
    assert!(text.contains("xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(text.contains("<style"), "styles are embedded");
    assert!(
        text.contains("rebeccapurple"),
        "the page's own rules are in it"
    );
    assert!(text.contains("stale!"), "the drawing is in it");
}

#[wasm_bindgen_test]
async fn a_crafted_link_restores_what_it_can_and_says_what_it_ignored() {
    let app = mount_app_at(
        "?scenario=last-item&enforcement=on&t=61000&compare=1&ttl_ms=99999999&f=p.Z.1.2&zzz=1",
    );
    tick().await;
    let select: HtmlSelectElement = app.find("#scenario-picker").unchecked_into();
    assert_eq!(select.value(), "last-item", "the scenario is restored");
    assert!(app.enforcement_on(), "enforcement is restored");
    assert_eq!(app.playhead_ms(), 61_000, "the playhead is restored");
    assert_eq!(
        app.all("svg.timeline-svg").len(),
        2,
        "compare mode is restored"
    );
    let notice = app.text("#link-notice");
    assert!(
        notice.contains("out of range"),
        "the bad TTL is reported: {notice}"
    );
    assert!(
        notice.contains("zzz"),
        "the unknown parameter is reported: {notice}"
    );
    let ttl: HtmlInputElement = app.find("#knob-ttl").unchecked_into();
    assert_eq!(
        ttl.value(),
        "120",
        "the TTL falls back to the nearest allowed value"
    );
    app.click("#btn-dismiss-notice").await;
    assert!(app.root.query_selector("#link-notice").unwrap().is_none());
}

#[wasm_bindgen_test]
async fn text_from_a_link_is_shown_as_text_never_as_markup() {
    let app =
        mount_app_at("?scenario=last-item&%3Cimg%20src%3Dx%3E=1&t=%3Cb%3Ebold%3C%2Fb%3E&view=lab");
    tick().await;
    let notice = app.find("#link-notice");
    let said = notice.text_content().unwrap_or_default();
    assert!(said.contains("<img"), "the odd parameter is quoted: {said}");
    assert!(said.contains("<b>"), "the odd value is quoted: {said}");
    assert!(
        app.all("img, b").is_empty(),
        "no markup from the link was parsed: {}",
        notice.inner_html()
    );
}

#[wasm_bindgen_test]
async fn the_picker_lists_the_stories_under_their_chapters() {
    let app = mount_app();
    tick().await;
    let groups = app.all("#scenario-picker optgroup");
    let labels: Vec<String> = groups
        .iter()
        .map(|g| g.get_attribute("label").unwrap_or_default())
        .collect();
    assert_eq!(labels.len(), 7, "{labels:?}");
    assert_eq!(labels[0], "Locks and leases");
    assert_eq!(labels[6], "Beyond the lock");
    // Beside the chapters, only a written story's own option, hidden while no written story is on screen.
    assert_eq!(
        app.all("#scenario-picker optgroup option").len(),
        app.all("#scenario-picker option:not([hidden])").len(),
        "every story is in a chapter"
    );
    assert_eq!(
        app.all("#scenario-picker > option[hidden][disabled]").len(),
        1
    );
    let last = &groups[6];
    assert!(
        last.query_selector("option[value='which-pattern']")
            .unwrap()
            .is_some(),
        "the last chapter holds the last story"
    );
    app.pick_scenario("one-box").await;
    let select: HtmlSelectElement = app.find("#scenario-picker").unchecked_into();
    assert_eq!(
        select.value(),
        "one-box",
        "a story in a chapter can be picked"
    );
}

#[wasm_bindgen_test]
async fn garbage_links_fall_back_to_the_default_story() {
    let long = "x".repeat(5_000);
    let app = mount_app_at(&format!("?scenario=%00%FF{long}&t=-5&view=%3Cscript%3E"));
    tick().await;
    let select: HtmlSelectElement = app.find("#scenario-picker").unchecked_into();
    assert_eq!(select.value(), "gc-pause");
    assert_eq!(app.playhead_ms(), 0);
    assert!(
        app.text("#link-notice").contains("scenario"),
        "the bad scenario is reported"
    );
    assert!(
        app.root.query_selector("script").unwrap().is_none(),
        "nothing from the link becomes markup"
    );
}

#[wasm_bindgen_test]
async fn the_address_bar_follows_the_lab() {
    let app = mount_app();
    app.pick_scenario("last-item").await;
    app.click("#toggle-enforcement").await;
    app.scrub_to(40_000).await;
    let search = window().location().search().unwrap();
    assert!(search.contains("scenario=last-item"), "{search}");
    assert!(search.contains("enforcement=on"), "{search}");
    assert!(search.contains("t=40000"), "{search}");
    drop(app);
    // Opening that address again restores the same state.
    let again = mount_app_at(&search);
    tick().await;
    assert!(again.enforcement_on());
    assert_eq!(again.playhead_ms(), 40_000);
}

#[wasm_bindgen_test]
async fn a_panic_shows_a_reset_overlay_not_a_dead_page() {
    let app = mount_app_at("?scenario=last-item&t=5000&view=lab");
    tick().await;
    fencing_lab::ui::panic_overlay::show();
    let overlay = document()
        .get_element_by_id("panic-overlay")
        .expect("the overlay is shown");
    assert!(overlay
        .text_content()
        .unwrap()
        .contains("Something went wrong"));
    let reset: web_sys::HtmlAnchorElement = document()
        .get_element_by_id("btn-reset-lab")
        .unwrap()
        .unchecked_into();
    assert!(
        !reset.href().contains('?'),
        "reset drops the state kept in the address: {}",
        reset.href()
    );
    overlay.remove();
    drop(app);
}

/// Waits (at most ~20 s) until `selector` exists inside the app.
async fn wait_for(app: &Mounted, selector: &str) -> Element {
    for _ in 0..400 {
        if let Some(found) = app.root.query_selector(selector).unwrap() {
            return found;
        }
        gloo_timers::future::TimeoutFuture::new(50).await;
    }
    panic!("{selector} never appeared");
}

#[wasm_bindgen_test]
async fn the_explorer_finds_the_break_and_shows_it() {
    let app = mount_app();
    app.pick_scenario("last-item").await;
    app.click("#btn-explore").await;
    let headline = wait_for(&app, "#explore-headline")
        .await
        .text_content()
        .unwrap();
    assert!(headline.contains("break the design"), "{headline}");
    let rate = app.text("#explore-rate");
    web_sys::console::log_1(&format!("explorer in the browser (debug build): {rate}").into());

    // "Show me" loads the smallest counterexample: the timeline shows the damage.
    app.click(".explore-kind button").await;
    app.scrub_to(u64::MAX / 2).await;
    assert!(
        !app.all("svg.timeline-svg .violation-mark").is_empty(),
        "the counterexample breaks the design on the timeline"
    );

    // With enforcement on, the whole space is safe.
    app.click("#btn-clear-faults").await;
    app.click("#toggle-enforcement").await;
    app.click("#btn-explore").await;
    let headline = wait_for(&app, "#explore-headline")
        .await
        .text_content()
        .unwrap();
    assert!(
        headline.starts_with("No schedule within these bounds breaks the design"),
        "{headline}"
    );
}

#[wasm_bindgen_test]
async fn a_search_cancelled_before_its_end_without_a_break_is_not_coloured_safe() {
    let app = mount_app();
    // A search long enough not to end before the cancel (9 592 schedules; no break in them).
    app.pick_scenario("leader-change").await;
    app.click("#explore-services").await;
    app.click("#btn-explore").await;
    app.click("#btn-explore-cancel").await;
    let headline = wait_for(&app, "#explore-headline").await;
    let text = headline.text_content().unwrap_or_default();
    assert!(text.starts_with("Stopped "), "{text}");
    let class = headline.class_name();
    assert!(
        !class.contains("good") && !class.contains("bad"),
        "what it did not try may break: {class} ({text})"
    );
}

#[wasm_bindgen_test]
async fn the_explorer_adds_restarts_and_failovers_to_its_search_when_asked() {
    let app = mount_app();
    app.pick_scenario("last-item").await;
    app.click("#toggle-enforcement").await;
    let before = app.text("#explore-plan");
    assert!(!before.contains("restarts"), "{before}");
    app.click("#explore-services").await;
    let plan = app.text("#explore-plan");
    assert!(plan.contains("resource restarts and failovers"), "{plan}");
    let schedules = |text: &str| -> u64 {
        let tail = text.rsplit(": ").next().unwrap_or_default();
        tail.split(' ')
            .next()
            .unwrap_or_default()
            .parse()
            .unwrap_or(0)
    };
    assert!(schedules(&plan) > schedules(&before), "{before} → {plan}");
    app.click("#btn-explore").await;
    let headline = wait_for(&app, "#explore-headline")
        .await
        .text_content()
        .unwrap();
    assert!(
        headline.contains(&format!("all {} were explored", schedules(&plan))),
        "with its fence stored durably, a restart breaks nothing: {headline}"
    );
}

#[wasm_bindgen_test]
async fn the_explorers_service_and_crash_switches_name_the_members_on_a_replicated_service_only() {
    let _style = PageStyle::add(include_str!("../style/main.css"));
    let app = mount_app();
    // What a switch reads on screen: its label's text that is displayed.
    let label = |app: &Mounted, id: &str| {
        let input = app.find(id);
        let label = input.parent_element().unwrap();
        label
            .dyn_into::<web_sys::HtmlElement>()
            .unwrap()
            .inner_text()
            .trim()
            .to_string()
    };
    app.pick_scenario("leader-change").await;
    assert_eq!(
        label(&app, "#explore-services"),
        "Include restarts, failovers and cut-off leaders"
    );
    assert_eq!(
        label(&app, "#explore-crashes"),
        "Include crashes of apps and members"
    );
    app.pick_scenario("last-item").await;
    assert_eq!(
        label(&app, "#explore-services"),
        "Include restarts and failovers"
    );
    assert_eq!(label(&app, "#explore-crashes"), "Include crashes");
}

#[wasm_bindgen_test]
async fn the_help_fits_the_window_and_its_close_button_can_be_reached() {
    let _style = PageStyle::add(include_str!("../style/main.css"));
    let app = mount_app();
    let body = page_body();
    press(&body, "?").await;
    let card = app.find("#help-overlay .overlay-card");
    let window_px = web_sys::window()
        .unwrap()
        .inner_height()
        .unwrap()
        .as_f64()
        .unwrap();
    let bottom_px = card.get_bounding_client_rect().bottom();
    assert!(
        bottom_px <= window_px + 1.0,
        "{bottom_px} px in a {window_px} px window"
    );
    // Without scrolling: the card's Close button stays in view.
    let at = app.find("#btn-close-help").get_bounding_client_rect();
    assert!(
        at.top() >= 0.0 && at.bottom() <= window_px + 1.0,
        "Close is on screen: {} to {} px in a {window_px} px window",
        at.top(),
        at.bottom()
    );
    press(&body, "Escape").await;
}

/// The accessible name a screen reader would announce for a control (the common cases).
fn accessible_name(element: &Element) -> String {
    if let Some(label) = element
        .get_attribute("aria-label")
        .filter(|l| !l.trim().is_empty())
    {
        return label;
    }
    if let Some(id) = element.get_attribute("aria-labelledby") {
        if let Some(by) = document().get_element_by_id(&id) {
            return by.text_content().unwrap_or_default();
        }
    }
    if let Ok(Some(label)) = element.closest("label") {
        return label.text_content().unwrap_or_default();
    }
    if let Some(id) = element.get_attribute("id") {
        if let Ok(Some(label)) = document().query_selector(&format!("label[for='{id}']")) {
            return label.text_content().unwrap_or_default();
        }
    }
    element.text_content().unwrap_or_default()
}

#[wasm_bindgen_test]
async fn every_control_has_an_accessible_name() {
    let app = mount_app_at("?scenario=last-item&view=lab");
    tick().await;
    let controls = app.all("button, input, select, a[href]");
    assert!(
        controls.len() > 30,
        "the lab has its controls ({})",
        controls.len()
    );
    let unnamed: Vec<String> = controls
        .iter()
        .filter(|c| accessible_name(c).trim().is_empty())
        .map(|c| c.outer_html().chars().take(120).collect())
        .collect();
    assert!(unnamed.is_empty(), "controls without a name: {unnamed:#?}");
    // The central switches announce their state as switches.
    for id in [
        "#toggle-enforcement",
        "#toggle-lease",
        "#toggle-renew",
        "#toggle-check",
    ] {
        let switch = app.find(id);
        assert_eq!(
            switch.get_attribute("role").as_deref(),
            Some("switch"),
            "{id}"
        );
        assert!(
            switch.get_attribute("aria-checked").is_some(),
            "{id} says whether it is on"
        );
    }
    assert_eq!(
        app.find("#live-announcer")
            .get_attribute("aria-live")
            .as_deref(),
        Some("polite")
    );
}

#[wasm_bindgen_test]
async fn the_live_region_speaks_the_newest_event_while_playing() {
    let app = mount_app_at("?scenario=last-item&view=lab");
    tick().await;
    let spoken = || app.text("#live-announcer");
    assert_eq!(spoken(), "", "silent before anything plays");
    app.click("#btn-play").await;
    // What it says is the newest row of the event log, with its time (read in the same turn).
    let newest_row = || {
        let row = app.find("#event-log li button");
        let part = |tag: &str| {
            row.query_selector(tag)
                .unwrap()
                .unwrap()
                .text_content()
                .unwrap()
        };
        format!("{}: {}", part("time"), part("span"))
    };
    let mut heard = None;
    for _ in 0..200 {
        let said = spoken();
        if !said.is_empty() {
            heard = Some((said, newest_row()));
            break;
        }
        gloo_timers::future::TimeoutFuture::new(25).await;
    }
    let (said, row) = heard.expect("playing announces events");
    assert_eq!(said, row);
    // Pause (unless the story already played to its end, which stops it too).
    if app
        .find("#btn-play")
        .get_attribute("aria-pressed")
        .as_deref()
        == Some("true")
    {
        app.click("#btn-play").await;
    }
    assert_eq!(
        spoken(),
        "",
        "pausing silences it: no repeats while scrubbing"
    );
}

#[wasm_bindgen_test]
async fn tab_order_follows_the_layout() {
    // The app's own stylesheet, so the layout is the one people see.
    let _style = PageStyle::add(include_str!("../style/main.css"));
    let app = mount_app_at("?scenario=last-item&view=lab");
    tick().await;
    let width = window().inner_width().unwrap().as_f64().unwrap();
    let side = app.find("aside.side-col").get_bounding_client_rect();
    // webdriver.json opens a 1366 px window in Chromium and Firefox: the lab's two-column layout
    // is under test there. WebKitGTK's window is 1024 px wide (one column, above 1100 px: two).
    if width > 1100.0 {
        assert!(
            side.left() > width / 2.0,
            "the story and resource sit in a right-hand column ({width} px window, column at {})",
            side.left()
        );
    }
    let positive: Vec<String> = app
        .all("[tabindex]")
        .iter()
        .filter(|e| {
            e.get_attribute("tabindex")
                .and_then(|t| t.parse::<i32>().ok())
                .is_some_and(|t| t > 0)
        })
        .map(|e| e.outer_html().chars().take(100).collect())
        .collect();
    assert!(
        positive.is_empty(),
        "a positive tabindex reorders focus: {positive:#?}"
    );
    // Tab visits controls in DOM order: each next one must be below the previous, further
    // right on the same line, or at the top of a column to its right; never back up-left.
    let focusable: Vec<(String, web_sys::DomRect)> = app
        .all("button:not([disabled]), input:not([disabled]), select:not([disabled]), a[href], [tabindex='0']")
        .into_iter()
        .map(|e| (e.outer_html().chars().take(80).collect(), e.get_bounding_client_rect()))
        .filter(|(_, r)| r.width() > 0.0 && r.height() > 0.0)
        .collect();
    assert!(focusable.len() > 20, "{} visible controls", focusable.len());
    for pair in focusable.windows(2) {
        let ((a_html, a), (b_html, b)) = (&pair[0], &pair[1]);
        let same_line = (b.top() - a.top()).abs() <= 4.0;
        let backwards = if same_line {
            b.right() <= a.left() + 1.0
        } else {
            b.top() < a.top() && b.left() < a.right() - 1.0
        };
        assert!(
            !backwards,
            "focus jumps back from {a_html} ({:.0},{:.0}) to {b_html} ({:.0},{:.0})",
            a.left(),
            a.top(),
            b.left(),
            b.top()
        );
    }
}

#[wasm_bindgen_test]
async fn zoom_keys_narrow_the_timeline_and_the_link_keeps_the_zoom() {
    let app = mount_app_at("?scenario=gc-pause&view=lab");
    tick().await;
    let fitted = app.text("#window-readout");
    assert!(fitted.starts_with("0 s–"), "fitted to the story: {fitted}");
    let body = page_body();
    press(&body, "+").await;
    let zoomed = app.text("#window-readout");
    assert_ne!(zoomed, fitted, "+ zooms in");
    let search = window().location().search().unwrap();
    assert!(
        search.contains("zoom="),
        "the zoom is in the link: {search}"
    );
    drop(app);
    // The same address opens the same window.
    let again = mount_app_at(&search);
    tick().await;
    assert_eq!(again.text("#window-readout"), zoomed);
    press(&body, "0").await;
    assert_eq!(
        again.text("#window-readout"),
        fitted,
        "0 fits the story again"
    );
    let search = window().location().search().unwrap();
    assert!(!search.contains("zoom="), "{search}");
}

#[wasm_bindgen_test]
async fn the_playhead_line_is_drawn_only_inside_the_window_its_time_says_where_it_is() {
    let app = mount_app_at("?scenario=gc-pause&view=lab");
    tick().await;
    let body = page_body();
    press(&body, "+").await;
    press(&body, "+").await;
    // How long the playhead's line is drawn (0: not drawn).
    let line = || {
        let l = app.find(".playhead line");
        let y = |a| l.get_attribute(a).unwrap().parse::<f64>().unwrap();
        y("y2") - y("y1")
    };
    assert!(line() > 0.0, "at 0 s, inside the zoomed window");
    app.scrub_to(u64::MAX / 2).await;
    let label = app.text(".playhead-label");
    assert!(
        label.ends_with('▸'),
        "the time points past the window: {label}"
    );
    assert_eq!(line(), 0.0, "no line at the edge, over another time");
    press(&body, "0").await;
    app.scrub_to(20_000).await;
    assert!(line() > 0.0, "fitted again, at 20 s the playhead is inside");
}

#[wasm_bindgen_test]
async fn a_mark_appears_whole_once_its_time_has_come() {
    let app = mount_app_at("?scenario=gc-pause&enforcement=on&view=lab");
    tick().await;
    let rejection = || {
        app.all("svg.timeline-svg .marks text")
            .into_iter()
            .find(|t| t.text_content().as_deref() == Some("101 < 102"))
            .expect("the rejection is drawn")
    };
    let shown = |el: &Element| {
        el.closest("[visibility]")
            .unwrap()
            .is_none_or(|g| g.get_attribute("visibility").as_deref() != Some("hidden"))
    };
    app.scrub_to(55_000).await;
    assert!(!shown(&rejection()), "not yet at 55.0 s");
    app.scrub_to(55_100).await;
    let label = rejection();
    assert!(shown(&label), "shown at 55.1 s");
    assert!(
        label.closest("[clip-path]").unwrap().is_none(),
        "labels are never clipped by the playhead"
    );
}

#[wasm_bindgen_test]
async fn an_export_is_headed_by_its_title_and_the_verdict_at_the_playhead() {
    let app = mount_app_at("?scenario=gc-pause&view=lab");
    tick().await;
    let button = app.find("#btn-export-svg");
    let export = || fencing_lab::ui::export::timeline_svg_text(&button, "A pause", true).unwrap();
    let at_start = export();
    assert!(
        at_start.contains(">A pause</text>") && at_start.contains("Ready"),
        "the title, then the banner at 0"
    );
    app.scrub_to(u64::MAX / 2).await;
    let (head, at_end) = (app.text(".outcome-head"), export());
    assert!(
        head.contains("Data corrupted") && at_end.contains(&format!("{head}\u{a0}· At ")),
        "the verdict on screen: {head}"
    );
    assert!(
        !at_start.contains(&head),
        "and never the end's verdict before the playhead reaches it"
    );
}

#[wasm_bindgen_test]
async fn compare_mode_exports_both_halves_under_their_captions() {
    let app = mount_app_at("?scenario=last-item&compare=on&view=lab");
    tick().await;
    app.scrub_to(u64::MAX / 2).await;
    let button = app.find("#btn-export-svg");
    let text =
        fencing_lab::ui::export::timeline_svg_text(&button, "A title", true).expect("an svg");
    assert!(text.contains("Token enforcement OFF") && text.contains("Token enforcement ON"));
    assert_eq!(
        text.matches("class=\"timeline-svg\"").count(),
        2,
        "both halves"
    );
    assert!(
        text.contains("stale!") && text.contains("101 &lt; 102"),
        "both outcomes"
    );
    assert!(
        text.contains("class=\"export-legend\"")
            && text.contains("stale write rejected by the token or version check"),
        "the legend comes along"
    );
    let bare =
        fencing_lab::ui::export::timeline_svg_text(&button, "A title", false).expect("an svg");
    assert!(
        !bare.contains("class=\"export-legend\"")
            && !bare.contains("stale write rejected by the token or version check"),
        "unless it is left out"
    );
}

#[wasm_bindgen_test]
async fn a_resource_restart_breaks_the_fence_only_once_it_lives_in_memory() {
    let app = mount_app_at("?scenario=gc-pause&view=lab");
    tick().await;
    if !app.enforcement_on() {
        app.click("#toggle-enforcement").await;
    }
    let banner = |app: &Mounted| app.find("#outcome").get_attribute("class").unwrap();
    app.scrub_to(u64::MAX / 2).await;
    assert!(banner(&app).contains("good"), "{}", app.text("#outcome"));
    assert!(
        app.all("#toggle-fence-durable").is_empty(),
        "no restart, so the fence's durability does not matter yet"
    );

    app.scrub_to(45_000).await;
    app.click("#btn-restart-resource").await;
    assert_eq!(app.text("#action-notice"), "", "the restart was placed");
    assert_eq!(
        app.find("#toggle-fence-durable")
            .get_attribute("aria-checked")
            .as_deref(),
        Some("true"),
        "the fence is stored durably, as it is by default"
    );
    app.scrub_to(u64::MAX / 2).await;
    assert!(banner(&app).contains("good"), "{}", app.text("#outcome"));
    assert_eq!(app.all("svg.timeline-svg .restart").len(), 1);
    assert!(app.all("svg.timeline-svg .restart.lost").is_empty());

    app.click("#toggle-fence-durable").await;
    assert!(banner(&app).contains("bad"), "{}", app.text("#outcome"));
    assert!(
        app.text("#outcome").contains("Data corrupted"),
        "{}",
        app.text("#outcome")
    );
    assert_eq!(app.all("svg.timeline-svg .restart.lost").len(), 1);
}
