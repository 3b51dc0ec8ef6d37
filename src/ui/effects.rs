//! The effect runner: performs what the reducer asked of the browser ([`Effect`]) — the
//! animation clock, the explorer's search (`super::search_workers`: in Web Workers, or on the
//! page), the clipboard, a download, `localStorage`, a fetch — and reports a failure back as an
//! intent, so the lab's notice says it.

use leptos::prelude::*;

use super::clock::now_ms;
use super::search_on_demand::{self, SearchOrder};
use super::state::LabState;
use super::{draft_store, export, link, progress_store, story_runner, trace_files};
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
            title,
        } => {
            let origin = lab.root.get_untracked();
            let origin = origin.as_ref().map(|div| div.as_ref());
            if let Err(why) = export::export(origin, format, &file_name, title, legend) {
                act(lab, Intent::View(ViewIntent::EffectFailed(why)));
            }
        }
        Effect::SaveProgress(progress) => progress_store::save(&progress),
        Effect::FetchRecording { id, file, at_ms } => {
            trace_files::fetch_shipped((lab, act), (id, file), at_ms)
        }
        Effect::ReadTrace(read) => act(lab, Intent::Recording(crate::lab::read_trace(*read))),
        Effect::Search(order) => search((lab, act), order.id, SearchOrder::Start(*order)),
        Effect::StopSearch { id } => search((lab, act), id, SearchOrder::Stop(id)),
        Effect::SaveDraft(text) => draft_store::save(&text),
        Effect::ReadStory { text, run } => story_runner::read((lab, act), text, run),
        Effect::WriteStory(scenario) => story_runner::write((lab, act), scenario),
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

/// Hands search `id`'s `order` to the explorer, fetched on the first search; if it cannot be
/// fetched, the lab is told (its notice says so, and the next start tries again).
fn search((lab, act): (LabState, fn(LabState, Intent)), id: u64, order: SearchOrder) {
    leptos::task::spawn_local(async move {
        if search_on_demand::search((lab, act), order).await.is_err() {
            act(lab, Intent::Explore(ExploreIntent::Unloaded { id }));
        }
    });
}
