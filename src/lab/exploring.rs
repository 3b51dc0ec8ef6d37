//! The explorer's intents: its choices, starting, one batch per [`ExploreIntent::Slice`] (the
//! shell measuring real time) and cancelling (what it found so far stays as its summary); and
//! keeping it about the current scenario.
//! Another story, a changed knob or other bounds stop the search and drop the old summary;
//! faults added or removed (a "Show me") keep them.

use std::sync::Arc;

use super::effect::Effect;
use super::exploration::{plan, ExploreKind, Exploring, FIRST_BATCH};
use super::intent::ExploreIntent;
use super::state::Lab;
use crate::engine::Explorer;

/// Keeps the explorer about the current scenario (after every intent): another story, changed
/// knobs or bounds stop the search and drop the summary; the plan follows the scenario.
pub fn follow(lab: &mut Lab) {
    let scenario = lab.scenario().clone();
    let ex = &mut lab.exploring;
    let bounds = ex.choices.bounds(&scenario);
    let (entry_id, knobs) = (&lab.setup.entry_id, lab.setup.knobs);
    let changed = bounds != ex.bounds || ex.about.0 != *entry_id || ex.about.1 != knobs;
    if changed {
        ex.bounds = bounds;
        ex.about = (entry_id.clone(), knobs);
        ex.search = None;
        ex.summary = None;
    }
    if changed || !Arc::ptr_eq(&scenario, &ex.sized_for) {
        ex.planned = plan(&scenario, &ex.bounds);
        ex.sized_for = scenario;
    }
}

/// Does an explorer intent.
pub fn perform(lab: &mut Lab, intent: ExploreIntent) -> Vec<Effect> {
    let ex = &mut lab.exploring;
    match intent {
        ExploreIntent::SetFaults(k) => ex.choices.max_faults = k,
        ExploreIntent::SetKind { kind, on } => match kind {
            ExploreKind::Crashes => ex.choices.crashes = on,
            ExploreKind::Copies => ex.choices.copies = on,
            ExploreKind::Services => ex.choices.services = on,
        },
        ExploreIntent::Start => return start(lab),
        ExploreIntent::Slice { batch, elapsed_ms } => slice(ex, batch, elapsed_ms),
        ExploreIntent::Cancel => {
            if let Some(search) = ex.search.take() {
                ex.summary = Some(search.summary().clone());
            }
        }
    }
    follow(lab);
    Vec::new()
}

/// Starts a search of the chosen bounds around the current scenario.
fn start(lab: &mut Lab) -> Vec<Effect> {
    if lab.exploring.running() {
        return Vec::new();
    }
    let bounds = lab.exploring.bounds.clone();
    let ex = &mut lab.exploring;
    match Explorer::new(lab.derived.scenario(), bounds) {
        Ok(explorer) => {
            ex.progress = (0, explorer.total());
            ex.search = Some(explorer);
            ex.summary = None;
            ex.added = lab.setup.user_faults.len();
            ex.error = None;
            ex.rate_per_s = 0;
            vec![Effect::ExploreSlices { batch: FIRST_BATCH }]
        }
        Err(error) => {
            ex.error = Some(Arc::new(error));
            Vec::new()
        }
    }
}

/// Runs one batch (none once the search is done). `elapsed_ms` is the shell's measure of the
/// search so far (real time since the start), taken before this batch: the rate is that of the
/// schedules explored by then.
fn slice(ex: &mut Exploring, batch: u64, elapsed_ms: f64) {
    let Some(explorer) = ex.search.as_mut() else {
        return;
    };
    let before = ex.progress.0 as f64;
    ex.rate_per_s = (before * 1000.0 / elapsed_ms.max(1.0)) as u64;
    let report = explorer.explore_batch(batch);
    ex.progress = (report.explored, report.total);
    if report.done {
        ex.summary = Some(explorer.summary().clone());
    }
}
