//! "Who fences?": every real system side by side on the GC-pause story, each row run by the
//! engine when the dialog opens, with its verdict, one sentence on why, and its source.

use leptos::prelude::*;

use super::dispatch::use_send;
use super::handler::handler;
use super::signal::Mirrored;
use crate::catalog::{self, Fact, Fate, Row};
use crate::lab::{Intent, SetupIntent, ViewIntent};
use crate::words::{controls, systems};

/// The dialog, shown while `open` is set.
#[component]
pub fn WhoFencesOverlay(open: Mirrored<bool>) -> impl IntoView {
    let send = use_send();
    view! {
        {crate::ui::shown::shown(move || open.get(), move || view! {
            <div class="overlay" role="dialog" aria-modal="true" aria-labelledby="who-fences-title" id="who-fences">
                <div class="overlay-card wide">
                    <h2 id="who-fences-title">{systems::WHO_FENCES}</h2>
                    <p class="who-intro">{systems::WHO_FENCES_INTRO}</p>
                    <div class="who-scroll">
                        <table class="who-table">
                            <thead><tr>
                                <th scope="col">{systems::SYSTEM}</th>
                                <th scope="col">{systems::LEASE_PAUSE}</th>
                                <th scope="col">{systems::TOKEN}</th>
                                <th scope="col">{systems::STALE_WRITE}</th>
                                <th scope="col"><span class="sr-only">{controls::TRY_IT}</span></th>
                            </tr></thead>
                            <tbody>{rows()}</tbody>
                        </table>
                    </div>
                    <button class="btn" id="btn-close-who" on:click=handler(move |_| send(Intent::View(ViewIntent::ToggleWhoFences)))>{controls::CLOSE_ESC}</button>
                </div>
            </div>
        }.into_any())}
    }
}

/// The rows, run now (seven short runs of the GC-pause story).
fn rows() -> impl IntoView {
    catalog::who_fences().into_iter().map(row).collect_view()
}

fn row(r: Row) -> impl IntoView {
    let send = use_send();
    let preset = r.system.preset();
    let tone = match r.fate {
        Fate::Rejected | Fate::NoneArrived => "safe",
        Fate::Accepted | Fate::Unfenceable => "unsafe",
    };
    let system = r.system;
    view! {
        <tr class=format!("who-row {tone}") data-system=preset.id>
            <th scope="row">{preset.name}</th>
            <td>{systems::row_run(&r)}</td>
            <td title=systems::source(preset.source(Fact::Token))>{systems::token(system)}</td>
            <td>
                <strong class=format!("who-fate {tone}")>{systems::fate(r.fate)}</strong>
                <span class="who-why">{systems::why(&r)}</span>
            </td>
            <td>
                <button class="btn small" aria-label=systems::use_defaults(preset.name) on:click=handler(move |_| send(Intent::Setup(SetupIntent::UseWhoFences(system))))>{controls::USE}</button>
            </td>
        </tr>
    }
}
