//! Settings: the central enforcement switch, the protocol toggles and the numeric parameters.
//! Changing any of them re-runs the engine at once.

use leptos::prelude::*;

use super::derived::Derived;
use super::dispatch::use_send;
use super::handler::handler;
use super::later::later;
use super::preset_panel::PresetPanel;
use super::signal::Mirrored;
use super::state::use_lab;
use crate::catalog::{self, Knob, Knobs};
use crate::engine::Mode;
use crate::lab::{Intent, SetupIntent};
use crate::words::{controls, knob_label, knob_value, panels, switch_label, systems};

/// The big token-enforcement switch (also in presentation view).
#[component]
pub fn EnforcementSwitch(knobs: Mirrored<Knobs>) -> impl IntoView {
    let send = use_send();
    // The run's own answer, in the one meaning of "enforcement on" (`Scenario::enforcing`).
    let scenario = use_lab().sim.scenario;
    let on = move || scenario.with(|s| s.enforcement);
    let impossible = move || knobs.with(|k| scenario.with(|s| systems::cannot_enforce_run(k, s)));
    view! {
        <button
            id="toggle-enforcement"
            class="switch enforcement"
            class:on=on
            class:impossible=move || impossible().is_some()
            role="switch"
            aria-checked=move || on().to_string()
            aria-disabled=move || impossible().is_some().to_string()
            title=impossible
            on:click=handler(move |_| send(Intent::Setup(SetupIntent::Flip(Knob::Enforcement))))
        >
            <span class="switch-track" aria-hidden="true"><span class="switch-thumb"></span></span>
            <span class="switch-text">
                {move || knobs.with(|k| switch_label(k, Knob::Enforcement))}
                " "
                <strong>{move || if impossible().is_some() { controls::IMPOSSIBLE } else if on() { controls::ON } else { controls::OFF }}</strong>
            </span>
        </button>
    }
}

/// The story view's switch for a story about another knob than token enforcement (whose
/// switch is the toolbar's own).
#[component]
pub fn StorySwitch(knobs: Mirrored<Knobs>, fix: Derived<Option<Knob>>) -> impl IntoView {
    move || {
        fix.get()
            .filter(|&k| k != Knob::Enforcement)
            .map(|k| toggle(knobs, "story-switch", k))
    }
}

/// A labelled on/off switch bound to one on/off knob ([`Knobs::switch_on`]).
fn toggle(knobs: Mirrored<Knobs>, id: &'static str, knob: Knob) -> impl IntoView {
    let send = use_send();
    let label = knob_label(knob);
    let on = move || knobs.with(|k| k.switch_on(knob));
    view! {
        <button
            id=id
            class="switch small"
            class:on=on
            role="switch"
            aria-checked=move || on().to_string()
            on:click=handler(move |_| send(Intent::Setup(SetupIntent::Flip(knob))))
        >
            <span class="switch-track" aria-hidden="true"><span class="switch-thumb"></span></span>
            <span class="switch-text">{label}</span>
        </button>
    }
}

/// A labelled slider bound to one numeric knob, shown in `unit` steps (1000: seconds) within its range.
fn slider(
    knobs: Mirrored<Knobs>,
    id: &'static str,
    knob: Knob,
    unit: u64,
    get: fn(&Knobs) -> u64,
) -> impl IntoView {
    let send = use_send();
    let label = knob_label(knob);
    // Only numeric knobs get a slider.
    let range = catalog::range(knob).unwrap();
    let (min, max, step) = (
        range.min / unit,
        range.max / unit,
        (range.step / unit).max(1),
    );
    let value = move || knobs.with(get) / unit;
    view! {
        <label class="field slider" for=id>
            <span class="field-label">{label}</span>
            <input
                id=id
                type="range"
                min=min.to_string()
                max=max.to_string()
                step=step.to_string()
                prop:value=move || value().to_string()
                aria-valuetext=move || knob_value(knob, value() * unit)
                on:input=handler(move |ev| {
                    if let Ok(v) = event_target_value(&ev).parse::<u64>() {
                        send(Intent::Setup(SetupIntent::SetKnob(knob, v.clamp(min, max) * unit)));
                    }
                })
            />
            <output class="field-value">{move || knob_value(knob, value() * unit)}</output>
        </label>
    }
}

/// Toggles and parameters.
/// Built once the first timeline has painted ([`later`]).
#[component]
pub fn Settings(
    knobs: Mirrored<Knobs>,
    inventory: Derived<bool>,
    /// The scenario restarts its resource (the fence's durability matters).
    restarts: Derived<bool>,
    /// The scenario fails its one-box coordination service over (the counter's durability
    /// matters; a replicated service keeps its counter in its log).
    failovers: Derived<bool>,
) -> impl IntoView {
    later(move || settings(knobs, inventory, restarts, failovers).into_any())
}

/// Settings' content, built when [`later`] lets it.
fn settings(
    knobs: Mirrored<Knobs>,
    inventory: Derived<bool>,
    restarts: Derived<bool>,
    failovers: Derived<bool>,
) -> impl IntoView {
    // Without a lock there is no lease to renew, check or count, and nothing to replicate:
    // the stylesheet hides those settings under `.no-lock`.
    let no_lock = move || knobs.with(|k| k.mode == Mode::NoLock);
    view! {
        <section class="panel settings-panel" class:no-lock=no_lock aria-labelledby="settings-title">
            <h2 id="settings-title" class="panel-title">{panels::PROTOCOL}</h2>
            <PresetPanel knobs/>
            <p id="no-lock-note" class="preset-note">{panels::NO_LOCK_NOTE}</p>
            <div class="toggles">
                {toggle(knobs, "toggle-lease", Knob::Mode)}
                {toggle(knobs, "toggle-renew", Knob::Renewals)}
                {toggle(knobs, "toggle-check", Knob::CheckBeforeWrite)}
                {toggle(knobs, "toggle-client", Knob::CarefulClient)}
                {toggle(knobs, "toggle-version", Knob::ExactVersion)}
                {crate::ui::shown::shown(move || restarts.get(), move || view! {
                    {toggle(knobs, "toggle-fence-durable", Knob::FenceDurable)}
                }.into_any())}
                {crate::ui::shown::shown(move || failovers.get(), move || view! {
                    {toggle(knobs, "toggle-counter-durable", Knob::CounterDurable)}
                }.into_any())}
            </div>
            <div class="sliders">
                {slider(knobs, "knob-ttl", Knob::Ttl, 1000, |k| k.ttl_ms)}
                {slider(knobs, "knob-pause", Knob::Pause, 1000, |k| k.pause_ms)}
                {slider(knobs, "knob-latency", Knob::Latency, 1, |k| k.latency_ms)}
                {slider(knobs, "knob-members", Knob::Members, 1, |k| k.members)}
                {crate::ui::shown::shown(move || inventory.get(), move || view! {
                    {slider(knobs, "knob-stock", Knob::Stock, 1, |k| k.stock)}
                }.into_any())}
            </div>
        </section>
    }
}
