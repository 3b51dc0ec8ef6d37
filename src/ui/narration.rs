//! The narration panel: the current scenario's story, step by step. The step for the playhead is
//! highlighted; clicking a step jumps there; previous/next step buttons walk the story. A step's
//! "Try it" button flips the switch that can work on the system in use ([`crate::catalog::Knobs::try_it`]).

use super::derived::Derived;
use super::handler::handler;
use super::later::later;
use super::memo::memo;
use super::question_controls::QuestionControls;
use std::sync::Arc;

use leptos::prelude::*;

use super::dispatch::use_send;
use super::preset_panel::SystemLine;
use super::signal::Mirrored;
use super::state::SimSignals;
use crate::catalog::{Entry, TimedStep, Told, WHICH_PATTERN_STORY};
use crate::engine::Scenario;
use crate::lab::{Intent, PlaybackIntent, SetupIntent, ViewIntent};
use crate::words::{controls, panels, patterns, switch_label, time, why_not};

/// Index of the step the playhead is in: the last one whose time has come.
pub fn current_step(steps: &[TimedStep], at_ms: u64) -> Option<usize> {
    steps.iter().rposition(|s| s.at_ms <= at_ms)
}

/// The story's steps that are not true of this run, each with why.
#[component]
fn NotInRun(told: Mirrored<Arc<Told>>, scenario: Mirrored<Arc<Scenario>>) -> impl IntoView {
    let rows = move || {
        let told = told.get();
        scenario.with(|s| {
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
        {crate::ui::shown::shown(move || told.with(|t| !t.not_in_run.is_empty()), move || view! {
            <div class="not-in-run" id="not-in-run">
                <h3 class="not-in-run-title">{panels::NOT_IN_RUN}</h3>
                <ul>{rows}</ul>
            </div>
        }.into_any())}
    }
}

/// The story panel.
/// Built once the first timeline has painted ([`later`]).
#[component]
pub fn Narration(
    sim: SimSignals,
    playhead_ms: Mirrored<u64>,
    entry: Derived<&'static Entry>,
) -> impl IntoView {
    later(move || narration(sim, playhead_ms, entry).into_any())
}

/// Narration's content, built when [`later`] lets it.
fn narration(
    sim: SimSignals,
    playhead_ms: Mirrored<u64>,
    entry: Derived<&'static Entry>,
) -> impl IntoView {
    let send = use_send();
    let told = sim.told;
    let knobs = super::state::use_lab().setup.knobs;
    let current = memo(move || told.with(|t| current_step(&t.shown, playhead_ms.get())));
    let rows = move || {
        told.with(|t| t.shown.clone())
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
                            on:click=handler(move |_| send(Intent::Playback(PlaybackIntent::Seek(at_ms))))
                        >
                            <span class="step-time">{time(at_ms)}</span>
                            <span class="step-title">{timed.title}</span>
                            <p class="step-body">{timed.text}</p>
                        </button>
                        {timed.step.toggle.map(|knob| knobs.with(|k| (k.try_it(knob), switch_label(k, k.try_it(knob))))).map(|(knob, label)| view! {
                            <button class="btn step-action" class:hidden=move || !is_current() on:click=handler(move |_| send(Intent::Setup(SetupIntent::Flip(knob))))>
                                {controls::try_flip(label)}
                            </button>
                        })}
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="panel narration-panel" aria-labelledby="narration-title">
            <h2 id="narration-title" class="panel-title">{panels::THE_STORY}<small>{move || entry.get().title}</small></h2>
            <SystemLine/>
            <button
                id="btn-which-pattern"
                class="btn small"
                class:hidden=move || entry.get().id != WHICH_PATTERN_STORY
                aria-haspopup="dialog"
                on:click=handler(move |_| send(Intent::View(ViewIntent::ToggleWhichPattern)))
            >
                {patterns::TITLE}
            </button>
            <ol class="narration-steps" id="narration">{rows}</ol>
            <NotInRun told=sim.told scenario=sim.scenario/>
            <QuestionControls/>
            <div class="narration-nav">
                <button class="btn" id="btn-prev-step" on:click=handler(move |_| send(Intent::Playback(PlaybackIntent::PrevStep)))>{controls::PREV_STEP}</button>
                <button class="btn" id="btn-next-step" on:click=handler(move |_| send(Intent::Playback(PlaybackIntent::NextStep)))>{controls::NEXT_STEP}</button>
            </div>
        </section>
    }
}
