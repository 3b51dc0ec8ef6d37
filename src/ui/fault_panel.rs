//! The "break it" panel: choose an application and inject a fault at the playhead.

use leptos::prelude::*;

use super::commands;
use super::live::LiveFault;
use super::state::use_lab;

/// Pause lengths offered, in seconds.
const DURATIONS_S: [u64; 6] = [5, 10, 20, 30, 40, 60];

/// Live fault buttons for the selected application.
#[component]
pub fn FaultPanel() -> impl IntoView {
    let lab = use_lab();
    let target = RwSignal::new(0usize);
    let duration_s = RwSignal::new(40u64);
    let notice = RwSignal::new(None::<String>);
    let name = move || {
        lab.sim
            .scenario
            .with(|s| s.app_name(target.get()).to_string())
    };
    let inject = move |live: LiveFault| {
        notice.set(commands::inject(lab, target.get_untracked(), live).err())
    };
    let resume = move |_| {
        let at_ms = lab.playback.playhead_ms.get_untracked();
        let app = target.get_untracked();
        let stopped = lab.sim.run.with_untracked(|r| {
            let spans = &r.spans;
            spans
                .pauses
                .iter()
                .chain(&spans.partitions)
                .any(|p| p.app == app && p.from_ms <= at_ms && at_ms < p.until_ms)
        });
        if stopped {
            lab.setup.resumes.update(|r| r.push((name(), at_ms)));
            notice.set(None);
        } else {
            notice.set(Some(format!(
                "{} is not paused or cut off right now",
                name()
            )));
        }
    };
    let app_buttons = move || {
        lab.sim.scenario.with(|s| {
            s.apps
                .iter()
                .enumerate()
                .map(|(i, app)| {
                    let label = format!("App {}", app.name);
                    view! {
                        <button
                            class="seg"
                            class:selected=move || target.get() == i
                            aria-pressed=move || (target.get() == i).to_string()
                            on:click=move |_| target.set(i)
                        >
                            {label}
                        </button>
                    }
                })
                .collect_view()
        })
    };
    let ms = move || duration_s.get() * 1000;
    view! {
        <section class="panel fault-panel" aria-labelledby="faults-title">
            <h2 id="faults-title" class="panel-title">"Break it at the playhead"</h2>
            <div class="seg-group" role="group" aria-label="Application to disturb">{app_buttons}</div>
            <label class="field">
                <span>"Length"</span>
                <select
                    id="fault-length"
                    on:change=move |ev| {
                        if let Ok(v) = event_target_value(&ev).parse() {
                            duration_s.set(v);
                        }
                    }
                    prop:value=move || duration_s.get().to_string()
                >
                    {DURATIONS_S.iter().map(|&s| view! { <option value=s.to_string()>{format!("{s} s")}</option> }).collect_view()}
                </select>
            </label>
            <div class="fault-buttons">
                <button id="btn-pause-app" class="btn" on:click=move |_| inject(LiveFault::Pause { for_ms: ms() })>
                    {move || format!("❚❚ Pause {} now", name())}
                </button>
                <button id="btn-crash-app" class="btn" on:click=move |_| inject(LiveFault::Crash)>
                    {move || format!("✖ Crash {}", name())}
                </button>
                <button id="btn-delay-app" class="btn" on:click=move |_| inject(LiveFault::DelayNext { extra_ms: ms() })>
                    {move || format!("⇥ Delay {}'s next message", name())}
                </button>
                <button id="btn-partition-app" class="btn" on:click=move |_| inject(LiveFault::Partition { for_ms: ms() })>
                    {move || format!("✂ Cut {} off", name())}
                </button>
                <button id="btn-resume-app" class="btn" on:click=resume>
                    {move || format!("▶ Resume {}", name())}
                </button>
            </div>
            <p class="notice" role="status">{move || notice.get()}</p>
            <div class="fault-footer">
                <span>{move || format!("{} change(s) added", lab.setup.user_faults.with(|f| f.len()) + lab.setup.resumes.with(|r| r.len()))}</span>
                <button
                    class="link-btn"
                    id="btn-clear-faults"
                    on:click=move |_| {
                        lab.setup.user_faults.set(Vec::new());
                        lab.setup.resumes.set(Vec::new());
                    }
                >
                    "Remove added faults"
                </button>
            </div>
        </section>
    }
}
