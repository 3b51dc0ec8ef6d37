//! Commands shared by buttons and keyboard shortcuts, so a click and a key press do the same thing.

use leptos::prelude::*;

use super::live::{fault_at, LiveFault};
use super::state::LabState;
use super::story;

/// Pause length used by "pause the holder now" when the scenario has no pause of its own.
const DEFAULT_PAUSE_MS: u64 = 40_000;

/// Stops playback and puts the playhead at 0.
pub fn restart(lab: LabState) {
    lab.playback.playing.set(false);
    lab.seek(0);
}

/// Stops playback and moves to the previous notable event (or 0).
pub fn prev_event(lab: LabState) {
    lab.playback.playing.set(false);
    let at = lab.playback.playhead_ms.get_untracked();
    lab.seek(
        lab.sim
            .run
            .with_untracked(|r| story::prev_moment(r, at))
            .unwrap_or(0),
    );
}

/// Stops playback and moves to the next notable event (or the end).
pub fn next_event(lab: LabState) {
    lab.playback.playing.set(false);
    let at = lab.playback.playhead_ms.get_untracked();
    let end = lab.end_ms();
    lab.seek(
        lab.sim
            .run
            .with_untracked(|r| story::next_moment(r, at))
            .unwrap_or(end),
    );
}

/// Flips token enforcement.
pub fn toggle_enforcement(lab: LabState) {
    lab.setup.knobs.update(|k| k.enforcement = !k.enforcement);
}

/// Flips compare mode.
pub fn toggle_compare(lab: LabState) {
    lab.view.compare.update(|c| *c = !*c);
}

/// Injects a fault at the playhead for application `app`; returns why not, in words.
pub fn inject(lab: LabState, app: usize, live: LiveFault) -> Result<(), String> {
    let at_ms = lab.playback.playhead_ms.get_untracked();
    let fault = lab.sim.run.with_untracked(|run| {
        lab.sim
            .scenario
            .with_untracked(|s| fault_at(run, s, app, at_ms, live))
    })?;
    lab.setup.user_faults.update(|f| f.push(fault));
    Ok(())
}

/// Pauses whoever holds the lease at the playhead, for the pause length knob (40 s if it is 0).
pub fn pause_holder(lab: LabState) -> Result<(), String> {
    let at_ms = lab.playback.playhead_ms.get_untracked();
    let holder = lab.sim.run.with_untracked(|r| {
        r.spans
            .leases
            .iter()
            .find(|l| l.from_ms <= at_ms && at_ms < l.until_ms.max(l.from_ms + 1))
            .map(|l| l.app)
    });
    let Some(app) = holder else {
        return Err("Nobody holds the lease at this moment".to_string());
    };
    let pause_ms = lab.setup.knobs.with_untracked(|k| k.pause_ms);
    let for_ms = if pause_ms == 0 {
        DEFAULT_PAUSE_MS
    } else {
        pause_ms
    };
    inject(lab, app, LiveFault::Pause { for_ms })
}

/// Zooms the timeline in (`steps > 0`) or out around the playhead (or the middle of the view,
/// when the playhead is outside it); back to the fitted view once it would show all of it.
pub fn zoom(lab: LabState, steps: i32) {
    let shown = lab.view.shown_window.get_untracked();
    let end_ms = lab.end_ms();
    let at = lab.playback.playhead_ms.get_untracked();
    let around = if (shown.from_ms..=shown.to_ms).contains(&at) {
        at
    } else {
        shown.from_ms + shown.span_ms() / 2
    };
    let next = shown.zoom(steps, around, end_ms);
    lab.view.zoom.set((next.span_ms() < end_ms).then_some(next));
}

/// Moves the zoomed timeline by a third of its width (`direction` −1 earlier, +1 later).
pub fn pan(lab: LabState, direction: i64) {
    let shown = lab.view.shown_window.get_untracked();
    let by_ms = direction * (shown.span_ms() / 3) as i64;
    lab.view.zoom.set(Some(shown.pan(by_ms, lab.end_ms())));
}

/// Fits the timeline to the story again.
pub fn fit(lab: LabState) {
    lab.view.zoom.set(None);
}
