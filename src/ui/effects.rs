//! The effect runner: performs what the reducer asked of the browser ([`Effect`]) — the
//! animation clock, the clipboard, a download, `localStorage`, a fetch — and reports a failure
//! back as an intent, so the lab's notice says it.

use leptos::prelude::*;

use super::state::LabState;
use super::{export, link, progress_store, trace_files};
use crate::lab::{Effect, Intent};

/// Performs `effect` for `lab`; what the browser answers goes back through `act`.
pub fn perform(lab: LabState, effect: Effect, act: fn(LabState, Intent)) {
    match effect {
        Effect::StartClock => schedule_frame((lab, act), None),
        Effect::CopyLink(state) => link::copy(&state),
        Effect::Export {
            format,
            legend,
            file_name,
        } => {
            let origin = lab.root.get_untracked();
            let origin = origin.as_ref().map(|div| div.as_ref());
            if let Err(why) = export::export(origin, format, &file_name, legend) {
                act(lab, Intent::EffectFailed(why));
            }
        }
        Effect::SaveProgress(progress) => progress_store::save(&progress),
        Effect::FetchRecording { id, file, at_ms } => {
            trace_files::fetch_shipped((lab, act), (id, file), at_ms)
        }
    }
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

/// The clock: one [`Intent::Tick`] per animation frame while the lab plays.
fn schedule_frame((lab, act): (LabState, fn(LabState, Intent)), last_real_ms: Option<f64>) {
    request_animation_frame(move || {
        // A frame asked for before the lab unmounted finds its signals gone: nothing to move.
        if !lab.playing_now().unwrap_or(false) {
            return;
        }
        let now = now_ms();
        let elapsed_ms = last_real_ms.map_or(0.0, |last| (now - last).clamp(0.0, 100.0));
        act(
            lab,
            Intent::Tick {
                now_ms: now,
                elapsed_ms,
                reduced_motion: reduced_motion(),
            },
        );
        if lab.playing_now().unwrap_or(false) {
            schedule_frame((lab, act), Some(now));
        }
    });
}
