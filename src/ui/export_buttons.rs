//! The export buttons under the timeline: "SVG" and "PNG 2×", with or without the legend. Each
//! sends an intent; the lab names the file and the effect runner makes it ([`super::export`]).

use leptos::prelude::*;

use super::dispatch::use_send;
use super::handler::handler;
use super::state::use_lab;
use crate::lab::{ExportFormat, Intent, ShareIntent};
use crate::words::export as words;

/// "Download SVG" and "Download PNG" buttons.
#[component]
pub fn ExportButtons() -> impl IntoView {
    let send = use_send();
    let legend = use_lab().view.export_legend;
    let export = move |format| send(Intent::Share(ShareIntent::Export(format)));
    view! {
        <div class="export" role="group" aria-label=words::GROUP>
            <button class="btn ghost" id="btn-export-svg" on:click=handler(move |_| export(ExportFormat::Svg))>{words::SVG}</button>
            <button class="btn ghost" id="btn-export-png" on:click=handler(move |_| export(ExportFormat::Png))>{words::PNG}</button>
            <label class="check">
                <input type="checkbox" id="export-legend" prop:checked=move || legend.get() on:change=handler(move |ev| send(Intent::Share(ShareIntent::SetExportLegend(event_target_checked(&ev)))))/>
                {words::WITH_LEGEND}
            </label>
        </div>
    }
}
