//! The narration panel: the current scenario's story, step by step. The step for the playhead is
//! highlighted; clicking a step jumps there; previous/next step buttons walk the story.

use leptos::prelude::*;

use super::dispatch::use_send;
use super::format::seconds;
use super::intent::Intent;
use super::state::{use_lab, LabState};
use crate::catalog::{Facts, TimedStep};

/// Index of the step the playhead is in: the last one whose time has come.
pub fn current_step(steps: &[TimedStep], at_ms: u64) -> Option<usize> {
    steps.iter().rposition(|s| s.at_ms <= at_ms)
}

/// True when some step of the story mentions a number the current run does not produce
/// (the learner changed a parameter): the text then describes the default settings.
fn numbers_drifted(lab: LabState, steps: &[TimedStep]) -> bool {
    let facts = lab
        .sim
        .scenario
        .with(|s| lab.sim.run.with(|r| Facts::gather(s, r)));
    steps
        .iter()
        .any(|t| !t.resolved || !facts.unsupported(t.step.text).is_empty())
}

/// The story panel.
#[component]
pub fn Narration() -> impl IntoView {
    let lab = use_lab();
    let send = use_send();
    let steps = lab.sim.steps;
    let current =
        Memo::new(move |_| steps.with(|s| current_step(s, lab.playback.playhead_ms.get())));
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
                            on:click=move |_| send(Intent::Seek(at_ms))
                        >
                            <span class="step-time">{seconds(at_ms)}</span>
                            <span class="step-title">{timed.step.title}</span>
                            <p class="step-body">{timed.step.text}</p>
                        </button>
                        {timed.step.toggle.map(|knob| view! {
                            <button class="btn step-action" class:hidden=move || !is_current() on:click=move |_| send(Intent::Flip(knob))>
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
            <Show when=move || steps.with(|s| numbers_drifted(lab, s))>
                <p class="drift-note" id="narration-drift">
                    "You changed the setup: the story's numbers describe the default settings; the timeline shows yours."
                </p>
            </Show>
            <ol class="narration-steps" id="narration">{rows}</ol>
            <div class="narration-nav">
                <button class="btn" id="btn-prev-step" on:click=move |_| send(Intent::PrevStep)>"← Previous step"</button>
                <button class="btn" id="btn-next-step" on:click=move |_| send(Intent::NextStep)>"Next step →"</button>
            </div>
        </section>
    }
}
