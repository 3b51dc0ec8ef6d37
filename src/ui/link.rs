//! The address bar as the lab's memory: the whole lab state lives in the URL's query, read with
//! the platform's `URLSearchParams` at start and written back (with `history.replaceState`)
//! whenever it changes; the last one is also kept in localStorage, so a bare address brings a
//! returning visitor back where they left (a first visit opens the first story's story view).
//! The pure codec is [`crate::share`].

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::state::LabState;
use super::storage::local as storage;
use crate::lab::Problem;
use crate::share::{self, Decoded, LinkState};

/// localStorage key of the last link the lab showed (its query, maybe empty).
const PLACE_KEY: &str = "fencing-lab.place";

/// The first [`share::MAX_PAIRS`] (key, value) pairs of `search` (a query), split by the
/// browser, and how many pairs the query holds in all.
pub fn query_pairs(search: &str) -> (Vec<(String, String)>, usize) {
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(search) else {
        return (Vec::new(), 0);
    };
    let Ok(Some(mut entries)) = js_sys::try_iter(params.as_ref()) else {
        return (Vec::new(), 0);
    };
    let mut taken = 0;
    let pairs: Vec<(String, String)> = entries
        .by_ref()
        .take(share::MAX_PAIRS)
        .inspect(|_| taken += 1)
        .filter_map(|entry| {
            let pair: js_sys::Array = entry.ok()?.dyn_into().ok()?;
            Some((pair.get(0).as_string()?, pair.get(1).as_string()?))
        })
        .collect();
    (pairs, taken + entries.count())
}

/// What the address bar holds: a lab state decoded, or a link with a written story, whose
/// reader is fetched before the link is decoded.
pub enum Address {
    /// A valid lab state plus notices of what was ignored.
    Decoded(Decoded),
    /// A link holding a written story to read first: its pairs, how many it had in all, and the
    /// story's text.
    Story(Vec<(String, String)>, usize, String),
}

/// The page's query; a bare address gives the place this browser last showed, or on a first
/// visit [`LinkState::first_visit`].
pub fn read() -> Address {
    let mut search = window().location().search().unwrap_or_default();
    if search.len() <= 1 {
        match storage().and_then(|s| s.get_item(PLACE_KEY).ok().flatten()) {
            Some(place) => search = place,
            None => {
                return Address::Decoded(Decoded {
                    state: LinkState::first_visit(),
                    notices: Vec::new(),
                })
            }
        }
    }
    let (pairs, total) = query_pairs(&search);
    match share::story_to_read(&pairs).map(str::to_string) {
        Some(text) => Address::Story(pairs, total, text),
        None => Address::Decoded(share::decode_read(&pairs, total, None)),
    }
}

/// Decodes a link holding the written story `text`: its reader is fetched, then the link is read
/// with what it made of the text (a reader that could not be fetched is a notice, and the
/// catalog's story is shown).
pub async fn read_story_link(pairs: Vec<(String, String)>, total: usize, text: String) -> Decoded {
    let told = super::on_demand::read_story(text).await.ok();
    let data = |problems: Vec<Problem>| problems.into_iter().map(|p| p.at).collect();
    let reading = told.map(|t| t.map_err(data));
    share::decode_read(&pairs, total, reading)
}

/// The query string (with its leading `?`, or empty) for `state`, serialised by the browser.
pub fn query_for(state: &LinkState) -> String {
    let Ok(params) = web_sys::UrlSearchParams::new() else {
        return String::new();
    };
    for (key, value) in share::encode(state) {
        params.append(&key, &value);
    }
    let query: String = params.to_string().into();
    if query.is_empty() {
        query
    } else {
        format!("?{query}")
    }
}

/// The full shareable address of `state`.
pub fn href(state: &LinkState) -> String {
    let location = window().location();
    let base = format!(
        "{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default()
    );
    format!("{base}{}", query_for(state))
}

/// Whether the address is left as it is: while a written story's reader is fetched, or after it
/// could not be (the link keeps the story). Set by each mount of the page.
static HOLD: AtomicBool = AtomicBool::new(false);

/// Leaves the address as it is (`true`) or keeps it in step with the lab again.
pub fn hold(on: bool) {
    HOLD.store(on, Relaxed);
}

/// Keeps the address bar in step with the lab (not while playing: the playhead is written when
/// playback stops, so the browser is not asked to rewrite the URL sixty times a second), and
/// only when the link changed.
pub fn sync(lab: LabState) {
    // The last query written (the effect's own state).
    let mut written: Option<String> = None;
    crate::ui::effect::effect(move |_| {
        track_link(lab);
        if lab.playback.playing.get() || HOLD.load(Relaxed) {
            return;
        }
        let query = query_for(&lab.with_core(|core| core.link()));
        // Only a changed link is written (WebKit allows 100 rewrites in 10 s).
        if written.as_deref() == Some(query.as_str()) {
            return;
        }
        let Ok(history) = window().history() else {
            return;
        };
        let path = window().location().pathname().unwrap_or_default();
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{query}")),
        );
        if let Some(s) = storage() {
            let _ = s.set_item(PLACE_KEY, &query);
        }
        written = Some(query);
    });
}

/// Tracks every part of the lab a link carries.
fn track_link(lab: LabState) {
    let (s, v) = (lab.setup, lab.view);
    s.entry_id.track();
    s.knobs.track();
    s.user_faults.track();
    s.resumes.track();
    s.recording.track();
    lab.playback.playhead_ms.track();
    v.compare.track();
    v.presenting.track();
    v.story.track();
    v.zoom.track();
    lab.quiz.on.track();
}

/// Copies the shareable address of `state` to the clipboard.
pub fn copy(state: &LinkState) {
    let clipboard = window().navigator().clipboard();
    let _ = clipboard.write_text(&href(state));
}
