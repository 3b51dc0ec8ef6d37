//! Transport controls: restart, previous/next event, play/pause, speed and the scrubber.

use leptos::prelude::*;

use super::derived::Derived;
use super::dispatch::use_send;
use super::handler::handler;
use super::signal::Mirrored;
use super::state::PlaybackSignals;
use crate::lab::SPEEDS;
use crate::lab::{Intent, PlaybackIntent};
use crate::words::controls as words;
use crate::words::time;

/// The control strip under the timeline.
#[component]
pub fn Transport(playback: PlaybackSignals, end_ms: Derived<u64>) -> impl IntoView {
    let PlaybackSignals {
        playhead_ms,
        playing,
        speed,
    } = playback;
    let send = use_send();
    let restart = move |_| send(Intent::Playback(PlaybackIntent::Restart));
    let prev = move |_| send(Intent::Playback(PlaybackIntent::PrevEvent));
    let next = move |_| send(Intent::Playback(PlaybackIntent::NextEvent));
    let play_label = move || {
        if playing.get() {
            words::PAUSE_PLAYBACK
        } else {
            words::PLAY
        }
    };
    view! {
        <div class="transport" role="group" aria-label=words::PLAYBACK>
            <button class="icon-btn" id="btn-restart" on:click=handler(restart) aria-label=words::RESTART title=words::RESTART_TITLE>{icon("M5 4h2v16H5zM20 4v16L8 12z")}</button>
            <button class="icon-btn" id="btn-prev" on:click=handler(prev) aria-label=words::PREV_EVENT title=words::PREV_EVENT_TITLE>{icon("M12 5v14L3 12zM21 5v14l-9-7z")}</button>
            <button
                class="icon-btn primary"
                id="btn-play"
                on:click=handler(move |_| send(Intent::Playback(PlaybackIntent::TogglePlay)))
                aria-label=play_label
                title=words::PLAY_TITLE
                aria-pressed=move || playing.get().to_string()
            >
                {move || if playing.get() { icon("M6 4h4v16H6zM14 4h4v16h-4z") } else { icon("M7 4v16l13-8z") }}
            </button>
            <button class="icon-btn" id="btn-next" on:click=handler(next) aria-label=words::NEXT_EVENT title=words::NEXT_EVENT_TITLE>{icon("M3 5v14l9-7zM12 5v14l9-7z")}</button>
            <input
                class="scrubber"
                id="scrubber"
                type="range"
                min="0"
                step="100"
                max=move || end_ms.get().to_string()
                prop:value=move || playhead_ms.get().to_string()
                aria-label=words::PLAYHEAD
                aria-valuetext=move || time(playhead_ms.get())
                on:input=handler(move |ev| {
                    if let Ok(ms) = event_target_value(&ev).parse::<u64>() {
                        send(Intent::Playback(PlaybackIntent::Seek(ms)));
                    }
                })
            />
            <output class="time-readout" id="time-readout" aria-live="off" data-ms=move || playhead_ms.get().to_string()>{move || time(playhead_ms.get())}</output>
            <SpeedControl speed/>
        </div>
    }
}

/// The playback speed slider, on a log scale.
#[component]
fn SpeedControl(speed: Mirrored<usize>) -> impl IntoView {
    let send = use_send();
    let speed_text = move || SPEED_LABELS[speed.get().min(SPEED_LABELS.len() - 1)];
    view! {
        <label class="speed">
            <span class="speed-label">{words::SPEED}</span>
            <input
                type="range"
                id="speed"
                min="0"
                max=(SPEEDS.len() - 1).to_string()
                step="1"
                prop:value=move || speed.get().to_string()
                aria-valuetext=speed_text
                on:input=handler(move |ev| {
                    if let Ok(i) = event_target_value(&ev).parse::<usize>() {
                        send(Intent::Playback(PlaybackIntent::SetSpeed(i)));
                    }
                })
            />
            <span class="speed-value">{speed_text}</span>
        </label>
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
