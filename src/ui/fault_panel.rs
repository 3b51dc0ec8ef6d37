//! The "break it" panel: choose an application and inject a fault at the playhead; below, a
//! small row of faults of the whole system (restart the resource, fail the coordination service
//! over, and on a replicated service cut its leader off).

use leptos::prelude::*;

use super::derived::{derive, Derived};
use super::dispatch::use_send;
use super::handler::handler;
use super::later::later;
use super::signal::Mirrored;
use super::state::use_lab;
use crate::lab::{Intent, SetupIntent, ViewIntent};
use crate::lab::{LiveFault, ServiceFault};
use crate::words::actions;
use crate::words::{time, timeline};

/// Pause lengths offered, in seconds.
const DURATIONS_S: [u64; 6] = [5, 10, 20, 30, 40, 60];

/// Live fault buttons for the selected application.
/// Built once the first timeline has painted ([`later`]).
#[component]
pub fn FaultPanel() -> impl IntoView {
    later(move || fault_panel().into_any())
}

/// FaultPanel's content, built when [`later`] lets it.
fn fault_panel() -> impl IntoView {
    let lab = use_lab();
    let (target, length_ms) = (lab.view.fault_app, lab.view.fault_length_ms);
    let scenario = lab.sim.scenario;
    let apps = derive(move || {
        scenario.with(|s| s.apps.iter().map(|a| a.name.clone()).collect::<Vec<_>>())
    });
    let name = derive(move || scenario.with(|s| s.app_name(target.get()).to_string()));
    let (faults, resumes) = (lab.setup.user_faults, lab.setup.resumes);
    let changes = derive(move || faults.with(|f| f.len()) + resumes.with(|r| r.len()));
    let replicated = derive(move || scenario.with(|s| s.members > 1));
    view! {
        <section class="panel fault-panel" aria-labelledby="faults-title">
            <h2 id="faults-title" class="panel-title">{actions::PANEL_TITLE}</h2>
            <AppChooser apps target/>
            <LengthChooser length_ms/>
            <FaultButtons name target length_ms/>
            <ServiceButtons length_ms replicated/>
            <FaultFooter changes/>
        </section>
    }
}

/// One button per application; the pressed one is the one to disturb.
#[component]
fn AppChooser(apps: Derived<Vec<String>>, target: Mirrored<usize>) -> impl IntoView {
    let send = use_send();
    let buttons = move || {
        apps.get()
            .into_iter()
            .enumerate()
            .map(|(i, app)| {
                let label = timeline::app(&app);
                view! {
                    <button
                        class="seg"
                        class:selected=move || target.get() == i
                        aria-pressed=move || (target.get() == i).to_string()
                        on:click=handler(move |_| send(Intent::View(ViewIntent::ChooseFaultApp(i))))
                    >
                        {label}
                    </button>
                }
            })
            .collect_view()
    };
    view! { <div class="seg-group" role="group" aria-label=actions::APP_GROUP>{buttons}</div> }
}

/// How long a pause, delay, partition or reorder lasts, and how far behind a copy arrives.
#[component]
fn LengthChooser(length_ms: Mirrored<u64>) -> impl IntoView {
    let send = use_send();
    view! {
        <label class="field">
            <span>{actions::LENGTH}</span>
            <select
                id="fault-length"
                on:change=handler(move |ev| {
                    if let Ok(s) = event_target_value(&ev).parse::<u64>() {
                        send(Intent::View(ViewIntent::ChooseFaultLength(s * 1_000)));
                    }
                })
                prop:value=move || (length_ms.get() / 1_000).to_string()
            >
                {DURATIONS_S.iter().map(|&s| view! { <option value=s.to_string()>{time(s * 1_000)}</option> }).collect_view()}
            </select>
        </label>
    }
}

/// Pause, crash, delay, cut off, resume the chosen application at the playhead, or have the
/// network duplicate its next message or let later ones overtake it.
#[component]
fn FaultButtons(
    name: Derived<String>,
    target: Mirrored<usize>,
    length_ms: Mirrored<u64>,
) -> impl IntoView {
    let send = use_send();
    let inject = move |live: LiveFault| {
        send(Intent::Setup(SetupIntent::Inject {
            app: target.get_untracked(),
            live,
        }))
    };
    let resume = move |_| {
        send(Intent::Setup(SetupIntent::Resume {
            app: target.get_untracked(),
        }))
    };
    let ms = move || length_ms.get();
    view! {
        <div class="fault-buttons">
            <button id="btn-pause-app" class="btn" on:click=handler(move |_| inject(LiveFault::Pause { for_ms: ms() }))>
                {move || actions::pause_now(&name.get())}
            </button>
            <button id="btn-crash-app" class="btn" on:click=handler(move |_| inject(LiveFault::Crash))>
                {move || actions::crash(&name.get())}
            </button>
            <button id="btn-delay-app" class="btn" on:click=handler(move |_| inject(LiveFault::DelayNext { extra_ms: ms() }))>
                {move || actions::delay_next(&name.get())}
            </button>
            <button id="btn-partition-app" class="btn" on:click=handler(move |_| inject(LiveFault::Partition { for_ms: ms() }))>
                {move || actions::cut_off(&name.get())}
            </button>
            <button id="btn-resume-app" class="btn" on:click=handler(resume)>
                {move || actions::resume(&name.get())}
            </button>
            <button
                id="btn-duplicate-app"
                class="btn"
                title=move || actions::duplicate_next_title(&name.get(), ms())
                on:click=handler(move |_| inject(LiveFault::Duplicate { after_ms: ms() }))
            >
                {move || actions::duplicate_next(&name.get())}
            </button>
            <button
                id="btn-reorder-app"
                class="btn"
                title=move || actions::overtake_next_title(&name.get(), ms())
                on:click=handler(move |_| inject(LiveFault::Reorder { extra_ms: ms() }))
            >
                {move || actions::overtake_next(&name.get())}
            </button>
        </div>
    }
}

/// Restart the resource or fail the coordination service over at the playhead (and cut a
/// replicated service's leader off for the chosen length): a small second row, as these name
/// no application.
#[component]
fn ServiceButtons(length_ms: Mirrored<u64>, replicated: Derived<bool>) -> impl IntoView {
    let send = use_send();
    let inject = move |which: ServiceFault| send(Intent::Setup(SetupIntent::InjectService(which)));
    let cut = move |_| {
        let for_ms = length_ms.get_untracked();
        send(Intent::Setup(SetupIntent::InjectService(
            ServiceFault::CutLeader { for_ms },
        )));
    };
    view! {
        <div class="fault-buttons service-buttons" role="group" aria-label=actions::SERVICES_GROUP>
            <button
                id="btn-restart-resource"
                class="btn small"
                title=actions::RESTART_RESOURCE_TITLE
                aria-keyshortcuts="R"
                on:click=handler(move |_| inject(ServiceFault::RestartResource))
            >
                {actions::RESTART_RESOURCE}
            </button>
            <button
                id="btn-failover"
                class="btn small"
                title=actions::FAIL_OVER_TITLE
                aria-keyshortcuts="L"
                on:click=handler(move |_| inject(ServiceFault::Failover))
            >
                {actions::FAIL_OVER}
            </button>
            {crate::ui::shown::shown(move || replicated.get(), move || view! {
                <button
                    id="btn-cut-leader"
                    class="btn small"
                    title=move || actions::cut_leader_title(length_ms.get())
                    on:click=handler(cut)
                >
                    {actions::CUT_LEADER}
                </button>
            }.into_any())}
        </div>
    }
}

/// How many changes were added, and a way to remove them all.
#[component]
fn FaultFooter(changes: Derived<usize>) -> impl IntoView {
    let send = use_send();
    view! {
        <div class="fault-footer">
            <span>{move || actions::changes_added(changes.get() as u64)}</span>
            <button class="link-btn" id="btn-clear-faults" on:click=handler(move |_| send(Intent::Setup(SetupIntent::ClearChanges)))>
                {actions::REMOVE_ADDED}
            </button>
        </div>
    }
}
