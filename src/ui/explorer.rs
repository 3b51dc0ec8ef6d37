//! The "Explore" panel: searches every fault schedule within bounds for the current setup, in
//! small slices so the page stays responsive, then shows "N schedules, M break the design" with
//! the minimal counterexample per kind of damage ("Show me" loads it), or proves none does.

use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::*;

use super::dispatch::use_send;
use super::later::later;
use super::state::{use_lab, LabState};
use crate::engine::{Bounds, Explorer, Scenario, Summary};
use crate::lab::Intent;
use crate::words::explore as words;

/// Real time one slice may use before yielding to the browser (well under a 50 ms long task,
/// and long enough that the browser's minimum timer delay costs little).
const SLICE_BUDGET_MS: f64 = 16.0;

fn now_ms() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

/// The explorer's signals.
#[derive(Clone, Copy)]
struct Search {
    explorer: StoredValue<Option<Explorer>>,
    running: RwSignal<bool>,
    progress: RwSignal<(u64, u64)>,
    rate_per_s: RwSignal<u64>,
    /// Schedules per second of time spent inside the explorer itself (no yielding, no drawing).
    compute_rate_per_s: RwSignal<u64>,
    busy_ms: StoredValue<f64>,
    summary: RwSignal<Option<Summary>>,
    error: RwSignal<Option<String>>,
    started_ms: StoredValue<f64>,
}

/// The bounds the panel's choices describe, around the current scenario. The scenario's own faults
/// are kept (the default), so "Show me" can add a counterexample's faults to the timeline as it is.
#[derive(Clone, Copy, PartialEq)]
struct Choices {
    max_faults: RwSignal<u32>,
    crashes: RwSignal<bool>,
    /// Copies of each app's first write, delivered again later.
    copies: RwSignal<bool>,
    /// Restarts of the resource and failovers of the coordination service.
    services: RwSignal<bool>,
}

impl Choices {
    fn new() -> Choices {
        Choices {
            max_faults: RwSignal::new(2),
            crashes: RwSignal::new(false),
            copies: RwSignal::new(false),
            services: RwSignal::new(false),
        }
    }

    /// The bounds around `scenario` (reads the choices tracked).
    fn bounds(self, scenario: &Scenario) -> Bounds {
        Bounds {
            max_faults: self.max_faults.get(),
            crashes: self.crashes.get(),
            duplicate_writes_up_to: u32::from(self.copies.get()),
            service_faults: self.services.get(),
            ..Bounds::for_scenario(scenario)
        }
    }
}

fn start(lab: LabState, search: Search, bounds: Bounds) {
    let scenario = lab.sim.scenario.get_untracked();
    match Explorer::new(&scenario, bounds) {
        Ok(explorer) => {
            search.progress.set((0, explorer.total()));
            search.explorer.set_value(Some(explorer));
            search.summary.set(None);
            search.error.set(None);
            search.running.set(true);
            search.started_ms.set_value(now_ms());
            search.busy_ms.set_value(0.0);
            slice(search, 64);
        }
        Err(error) => search.error.set(Some(crate::words::explore_error(&error))),
    }
}

/// Runs batches for about [`SLICE_BUDGET_MS`], publishes progress, then yields to the browser.
fn slice(search: Search, mut batch: u64) {
    if !search.running.get_untracked() {
        return;
    }
    let begin = now_ms();
    let mut report = None;
    search.explorer.update_value(|slot| {
        let Some(explorer) = slot.as_mut() else {
            return;
        };
        while now_ms() - begin < SLICE_BUDGET_MS && !explorer.is_done() {
            let t0 = now_ms();
            report = Some(explorer.explore_batch(batch));
            // Aim for batches of about 2 ms so the budget check runs often.
            if now_ms() - t0 < 1.0 {
                batch = (batch * 2).min(1 << 16);
            }
        }
    });
    let Some(report) = report else {
        search.running.set(false);
        return;
    };
    search.busy_ms.update_value(|b| *b += now_ms() - begin);
    let busy_ms = search.busy_ms.get_value().max(0.001);
    search
        .compute_rate_per_s
        .set((report.explored as f64 * 1000.0 / busy_ms) as u64);
    search.progress.set((report.explored, report.total));
    let elapsed_ms = (now_ms() - search.started_ms.get_value()).max(1.0);
    search
        .rate_per_s
        .set((report.explored as f64 * 1000.0 / elapsed_ms) as u64);
    if report.done {
        search.running.set(false);
        search.summary.set(
            search
                .explorer
                .with_value(|e| e.as_ref().map(|e| e.summary().clone())),
        );
        return;
    }
    set_timeout(move || slice(search, batch), Duration::ZERO);
}

impl Search {
    fn new() -> Search {
        Search {
            explorer: StoredValue::new(None),
            running: RwSignal::new(false),
            progress: RwSignal::new((0, 0)),
            rate_per_s: RwSignal::new(0),
            compute_rate_per_s: RwSignal::new(0),
            busy_ms: StoredValue::new(0.0),
            summary: RwSignal::new(None),
            error: RwSignal::new(None),
            started_ms: StoredValue::new(0.0),
        }
    }
}

/// The explorer panel.
/// Built once the first timeline has painted ([`later`]).
#[component]
pub fn ExplorerPanel() -> impl IntoView {
    later(move || explorer_panel().into_any())
}

/// ExplorerPanel's content, built when [`later`] lets it.
fn explorer_panel() -> impl IntoView {
    let lab = use_lab();
    let search = Search::new();
    let choices = Choices::new();
    let bounds = Memo::new(move |_| lab.sim.scenario.with(|s| choices.bounds(s)));
    // The size of the space, computed up front (an error says why it cannot run).
    let planned = Memo::new(move |_| {
        let bounds = bounds.get();
        lab.sim.scenario.with(|s| {
            Explorer::new(s, bounds.clone())
                .map(|e| crate::words::explore_plan(&bounds, e.total()))
                .map_err(|e| crate::words::explore_error(&e))
        })
    });
    // A changed setup makes old results stale, and so do changed bounds.
    Effect::new(move |_| {
        bounds.track();
        search.running.set(false);
        search.summary.set(None);
    });
    on_cleanup(move || search.running.set(false));
    let explore = Callback::new(move |_| start(lab, search, bounds.get_untracked()));
    view! {
        <section class="panel explorer-panel" aria-labelledby="explore-title">
            <h2 id="explore-title" class="panel-title">{words::TITLE}<small>{words::QUESTION}</small></h2>
            <BoundsChooser choices/>
            <p class="explore-plan" id="explore-plan">
                {move || match planned.get() {
                    Ok(plan) => plan,
                    Err(why) => why,
                }}
            </p>
            <div class="explore-actions">
                <button class="btn primary-btn" id="btn-explore" disabled=move || search.running.get() || planned.get().is_err()
                    on:click=move |_| explore.run(())>
                    {words::EXPLORE}
                </button>
                <button class="btn" id="btn-explore-cancel" disabled=move || !search.running.get()
                    on:click=move |_| search.running.set(false)>{words::CANCEL}</button>
            </div>
            <SearchProgress search/>
            <p class="notice" role="status">{move || search.error.get()}</p>
            <Results summary=search.summary scenario=lab.sim.scenario/>
        </section>
    }
}

/// How many faults at once, and which kinds beyond pauses and delayed writes.
#[component]
fn BoundsChooser(choices: Choices) -> impl IntoView {
    let max_faults = choices.max_faults;
    view! {
        <div class="explore-bounds">
            <label class="field">
                <span>{words::FAULTS_AT_ONCE}</span>
                <select id="explore-max-faults" prop:value=move || max_faults.get().to_string()
                    on:change=move |ev| { if let Ok(k) = event_target_value(&ev).parse() { max_faults.set(k) } }>
                    <option value="1">"1"</option>
                    <option value="2">"2"</option>
                    <option value="3">"3"</option>
                </select>
            </label>
            <KindSwitch id="explore-crashes" on=choices.crashes label=words::INCLUDE_CRASHES/>
            <KindSwitch id="explore-copies" on=choices.copies label=words::INCLUDE_COPIES/>
            <KindSwitch id="explore-services" on=choices.services label=words::INCLUDE_SERVICES/>
        </div>
    }
}

/// One kind of fault the search may add, switched on or off.
#[component]
fn KindSwitch(id: &'static str, on: RwSignal<bool>, label: &'static str) -> impl IntoView {
    view! {
        <label class="field check">
            <input type="checkbox" id=id prop:checked=move || on.get()
                on:change=move |ev| on.set(event_target_checked(&ev))/>
            <span>{label}</span>
        </label>
    }
}

/// How far the search is, and how fast it goes.
#[component]
fn SearchProgress(search: Search) -> impl IntoView {
    view! {
        <div class="explore-progress" aria-live="polite">
            <progress id="explore-progress" max=move || search.progress.get().1.max(1).to_string()
                value=move || search.progress.get().0.to_string()></progress>
            <span id="explore-rate">{move || {
                let (done, total) = search.progress.get();
                words::progress(done, total, search.rate_per_s.get(), search.compute_rate_per_s.get())
            }}</span>
        </div>
    }
}

/// The headline of a finished search and, per kind of damage, its smallest counterexample with
/// "Show me".
#[component]
fn Results(summary: RwSignal<Option<Summary>>, scenario: Signal<Arc<Scenario>>) -> impl IntoView {
    let send = use_send();
    move || {
        summary.get().map(|summary| {
            let headline = if summary.is_safe() {
                words::safe(summary.explored)
            } else {
                words::breaking(summary.explored, summary.breaking_schedules, summary.distinct_outcomes)
            };
            let kinds = summary
                .kinds
                .iter()
                .map(|k| {
                    let faults = k.minimal.faults.clone();
                    let faults_words: Vec<String> = scenario.with_untracked(|s| faults.iter().map(|f| crate::words::fault(f, s)).collect());
                    let at_ms = k.minimal.violation.at_ms;
                    view! {
                        <li class="explore-kind">
                            <strong>{words::kind_count(crate::words::kind_label(k.kind), k.schedules)}</strong>
                            <span>{words::smallest(&faults_words, &scenario.with_untracked(|s| crate::words::violation(&k.minimal.violation.kind, s)))}</span>
                            <button class="btn" on:click=move |_| send(Intent::ShowMe { faults: faults.clone(), at_ms })>{words::SHOW_ME}</button>
                        </li>
                    }
                })
                .collect_view();
            view! {
                <p class=if summary.is_safe() { "explore-headline good" } else { "explore-headline bad" } id="explore-headline">{headline}</p>
                <ul class="explore-kinds">{kinds}</ul>
            }
        })
    }
}
