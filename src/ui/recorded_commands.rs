//! What the lab does with a recorded run: open one (refusing a bad file with a message and no
//! change), close it, and, while one is shown, refuse changes to the run and step the clicker
//! through the recording's own moments.

use std::sync::Arc;

use leptos::prelude::*;

use super::intent::Intent;
use super::recording::{self, refuses};
use super::state::LabState;
use crate::words::recorded;

/// `intent` as the lab does it now: unchanged without a recording; with one, refused if it
/// would change the run, the clicker's steps turned into the recording's moments, and a new
/// story or link closing the recording first.
pub fn screen(lab: LabState, intent: Intent) -> Result<Intent, &'static str> {
    if lab.setup.recording.with_untracked(Option::is_none) {
        return Ok(intent);
    }
    if refuses(&intent) {
        return Err(recorded::cannot_change());
    }
    let shipped = lab
        .setup
        .recording
        .with_untracked(|r| r.as_ref().and_then(|r| r.shipped));
    if intent == Intent::CopyLink && shipped.is_none() {
        return Err(recorded::cannot_link());
    }
    Ok(match intent {
        Intent::NextStep => Intent::NextEvent,
        Intent::PrevStep => Intent::PrevEvent,
        Intent::Select(_) | Intent::Load(_) => {
            close(lab);
            intent
        }
        other => other,
    })
}

/// Does one of the recorded-run intents (the dialog, opening, closing); others do nothing.
pub fn perform(lab: LabState, intent: Intent) -> Result<(), String> {
    match intent {
        Intent::ToggleRecordings => lab.view.recordings.update(|r| *r = !*r),
        Intent::OpenTrace {
            file,
            shipped,
            text,
            at_ms,
        } => return open(lab, (&file, shipped), text, at_ms),
        Intent::CloseTrace => close(lab),
        _ => {}
    }
    Ok(())
}

/// Shows the recording in `text` (the contents of `file`, the shipped recording `shipped` if it
/// is one) from `at_ms`; a file that cannot be read or is not a valid trace changes nothing and
/// says why.
pub fn open(
    lab: LabState,
    (file, shipped): (&str, Option<&'static str>),
    text: Result<String, String>,
    at_ms: u64,
) -> Result<(), String> {
    let text = text.map_err(|why| recorded::unreadable(file, &why))?;
    let rec = recording::open(file, shipped, &text)?;
    lab.playback.playing.set(false);
    lab.view.recordings.set(false);
    lab.view.zoom.set(None);
    let end_ms = rec.run.end_ms;
    lab.setup.recording.set(Some(Arc::new(rec)));
    lab.playback.playhead_ms.set(at_ms.min(end_ms));
    Ok(())
}

/// Closes the recording: the simulation is back as it was, from its start.
pub fn close(lab: LabState) {
    lab.playback.playing.set(false);
    lab.view.zoom.set(None);
    lab.setup.recording.set(None);
    lab.playback.playhead_ms.set(0);
}
