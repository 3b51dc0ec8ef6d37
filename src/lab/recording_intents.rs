//! A recorded run's intents as the reducer does them: fetching a shipped one and reading a file
//! are the browser's and the effect runner's work ([`Effect::FetchRecording`],
//! [`Effect::ReadTrace`], whose answer [`read`] gives), so the reducer never parses a trace;
//! what comes back is shown over the story it names, or refused; closing one puts back the
//! simulation as it was.

use std::sync::Arc;

use super::changes;
use super::effect::{Effect, ReadTrace};
use super::intent::RecordingIntent;
use super::recording::{open, RecordedRun};
use super::refusal::Refusal;
use super::state::Lab;

/// Does a recording intent: fetching and reading happen in the browser and the effect runner
/// ([`Effect::FetchRecording`], [`Effect::ReadTrace`]); what comes back is shown or refused here.
pub fn perform(lab: &mut Lab, intent: RecordingIntent) -> Result<Vec<Effect>, Refusal> {
    match intent {
        RecordingIntent::OpenShipped { id, at_ms } => {
            let rec = crate::catalog::recording(id).ok_or(Refusal::NoSuchRecording { id })?;
            let (id, file) = (rec.id, rec.file);
            return Ok(vec![Effect::FetchRecording { id, file, at_ms }]);
        }
        RecordingIntent::Read(read) => return Ok(vec![Effect::ReadTrace(read)]),
        RecordingIntent::Unreadable { file, why } => {
            return Err(Refusal::TraceUnreadable { file, why })
        }
        RecordingIntent::Refused { file, error } => {
            return Err(Refusal::TraceRefused { file, error })
        }
        RecordingIntent::Opened {
            run,
            shipped,
            at_ms,
        } => show(lab, run, shipped, at_ms),
        RecordingIntent::CloseTrace => close(lab),
    }
    Ok(Vec::new())
}

/// Reads `read`'s text as a recording: the intent that shows it, or the one that says why not
/// (the effect runner's work for [`Effect::ReadTrace`]).
pub fn read(read: ReadTrace) -> RecordingIntent {
    match open(&read.file, &read.text) {
        Ok(rec) => RecordingIntent::Opened {
            run: Arc::new(rec),
            shipped: read.shipped,
            at_ms: read.at_ms,
        },
        Err(error) => RecordingIntent::Refused {
            file: read.file,
            error,
        },
    }
}

/// Shows the recording `rec` (the shipped recording `shipped`, if it is one) from `at_ms`,
/// over the story it names (the picker names it; another story opens from its defaults).
fn show(lab: &mut Lab, rec: Arc<RecordedRun>, shipped: Option<&'static str>, at_ms: u64) {
    let story = rec
        .trace
        .scenario
        .as_deref()
        .and_then(crate::catalog::by_id);
    if let Some(entry) = story.filter(|e| e.id != lab.setup.entry_id) {
        changes::select(lab, entry);
    }
    lab.setup_mut().shipped = shipped;
    lab.playback_mut().playing = false;
    lab.view_mut().recordings = false;
    lab.view_mut().zoom = None;
    let end_ms = rec.run.end_ms;
    lab.setup_mut().recording = Some(rec);
    lab.playback_mut().playhead_ms = at_ms.min(end_ms);
    // The explorer's panel is not shown over a recording: it starts afresh when it comes back.
    let about = lab.setup.clone();
    lab.exploring = Arc::new(super::exploration::Exploring::of(lab.scenario(), about));
}

/// Closes the recording: the simulation is back as it was, from its start.
pub fn close(lab: &mut Lab) {
    lab.playback_mut().playing = false;
    lab.view_mut().zoom = None;
    lab.setup_mut().recording = None;
    lab.setup_mut().shipped = None;
    lab.playback_mut().playhead_ms = 0;
}
