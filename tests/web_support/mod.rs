//! What the browser tests share: mount the app at a link and drive it as a user would.
#![allow(dead_code)]

use fencing_lab::ui::App;
use leptos::mount::mount_to;
use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, HtmlElement, HtmlInputElement, HtmlSelectElement};

/// A mounted app inside its own element; unmounts when dropped.
pub struct Mounted {
    pub root: HtmlElement,
    _handle: Box<dyn std::any::Any>,
}

/// Mounts the app as if the page had been opened at `?query` (empty: a bare address, which
/// opens the place this browser last showed, or on a first visit the story view).
pub fn mount_app_at(query: &str) -> Mounted {
    let path = window().location().pathname().unwrap();
    set_address(&format!("{path}{query}"));
    let document = document();
    let root: HtmlElement = document.create_element("div").unwrap().unchecked_into();
    document.body().unwrap().append_child(&root).unwrap();
    let handle = mount_to(root.clone(), App);
    Mounted {
        root,
        _handle: Box::new(handle),
    }
}

/// How long WebKit's cap on `history.replaceState` lasts: 100 calls in 10 s, and a
/// SecurityError beyond that (the app's own calls count too, and it ignores the error).
const REPLACE_STATE_WINDOW_MS: f64 = 10_500.0;

/// Puts `url` in the address bar. Under WebKit's cap the call is refused until its 10 s
/// window ends (a refused call does not count), so it is tried again until it is taken.
fn set_address(url: &str) {
    let history = window().history().unwrap();
    let started_ms = js_sys::Date::now();
    loop {
        let set = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(url));
        match set {
            Ok(()) => return,
            Err(e) if js_sys::Date::now() - started_ms > REPLACE_STATE_WINDOW_MS => {
                panic!("the address stays refused: {e:?}")
            }
            // A test cannot sleep without giving up the thread: wait a little, then try again.
            Err(_) => {
                let until_ms = js_sys::Date::now() + 50.0;
                while js_sys::Date::now() < until_ms {}
            }
        }
    }
}

/// A stylesheet added to the test page for one test; removed when dropped, pass or fail, so
/// the tests after it see the page they expect.
pub struct PageStyle(Element);

impl PageStyle {
    pub fn add(css: &str) -> PageStyle {
        let style = document().create_element("style").unwrap();
        style.set_text_content(Some(css));
        document().head().unwrap().append_child(&style).unwrap();
        PageStyle(style)
    }
}

impl Drop for PageStyle {
    fn drop(&mut self) {
        self.0.remove();
    }
}

/// Mounts the lab on the GC-pause story (a link naming it, so no remembered place counts).
pub fn mount_app() -> Mounted {
    mount_app_at("?scenario=gc-pause&view=lab")
}

/// Mounts the app as a first visit opens it: a bare address, nothing remembered.
pub fn mount_first_visit() -> Mounted {
    let storage = window().local_storage().unwrap().unwrap();
    storage.remove_item("fencing-lab.place").unwrap();
    mount_app_at("")
}

impl Mounted {
    pub fn find(&self, selector: &str) -> Element {
        self.root
            .query_selector(selector)
            .unwrap()
            .unwrap_or_else(|| panic!("no element matches {selector}"))
    }

    pub fn all(&self, selector: &str) -> Vec<Element> {
        let list = self.root.query_selector_all(selector).unwrap();
        (0..list.length())
            .map(|i| list.item(i).unwrap().unchecked_into())
            .collect()
    }

    pub fn text(&self, selector: &str) -> String {
        self.find(selector).text_content().unwrap_or_default()
    }

    /// (time, title, text) of every step the story panel tells.
    pub fn steps(&self) -> Vec<(String, String, String)> {
        self.all("#narration .narration-step")
            .iter()
            .map(|step| {
                let part = |sel: &str| {
                    step.query_selector(sel)
                        .unwrap()
                        .and_then(|e| e.text_content())
                        .unwrap_or_default()
                };
                (part(".step-time"), part(".step-title"), part(".step-body"))
            })
            .collect()
    }

    pub async fn click(&self, selector: &str) {
        self.find(selector).unchecked_into::<HtmlElement>().click();
        tick().await;
    }

    pub async fn pick_scenario(&self, id: &str) {
        self.choose("#scenario-picker", id).await;
    }

    /// Chooses `value` in the `<select>` at `selector`, as a user would.
    pub async fn choose(&self, selector: &str, value: &str) {
        let select: HtmlSelectElement = self.find(selector).unchecked_into();
        select.set_value(value);
        select
            .dispatch_event(&Event::new("change").unwrap())
            .unwrap();
        tick().await;
    }

    pub async fn scrub_to(&self, at_ms: u64) {
        let input: HtmlInputElement = self.find("#scrubber").unchecked_into();
        input.set_value(&at_ms.to_string());
        input.dispatch_event(&Event::new("input").unwrap()).unwrap();
        tick().await;
    }

    pub fn playhead_ms(&self) -> u64 {
        self.find("#time-readout")
            .get_attribute("data-ms")
            .unwrap()
            .parse()
            .unwrap()
    }

    pub fn enforcement_on(&self) -> bool {
        self.find("#toggle-enforcement")
            .get_attribute("aria-checked")
            .as_deref()
            == Some("true")
    }

    /// Text of every write mark on the timeline(s) of `scope`.
    pub fn write_labels(&self, scope: &str) -> Vec<String> {
        self.all(&format!("{scope} .access-label"))
            .iter()
            .map(|e| e.text_content().unwrap_or_default())
            .collect()
    }
}

/// The page's body, where a key press bubbles up to the window's shortcuts.
pub fn page_body() -> web_sys::EventTarget {
    web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .body()
        .unwrap()
        .into()
}

/// Sends a key press to `target` (bubbling up to the window, where shortcuts listen).
pub async fn press(target: &web_sys::EventTarget, key: &str) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let event =
        web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    target.dispatch_event(&event).unwrap();
    tick().await;
}
