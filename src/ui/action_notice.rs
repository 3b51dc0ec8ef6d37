//! The one place where an action's failure shows: a polite status line at the bottom of the
//! screen saying, in words, why the last action could not be done (see [`super::dispatch::act`]).

use leptos::prelude::*;

use super::dispatch::use_send;
use super::handler::handler;
use super::signal::Mirrored;
use crate::lab::{Intent, ViewIntent};
use crate::words::controls;

/// Why the last action could not be done, until another action succeeds or the user puts it away.
#[component]
pub fn ActionNotice(notice: Mirrored<Option<String>>) -> impl IntoView {
    let send = use_send();
    let card = move || {
        notice.get().map(|message| {
            view! {
                <div class="action-notice-card">
                    <span id="action-notice-text">{message}</span>
                    <button class="btn" id="btn-dismiss-action-notice" on:click=handler(move |_| send(Intent::View(ViewIntent::DismissNotice)))>{controls::OK}</button>
                </div>
            }
        })
    };
    view! {
        <div class="action-notice" id="action-notice" role="status" aria-live="polite">{card}</div>
    }
}
