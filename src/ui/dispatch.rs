//! The one way in for every user action: [`act`] hands an [`Intent`] to the lab's reducer
//! ([`crate::lab::update`]), wakes the readers of the parts that changed (the action notice
//! included: why the last action could not be done, kept until the next action), and has the
//! effect runner perform what the reducer asked of the browser.

use super::effects;
use super::state::{use_lab, LabState};
use crate::lab::{update, Intent};

/// Does `intent` to `lab`: the reducer decides, the mirror shows, the runner performs.
pub fn act(lab: LabState, intent: Intent) {
    // A lab that unmounted (a frame or a fetch arriving late) has nothing left to change.
    let Some(done) = lab.sync(|core| update(core, intent)) else {
        return;
    };
    for effect in done.unwrap_or_default() {
        effects::perform(lab, effect, act);
    }
}

/// A handle for components that only act on the lab: sends intents to the lab in context.
pub fn use_send() -> impl Fn(Intent) + Copy + 'static {
    let lab = use_lab();
    move |intent| act(lab, intent)
}
