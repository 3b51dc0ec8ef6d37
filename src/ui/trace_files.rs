//! Getting a trace file's text into the lab: a shipped recording fetched from beside the bundle
//! (only when asked for), a file chosen in the picker, or one dropped on the page. Each ends in
//! one [`RecordingIntent::Read`] carrying the text, or one that says why it could not be read.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use super::state::LabState;
use crate::lab::{Intent, RecordingIntent};
use crate::trace::MAX_BYTES;
use crate::words::recorded;

/// Where the shipped recordings are served, relative to the page.
const SHIPPED_DIR: &str = "traces/";

/// Fetches the shipped recording `file` (id `id`) and opens it at `at_ms`.
pub fn fetch_shipped(
    (lab, act): (LabState, fn(LabState, Intent)),
    (id, file): (&'static str, &'static str),
    at_ms: u64,
) {
    leptos::task::spawn_local(async move {
        let text = fetch_text(&format!("{SHIPPED_DIR}{file}")).await;
        act(
            lab,
            RecordingIntent::arrived(file.to_string(), Some(id), text, at_ms).into(),
        );
    });
}

/// Reads the first of `files` (from the picker or a drop) and opens it; a file larger than a
/// trace may be is refused before it is read.
pub fn open_first(send: impl Fn(Intent) + 'static, files: Option<web_sys::FileList>) {
    let Some(file) = files.and_then(|f| f.get(0)) else {
        return;
    };
    let name = file.name();
    if file.size() > MAX_BYTES as f64 {
        let error = crate::trace::TraceError::TooLarge {
            bytes: file.size() as usize,
            max: MAX_BYTES,
        };
        send(Intent::Recording(RecordingIntent::Refused {
            file: name,
            error,
        }));
        return;
    }
    leptos::task::spawn_local(async move {
        let text = JsFuture::from(file.text())
            .await
            .map_err(|e| describe(&e))
            .and_then(|t| t.as_string().ok_or_else(|| recorded::NOT_TEXT.to_string()));
        send(RecordingIntent::arrived(name, None, text, 0).into());
    });
}

/// The body of `url` as text, or why not (offline, not found …).
async fn fetch_text(url: &str) -> Result<String, String> {
    let window = web_sys::window().ok_or(recorded::NO_WINDOW)?;
    let response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(|e| describe(&e))?;
    let response: web_sys::Response = response.dyn_into().map_err(|e| describe(&e))?;
    if !response.ok() {
        return Err(recorded::server_answered(response.status()));
    }
    let text = response.text().map_err(|e| describe(&e))?;
    let text = JsFuture::from(text).await.map_err(|e| describe(&e))?;
    text.as_string()
        .ok_or_else(|| recorded::NOT_TEXT.to_string())
}

/// A browser error in words.
fn describe(error: &wasm_bindgen::JsValue) -> String {
    error
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| error.as_string())
        .unwrap_or_else(|| recorded::NO_REASON.to_string())
}
