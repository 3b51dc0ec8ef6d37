//! The intents that change the setup: another story or link, a knob, a real system's defaults,
//! a fault or a resume at the playhead, an explorer counterexample. Whether the changed setup
//! can still run is checked by the reducer afterwards ([`super::update`]).

use std::sync::Arc;

use super::effect::Effect;
use super::intent::SetupIntent;
use super::live_fault::{fault_at, service_fault_at, LiveFault, ServiceFault};
use super::questions::start_afresh;
use super::refusal::Refusal;
use super::setup::Setup;
use super::state::Lab;
use super::view::View;
use super::window::Window;
use crate::catalog::{self, Design, Entry, Knob, Knobs, System};
use crate::engine::{Fault, Mode};
use crate::share::LinkState;

/// Pause length used by "pause the holder now" when the scenario has no pause of its own.
const DEFAULT_PAUSE_MS: u64 = 40_000;

/// How far before an explorer counterexample's damage "Show me" stops.
const SHOW_ME_LEAD_MS: u64 = 2_000;

/// Does a setup intent.
pub fn perform(lab: &mut Lab, intent: SetupIntent) -> Result<Vec<Effect>, Refusal> {
    match intent {
        SetupIntent::Load(link) => return Ok(load(lab, &link)),
        SetupIntent::Select(id) => {
            let entry = id.entry().ok_or(Refusal::NoSuchStory { id })?;
            select(lab, entry);
        }
        SetupIntent::Flip(knob) => flip_knob(lab, knob)?,
        SetupIntent::SetKnob(knob, value) => set_number(&mut lab.setup_mut().knobs, knob, value),
        SetupIntent::SetSystem(system) => set_system(lab, system),
        SetupIntent::UseWhoFences(system) => use_who_fences(lab, system),
        SetupIntent::UseWhichPattern(design) => use_which_pattern(lab, design),
        SetupIntent::Inject { app, live } => inject(lab, app, live)?,
        SetupIntent::InjectService(which) => inject_service(lab, which)?,
        SetupIntent::PauseHolder => pause_holder(lab)?,
        SetupIntent::Resume { app } => resume(lab, app)?,
        SetupIntent::ClearChanges => clear_changes(lab),
        SetupIntent::ShowMe { faults, at_ms } => show_me(lab, faults, at_ms),
    }
    Ok(Vec::new())
}

/// Restores everything `link` describes (it is valid: the codec decoded it); a link naming a
/// shipped recording asks for it to be fetched.
pub fn load(lab: &mut Lab, link: &LinkState) -> Vec<Effect> {
    let room = lab.view.room;
    lab.setup = Arc::new(Setup::of_link(link));
    lab.playback_mut().playing = false;
    lab.playback_mut().playhead_ms = link.playhead_ms;
    lab.view = Arc::new(View {
        blank: lab.view.blank,
        help: lab.view.help,
        who_fences: lab.view.who_fences,
        which_pattern: lab.view.which_pattern,
        recordings: lab.view.recordings,
        routine: lab.view.routine,
        members: lab.view.members,
        fault_app: lab.view.fault_app,
        fault_length_ms: lab.view.fault_length_ms,
        export_legend: lab.view.export_legend,
        link_notices: lab.view.link_notices.clone(),
        room,
        ..View::of_link(link)
    });
    lab.questions_mut().on = link.questions;
    start_afresh(lab);
    let shipped = link.recording.and_then(catalog::recording);
    shipped.map_or_else(Vec::new, |rec| {
        vec![Effect::FetchRecording {
            id: rec.id,
            file: rec.file,
            at_ms: link.playhead_ms,
        }]
    })
}

/// Switches to another catalog entry: its own knobs, no live changes, playhead at 0.
pub fn select(lab: &mut Lab, entry: &'static Entry) {
    lab.playback_mut().playing = false;
    lab.setup_mut().user_faults.clear();
    lab.setup_mut().resumes.clear();
    lab.setup_mut().shipped = None;
    lab.setup_mut().written = None;
    lab.setup_mut().knobs = Knobs::defaults_for(entry);
    lab.view_mut().zoom = None;
    lab.view_mut().routine = None;
    lab.setup_mut().entry_id = entry.id.to_string();
    lab.playback_mut().playhead_ms = 0;
    start_afresh(lab);
}

/// Loads the run `system`'s "Who fences?" row judges: its story with exactly the row's knobs.
pub fn use_who_fences(lab: &mut Lab, system: System) {
    if load_row(lab, catalog::WHO_FENCES_STORY, catalog::knobs_for(system)) {
        lab.view_mut().who_fences = false;
    }
}

/// Loads the run `design`'s "Which pattern?" row judges: its story with exactly the row's knobs.
pub fn use_which_pattern(lab: &mut Lab, design: Design) {
    if load_row(
        lab,
        catalog::WHICH_PATTERN_STORY,
        catalog::pattern_knobs(design),
    ) {
        lab.view_mut().which_pattern = false;
    }
}

/// Loads a comparison row's run, `story` with exactly `knobs`; whether there was one to load.
fn load_row(lab: &mut Lab, story: &str, knobs: Option<Knobs>) -> bool {
    let (Some(knobs), Some(entry)) = (knobs, catalog::by_id(story)) else {
        return false;
    };
    select(lab, entry);
    lab.setup_mut().knobs = knobs;
    true
}

/// Flips the on/off knob `knob`, unless it is enforcement and the run on screen has nothing a
/// resource could check (`Scenario::can_enforce`, the one meaning of "enforcement on").
pub fn flip_knob(lab: &mut Lab, knob: Knob) -> Result<(), Refusal> {
    // The run's own answer: what its scenario's grants let a resource check.
    if knob == Knob::Enforcement && !lab.scenario().can_enforce() {
        return Err(Refusal::CannotEnforce);
    }
    flip(&mut lab.setup_mut().knobs, knob);
    Ok(())
}

/// Runs on `system`'s defaults, or (`None`) back on the story's own numbers.
pub fn set_system(lab: &mut Lab, system: Option<System>) {
    let story = lab.setup.story_knobs();
    let k = &mut lab.setup_mut().knobs;
    *k = match system {
        Some(system) => k.with_system(system),
        None => k.without_system(&story),
    };
}

/// Flips the on/off knob `knob`; numeric knobs stay as they are. A replicated service grants
/// leases only: a lock without expiry takes the service back to one box, and a group brings
/// leases back.
pub fn flip(k: &mut Knobs, knob: Knob) {
    if let Some(on) = k.flag_mut(knob) {
        *on = !*on;
    } else if knob == Knob::Mode {
        k.mode = if k.mode == Mode::Lease {
            Mode::PermanentLock
        } else {
            Mode::Lease
        };
        if k.mode == Mode::PermanentLock {
            k.members = 1;
        }
    } else if knob == Knob::Members {
        // The switch: one box, or the smallest group.
        set_number(k, knob, if k.members > 1 { 1 } else { 3 });
    }
}

/// Sets the numeric knob `knob` to `value`; on/off knobs stay as they are.
pub fn set_number(k: &mut Knobs, knob: Knob, value: u64) {
    match knob {
        Knob::Ttl => k.ttl_ms = value,
        Knob::Pause => k.pause_ms = value,
        Knob::Latency => k.latency_ms = value,
        Knob::Stock => k.stock = value,
        Knob::Members => {
            k.members = value;
            if value > 1 {
                k.mode = Mode::Lease;
            }
        }
        Knob::Enforcement
        | Knob::Mode
        | Knob::Renewals
        | Knob::CheckBeforeWrite
        | Knob::CarefulClient
        | Knob::ExactVersion
        | Knob::FenceDurable
        | Knob::CounterDurable
        | Knob::Epochs
        | Knob::PreVote => {}
    }
}

/// Adds the fault `live` of application `app` at the playhead, or says why it cannot be placed.
pub fn inject(lab: &mut Lab, app: usize, live: LiveFault) -> Result<(), Refusal> {
    let at_ms = lab.playback.playhead_ms;
    let fault = fault_at(lab.run(), lab.scenario(), app, at_ms, live)?;
    lab.setup_mut().user_faults.push(fault);
    Ok(())
}

/// Adds the whole system's fault `which` at the playhead, or says why not.
pub fn inject_service(lab: &mut Lab, which: ServiceFault) -> Result<(), Refusal> {
    let fault = service_fault_at(lab.scenario(), lab.playback.playhead_ms, which)?;
    lab.setup_mut().user_faults.push(fault);
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

/// Pauses whoever holds the lease at the playhead, for the pause length knob (40 s if it is 0).
pub fn pause_holder(lab: &mut Lab) -> Result<(), Refusal> {
    let holder = lab.run().holder_at(lab.playback.playhead_ms);
    let (app, _token) = holder.ok_or(Refusal::NobodyHolds)?;
    let for_ms = holder_pause_ms(lab.setup.knobs.pause_ms);
    inject(lab, app, LiveFault::Pause { for_ms })
}

/// Ends application `app`'s pause or partition under way at the playhead.
pub fn resume(lab: &mut Lab, app: usize) -> Result<(), Refusal> {
    let at_ms = lab.playback.playhead_ms;
    if lab.run().stall_at(app, at_ms).is_none() {
        return Err(Refusal::NotStalled { app });
    }
    lab.setup_mut().resumes.push((app, at_ms));
    Ok(())
}

/// Removes every fault and resume added live.
pub fn clear_changes(lab: &mut Lab) {
    lab.setup_mut().user_faults.clear();
    lab.setup_mut().resumes.clear();
}

/// Adds an explorer counterexample's faults and stops just before the damage at `at_ms`.
pub fn show_me(lab: &mut Lab, faults: Vec<Fault>, at_ms: u64) {
    lab.playback_mut().playing = false;
    lab.setup_mut().user_faults.extend(faults);
    // The run changes with the faults: the playhead is clamped to the new one.
    lab.refresh();
    lab.seek(at_ms.saturating_sub(SHOW_ME_LEAD_MS));
}

/// The window `shown` zoomed by `steps` around `at_ms` (or its middle, when `at_ms` is outside
/// it); `None` (fitted) once it would show the whole run.
pub fn zoomed(shown: Window, at_ms: u64, steps: i32, end_ms: u64) -> Option<Window> {
    let around = if (shown.from_ms..=shown.to_ms).contains(&at_ms) {
        at_ms
    } else {
        shown.from_ms + shown.span_ms() / 2
    };
    let next = shown.zoom(steps, around, end_ms);
    (next.span_ms() < end_ms).then_some(next)
}
