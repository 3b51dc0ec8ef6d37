//! Browser tests of production presets: choosing a real system shows its numbers and whose
//! they are, changes the outcome where that system cannot fence, survives a copied link,
//! "Who fences?" lists every system's verdict, and "Which pattern?" every design's.
#![cfg(target_arch = "wasm32")]

mod web_support;

use fencing_lab::catalog::{System, DESIGNS, SYSTEMS};
use fencing_lab::words::time;
use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_support::{mount_app_at, Mounted};
use web_sys::{Event, HtmlInputElement, HtmlSelectElement};

wasm_bindgen_test_configure!(run_in_browser);

async fn choose(app: &Mounted, value: &str) {
    app.choose("#preset", value).await;
}

fn banner(app: &Mounted) -> String {
    app.find("#outcome").get_attribute("class").unwrap()
}

fn search() -> String {
    web_sys::window().unwrap().location().search().unwrap()
}

#[wasm_bindgen_test]
async fn each_preset_shows_its_numbers_and_only_systems_without_a_token_lose_the_file() {
    let app = mount_app_at("?scenario=gc-pause&enforcement=on&view=lab");
    tick().await;
    app.scrub_to(10_000_000).await;
    assert!(banner(&app).contains("good"), "{}", app.text("#outcome"));
    assert!(app.all("#preset-facts").is_empty(), "no system chosen yet");
    for system in SYSTEMS {
        let preset = system.preset();
        choose(&app, preset.id).await;
        app.scrub_to(10_000_000).await;
        let facts = app.text("#preset-facts");
        assert!(
            facts.contains(&time(preset.ttl_ms)),
            "{}: {facts}",
            preset.name
        );
        let line = app.text("#system-line");
        assert!(
            line.starts_with(&format!("On {}'s defaults", preset.name)),
            "{line}"
        );
        let cannot = matches!(system, System::Kubernetes | System::Redlock);
        let impossible = app
            .find("#toggle-enforcement")
            .get_attribute("aria-disabled");
        assert_eq!(
            impossible.as_deref(),
            Some(if cannot { "true" } else { "false" })
        );
        let outcome = app.text("#outcome");
        assert_eq!(
            banner(&app).contains("good"),
            !cannot,
            "{}: {outcome}",
            preset.name
        );
    }
    choose(&app, "own").await;
    assert!(app.all("#preset-facts").is_empty() && app.all("#system-line").is_empty());
}

#[wasm_bindgen_test]
async fn without_a_token_the_switch_says_why_and_a_version_check_still_saves_the_file() {
    let app = mount_app_at("?scenario=gc-pause&preset=kubernetes&view=lab");
    tick().await;
    app.click("#toggle-enforcement").await;
    let notice = app.text("#action-notice");
    assert!(notice.contains("no token"), "{notice}");
    assert!(!app.enforcement_on());
    app.click("#toggle-version").await;
    app.click("#toggle-enforcement").await;
    app.scrub_to(10_000_000).await;
    assert!(app.enforcement_on());
    assert!(banner(&app).contains("good"), "{}", app.text("#outcome"));
}

#[wasm_bindgen_test]
async fn a_preset_and_a_changed_lease_survive_a_copied_link() {
    let app = mount_app_at("?scenario=last-item&view=lab");
    tick().await;
    choose(&app, "consul").await;
    let link = search();
    assert!(link.contains("preset=consul"), "{link}");
    assert!(
        !link.contains("ttl_ms"),
        "the lease is Consul's own: {link}"
    );
    let ttl: HtmlInputElement = app.find("#knob-ttl").unchecked_into();
    ttl.set_value("20");
    ttl.dispatch_event(&Event::new("input").unwrap()).unwrap();
    tick().await;
    let link = search();
    assert!(link.contains("ttl_ms=20000"), "{link}");
    drop(app);
    let again = mount_app_at(&link);
    tick().await;
    let select: HtmlSelectElement = again.find("#preset").unchecked_into();
    assert_eq!(select.value(), "consul");
    assert!(
        again.text("#preset-facts").contains("15 s"),
        "Consul's own default"
    );
    let line = again.text("#system-line");
    assert!(line.contains("changed here: lease 20 s"), "{line}");
    assert!(again.all("#link-notice").is_empty(), "a clean link");
}

#[wasm_bindgen_test]
async fn who_fences_lists_every_system_and_each_use_shows_the_run_it_judged() {
    let app = mount_app_at("?scenario=gc-pause&view=lab");
    tick().await;
    app.click("#btn-who-fences").await;
    let rows = app.all("#who-fences .who-row");
    assert_eq!(rows.len(), SYSTEMS.len());
    let mut verdicts = Vec::new();
    for (row, system) in rows.iter().zip(SYSTEMS) {
        let text = row.text_content().unwrap_or_default();
        let cannot = matches!(system, System::Kubernetes | System::Redlock);
        let verdict = if cannot {
            "Cannot fence"
        } else {
            "Stale write rejected"
        };
        assert!(text.contains(verdict), "{text}");
        verdicts.push(verdict);
    }
    app.click("#btn-close-who").await;
    for (system, verdict) in SYSTEMS.into_iter().zip(verdicts) {
        app.click("#btn-who-fences").await;
        let id = system.preset().id;
        let button = app.find(&format!("#who-fences .who-row[data-system='{id}'] button"));
        button.unchecked_ref::<web_sys::HtmlElement>().click();
        tick().await;
        assert!(app.all("#who-fences").is_empty(), "the dialog closed");
        let select: HtmlSelectElement = app.find("#preset").unchecked_into();
        assert_eq!(select.value(), id);
        app.scrub_to(10_000_000).await;
        let banner = app.text("#outcome");
        let agrees = match verdict {
            "Stale write rejected" => banner.contains("Stale write rejected"),
            _ => banner.contains("Data corrupted"),
        };
        assert!(
            agrees,
            "{id}: the row said {verdict:?}, the banner says {banner:?}"
        );
    }
}

/// The time in a "Which pattern?" row's cost: "B reserves at 40.25 s · …" gives "40.25 s".
fn b_reserves_at(row: &str) -> String {
    let after = row.split("B reserves at ").nth(1).unwrap_or_default();
    after.split(" ·").next().unwrap_or_default().to_string()
}

#[wasm_bindgen_test]
async fn which_pattern_lists_every_design_and_each_use_shows_the_run_it_judged() {
    let app = mount_app_at("?scenario=which-pattern&questions=off&view=lab");
    tick().await;
    app.click("#btn-which-pattern").await;
    let rows: Vec<(String, String)> = app
        .all("#which-pattern .who-row")
        .iter()
        .map(|row| {
            let design = row.get_attribute("data-design").unwrap_or_default();
            (design, row.text_content().unwrap_or_default())
        })
        .collect();
    assert_eq!(rows.len(), DESIGNS.len());
    app.click("#btn-close-pattern").await;
    for (design, text) in rows {
        assert!(text.contains("Sold once"), "{design}: {text}");
        app.click("#btn-which-pattern").await;
        let button = app.find(&format!(
            "#which-pattern .who-row[data-design='{design}'] button"
        ));
        button.unchecked_ref::<web_sys::HtmlElement>().click();
        tick().await;
        assert!(app.all("#which-pattern").is_empty(), "the dialog closed");
        app.scrub_to(10_000_000).await;
        let banner = app.text("#outcome");
        assert!(
            banner.contains("Stale write rejected"),
            "{design}: the row said sold once, the banner says {banner:?}"
        );
        // The row's figure is the run's: B's reservation lands when the story says it does.
        let story = app.text("#narration");
        let at = b_reserves_at(&text);
        assert!(
            !at.is_empty() && story.contains(&format!("At {at} B's reservation is accepted")),
            "{design}: the row says B reserves at {at:?}; the story: {story}"
        );
        let epochs = text.contains("by its epoch");
        assert_eq!(story.contains("with epoch 2"), epochs, "{design}: {story}");
    }
}
