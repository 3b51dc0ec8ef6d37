//! The effect runner: performs what the reducer asked of the browser ([`Effect`]) — the
//! animation clock, the explorer's slices, the clipboard, a download, `localStorage`, a fetch —
//! and reports a failure back as an intent, so the lab's notice says it.

use std::time::Duration;

use leptos::prelude::*;

use super::state::LabState;
use super::{export, link, progress_store, trace_files};
use crate::lab::{Effect, ExploreIntent, Intent, PlaybackIntent, ViewIntent};

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
                act(lab, Intent::View(ViewIntent::EffectFailed(why)));
            }
        }
        Effect::SaveProgress(progress) => progress_store::save(&progress),
        Effect::FetchRecording { id, file, at_ms } => {
            trace_files::fetch_shipped((lab, act), (id, file), at_ms)
        }
        Effect::ReadTrace(read) => act(lab, crate::lab::read_trace(*read).into()),
        Effect::ExploreSlices { batch } => {
            let search = Search {
                started_ms: now_ms(),
                batch,
            };
            explore_slices((lab, act), search);
        }
    }
}

fn reduced_motion() -> bool {
    media("(prefers-reduced-motion: reduce)")
}

/// Whether the browser matches the CSS media query `query`.
pub fn media(query: &str) -> bool {
    window()
        .match_media(query)
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

fn now_ms() -> f64 {
    window().performance().map_or(0.0, |p| p.now())
}

/// The clock: one [`PlaybackIntent::Tick`] per animation frame while the lab plays.
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
            Intent::Playback(PlaybackIntent::Tick {
                now_ms: now,
                elapsed_ms,
                reduced_motion: reduced_motion(),
            }),
        );
        if lab.playing_now().unwrap_or(false) {
            schedule_frame((lab, act), Some(now));
        }
    });
}

/// Real time the explorer may use before yielding to the browser (well under a 50 ms long task,
/// and long enough that the browser's minimum timer delay costs little).
const SLICE_BUDGET_MS: f64 = 16.0;

/// The shell's measures of a running search, and the batch it sends next.
#[derive(Clone, Copy)]
struct Search {
    started_ms: f64,
    batch: u64,
}

/// Sends [`ExploreIntent::Slice`]s for about [`SLICE_BUDGET_MS`], then yields to the browser and
/// goes on while the search runs. Batches grow while they take under 1 ms, so the budget check
/// runs often.
fn explore_slices((lab, act): (LabState, fn(LabState, Intent)), mut search: Search) {
    let begin = now_ms();
    // A search whose lab unmounted finds its signals gone: nothing to run.
    let running = || lab.explore.running.try_get_untracked().unwrap_or(false);
    while running() && now_ms() - begin < SLICE_BUDGET_MS {
        let t0 = now_ms();
        let (batch, elapsed_ms) = (search.batch, t0 - search.started_ms);
        act(
            lab,
            Intent::Explore(ExploreIntent::Slice { batch, elapsed_ms }),
        );
        if now_ms() - t0 < 1.0 {
            search.batch = (search.batch * 2).min(1 << 16);
        }
    }
    if running() {
        set_timeout(move || explore_slices((lab, act), search), Duration::ZERO);
    }
}
