//! The one reducer: [`update`] does an [`Intent`] to the [`Lab`] and returns the effects the
//! browser is to perform, or why it refused (kept as the lab's notice). An intent that would
//! leave a setup whose scenario cannot run is undone; while a recorded run is shown, intents
//! that would change the run are refused.

use std::sync::Arc;

use super::effect::Effect;
use super::intent::Intent;
use super::playback::{self, toggle_play};
use super::recording::{self, refuses};
use super::refusal::Refusal;
use super::state::Lab;
use super::{changes, exploring, questions, view_intents};

/// Does `intent` to `lab`: the effects to perform, or why it was refused (then nothing but the
/// notice changed, or the refused part was undone; the refusal is shared with the notice, not
/// copied). Keeps what the engine made of the setup up to date.
pub fn update(lab: &mut Lab, intent: Intent) -> Result<Vec<Effect>, Arc<Refusal>> {
    // The explorer's intents change neither the setup nor the action notice.
    let intent = match exploring::perform(lab, intent) {
        Ok(effects) => return Ok(effects),
        Err(other) => other,
    };
    let quiet = is_quiet(&intent);
    let before = lab.setup.clone();
    let mut done = screen(lab, intent).and_then(|intent| perform(lab, intent));
    let mut changed = !lab.setup.same_changes(&before);
    if changed {
        if let Err(why) = lab.setup.scenario().validate() {
            lab.setup = before;
            changed = false;
            done = Err(Refusal::CannotRun(why));
        }
    }
    let done = done.map_err(Arc::new);
    if done.is_err() || !quiet {
        lab.view.notice = done.as_ref().err().cloned();
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

/// Whether `intent` comes from the clock, the measured page or a panel's own choice rather than
/// from an action the user took: done, it leaves the action notice as it was (a refusal shown
/// while playing stays until the next action).
fn is_quiet(intent: &Intent) -> bool {
    matches!(
        intent,
        Intent::Tick { .. }
            | Intent::Measure(_)
            | Intent::ChooseFaultApp(_)
            | Intent::ChooseFaultLength(_)
            | Intent::SetExportLegend(_)
            | Intent::OpenShipped { .. }
            | Intent::LinkNotices(_)
            | Intent::DismissLinkNotices
    )
}

/// `intent` as the lab does it now: unchanged without a recording; with one, refused if it
/// would change the run, the clicker's steps turned into the recording's moments, and a new
/// story or link closing the recording first.
fn screen(lab: &mut Lab, intent: Intent) -> Result<Intent, Refusal> {
    if lab.setup.recording.is_none() {
        return Ok(intent);
    }
    if refuses(&intent) {
        return Err(Refusal::RecordingCannotChange);
    }
    if matches!(intent, Intent::CopyLink) && lab.setup.shipped.is_none() {
        return Err(Refusal::RecordingCannotLink);
    }
    Ok(match intent {
        Intent::NextStep => Intent::NextEvent,
        Intent::PrevStep => Intent::PrevEvent,
        Intent::Select(_)
        | Intent::Load(_)
        | Intent::UseWhoFences(_)
        | Intent::UseWhichPattern(_) => {
            close_trace(lab);
            intent
        }
        other => other,
    })
}

/// Does `intent` as it asks.
fn perform(lab: &mut Lab, intent: Intent) -> Result<Vec<Effect>, Refusal> {
    questions::close_if_away(lab, &intent);
    let none = Ok(Vec::new());
    match intent {
        Intent::TogglePlay => Ok(toggle_play(lab)),
        Intent::Restart => {
            lab.stop_at(0);
            none
        }
        Intent::Tick {
            now_ms,
            elapsed_ms,
            reduced_motion,
        } => {
            playback::tick(lab, now_ms, elapsed_ms, reduced_motion);
            none
        }
        Intent::PrevEvent => {
            playback::prev_event(lab);
            none
        }
        Intent::NextEvent => {
            playback::next_event(lab);
            none
        }
        Intent::PrevStep => {
            playback::prev_step(lab);
            none
        }
        Intent::Seek(at_ms) => {
            lab.stop_at(at_ms);
            none
        }
        Intent::SetSpeed(index) => {
            playback::set_speed(lab, index);
            none
        }
        other => perform_more(lab, other),
    }
}

/// The question, setup and recording intents.
fn perform_more(lab: &mut Lab, intent: Intent) -> Result<Vec<Effect>, Refusal> {
    let none = Ok(Vec::new());
    match intent {
        Intent::NextStep => Ok(questions::next_step(lab)),
        Intent::Answer(choice) => questions::answer(lab, Some(choice)),
        Intent::Reveal => questions::answer(lab, None),
        Intent::Watch => questions::watch(lab),
        Intent::Continue => Ok(questions::carry_on(lab)),
        Intent::ToggleQuestions => {
            questions::toggle(lab);
            none
        }
        Intent::ResetAnswers => Ok(questions::reset(lab)),
        Intent::Load(link) => Ok(changes::load(lab, &link)),
        Intent::OpenShipped { id, at_ms } => Ok(crate::catalog::recording(id)
            .map(|rec| Effect::FetchRecording {
                id: rec.id,
                file: rec.file,
                at_ms,
            })
            .into_iter()
            .collect()),
        Intent::OpenTrace {
            file,
            shipped,
            text,
            at_ms,
        } => open_trace(lab, (&file, shipped), text, at_ms).map(|()| Vec::new()),
        Intent::CloseTrace => {
            close_trace(lab);
            none
        }
        other => perform_change(lab, other),
    }
}

/// The intents that change the setup, and the view's.
fn perform_change(lab: &mut Lab, intent: Intent) -> Result<Vec<Effect>, Refusal> {
    match intent {
        Intent::Select(entry_id) => changes::select(lab, &entry_id),
        Intent::Flip(knob) => changes::flip_knob(lab, knob)?,
        Intent::SetKnob(knob, value) => changes::set_number(&mut lab.setup.knobs, knob, value),
        Intent::SetSystem(system) => changes::set_system(lab, system),
        Intent::UseWhoFences(system) => changes::use_who_fences(lab, system),
        Intent::UseWhichPattern(design) => changes::use_which_pattern(lab, design),
        Intent::Inject { app, live } => changes::inject(lab, app, live)?,
        Intent::InjectService(which) => changes::inject_service(lab, which)?,
        Intent::PauseHolder => changes::pause_holder(lab)?,
        Intent::Resume { app } => changes::resume(lab, app)?,
        Intent::ClearChanges => changes::clear_changes(lab),
        Intent::ShowMe { faults, at_ms } => changes::show_me(lab, faults, at_ms),
        other => return view_intents::perform(lab, other),
    }
    Ok(Vec::new())
}

/// Shows the recording in `text` (the contents of `file`, the shipped recording `shipped` if it
/// is one) from `at_ms`, over the story it names (the picker names it; another story opens from
/// its defaults); a file that cannot be read or is not a valid trace changes nothing.
fn open_trace(
    lab: &mut Lab,
    (file, shipped): (&str, Option<&'static str>),
    text: Result<String, String>,
    at_ms: u64,
) -> Result<(), Refusal> {
    let text = text.map_err(|why| Refusal::TraceUnreadable {
        file: file.to_string(),
        why,
    })?;
    let rec = recording::open(file, &text)?;
    if let Some(story) = rec.trace.scenario.as_deref() {
        if story != lab.setup.entry_id {
            changes::select(lab, story);
        }
    }
    lab.setup.shipped = shipped;
    lab.playback.playing = false;
    lab.view.recordings = false;
    lab.view.zoom = None;
    let end_ms = rec.run.end_ms;
    lab.setup.recording = Some(std::sync::Arc::new(rec));
    lab.playback.playhead_ms = at_ms.min(end_ms);
    // The explorer's panel is not shown over a recording: it starts afresh when it comes back.
    let about = (lab.setup.entry_id.clone(), lab.setup.knobs);
    lab.exploring = super::exploration::Exploring::of(lab.scenario(), about);
    Ok(())
}

/// Closes the recording: the simulation is back as it was, from its start.
fn close_trace(lab: &mut Lab) {
    lab.playback.playing = false;
    lab.view.zoom = None;
    lab.setup.recording = None;
    lab.setup.shipped = None;
    lab.playback.playhead_ms = 0;
}
