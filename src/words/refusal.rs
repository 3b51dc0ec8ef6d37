//! Why the lab cannot do what the user asked, in words: "B crashed at 10 s; it cannot do
//! anything any more", "Nobody holds the lease at this moment".

use super::scenario_errors::scenario_error;
use super::trace_errors::trace_error;
use super::{questions, recorded, systems};
use crate::engine::{Mode, Scenario, ScenarioError};
use crate::lab::{Lab, Refusal};
use crate::share::shorten;
use crate::units::time;

/// The refusal in words, for the action notice, about the lab as it is now.
pub fn refusal(r: &Refusal, lab: &Lab) -> String {
    let s = lab.scenario();
    match r {
        Refusal::CannotRun(why) => cannot_run(why),
        Refusal::CannotEnforce => {
            systems::cannot_enforce_run(&lab.setup.knobs, s).unwrap_or_default()
        }
        Refusal::NoQuestionOpen => questions::NONE_OPEN.into(),
        Refusal::NoSuchAnswer { count } => questions::no_such_answer(*count),
        Refusal::AlreadyAnswered => questions::ANSWERED.into(),
        Refusal::PickFirst => questions::PICK_FIRST.into(),
        Refusal::RecordingCannotChange => recorded::cannot_change().into(),
        Refusal::RecordingCannotLink => recorded::cannot_link().into(),
        Refusal::TraceUnreadable { file, why } => recorded::unreadable(file, why),
        Refusal::TraceRefused { file, error } => recorded::refused(file, &trace_error(error)),
        Refusal::EffectFailed { why } => why.clone(),
        Refusal::NoSuchStory { id } => no_such("story", id.as_str()),
        Refusal::NoSuchRecording { id } => no_such("recording", id),
        fault => fault_refusal(fault, s),
    }
}

/// A story or a recording named by text that this lab does not have.
fn no_such(what: &str, id: &str) -> String {
    format!("This lab has no {what} named “{}”", shorten(id))
}

/// A refused live fault in words.
fn fault_refusal(r: &Refusal, s: &Scenario) -> String {
    match *r {
        Refusal::NoSuchApp => "There is no such application".into(),
        Refusal::Crashed { app, at_ms } => format!(
            "{} crashed at {}; it cannot do anything any more",
            s.app_name(app),
            time(at_ms)
        ),
        Refusal::NoMoreMessages { app } => format!(
            "{} sends or receives no more messages after this point",
            s.app_name(app)
        ),
        Refusal::NobodyHolds if s.mode == Mode::NoLock => "Nobody holds a lock here".into(),
        Refusal::NobodyHolds => "Nobody holds the lease at this moment".into(),
        Refusal::NotStalled { app } => {
            format!("{} is not paused or cut off right now", s.app_name(app))
        }
        Refusal::AlreadyRestarts { at_ms } => {
            format!("The resource already restarts at {}", time(at_ms))
        }
        Refusal::AlreadyFailsOver { at_ms } => format!(
            "The coordination service already fails over at {}",
            time(at_ms)
        ),
        Refusal::AlreadyCutsTheLeader { at_ms } => format!(
            "The coordination service's leader is already cut off at {}",
            time(at_ms)
        ),
        _ => String::new(),
    }
}

/// Why a change to the setup was refused: the scenario it would give cannot run.
pub fn cannot_run(why: &ScenarioError) -> String {
    format!(
        "That change would give a setup that cannot run ({}), so the setup was left as it was",
        scenario_error(why)
    )
}
