//! Playback: moves the playhead with `requestAnimationFrame` while playing, at the chosen speed.
//! With `prefers-reduced-motion`, playing jumps from event to event instead of gliding.

use leptos::prelude::*;

use super::quiz_commands::question_on_the_way;
use super::state::{use_lab, LabState, SIM_MS_PER_REAL_MS_AT_1X, SPEEDS};
use super::story;

/// Starts or stops playback; starting at the end restarts from 0.
pub fn toggle_play(lab: LabState) {
    if lab.playback.playing.get_untracked() {
        lab.playback.playing.set(false);
        return;
    }
    if lab.playback.playhead_ms.get_untracked() >= lab.end_ms() {
        lab.playback.playhead_ms.set(0);
    }
    lab.playback.playing.set(true);
    schedule_frame(lab, None);
}

fn reduced_motion() -> bool {
    window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

fn now_ms() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

fn schedule_frame(lab: LabState, last_real_ms: Option<f64>) {
    request_animation_frame(move || frame(lab, last_real_ms));
}

fn frame(lab: LabState, last_real_ms: Option<f64>) {
    // A frame asked for before the lab unmounted finds its signals gone: nothing to move.
    if !lab.playback.playing.try_get_untracked().unwrap_or(false) {
        return;
    }
    let now = now_ms();
    let elapsed_real_ms = last_real_ms.map_or(0.0, |last| (now - last).clamp(0.0, 100.0));
    let end_ms = lab.end_ms();
    let playhead = lab.playback.playhead_ms.get_untracked();
    let next = if reduced_motion() {
        // One event per ~300 ms of real time, no gliding.
        if elapsed_real_ms == 0.0 || (now as u64 / 300) != ((now - elapsed_real_ms) as u64 / 300) {
            lab.sim
                .run
                .with_untracked(|run| story::next_moment(run, playhead))
                .unwrap_or(end_ms)
        } else {
            playhead
        }
    } else {
        let speed = SPEEDS[lab.playback.speed.get_untracked().min(SPEEDS.len() - 1)];
        playhead + (elapsed_real_ms * SIM_MS_PER_REAL_MS_AT_1X * speed).round() as u64
    };
    if let Some(stop_ms) = question_on_the_way(lab, playhead, next.min(end_ms)) {
        lab.playback.playing.set(false);
        lab.playback.playhead_ms.set(stop_ms);
        return;
    }
    lab.playback.playhead_ms.set(next.min(end_ms));
    if next >= end_ms {
        lab.playback.playing.set(false);
        return;
    }
    schedule_frame(lab, Some(now));
}

/// Keeps playback alive across re-renders: stops playing when the component tree goes away.
pub fn stop_on_cleanup() {
    let lab = use_lab();
    on_cleanup(move || lab.playback.playing.set(false));
}
