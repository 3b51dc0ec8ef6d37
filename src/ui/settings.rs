//! Settings: the central enforcement switch, the protocol toggles and the numeric parameters.
//! Changing any of them re-runs the engine at once.

use leptos::prelude::*;

use crate::words::knob_value;

use super::state::use_lab;
use crate::catalog::{self, Knob, Knobs};
use crate::engine::Mode;

/// The big token-enforcement switch (also in presentation view).
#[component]
pub fn EnforcementSwitch() -> impl IntoView {
    let lab = use_lab();
    let on = move || lab.knobs.with(|k| k.enforcement);
    view! {
        <button
            id="toggle-enforcement"
            class="switch enforcement"
            class:on=on
            role="switch"
            aria-checked=move || on().to_string()
            on:click=move |_| lab.knobs.update(|k| k.enforcement = !k.enforcement)
        >
            <span class="switch-track" aria-hidden="true"><span class="switch-thumb"></span></span>
            <span class="switch-text">"Token enforcement "<strong>{move || if on() { "ON" } else { "OFF" }}</strong></span>
        </button>
    }
}

/// A labelled on/off switch bound to one boolean knob.
fn toggle(
    id: &'static str,
    label: &'static str,
    get: fn(&Knobs) -> bool,
    set: fn(&mut Knobs, bool),
) -> impl IntoView {
    let lab = use_lab();
    let on = move || lab.knobs.with(get);
    view! {
        <button
            id=id
            class="switch small"
            class:on=on
            role="switch"
            aria-checked=move || on().to_string()
            on:click=move |_| lab.knobs.update(|k| set(k, !get(k)))
        >
            <span class="switch-track" aria-hidden="true"><span class="switch-thumb"></span></span>
            <span class="switch-text">{label}</span>
        </button>
    }
}

/// A labelled slider bound to one numeric knob, shown in `unit` steps (1000: seconds) within its range.
fn slider(
    id: &'static str,
    knob: Knob,
    unit: u64,
    get: fn(&Knobs) -> u64,
    set: fn(&mut Knobs, u64),
) -> impl IntoView {
    let lab = use_lab();
    let label = knob.label();
    let range = catalog::range(knob).expect("numeric knob");
    let (min, max, step) = (
        range.min / unit,
        range.max / unit,
        (range.step / unit).max(1),
    );
    let value = move || lab.knobs.with(get) / unit;
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
                on:input=move |ev| {
                    if let Ok(v) = event_target_value(&ev).parse::<u64>() {
                        lab.knobs.update(|k| set(k, v.clamp(min, max) * unit));
                    }
                }
            />
            <output class="field-value">{move || knob_value(knob, value() * unit)}</output>
        </label>
    }
}

/// Toggles and parameters.
#[component]
pub fn Settings() -> impl IntoView {
    let lab = use_lab();
    let is_inventory = move || {
        lab.scenario
            .with(|s| matches!(s.resource, crate::engine::ResourceKind::Inventory { .. }))
    };
    view! {
        <section class="panel settings-panel" aria-labelledby="settings-title">
            <h2 id="settings-title" class="panel-title">"Protocol"</h2>
            <div class="toggles">
                {toggle("toggle-lease", Knob::Mode.label(), |k| k.mode == Mode::Lease, |k, on| {
                    k.mode = if on { Mode::Lease } else { Mode::PermanentLock }
                })}
                {toggle("toggle-renew", Knob::Renewals.label(), |k| k.renewals, |k, on| k.renewals = on)}
                {toggle("toggle-check", Knob::CheckBeforeWrite.label(), |k| k.check_before_write, |k, on| {
                    k.check_before_write = on
                })}
            </div>
            <div class="sliders">
                {slider("knob-ttl", Knob::Ttl, 1000, |k| k.ttl_ms, |k, v| k.ttl_ms = v)}
                {slider("knob-pause", Knob::Pause, 1000, |k| k.pause_ms, |k, v| k.pause_ms = v)}
                {slider("knob-latency", Knob::Latency, 1, |k| k.latency_ms, |k, v| k.latency_ms = v)}
                <Show when=is_inventory>
                    {slider("knob-stock", Knob::Stock, 1, |k| k.stock, |k, v| k.stock = v)}
                </Show>
            </div>
        </section>
    }
}
