//! The narration panel: the current scenario's story, step by step. The step for the playhead is
//! highlighted; clicking a step jumps there; previous/next step buttons walk the story.

use leptos::prelude::*;

use super::state::{use_lab, LabState};
use crate::catalog::{Knob, TimedStep};
use crate::engine::Mode;
use crate::words::{time, why_not};

/// Index of the step the playhead is in: the last one whose time has come.
pub fn current_step(steps: &[TimedStep], at_ms: u64) -> Option<usize> {
    steps.iter().rposition(|s| s.at_ms <= at_ms)
}

/// Moves the playhead to the previous (`-1`) or next (`+1`) narration step.
pub fn jump_step(lab: LabState, direction: i32) {
    let steps = lab.steps.get_untracked();
    let at = lab.playhead_ms.get_untracked();
    let target = if direction < 0 {
        steps
            .iter()
            .rev()
            .map(|s| s.at_ms)
            .find(|&t| t < at)
            .or(Some(0))
    } else {
        steps.iter().map(|s| s.at_ms).find(|&t| t > at)
    };
    if let Some(at_ms) = target {
        lab.playing.set(false);
        lab.seek(at_ms);
    }
}

/// Flips the on/off knob a narration step (or the first-visit hint) points at.
pub fn flip(lab: LabState, knob: Knob) {
    lab.knobs.update(|k| match knob {
        Knob::Enforcement => k.enforcement = !k.enforcement,
        Knob::Renewals => k.renewals = !k.renewals,
        Knob::CheckBeforeWrite => k.check_before_write = !k.check_before_write,
        Knob::Mode => {
            k.mode = if k.mode == Mode::Lease {
                Mode::PermanentLock
            } else {
                Mode::Lease
            };
        }
        Knob::Ttl | Knob::Pause | Knob::Latency | Knob::Stock => {}
    });
}

/// The story's steps that are not true of this run, each with why.
#[component]
fn NotInRun(lab: LabState) -> impl IntoView {
    let rows = move || {
        let told = lab.told.get();
        lab.scenario.with(|s| {
            told.not_in_run
                .iter()
                .map(|u| {
                    let why = why_not(s, &u.why);
                    view! { <li><span class="step-title">{u.title.clone()}</span>" — "{why}</li> }
                })
                .collect_view()
        })
    };
    view! {
        <Show when=move || lab.told.with(|t| !t.not_in_run.is_empty())>
            <div class="not-in-run" id="not-in-run">
                <h3 class="not-in-run-title">"Not in this run"</h3>
                <ul>{rows}</ul>
            </div>
        </Show>
    }
}

/// The story panel.
#[component]
pub fn Narration() -> impl IntoView {
    let lab = use_lab();
    let steps = lab.steps;
    let current = Memo::new(move |_| steps.with(|s| current_step(s, lab.playhead_ms.get())));
    let rows = move || {
        steps
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, timed)| {
                let at_ms = timed.at_ms;
                let is_current = move || current.get() == Some(i);
                let is_future = move || current.get().is_none_or(|c| i > c);
                view! {
                    <li>
                        <button
                            class="narration-step"
                            class:current=is_current
                            class:future=is_future
                            aria-current=move || if is_current() { "step" } else { "false" }
                            on:click=move |_| {
                                lab.playing.set(false);
                                lab.seek(at_ms);
                            }
                        >
                            <span class="step-time">{time(at_ms)}</span>
                            <span class="step-title">{timed.title}</span>
                            <p class="step-body">{timed.text}</p>
                        </button>
                        {timed.step.toggle.map(|knob| view! {
                            <button class="btn step-action" class:hidden=move || !is_current() on:click=move |_| flip(lab, knob)>
                                {format!("Try it: flip “{}”", knob.label())}
                            </button>
                        })}
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="panel narration-panel" aria-labelledby="narration-title">
            <h2 id="narration-title" class="panel-title">"The story"<small>{move || lab.entry().title}</small></h2>
            <ol class="narration-steps" id="narration">{rows}</ol>
            <NotInRun lab=lab/>
            <div class="narration-nav">
                <button class="btn" id="btn-prev-step" on:click=move |_| jump_step(lab, -1)>"← Previous step"</button>
                <button class="btn" id="btn-next-step" on:click=move |_| jump_step(lab, 1)>"Next step →"</button>
            </div>
        </section>
    }
}
