//! "Which pattern?": the story's orders under every design side by side, each row run by the
//! engine when the dialog opens, with what its runs say it guarantees, costs and survives.

use leptos::prelude::*;

use super::dispatch::use_send;
use super::handler::handler;
use super::signal::Mirrored;
use crate::catalog::{self, PatternRow};
use crate::lab::{Intent, SetupIntent, ViewIntent};
use crate::words::{controls, patterns};

/// The dialog, shown while `open` is set.
#[component]
pub fn WhichPatternOverlay(open: Mirrored<bool>) -> impl IntoView {
    let send = use_send();
    view! {
        {crate::ui::shown::shown(move || open.get(), move || view! {
            <div class="overlay" role="dialog" aria-modal="true" aria-labelledby="which-pattern-title" id="which-pattern">
                <div class="overlay-card wide">
                    <h2 id="which-pattern-title">{patterns::TITLE}</h2>
                    <p class="who-intro">{patterns::INTRO}</p>
                    <div class="who-scroll">
                        <table class="who-table">
                            <thead><tr>
                                <th scope="col">{patterns::DESIGN}</th>
                                <th scope="col">{patterns::THIS_RUN}</th>
                                <th scope="col">{patterns::COSTS}</th>
                                <th scope="col">{patterns::BREAKS}</th>
                                <th scope="col"><span class="sr-only">{controls::TRY_IT}</span></th>
                            </tr></thead>
                            <tbody>{catalog::which_pattern().into_iter().map(row).collect_view()}</tbody>
                        </table>
                    </div>
                    <button class="btn" id="btn-close-pattern" on:click=handler(move |_| send(Intent::View(ViewIntent::ToggleWhichPattern)))>{controls::CLOSE_ESC}</button>
                </div>
            </div>
        }.into_any())}
    }
}

fn row(r: PatternRow) -> impl IntoView {
    let send = use_send();
    let tone = |safe: bool| {
        if safe {
            "who-fate safe"
        } else {
            "who-fate unsafe"
        }
    };
    let trials = r
        .trials
        .iter()
        .map(|&(trial, safe)| view! { <span class=tone(safe)>{patterns::trial(&r, trial, safe)}</span> })
        .collect_view();
    let design = r.design;
    view! {
        <tr class="who-row" data-design=design.id()>
            <th scope="row">
                {patterns::design(design)}
                <span class="who-why">{patterns::how(design)}</span>
                <span class="who-choose">{patterns::choose_when(design)}</span>
            </th>
            <td><strong class=tone(r.verdict.is_safe())>{patterns::outcome(&r)}</strong></td>
            <td><span class="who-why">{patterns::cost(&r)}</span></td>
            <td>{trials}</td>
            <td>
                <button class="btn small" aria-label=patterns::use_row(design) on:click=handler(move |_| send(Intent::Setup(SetupIntent::UseWhichPattern(design))))>{controls::USE}</button>
            </td>
        </tr>
    }
}
