//! Which parts of the lab's core an intent changed: [`Part`] names each part a component can
//! read, and [`changed`] compares the core before and after (shared runs by pointer, the rest by
//! value), so the mirror wakes exactly the readers of the parts that changed.

use std::sync::Arc;

use crate::lab::Lab;

/// A part of the lab a component reads (one trigger each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    EntryId,
    Knobs,
    UserFaults,
    Resumes,
    Recording,
    Run,
    Revealed,
    Twins,
    Playhead,
    Playing,
    Speed,
    Modes,
    Zoom,
    Shown,
    Routine,
    Notice,
    QuestionsOn,
    Picks,
    Open,
    Progress,
    Exploring,
    Choices,
    LinkNotices,
}

/// How many parts there are.
pub const PARTS: usize = 23;

fn same_arc<T>(a: &Option<Arc<T>>, b: &Option<Arc<T>>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => Arc::ptr_eq(a, b),
        (None, None) => true,
        _ => false,
    }
}

fn same_twins(a: &Lab, b: &Lab) -> bool {
    match (a.twins(), b.twins()) {
        (Some(x), Some(y)) => Arc::ptr_eq(&x.0.run, &y.0.run) && Arc::ptr_eq(&x.1.run, &y.1.run),
        (None, None) => true,
        _ => false,
    }
}

/// The core as it was before an intent, as [`changed`] compares it: a copy of the lab without
/// the explorer's search (of which only whether it ran is compared).
pub struct Before {
    lab: Lab,
    /// Whether the search ran.
    pub running: bool,
}

impl Before {
    /// What [`changed`] compares of `lab` as it is now.
    pub fn of(lab: &Lab) -> Before {
        Before {
            lab: lab.clone(),
            running: lab.exploring.running(),
        }
    }
}

/// Whether `part` differs between `before` and `b`.
fn differs(part: Part, before: &Before, b: &Lab) -> bool {
    let a = &before.lab;
    let (sa, sb, va, vb) = (&a.setup, &b.setup, &a.view, &b.view);
    match part {
        Part::EntryId => sa.entry_id != sb.entry_id,
        Part::Knobs => sa.knobs != sb.knobs,
        Part::UserFaults => sa.user_faults != sb.user_faults,
        Part::Resumes => sa.resumes != sb.resumes,
        Part::Recording => !same_arc(&sa.recording, &sb.recording),
        // The scenario, the run, the story told and the questions asked change together.
        Part::Run => !Arc::ptr_eq(a.run(), b.run()) || !Arc::ptr_eq(a.scenario(), b.scenario()),
        Part::Revealed => a.revealed() != b.revealed(),
        Part::Twins => !same_twins(a, b),
        Part::Playhead => a.playback.playhead_ms != b.playback.playhead_ms,
        Part::Playing => a.playback.playing != b.playback.playing,
        Part::Speed => a.playback.speed != b.playback.speed,
        Part::Modes => {
            (
                va.compare,
                va.presenting,
                va.story,
                va.blank,
                va.help,
                va.who_fences,
                va.which_pattern,
                va.recordings,
            ) != (
                vb.compare,
                vb.presenting,
                vb.story,
                vb.blank,
                vb.help,
                vb.who_fences,
                vb.which_pattern,
                vb.recordings,
            )
        }
        Part::Zoom => va.zoom != vb.zoom,
        Part::Shown => a.shown_window() != b.shown_window() || a.end_ms() != b.end_ms(),
        Part::Routine => {
            a.routine_messages() != b.routine_messages() || a.view.members != b.view.members
        }
        Part::Notice => va.notice != vb.notice,
        Part::QuestionsOn => a.questions.on != b.questions.on,
        Part::Picks => a.questions.picks != b.questions.picks,
        Part::Open => a.questions.open != b.questions.open,
        Part::Progress => a.questions.progress != b.questions.progress,
        Part::Exploring => super::explore_mirrors::differs(before.running, a, b),
        Part::Choices => {
            (va.fault_app, va.fault_length_ms, va.export_legend)
                != (vb.fault_app, vb.fault_length_ms, vb.export_legend)
        }
        Part::LinkNotices => va.link_notices != vb.link_notices,
    }
}

/// Every part, in order.
pub const ALL: [Part; PARTS] = [
    Part::EntryId,
    Part::Knobs,
    Part::UserFaults,
    Part::Resumes,
    Part::Recording,
    Part::Run,
    Part::Revealed,
    Part::Twins,
    Part::Playhead,
    Part::Playing,
    Part::Speed,
    Part::Modes,
    Part::Zoom,
    Part::Shown,
    Part::Routine,
    Part::Notice,
    Part::QuestionsOn,
    Part::Picks,
    Part::Open,
    Part::Progress,
    Part::Exploring,
    Part::Choices,
    Part::LinkNotices,
];

/// The parts that differ between `before` and `after`.
pub fn changed(before: &Before, after: &Lab) -> impl Iterator<Item = Part> {
    ALL.into_iter()
        .filter(|&p| differs(p, before, after))
        .collect::<Vec<_>>()
        .into_iter()
}
