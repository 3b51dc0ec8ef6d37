//! The Write panel: a whole scenario as text (docs/story-format.md). The text box has a gutter
//! of line numbers that scrolls with it and marks the lines with problems; the text is sent
//! ([`WriteIntent::Edit`]) once typing has stopped for [`DEBOUNCE`], and the lab runs it if it
//! reads. Its problems show under it, each quoted with a caret, while the run on screen stays
//! the last story that read. "Show as text" writes the setup on screen into the box.

use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlTextAreaElement};

use super::dispatch::use_send;
use super::handler::handler;
use super::later::later;
use super::signal::Mirrored;
use super::slot::{kept, slot, Kept, Slot};
use super::state::{use_lab, LabState};
use crate::lab::{Intent, WriteIntent, Writing};
use crate::words::writing as words;

/// How long typing must stop before the text is run.
const DEBOUNCE: Duration = Duration::from_millis(300);

/// The Write panel. Built once the first timeline has painted ([`later`]).
#[component]
pub fn WritePanel() -> impl IntoView {
    later(move || write_panel().into_any())
}

/// How many lines `text` has (an empty text has one).
fn lines_in(text: &str) -> usize {
    text.split('\n').count()
}

/// WritePanel's content, built when [`later`] lets it.
fn write_panel() -> impl IntoView {
    let lab = use_lab();
    let send = use_send();
    let writing = lab.write.writing;
    let lines = slot(1usize);
    // The text the box last held, typed or given by the lab.
    let given = kept(String::new());
    follow(lab, lines, given);
    let pending = kept(None::<TimeoutHandle>);
    let typed = move |ev: leptos::ev::Event| {
        let text = event_target_value(&ev);
        let count = lines_in(&text);
        if lines.get_untracked() != count {
            lines.set(count);
        }
        if let Some(timer) = pending.get_value() {
            timer.clear();
        }
        given.set_value(text.clone());
        let edit = move || send(Intent::Write(WriteIntent::Edit(text)));
        pending.set_value(set_timeout_with_handle(edit, DEBOUNCE).ok());
    };
    let bad = move || writing.with(|w| w.errors.iter().map(|e| e.at.line).collect::<Vec<usize>>());
    view! {
        <section class="panel write-panel" id="write-panel" aria-labelledby="write-title">
            <h2 id="write-title" class="panel-title">{words::TITLE}</h2>
            <p class="write-about">{words::ABOUT}</p>
            {cheat_sheet()}
            <div class="write-editor">
                <pre class="write-gutter" id="write-gutter" aria-hidden="true">{move || gutter(lines.get(), &bad())}</pre>
                <textarea
                    id="write-text"
                    class="write-text"
                    rows="10"
                    wrap="off"
                    spellcheck="false"
                    autocapitalize="off"
                    autocomplete="off"
                    aria-label=words::TEXT_LABEL
                    aria-describedby="write-errors"
                    placeholder=words::PLACEHOLDER
                    on:input=handler(typed)
                    on:scroll=handler(scrolled)
                ></textarea>
            </div>
            {problems(writing)}
            <div class="write-actions">
                <button
                    id="btn-show-as-text"
                    class="btn"
                    title=words::SHOW_AS_TEXT_TITLE
                    on:click=handler(move |_| {
                        // What was typed and not yet sent gives way to the setup written out.
                        if let Some(timer) = pending.get_value() {
                            timer.clear();
                        }
                        send(Intent::Write(WriteIntent::ShowAsText))
                    })
                >
                    {words::SHOW_AS_TEXT}
                </button>
            </div>
        </section>
    }
}

/// Puts a text the lab gives the panel (shown as text, restored, a link's) in the text box, and
/// counts its lines; the lab echoing what was typed (`given`) changes nothing.
fn follow(lab: LabState, lines: Slot<usize>, given: Kept<String>) {
    let writing = lab.write.writing;
    crate::ui::effect::effect(move |_| {
        let text = writing.with(|w| w.text.clone());
        if given.with_value(|g| *g == text) {
            return;
        }
        let root = lab.root.get_untracked();
        let found = root.and_then(|r| r.query_selector("#write-text").ok().flatten());
        if let Some(area) = found.and_then(|f| f.dyn_into::<HtmlTextAreaElement>().ok()) {
            if area.value() != text {
                area.set_value(&text);
            }
        }
        lines.set(lines_in(&text));
        given.set_value(text);
    });
}

/// One example of each statement, folded.
fn cheat_sheet() -> impl IntoView {
    view! {
        <details class="write-help">
            <summary>{words::STATEMENTS}</summary>
            <pre>{words::EXAMPLES}</pre>
        </details>
    }
}

/// The gutter's numbers, 1 to `count`, those in `bad` marked.
fn gutter(count: usize, bad: &[usize]) -> impl IntoView {
    (1..=count)
        .map(|n| {
            let wrong = bad.contains(&n);
            view! { <span class:bad=wrong>{n}"\n"</span> }
        })
        .collect_view()
}

/// Keeps the gutter (the text box's previous sibling) scrolled as the text box is.
fn scrolled(ev: leptos::ev::Event) {
    let Some(area) = ev.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
        return;
    };
    if let Some(gutter) = area.previous_element_sibling() {
        gutter.set_scroll_top(area.scroll_top());
    }
}

/// The text's problems, each with its line quoted, and while there are any, what the run on
/// screen is.
fn problems(writing: Mirrored<Arc<Writing>>) -> impl IntoView {
    let blocks = move || {
        writing.with(|w| {
            w.errors
                .iter()
                .map(|e| {
                    view! {
                        <div class="write-error">
                            <p>{e.says.clone()}</p>
                            <pre>{e.quote.clone()}</pre>
                        </div>
                    }
                })
                .collect_view()
        })
    };
    let kept_run = move || {
        writing.with(|w| {
            let line = match w.unloaded {
                true => words::UNLOADED,
                false => words::KEPT_RUN,
            };
            (w.unloaded || !w.errors.is_empty())
                .then(|| view! { <p class="write-kept" id="write-kept">{line}</p> })
        })
    };
    view! {
        <div class="write-errors" id="write-errors" aria-live="polite">
            {blocks}
            {kept_run}
        </div>
    }
}
