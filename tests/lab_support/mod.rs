//! What the native tests of the lab's reducer share: a fresh lab on a story, an intent done
//! with its refusal in words, and the intent names the reducer takes.
#![allow(dead_code)]

use fencing_lab::lab::{read_trace, update, Effect, Intent, Lab, Progress, RecordingIntent};
use fencing_lab::share::LinkState;
use fencing_lab::words;

/// A fresh lab showing `entry_id`, as a first visit's link opens it.
pub fn lab(entry_id: &str) -> Lab {
    Lab::new(&LinkState::default_for(entry_id), Progress::default())
}

/// Does `intent`; the effects, or the refusal in the words the notice shows. A file's text to
/// read as a recording is read and its answer done, as the browser's effect runner does.
pub fn act(lab: &mut Lab, intent: Intent) -> Result<Vec<Effect>, String> {
    let effects = update(lab, intent).map_err(|why| words::refusal(&why, lab))?;
    let mut rest = Vec::new();
    for effect in effects {
        match effect {
            Effect::ReadTrace(read) => rest.extend(act(lab, read_trace(*read).into())?),
            other => rest.push(other),
        }
    }
    Ok(rest)
}

/// What arrived of a trace file, as the browser sends it: its text to read, or why it could
/// not be read.
pub fn arrived(
    file: &str,
    shipped: Option<&'static str>,
    text: Result<String, String>,
    at_ms: u64,
) -> Intent {
    let file = file.to_string();
    match text {
        Ok(text) => RecordingIntent::Read {
            file,
            shipped,
            text,
            at_ms,
        },
        Err(why) => RecordingIntent::Unreadable { file, why },
    }
    .into()
}

/// Does `intent`, which must be done.
pub fn ok(lab: &mut Lab, intent: Intent) -> Vec<Effect> {
    act(lab, intent).expect("the intent is done")
}
