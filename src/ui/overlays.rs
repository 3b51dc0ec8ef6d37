//! Overlays: the keyboard help, the blank screen for clickers, and the first-visit hint (which is
//! remembered in localStorage once dismissed).

use std::sync::Arc;

use leptos::prelude::*;

use super::dispatch::use_send;
use super::narration::current_step;
use super::preset_panel::SystemLine;
use super::storage::local as storage;
use crate::catalog::{Entry, Told};
use crate::lab::Intent;
use crate::words::overlays as words;
use crate::words::shortcuts::SHORTCUTS;
use crate::words::{controls, knob_label};

/// localStorage key remembering that the first-visit hint was dismissed.
const HINT_KEY: &str = "fencing-lab.hint-dismissed";

/// The "?" overlay listing every shortcut.
#[component]
pub fn HelpOverlay(help: Signal<bool>) -> impl IntoView {
    let send = use_send();
    let rows = || {
        SHORTCUTS
            .iter()
            .map(|(key, what)| view! { <tr><th scope="row"><kbd>{*key}</kbd></th><td>{*what}</td></tr> })
            .collect_view()
    };
    view! {
        <Show when=move || help.get()>
            <div class="overlay" role="dialog" aria-modal="true" aria-labelledby="help-title" id="help-overlay">
                <div class="overlay-card">
                    <h2 id="help-title">{words::HELP_TITLE}</h2>
                    <table class="shortcut-table">{rows()}</table>
                    <button class="btn" id="btn-close-help" on:click=move |_| send(Intent::CloseHelp)>{controls::CLOSE_ESC}</button>
                </div>
            </div>
        </Show>
    }
}

/// The blank screen: black, until any key or click.
#[component]
pub fn BlankOverlay(blank: Signal<bool>) -> impl IntoView {
    let send = use_send();
    view! {
        <Show when=move || blank.get()>
            <div class="blank" id="blank-screen" aria-label=words::BLANKED on:click=move |_| send(Intent::Unblank)></div>
        </Show>
    }
}

/// A one-time hint with the two moves that show the story's point, as buttons on screen: play
/// it, then flip the toggle that fixes (or breaks) it, and watch the outcome change.
#[component]
pub fn FirstVisitHint(entry: Signal<&'static Entry>) -> impl IntoView {
    let send = use_send();
    let fix = move || entry.get().fix;
    let dismissed = RwSignal::new(
        storage()
            .and_then(|s| s.get_item(HINT_KEY).ok().flatten())
            .is_some(),
    );
    let dismiss = move |_| {
        dismissed.set(true);
        if let Some(s) = storage() {
            let _ = s.set_item(HINT_KEY, "1");
        }
    };
    view! {
        <Show when=move || !dismissed.get()>
            <div class="hint" role="note" id="first-visit-hint">
                <p>
                    <strong>{words::HINT_LEAD}</strong>
                    {words::HINT}
                </p>
                <div class="hint-actions">
                    <button class="btn primary" id="btn-hint-play" on:click=move |_| send(Intent::PlayFromStart)>{words::HINT_PLAY}</button>
                    {move || fix().map(|knob| view! {
                        <button class="btn" id="btn-hint-flip" on:click=move |_| send(Intent::Flip(knob))>
                            {words::hint_flip(knob_label(knob))}
                        </button>
                    })}
                    <button class="btn ghost" id="btn-dismiss-hint" on:click=dismiss>{words::HINT_DISMISS}</button>
                </div>
            </div>
        </Show>
    }
}

/// The narration line of presentation view: the current step's title and text.
#[component]
pub fn NarrationLine(
    told: Signal<Arc<Told>>,
    playhead_ms: Signal<u64>,
    entry: Signal<&'static Entry>,
) -> impl IntoView {
    let line = move || {
        told.with(|t| {
            let s = &t.shown;
            current_step(s, playhead_ms.get())
                .map(|i| (s[i].title.clone(), s[i].text.clone()))
                .unwrap_or_else(|| (entry.get().title.into(), entry.get().summary.into()))
        })
    };
    view! {
        <div class="narration-line" aria-live="polite" id="narration-line">
            <strong>{move || line().0}</strong>
            <span>{move || line().1}</span>
            <SystemLine/>
        </div>
    }
}
