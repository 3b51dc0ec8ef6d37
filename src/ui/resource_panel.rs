//! The resource panel: the protected resource's state at the playhead (reservations, payment ledger
//! or file versions), the highest token it has seen (where tokens are ordered), and its
//! accepted/rejected counts.

use std::sync::Arc;

use leptos::prelude::*;

use super::format::app_class;
use super::later::later;
use super::memo::{memo, Memoized};
use super::signal::Mirrored;
use super::state::use_lab;
use crate::engine::{Mode, Payment, Reservation, ResourceAt, ResourceState, Scenario, Version};
use crate::words::panels as words;
use crate::words::screen::resource_shown;
use crate::words::time;

/// The resource's state at the playhead.
/// Built once the first timeline has painted ([`later`]).
#[component]
pub fn ResourcePanel() -> impl IntoView {
    later(move || resource_panel().into_any())
}

/// ResourcePanel's content, built when [`later`] lets it.
fn resource_panel() -> impl IntoView {
    let lab = use_lab();
    let (sim, playhead_ms) = (lab.sim, lab.playback.playhead_ms);
    // Recomputed only when the playhead passes an event, not every frame.
    let revealed = sim.revealed;
    let snapshot = memo(move || {
        let count = revealed.get();
        sim.run.with(|run| resource_shown(run, count))
    });
    view! {
        <section class="panel resource-panel" aria-labelledby="resource-title">
            <h2 id="resource-title" class="panel-title">
                {words::RESOURCE_AT}{move || time(playhead_ms.get())}
            </h2>
            <p class="fence-state" class:on=move || sim.scenario.with(|s| s.enforcement)>
                {move || sim.scenario.with(|s| words::checks(s))}
            </p>
            <ResourceBody snapshot scenario=sim.scenario/>
        </section>
    }
}

/// The resource's own state (stock, ledger or versions), then its token and write counts.
#[component]
fn ResourceBody(
    snapshot: Memoized<ResourceAt>,
    scenario: Mirrored<Arc<Scenario>>,
) -> impl IntoView {
    move || {
        let ResourceAt {
            state,
            fence,
            accepted,
            rejected,
        } = snapshot.get();
        let name = move |app: usize| scenario.with(|s| s.app_name(app).to_string());
        let t = move |token| scenario.with(|s| crate::words::tagged(s, token));
        let detail = match state {
            ResourceState::Inventory {
                initial_stock,
                stock,
                reservations,
            } => inventory(initial_stock, stock, &reservations, name, t),
            ResourceState::Payments { invoices, ledger } => payments(&invoices, &ledger, name, t),
            ResourceState::Storage { versions } => storage(&versions, name, t),
        };
        view! {
            {detail}
            <dl class="stats">
                {scenario.with(|s| s.tokens.ordered() && s.mode != Mode::NoLock).then(|| view! { <div><dt>{scenario.with(|s| words::highest_seen(s))}</dt><dd id="highest-token">{if fence == 0 { words::NO_TOKEN.to_string() } else { fence.to_string() }}</dd></div> })}
                <div><dt>{words::WRITES_ACCEPTED}</dt><dd id="writes-accepted">{accepted}</dd></div>
                <div><dt>{words::WRITES_REJECTED}</dt><dd id="writes-rejected">{rejected}</dd></div>
            </dl>
        }
    }
}

/// Items in stock and who reserved one; reservations past the stock are marked.
fn inventory(
    initial_stock: u64,
    stock: u64,
    reservations: &[Reservation],
    name: impl Fn(usize) -> String,
    t: impl Fn(u64) -> String,
) -> AnyView {
    let rows = reservations
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let over = i as u64 >= initial_stock;
            view! {
                <li class=app_class(r.app) class:bad=over>
                    {words::customer(&name(r.app), &t(r.token))}
                    {over.then(|| view! { <strong class="bad-tag">{words::NO_ITEM_LEFT}</strong> })}
                </li>
            }
        })
        .collect_view();
    view! {
        <p class="big-figure"><span>{stock}</span>{words::IN_STOCK}<small>{words::of_initial(initial_stock)}</small></p>
        <h3 class="mini-title">{words::RESERVATIONS}</h3>
        <ul class="ledger">{rows}</ul>
    }
    .into_any()
}

/// Each invoice and who paid it; an invoice paid twice is marked.
fn payments(
    invoices: &[u32],
    ledger: &[Payment],
    name: impl Fn(usize) -> String,
    t: impl Fn(u64) -> String,
) -> AnyView {
    let rows = invoices
        .iter()
        .map(|&inv| {
            let who: Vec<String> = ledger
                .iter()
                .filter(|p| p.invoice == inv)
                .map(|p| format!("{}{}", name(p.app), t(p.token)))
                .collect();
            let times = who.len();
            let text = match times {
                0 => words::unpaid(inv),
                1 => words::paid(inv, &crate::units::joined(&who, "")),
                _ => words::paid_times(inv, times, &crate::units::joined(&who, ", ")),
            };
            view! { <li class:bad={times > 1}>{text}{(times > 1).then(|| view! { <strong class="bad-tag">{words::DOUBLE_PAYMENT}</strong> })}</li> }
        })
        .collect_view();
    view! { <h3 class="mini-title">{words::BANK_LEDGER}</h3><ul class="ledger">{rows}</ul> }
        .into_any()
}

/// File versions, newest first; a version built on an old one is marked.
fn storage(
    versions: &[Version],
    name: impl Fn(usize) -> String,
    t: impl Fn(u64) -> String,
) -> AnyView {
    let rows = versions
        .iter()
        .rev()
        .map(|v| {
            let lost = v.based_on + 1 < v.version;
            view! {
                <li class=app_class(v.app) class:bad=lost>
                    {words::version(v.version, &name(v.app), &t(v.token), v.based_on)}
                    {lost.then(|| view! { <strong class="bad-tag">{words::OLD_VERSION}</strong> })}
                </li>
            }
        })
        .collect_view();
    view! { <h3 class="mini-title">{words::FILE_VERSIONS}</h3><ul class="ledger">{rows}</ul> }
        .into_any()
}
