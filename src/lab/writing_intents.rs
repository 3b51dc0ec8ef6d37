//! Doing the Write panel's intents: a text typed is kept and sent to the reader (fetched on first
//! use); when the reader answers, a text that reads opens as the written story (its own
//! settings, no added faults, the playhead kept where the run still reaches) and one that does
//! not keeps the run on screen and records its problems. An answer for a text no longer in the
//! panel is dropped.

use std::sync::Arc;

use super::effect::Effect;
use super::intent::WriteIntent;
use super::questions::start_afresh;
use super::state::Lab;
use super::writing::{Problem, Told, Writing};
use crate::catalog::{Knobs, WRITTEN_ID};
use crate::script::Written;

/// Does a Write panel intent.
pub fn perform(lab: &mut Lab, intent: WriteIntent) -> Vec<Effect> {
    match intent {
        WriteIntent::Edit(text) => keep(lab, text, true),
        WriteIntent::Restore(text) => keep(lab, text, false),
        WriteIntent::ShowAsText => vec![Effect::WriteStory(lab.scenario().clone())],
        WriteIntent::Shown(text) => {
            set(lab, text.clone(), Vec::new());
            vec![Effect::SaveDraft(text)]
        }
        WriteIntent::Read { text, reading, run } => {
            if text == lab.writing.text {
                read(lab, text, *reading, run);
            }
            Vec::new()
        }
        WriteIntent::Unloaded => {
            // Asked after an edit, which cleared the problems: only the text is kept.
            let text = lab.writing.text.clone();
            lab.writing = Arc::new(Writing {
                text,
                errors: Vec::new(),
                unloaded: true,
            });
            Vec::new()
        }
    }
}

/// Keeps `text` as the panel's, its problems cleared until the reader answers; asks the reader
/// (`run`: to open it if it reads) unless the text is blank, and keeps a typed text in this
/// browser.
fn keep(lab: &mut Lab, text: String, run: bool) -> Vec<Effect> {
    set(lab, text.clone(), Vec::new());
    let mut effects = Vec::new();
    if run {
        effects.push(Effect::SaveDraft(text.clone()));
    }
    if !text.trim().is_empty() {
        effects.push(Effect::ReadStory { text, run });
    }
    effects
}

/// The panel holds `text` with `errors`, the reader at hand.
fn set(lab: &mut Lab, text: String, errors: Vec<Problem>) {
    lab.writing = Arc::new(Writing {
        text,
        errors,
        unloaded: false,
    });
}

/// Opens what `text` read to, if `run` and it differs from the story on screen; records its
/// problems if it does not read.
fn read(lab: &mut Lab, text: String, reading: Told, run: bool) {
    match reading {
        Ok(written) => {
            set(lab, text, Vec::new());
            let same = lab
                .setup
                .written
                .as_ref()
                .is_some_and(|w| w.scenario == written.scenario);
            if run && !same {
                open(lab, written);
            }
        }
        Err(errors) => set(lab, text, errors),
    }
}

/// Opens `written` as the setup: its own settings, no live changes, the view kept.
fn open(lab: &mut Lab, written: Written) {
    let setup = lab.setup_mut();
    setup.knobs = Knobs::of_written(&written.scenario);
    setup.user_faults.clear();
    setup.resumes.clear();
    setup.shipped = None;
    setup.entry_id = WRITTEN_ID.to_string();
    setup.written = Some(Arc::new(written));
    let horizon_ms = lab
        .setup
        .written
        .as_ref()
        .map_or(0, |w| w.scenario.horizon_ms);
    let playback = lab.playback_mut();
    playback.playing = false;
    playback.playhead_ms = playback.playhead_ms.min(horizon_ms);
    start_afresh(lab);
}
