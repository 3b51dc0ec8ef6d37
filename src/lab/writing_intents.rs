//! Doing the Write panel's intents: a text that reads opens as the written story (its own
//! settings, no added faults, the playhead kept where the run still reaches); one that does
//! not keeps the run on screen and records its problems; every text typed is kept.

use std::sync::Arc;

use super::effect::Effect;
use super::intent::WriteIntent;
use super::questions::start_afresh;
use super::state::Lab;
use super::writing::Writing;
use crate::catalog::{Knobs, WRITTEN_ID};
use crate::script::{write, Written};

/// Does a Write panel intent.
pub fn perform(lab: &mut Lab, intent: WriteIntent) -> Vec<Effect> {
    match intent {
        WriteIntent::Edit(text) => {
            edit(lab, &text);
            vec![Effect::SaveDraft(text)]
        }
        WriteIntent::ShowAsText => {
            let text = write(lab.scenario());
            lab.writing = Arc::new(Writing {
                text: text.clone(),
                errors: Vec::new(),
            });
            vec![Effect::SaveDraft(text)]
        }
        WriteIntent::Restore(text) => {
            let errors = match text.trim().is_empty() {
                true => Vec::new(),
                false => Written::read(&text).err().unwrap_or_default(),
            };
            lab.writing = Arc::new(Writing { text, errors });
            Vec::new()
        }
    }
}

/// Runs `text` if it reads and differs from the story on screen; records its problems if not.
fn edit(lab: &mut Lab, text: &str) {
    match Written::read(text) {
        Ok(written) => {
            lab.writing = Arc::new(Writing {
                text: text.to_string(),
                errors: Vec::new(),
            });
            let same = lab
                .setup
                .written
                .as_ref()
                .is_some_and(|w| w.scenario == written.scenario);
            if !same {
                open(lab, written);
            }
        }
        Err(errors) => {
            lab.writing = Arc::new(Writing {
                text: text.to_string(),
                errors,
            });
        }
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
