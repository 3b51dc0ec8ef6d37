//! Transport controls: restart, previous/next event, play/pause, speed and the scrubber.

use leptos::prelude::*;

use super::commands;
use super::playback::toggle_play;
use super::state::{use_lab, SPEEDS};
use crate::words::time;

/// The control strip under the timeline.
#[component]
pub fn Transport() -> impl IntoView {
    let lab = use_lab();
    let restart = move |_| commands::restart(lab);
    let prev = move |_| commands::prev_event(lab);
    let next = move |_| commands::next_event(lab);
    let play_label = move || {
        if lab.playing.get() {
            "Pause playback"
        } else {
            "Play"
        }
    };
    let speed_text = move || SPEED_LABELS[lab.speed.get().min(SPEED_LABELS.len() - 1)];
    view! {
        <div class="transport" role="group" aria-label="Playback">
            <button class="icon-btn" id="btn-restart" on:click=restart aria-label="Restart" title="Restart (Home)">{icon("M5 4h2v16H5zM20 4v16L8 12z")}</button>
            <button class="icon-btn" id="btn-prev" on:click=prev aria-label="Previous event" title="Previous event (←)">{icon("M12 5v14L3 12zM21 5v14l-9-7z")}</button>
            <button
                class="icon-btn primary"
                id="btn-play"
                on:click=move |_| toggle_play(lab)
                aria-label=play_label
                title="Play / pause (Space)"
                aria-pressed=move || lab.playing.get().to_string()
            >
                {move || if lab.playing.get() { icon("M6 4h4v16H6zM14 4h4v16h-4z") } else { icon("M7 4v16l13-8z") }}
            </button>
            <button class="icon-btn" id="btn-next" on:click=next aria-label="Next event" title="Next event (→)">{icon("M3 5v14l9-7zM12 5v14l9-7z")}</button>
            <input
                class="scrubber"
                id="scrubber"
                type="range"
                min="0"
                step="100"
                max=move || lab.end_ms().to_string()
                prop:value=move || lab.playhead_ms.get().to_string()
                aria-label="Playhead position"
                aria-valuetext=move || time(lab.playhead_ms.get())
                on:input=move |ev| {
                    lab.playing.set(false);
                    if let Ok(ms) = event_target_value(&ev).parse::<u64>() {
                        lab.seek(ms);
                    }
                }
            />
            <output class="time-readout" id="time-readout" aria-live="off" data-ms=move || lab.playhead_ms.get().to_string()>{move || time(lab.playhead_ms.get())}</output>
            <label class="speed">
                <span class="speed-label">"Speed"</span>
                <input
                    type="range"
                    id="speed"
                    min="0"
                    max=(SPEEDS.len() - 1).to_string()
                    step="1"
                    prop:value=move || lab.speed.get().to_string()
                    aria-valuetext=speed_text
                    on:input=move |ev| {
                        if let Ok(i) = event_target_value(&ev).parse::<usize>() {
                            lab.speed.set(i.min(SPEEDS.len() - 1));
                        }
                    }
                />
                <span class="speed-value">{speed_text}</span>
            </label>
        </div>
    }
}

/// A 24×24 icon drawn from one SVG path (no icon font, no emoji: same on every machine).
fn icon(path: &'static str) -> impl IntoView {
    view! {
        <svg class="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d=path fill="currentColor"></path>
        </svg>
    }
}

/// Labels of [`SPEEDS`], in the same order.
const SPEED_LABELS: [&str; 7] = ["×¼", "×½", "×1", "×2", "×4", "×8", "×16"];
