//! The resource panel: the protected resource's state at the playhead (reservations, payment ledger
//! or file versions), the highest token it has seen, and its accepted/rejected counts.

use leptos::prelude::*;

use super::format::app_class;
use super::state::use_lab;
use crate::engine::{EventKind, Resource, ResourceState, Run, Scenario};
use crate::words::time;

/// What the resource looks like at `at_ms`: the engine's own resource, fed the writes it accepted so far.
pub fn state_at(run: &Run, scenario: &Scenario, at_ms: u64) -> (ResourceState, u64, u32, u32) {
    let mut resource = Resource::new(&scenario.resource, false, false);
    let (mut fence, mut accepted, mut rejected) = (0, 0, 0);
    let mut ignored = Vec::new();
    for event in run.trace.iter().take_while(|e| e.at_ms <= at_ms) {
        match event.kind {
            EventKind::WriteAccepted {
                app,
                token,
                based_on,
                ..
            } => {
                resource.write(app, token, based_on, &mut ignored);
                accepted += 1;
            }
            EventKind::WriteRejected { .. } => rejected += 1,
            EventKind::FenceRaised { token } => fence = token,
            _ => {}
        }
    }
    (resource.state().clone(), fence, accepted, rejected)
}

/// The resource's state at the playhead.
#[component]
pub fn ResourcePanel() -> impl IntoView {
    let lab = use_lab();
    // Recomputed only when the playhead passes an event, not every frame.
    let revealed = lab.revealed;
    let snapshot = Memo::new(move |_| {
        let count = revealed.get();
        lab.run.with(|run| {
            let at_ms = run.trace.get(count.wrapping_sub(1)).map_or(0, |e| e.at_ms);
            lab.scenario
                .with(|s| state_at(run, s, if count == 0 { 0 } else { at_ms }))
        })
    });
    let body = move || {
        let (state, fence, accepted, rejected) = snapshot.get();
        let name = |app: usize| lab.scenario.with(|s| s.app_name(app).to_string());
        let detail = match state {
            ResourceState::Inventory {
                initial_stock,
                stock,
                reservations,
            } => {
                let rows = reservations
                    .iter()
                    .enumerate()
                    .map(|(i, r)| {
                        let over = i as u64 >= initial_stock;
                        view! {
                            <li class=app_class(r.app) class:bad=over>
                                {format!("Customer of {} (token {})", name(r.app), r.token)}
                                {over.then(|| view! { <strong class="bad-tag">" ⚠ no item left for this one"</strong> })}
                            </li>
                        }
                    })
                    .collect_view();
                view! {
                    <p class="big-figure"><span>{stock}</span>" in stock"<small>{format!(" of {initial_stock}")}</small></p>
                    <h3 class="mini-title">"Reservations"</h3>
                    <ul class="ledger">{rows}</ul>
                }
                .into_any()
            }
            ResourceState::Payments { invoices, ledger } => {
                let paid = |inv: u32| ledger.iter().filter(|p| p.invoice == inv).count();
                let rows = invoices
                    .iter()
                    .map(|&inv| {
                        let times = paid(inv);
                        let who: Vec<String> = ledger
                            .iter()
                            .filter(|p| p.invoice == inv)
                            .map(|p| format!("{} ({})", name(p.app), p.token))
                            .collect();
                        let text = match times {
                            0 => format!("Invoice {inv}: unpaid"),
                            1 => format!("Invoice {inv}: paid by {}", who.join("")),
                            _ => format!("Invoice {inv}: paid {times}× by {}", who.join(", ")),
                        };
                        view! { <li class:bad={times > 1}>{text}{(times > 1).then(|| view! { <strong class="bad-tag">" ⚠ double payment"</strong> })}</li> }
                    })
                    .collect_view();
                view! { <h3 class="mini-title">"Bank ledger"</h3><ul class="ledger">{rows}</ul> }
                    .into_any()
            }
            ResourceState::Storage { versions } => {
                let rows = versions
                    .iter()
                    .rev()
                    .map(|v| {
                        let lost = v.based_on + 1 < v.version;
                        view! {
                            <li class=app_class(v.app) class:bad=lost>
                                {format!("v{} by {} (token {}), from v{}", v.version, name(v.app), v.token, v.based_on)}
                                {lost.then(|| view! { <strong class="bad-tag">" ⚠ built on an old version"</strong> })}
                            </li>
                        }
                    })
                    .collect_view();
                view! { <h3 class="mini-title">"File versions"</h3><ul class="ledger">{rows}</ul> }
                    .into_any()
            }
        };
        view! {
            {detail}
            <dl class="stats">
                <div><dt>"Highest token seen"</dt><dd id="highest-token">{if fence == 0 { "none".to_string() } else { fence.to_string() }}</dd></div>
                <div><dt>"Writes accepted"</dt><dd id="writes-accepted">{accepted}</dd></div>
                <div><dt>"Writes rejected"</dt><dd id="writes-rejected">{rejected}</dd></div>
            </dl>
        }
    };
    let enforcement = move || lab.scenario.with(|s| s.enforcement);
    view! {
        <section class="panel resource-panel" aria-labelledby="resource-title">
            <h2 id="resource-title" class="panel-title">
                "The resource at "{move || time(lab.playhead_ms.get())}
            </h2>
            <p class="fence-state" class:on=enforcement>
                {move || if enforcement() { "✓ Checks tokens: rejects any token lower than the highest seen" } else { "No token check: accepts every write" }}
            </p>
            {body}
        </section>
    }
}
