//! What the native tests of the lab's reducer share: a fresh lab on a story, an intent done
//! with its refusal in words, and the intent names the reducer takes.
#![allow(dead_code)]

use fencing_lab::lab::{update, Effect, Intent, Lab, Progress};
use fencing_lab::share::LinkState;
use fencing_lab::words;

/// A fresh lab showing `entry_id`, as a first visit's link opens it.
pub fn lab(entry_id: &str) -> Lab {
    Lab::new(&LinkState::default_for(entry_id), Progress::default())
}

/// Does `intent`; the effects, or the refusal in the words the notice shows.
pub fn act(lab: &mut Lab, intent: Intent) -> Result<Vec<Effect>, String> {
    update(lab, intent).map_err(|why| words::refusal(&why, lab))
}

/// Does `intent`, which must be done.
pub fn ok(lab: &mut Lab, intent: Intent) -> Vec<Effect> {
    act(lab, intent).expect("the intent is done")
}
