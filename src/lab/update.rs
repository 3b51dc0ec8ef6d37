//! The one reducer: [`update`] does an [`Intent`] to the [`Lab`] and returns the effects the
//! browser is to perform, or why it refused (kept as the lab's notice). Each area of intents has
//! its own handler; how an intent is treated beyond that (the action notice, a recording shown,
//! an open question) is its [`super::intent::Class`]. An intent that would leave a setup whose
//! scenario cannot run is undone; while a recorded run is shown, intents that would change the
//! run are refused.

use std::sync::Arc;

use super::effect::Effect;
use super::intent::{Intent, PlaybackIntent, UnderRecording};
use super::refusal::Refusal;
use super::state::Lab;
use super::{
    changes, exploring, playback_intents, questions, recording_intents, view_intents,
    writing_intents,
};

/// Does `intent` to `lab`: the effects to perform, or why it was refused (then nothing but the
/// notice changed, or the refused part was undone; the refusal is shared with the notice, not
/// copied). Keeps what the engine made of the setup up to date.
pub fn update(lab: &mut Lab, intent: Intent) -> Result<Vec<Effect>, Arc<Refusal>> {
    // The explorer's intents change neither the setup nor the action notice.
    if let Intent::Explore(intent) = intent {
        return Ok(exploring::perform(lab, intent));
    }
    let quiet = intent.class().quiet;
    let before = lab.setup.clone();
    let mut done = screen(lab, intent).and_then(|intent| perform(lab, intent));
    let mut changed = !Arc::ptr_eq(&lab.setup, &before) && !lab.setup.same_changes(&before);
    if changed {
        if let Err(why) = lab.setup.scenario().validate() {
            lab.setup = before;
            changed = false;
            done = Err(Refusal::CannotRun(why));
        }
    }
    let done = done.map_err(Arc::new);
    // A refusal is new each time; "none" stays none without touching the view.
    let notice = done.as_ref().err();
    if notice.is_some() || (!quiet && lab.view.notice.is_some()) {
        lab.view_mut().notice = notice.cloned();
    }
    lab.refresh();
    if changed {
        // A pick was about the run it was made in: a changed run asks again.
        questions::rerun(lab);
        lab.refresh_window();
    }
    exploring::follow(lab);
    done
}

/// `intent` as the lab does it now: unchanged without a recording; with one, refused if it
/// would change the run, the clicker's steps turned into the recording's moments, and a new
/// story or link closing the recording first.
fn screen(lab: &mut Lab, intent: Intent) -> Result<Intent, Refusal> {
    if lab.setup.recording.is_none() {
        return Ok(intent);
    }
    match intent.class().recording {
        UnderRecording::Allowed => Ok(intent),
        UnderRecording::Refused => Err(Refusal::RecordingCannotChange),
        UnderRecording::LinkIfShipped if lab.setup.shipped.is_none() => {
            Err(Refusal::RecordingCannotLink)
        }
        UnderRecording::LinkIfShipped => Ok(intent),
        UnderRecording::ClosesIt => {
            recording_intents::close(lab);
            Ok(intent)
        }
        UnderRecording::AsEvent => Ok(match intent {
            Intent::Playback(PlaybackIntent::NextStep) => {
                Intent::Playback(PlaybackIntent::NextEvent)
            }
            Intent::Playback(PlaybackIntent::PrevStep) => {
                Intent::Playback(PlaybackIntent::PrevEvent)
            }
            other => other,
        }),
    }
}

/// Does `intent` as it asks, in its area's handler.
fn perform(lab: &mut Lab, intent: Intent) -> Result<Vec<Effect>, Refusal> {
    questions::close_if_away(lab, intent.class().question);
    match intent {
        Intent::Playback(intent) => Ok(playback_intents::perform(lab, intent)),
        Intent::Question(intent) => questions::perform(lab, intent),
        Intent::Setup(intent) => changes::perform(lab, intent),
        Intent::Recording(intent) => recording_intents::perform(lab, intent),
        Intent::View(intent) => view_intents::perform(lab, intent),
        Intent::Window(intent) => {
            view_intents::window(lab, intent);
            Ok(Vec::new())
        }
        Intent::Share(intent) => Ok(view_intents::share(lab, intent)),
        Intent::Explore(intent) => Ok(exploring::perform(lab, intent)),
        Intent::Write(intent) => Ok(writing_intents::perform(lab, intent)),
    }
}
