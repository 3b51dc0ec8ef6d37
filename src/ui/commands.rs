//! What each [`super::intent::Intent`] does to the lab, called only by
//! [`super::dispatch::dispatch`]. The decisions that need no signals are plain functions, tested
//! natively.

use leptos::prelude::*;

use super::live::{fault_at, service_fault_at, LiveFault, ServiceFault};
use super::state::{LabState, SPEEDS};
use super::story;
use super::timeline::Window;
use crate::catalog::{self, Knob, Knobs, System, TimedStep};
use crate::engine::{Fault, Mode};
use crate::share::{self, LinkState};
use crate::words::{refusal, systems, Refusal};

/// Pause length used by "pause the holder now" when the scenario has no pause of its own.
const DEFAULT_PAUSE_MS: u64 = 40_000;

/// Stops playback and puts the playhead at 0.
pub fn restart(lab: LabState) {
    stop_at(lab, 0);
}

/// Stops playback and moves the playhead to `at_ms` (clamped to the run).
pub fn stop_at(lab: LabState, at_ms: u64) {
    lab.playback.playing.set(false);
    lab.seek(at_ms);
}

/// Stops playback and moves to the previous notable event (or 0).
pub fn prev_event(lab: LabState) {
    let at = lab.playback.playhead_ms.get_untracked();
    let to = story::prev_moment(&shown_run(lab), at);
    stop_at(lab, to.unwrap_or(0));
}

/// The run the timeline shows first: the recording's, if one is open, else the simulation.
fn shown_run(lab: LabState) -> std::sync::Arc<crate::engine::Run> {
    lab.recorded_run()
        .unwrap_or_else(|| lab.sim.run.get_untracked())
}

/// Stops playback and moves to the next notable event (or the end).
pub fn next_event(lab: LabState) {
    let at = lab.playback.playhead_ms.get_untracked();
    let to = story::next_moment(&shown_run(lab), at);
    stop_at(lab, to.unwrap_or_else(|| lab.end_ms()));
}

/// Where the previous (`direction < 0`: the last step before `at_ms`, else 0) or next (the first
/// step after `at_ms`, if any) narration step is.
pub fn step_target(steps: &[TimedStep], at_ms: u64, direction: i32) -> Option<u64> {
    let mut times = steps.iter().map(|s| s.at_ms);
    if direction < 0 {
        times.rfind(|&t| t < at_ms).or(Some(0))
    } else {
        times.find(|&t| t > at_ms)
    }
}

/// Moves the playhead to the previous (`-1`) or next (`+1`) narration step.
pub fn jump_step(lab: LabState, direction: i32) {
    let at = lab.playback.playhead_ms.get_untracked();
    let target = lab
        .sim
        .told
        .with_untracked(|told| step_target(&told.shown, at, direction));
    if let Some(at_ms) = target {
        stop_at(lab, at_ms);
    }
}

/// Sets the playback speed (an index into [`SPEEDS`], capped at the fastest).
pub fn set_speed(lab: LabState, index: usize) {
    lab.playback.speed.set(index.min(SPEEDS.len() - 1));
}

/// Restores everything `link` describes (it is valid: the codec decoded it).
pub fn load(lab: LabState, link: &LinkState) {
    let entry = share::entry_or_default(&link.entry_id);
    lab.playback.playing.set(false);
    lab.setup.entry_id.set(entry.id.to_string());
    lab.setup.knobs.set(link.knobs);
    lab.setup.user_faults.set(link.faults.clone());
    lab.setup.resumes.set(link.resumes.clone());
    lab.playback.playhead_ms.set(link.playhead_ms);
    lab.view.compare.set(link.compare);
    lab.view
        .presenting
        .set(link.view == share::View::Presentation);
    let zoom = link.zoom.map(|(from_ms, to_ms)| Window { from_ms, to_ms });
    lab.view.zoom.set(zoom);
    let at = link.playhead_ms.max(1);
    lab.view.shown_window.set(Window::new(0, at, at));
    lab.quiz.on.set(link.questions);
    lab.quiz.start_afresh();
}

/// Switches to another catalog entry: its own knobs, no live faults, playhead at 0.
pub fn select(lab: LabState, entry_id: &str) {
    let Some(entry) = catalog::by_id(entry_id) else {
        return;
    };
    lab.playback.playing.set(false);
    lab.setup.user_faults.set(Vec::new());
    lab.setup.resumes.set(Vec::new());
    lab.setup.knobs.set(Knobs::defaults_for(entry));
    lab.view.zoom.set(None);
    lab.view.routine.set(None);
    lab.setup.entry_id.set(entry.id.to_string());
    lab.playback.playhead_ms.set(0);
    lab.quiz.start_afresh();
}

/// Flips the on/off knob `knob` in the lab, unless it is enforcement and the system in use has
/// nothing a resource could check (then says why).
pub fn flip_knob(lab: LabState, knob: Knob) -> Result<(), String> {
    let knobs = lab.setup.knobs.get_untracked();
    if knob == Knob::Enforcement && !knobs.can_enforce() {
        return Err(systems::cannot_enforce(&knobs).unwrap_or_default());
    }
    lab.setup.knobs.update(|k| flip(k, knob));
    Ok(())
}

/// Runs on `system`'s defaults, or (`None`) back on the story's own numbers.
pub fn set_system(lab: LabState, system: Option<System>) {
    let story = Knobs::defaults_for(lab.entry());
    lab.setup.knobs.update(|k| {
        *k = match system {
            Some(system) => k.with_system(system),
            None => k.without_system(&story),
        }
    });
}

/// Flips the on/off knob `knob`; numeric knobs stay as they are.
pub fn flip(k: &mut Knobs, knob: Knob) {
    if let Some(on) = k.flag_mut(knob) {
        *on = !*on;
    } else if knob == Knob::Mode {
        k.mode = if k.mode == Mode::Lease {
            Mode::PermanentLock
        } else {
            Mode::Lease
        };
    }
}

/// Sets the numeric knob `knob` to `value`; on/off knobs stay as they are.
pub fn set_number(k: &mut Knobs, knob: Knob, value: u64) {
    match knob {
        Knob::Ttl => k.ttl_ms = value,
        Knob::Pause => k.pause_ms = value,
        Knob::Latency => k.latency_ms = value,
        Knob::Stock => k.stock = value,
        Knob::Enforcement
        | Knob::Mode
        | Knob::Renewals
        | Knob::CheckBeforeWrite
        | Knob::CarefulClient
        | Knob::ExactVersion
        | Knob::FenceDurable
        | Knob::CounterDurable => {}
    }
}

/// Injects a fault at the playhead for application `app`; returns why not, in words.
pub fn inject(lab: LabState, app: usize, live: LiveFault) -> Result<(), String> {
    let at_ms = lab.playback.playhead_ms.get_untracked();
    let fault = lab.sim.run.with_untracked(|run| {
        lab.sim.scenario.with_untracked(|s| {
            fault_at(run, s, app, at_ms, live).map_err(|r| crate::words::refusal(&r, s))
        })
    })?;
    lab.setup.user_faults.update(|f| f.push(fault));
    Ok(())
}

/// Injects the whole system's fault `which` at the playhead; returns why not, in words.
pub fn inject_service(lab: LabState, which: ServiceFault) -> Result<(), String> {
    let at_ms = lab.playback.playhead_ms.get_untracked();
    let fault = lab
        .sim
        .scenario
        .with_untracked(|s| service_fault_at(s, at_ms, which).map_err(|r| refusal(&r, s)))?;
    lab.setup.user_faults.update(|f| f.push(fault));
    Ok(())
}

/// How long "pause the holder now" pauses, given the pause length knob (40 s if it is 0).
pub fn holder_pause_ms(pause_knob_ms: u64) -> u64 {
    if pause_knob_ms == 0 {
        DEFAULT_PAUSE_MS
    } else {
        pause_knob_ms
    }
}

/// `why` in words, for the action notice.
fn refused(lab: LabState, why: Refusal) -> String {
    lab.sim.scenario.with_untracked(|s| refusal(&why, s))
}

/// Pauses whoever holds the lease at the playhead, for the pause length knob (40 s if it is 0).
pub fn pause_holder(lab: LabState) -> Result<(), String> {
    let at_ms = lab.playback.playhead_ms.get_untracked();
    let holder = lab.sim.run.with_untracked(|r| r.holder_at(at_ms));
    let Some((app, _token)) = holder else {
        return Err(refused(lab, Refusal::NobodyHolds));
    };
    let for_ms = holder_pause_ms(lab.setup.knobs.with_untracked(|k| k.pause_ms));
    inject(lab, app, LiveFault::Pause { for_ms })
}

/// Ends application `app`'s pause or partition under way at the playhead; says so if there is none.
pub fn resume(lab: LabState, app: usize) -> Result<(), String> {
    let at_ms = lab.playback.playhead_ms.get_untracked();
    let stopped = lab
        .sim
        .run
        .with_untracked(|r| r.stall_at(app, at_ms).is_some());
    if !stopped {
        return Err(refused(lab, Refusal::NotStalled { app }));
    }
    lab.setup.resumes.update(|r| r.push((app, at_ms)));
    Ok(())
}

/// Removes every fault and resume added live.
pub fn clear_changes(lab: LabState) {
    lab.setup.user_faults.set(Vec::new());
    lab.setup.resumes.set(Vec::new());
}

/// Loads an explorer counterexample into the timeline and stops just before the damage.
pub fn show_me(lab: LabState, faults: Vec<Fault>, at_ms: u64) {
    lab.playback.playing.set(false);
    lab.setup.user_faults.update(|f| f.extend(faults));
    lab.seek(at_ms.saturating_sub(2_000));
}

/// Zooms the timeline in (`steps > 0`) or out around the playhead (or the middle of the view,
/// when the playhead is outside it); back to the fitted view once it would show all of it.
pub fn zoom(lab: LabState, steps: i32) {
    let shown = lab.view.shown_window.get_untracked();
    let at = lab.playback.playhead_ms.get_untracked();
    lab.view.zoom.set(zoomed(shown, at, steps, lab.end_ms()));
}

/// The window [`zoom`] shows: `shown` zoomed by `steps` around `at_ms` (or its middle, when
/// `at_ms` is outside it); `None` (fitted) once it would show the whole run.
pub fn zoomed(shown: Window, at_ms: u64, steps: i32, end_ms: u64) -> Option<Window> {
    let around = if (shown.from_ms..=shown.to_ms).contains(&at_ms) {
        at_ms
    } else {
        shown.from_ms + shown.span_ms() / 2
    };
    let next = shown.zoom(steps, around, end_ms);
    (next.span_ms() < end_ms).then_some(next)
}

/// Moves the zoomed timeline by a third of its width (`direction` −1 earlier, +1 later).
pub fn pan(lab: LabState, direction: i64) {
    let shown = lab.view.shown_window.get_untracked();
    let by_ms = direction * (shown.span_ms() / 3) as i64;
    lab.view.zoom.set(Some(shown.pan(by_ms, lab.end_ms())));
}
