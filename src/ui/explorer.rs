//! The "Explore" panel: searches every fault schedule within bounds for the current setup, in
//! small slices so the page stays responsive, then shows "N schedules, M break the design" with
//! the minimal counterexample per kind of damage ("Show me" loads it), or proves none does.

use std::sync::Arc;

use leptos::prelude::*;

use super::derived::{derive, Derived};
use super::dispatch::use_send;
use super::explore_mirrors::Exploration;
use super::handler::handler;
use super::later::later;
use super::signal::Mirrored;
use super::state::use_lab;
use crate::engine::{Scenario, Summary};
use crate::lab::{ExploreIntent, ExploreKind, Intent, SetupIntent};
use crate::words::explore as words;

/// The explorer panel.
/// Built once the first timeline has painted ([`later`]).
#[component]
pub fn ExplorerPanel() -> impl IntoView {
    later(move || explorer_panel().into_any())
}

/// ExplorerPanel's content, built when [`later`] lets it.
fn explorer_panel() -> impl IntoView {
    let lab = use_lab();
    let send = use_send();
    let search = lab.explore;
    // The size of the space, computed up front (an error says why it cannot run).
    let planned = move || {
        search.plan.with(|(bounds, planned)| match planned {
            Ok(total) => Ok(crate::words::explore_plan(bounds, *total)),
            Err(e) => Err(crate::words::explore_error(e)),
        })
    };
    let cannot = move || search.plan.with(|(_, planned)| planned.is_err());
    view! {
        <section class="panel explorer-panel" aria-labelledby="explore-title">
            <h2 id="explore-title" class="panel-title">{words::TITLE}<small>{words::QUESTION}</small></h2>
            <BoundsChooser search/>
            <p class="explore-plan" id="explore-plan">
                {move || match planned() {
                    Ok(plan) => plan,
                    Err(why) => why,
                }}
            </p>
            <div class="explore-actions">
                <button class="btn primary-btn" id="btn-explore" disabled=move || search.running.get() || cannot()
                    on:click=handler(move |_| send(Intent::Explore(ExploreIntent::Start)))>
                    {words::EXPLORE}
                </button>
                <button class="btn" id="btn-explore-cancel" disabled=move || !search.running.get()
                    on:click=handler(move |_| send(Intent::Explore(ExploreIntent::Cancel)))>{words::CANCEL}</button>
            </div>
            <SearchProgress search/>
            <p class="notice" role="status">{move || search_notice(search)}</p>
            <Results summary=search.summary scenario=lab.sim.scenario/>
        </section>
    }
}

/// How many faults at once, and which kinds beyond pauses and delayed writes.
/// Why the last search could not start, if it could not.
fn search_notice(search: Exploration) -> Option<String> {
    if search.unloaded.get() {
        return Some(words::EXPLORER_UNLOADED.to_string());
    }
    search
        .error
        .with(|e| e.as_deref().map(crate::words::explore_error))
}

#[component]
fn BoundsChooser(search: Exploration) -> impl IntoView {
    let send = use_send();
    let choices = search.choices;
    view! {
        <div class="explore-bounds">
            <label class="field">
                <span>{words::FAULTS_AT_ONCE}</span>
                <select id="explore-max-faults" prop:value=move || choices.get().max_faults.to_string()
                    on:change=handler(move |ev| { if let Ok(k) = event_target_value(&ev).parse() { send(Intent::Explore(ExploreIntent::SetFaults(k))) } })>
                    <option value="1">"1"</option>
                    <option value="2">"2"</option>
                    <option value="3">"3"</option>
                </select>
            </label>
            <KindSwitch id="explore-crashes" kind=ExploreKind::Crashes on=derive(move || choices.get().crashes) label=words::include_crashes(false)
                group=search.group group_label=words::include_crashes(true)/>
            <KindSwitch id="explore-copies" kind=ExploreKind::Copies on=derive(move || choices.get().copies) label=words::INCLUDE_COPIES group=search.group/>
            <KindSwitch id="explore-services" kind=ExploreKind::Services on=derive(move || choices.get().services) label=words::include_services(false)
                group=search.group group_label=words::include_services(true)/>
        </div>
    }
}

/// One kind of fault the search may add, switched on or off.
#[component]
fn KindSwitch(
    id: &'static str,
    kind: ExploreKind,
    on: Derived<bool>,
    label: &'static str,
    /// Whether the service is replicated.
    group: Mirrored<bool>,
    /// The label on a replicated service, if it differs.
    #[prop(optional)]
    group_label: &'static str,
) -> impl IntoView {
    let other = move || !group_label.is_empty() && group.get();
    let send = use_send();
    view! {
        <label class="field check">
            <input type="checkbox" id=id prop:checked=move || on.get()
                on:change=handler(move |ev| send(Intent::Explore(ExploreIntent::SetKind { kind, on: event_target_checked(&ev) })))/>
            <span class:hidden=other>{label}</span>
            <span class:hidden=move || !other()>{group_label}</span>
        </label>
    }
}

/// How far the search is, and how fast it goes: shown only while it runs (the headline then
/// says what it tried).
#[component]
fn SearchProgress(search: Exploration) -> impl IntoView {
    view! {
        <div class="explore-progress" aria-live="polite" class:hidden=move || !search.running.get()>
            <progress id="explore-progress" max=move || search.progress.get().1.max(1).to_string()
                value=move || search.progress.get().0.to_string()></progress>
            <span id="explore-rate">{move || {
                let (done, total) = search.progress.get();
                words::progress(done, total, search.rate.get())
            }}</span>
        </div>
    }
}
/// The headline of what the search found (all of it, or the part tried before Cancel) and, per
/// kind of damage, its smallest counterexample with "Show me".
#[component]
fn Results(
    summary: Mirrored<Option<(Summary, usize)>>,
    scenario: Mirrored<Arc<Scenario>>,
) -> impl IntoView {
    let send = use_send();
    move || {
        summary.get().map(|(summary, added)| {
            let kinds = summary
                .kinds
                .iter()
                .map(|k| {
                    let faults = k.minimal.faults.clone();
                    let at_ms = k.minimal.violation.at_ms;
                    view! {
                        <li class="explore-kind">
                            <strong>{words::kind_count(crate::words::kind_label(k.kind), k.schedules)}</strong>
                            <span>{scenario.with_untracked(|s| words::smallest(k, added, s))}</span>
                            <button class="btn" on:click=handler(move |_| send(Intent::Setup(SetupIntent::ShowMe { faults: faults.clone(), at_ms })))>{words::SHOW_ME}</button>
                        </li>
                    }
                })
                .collect_view();
            view! {
                <p class=headline_class(&summary) id="explore-headline">{words::headline(&summary)}</p>
                <ul class="explore-kinds">{kinds}</ul>
            }
        })
    }
}

/// The headline's colour: a break found is bad, a whole space without one good, and a search
/// stopped before its end without one neither (what it did not try may break).
fn headline_class(summary: &Summary) -> &'static str {
    match (summary.is_safe(), summary.is_complete()) {
        (false, _) => "explore-headline bad",
        (true, true) => "explore-headline good",
        (true, false) => "explore-headline",
    }
}
