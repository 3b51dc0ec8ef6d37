//! The one way in for every user action: [`dispatch`] does an [`Intent`] to the lab and says in
//! words why it could not (refusing any change that would leave a scenario the engine cannot
//! run), and [`act`] shows that as the action notice (never dropped).

use leptos::prelude::*;

use super::commands;
use super::export;
use super::intent::Intent;
use super::link;
use super::playback::toggle_play;
use super::quiz_commands;
use super::recorded_commands as recorded;
use super::runnable::keep_runnable;
use super::state::{use_lab, LabState};

/// Does `intent` to `lab`; `Err` says in words why it could not be done. An intent that would
/// leave a setup whose scenario cannot run is undone (see [`keep_runnable`]).
pub fn dispatch(lab: LabState, intent: Intent) -> Result<(), String> {
    keep_runnable(lab, || perform(lab, intent))
}

/// Does `intent` to `lab`, as it asks.
fn perform(lab: LabState, intent: Intent) -> Result<(), String> {
    let view = lab.view;
    let intent = match recorded::screen(lab, intent) {
        Ok(intent) => intent,
        Err(why) => return Err(why.to_string()),
    };
    quiz_commands::before(lab, &intent);
    match intent {
        Intent::TogglePlay => toggle_play(lab),
        Intent::Restart => commands::restart(lab),
        Intent::PlayFromStart => {
            lab.seek(0);
            toggle_play(lab);
        }
        Intent::PrevEvent => commands::prev_event(lab),
        Intent::NextEvent => commands::next_event(lab),
        Intent::PrevStep => commands::jump_step(lab, -1),
        Intent::NextStep => quiz_commands::next_step(lab),
        Intent::Answer(choice) => return quiz_commands::answer(lab, Some(choice)),
        Intent::Reveal => return quiz_commands::answer(lab, None),
        Intent::Continue => quiz_commands::carry_on(lab),
        Intent::ToggleQuestions => quiz_commands::toggle(lab),
        Intent::ResetAnswers => quiz_commands::reset(lab),
        Intent::Seek(at_ms) => commands::stop_at(lab, at_ms),
        Intent::SetSpeed(index) => commands::set_speed(lab, index),
        Intent::Load(link) => commands::load(lab, &link),
        Intent::Select(entry_id) => commands::select(lab, &entry_id),
        Intent::Flip(knob) => return commands::flip_knob(lab, knob),
        Intent::SetKnob(knob, value) => lab
            .setup
            .knobs
            .update(|k| commands::set_number(k, knob, value)),
        Intent::SetSystem(system) => commands::set_system(lab, system),
        Intent::ToggleWhoFences => view.who_fences.update(|w| *w = !*w),
        Intent::ToggleRecordings | Intent::OpenTrace { .. } | Intent::CloseTrace => {
            return recorded::perform(lab, intent)
        }
        Intent::Inject { app, live } => return commands::inject(lab, app, live),
        Intent::InjectService(which) => return commands::inject_service(lab, which),
        Intent::PauseHolder => return commands::pause_holder(lab),
        Intent::Resume { app } => return commands::resume(lab, app),
        Intent::ClearChanges => commands::clear_changes(lab),
        Intent::ShowMe { faults, at_ms } => commands::show_me(lab, faults, at_ms),
        Intent::ToggleCompare => view.compare.update(|c| *c = !*c),
        Intent::TogglePresenting => view.presenting.update(|p| *p = !*p),
        Intent::Escape => {
            view.help.set(false);
            view.who_fences.set(false);
            view.recordings.set(false);
            view.presenting.set(false);
        }
        Intent::ToggleHelp => view.help.update(|h| *h = !*h),
        Intent::CloseHelp => view.help.set(false),
        Intent::Blank => view.blank.set(true),
        Intent::Unblank => view.blank.set(false),
        Intent::Zoom(steps) => commands::zoom(lab, steps),
        Intent::Pan(direction) => commands::pan(lab, direction),
        Intent::Fit => view.zoom.set(None),
        Intent::ZoomTo(window) => view.zoom.set(window),
        Intent::SetRoutine(on) => view.routine.set(Some(on)),
        Intent::CopyLink => link::copy(lab),
        Intent::Export {
            format,
            origin,
            legend,
        } => return export::export(lab, format, origin.as_ref(), legend),
        Intent::DismissNotice => {}
    }
    Ok(())
}

/// Dispatches `intent` and shows the outcome in the action notice: why it could not be done,
/// or nothing once an action succeeds.
pub fn act(lab: LabState, intent: Intent) {
    let notice = dispatch(lab, intent).err();
    if lab.view.notice.with_untracked(|n| *n != notice) {
        lab.view.notice.set(notice);
    }
}

/// A handle for components that only act on the lab: sends intents to the lab in context.
pub fn use_send() -> impl Fn(Intent) + Copy + 'static {
    let lab = use_lab();
    move |intent| act(lab, intent)
}
