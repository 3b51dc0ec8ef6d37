//! Overlays: the keyboard help, the blank screen for clickers, and the narration line of the
//! presentation and story views.

use std::sync::Arc;

use leptos::prelude::*;

use super::derived::Derived;
use super::dispatch::use_send;
use super::handler::handler;
use super::narration::current_step;
use super::preset_panel::SystemLine;
use super::signal::Mirrored;
use crate::catalog::{chapter_of, Chapter, Entry, Told};
use crate::lab::{Intent, ViewIntent};
use crate::words::controls;
use crate::words::overlays as words;
use crate::words::patterns;
use crate::words::shortcuts::SHORTCUTS;

/// The "?" overlay listing every shortcut.
#[component]
pub fn HelpOverlay(help: Mirrored<bool>) -> impl IntoView {
    let send = use_send();
    let rows = || {
        SHORTCUTS
            .iter()
            .map(|(key, what)| view! { <tr><th scope="row"><kbd>{*key}</kbd></th><td>{*what}</td></tr> })
            .collect_view()
    };
    view! {
        {crate::ui::shown::shown(move || help.get(), move || view! {
            <div class="overlay" role="dialog" aria-modal="true" aria-labelledby="help-title" id="help-overlay">
                <div class="overlay-card">
                    <h2 id="help-title">{words::HELP_TITLE}</h2>
                    <table class="shortcut-table">{rows()}</table>
                    <button class="btn" id="btn-close-help" on:click=handler(move |_| send(Intent::View(ViewIntent::CloseHelp)))>{controls::CLOSE_ESC}</button>
                </div>
            </div>
        }.into_any())}
    }
}

/// The blank screen: black, until any key or click.
#[component]
pub fn BlankOverlay(blank: Mirrored<bool>) -> impl IntoView {
    let send = use_send();
    view! {
        {crate::ui::shown::shown(move || blank.get(), move || view! {
            <div class="blank" id="blank-screen" aria-label=words::BLANKED on:click=handler(move |_| send(Intent::View(ViewIntent::Unblank)))></div>
        }.into_any())}
    }
}

/// The narration line of presentation view: the current step's title and text.
#[component]
pub fn NarrationLine(
    told: Mirrored<Arc<Told>>,
    playhead_ms: Mirrored<u64>,
    entry: Derived<&'static Entry>,
) -> impl IntoView {
    let line = move || {
        told.with(|t| {
            let s = &t.shown;
            current_step(s, playhead_ms.get())
                .map(|i| (s[i].title.clone(), s[i].text.clone()))
                .unwrap_or_else(|| (entry.get().title.into(), entry.get().summary.into()))
        })
    };
    let send = use_send();
    let beyond = move || chapter_of(entry.get().id) == Some(Chapter::BeyondTheLock);
    view! {
        <div class="narration-line" aria-live="polite" id="narration-line">
            <strong>{move || line().0}</strong>
            <span>{move || line().1}</span>
            <SystemLine/>
            {move || beyond().then(|| view! {
                <button
                    id="btn-which-pattern-line"
                    class="btn small which-pattern-line"
                    aria-haspopup="dialog"
                    on:click=handler(move |_| send(Intent::View(ViewIntent::ToggleWhichPattern)))
                >
                    {patterns::TITLE}
                </button>
            })}
        </div>
    }
}
