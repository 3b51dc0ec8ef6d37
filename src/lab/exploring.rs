//! The explorer's intents: its choices, starting (an [`Effect::Search`] for the effect runner,
//! which runs the search outside the lab), cancelling (an [`Effect::StopSearch`]; what the
//! search found so far comes back and stays as its summary), and the runner's reports; and
//! keeping the explorer about the current scenario. Another story, a changed knob or other
//! bounds stop the search and drop the old summary; faults added or removed (a "Show me") keep
//! them.

use std::sync::Arc;

use super::effect::Effect;
use super::exploration::{plan, ExploreKind, SearchState};
use super::intent::ExploreIntent;
use super::start_search::StartSearch;
use super::state::Lab;

/// Keeps the explorer about the current scenario (after every intent): another story, changed
/// knobs or bounds stop the search and drop the summary; the plan follows the scenario.
pub fn follow(lab: &mut Lab) {
    let scenario = lab.scenario().clone();
    let bounds = lab.exploring.choices.bounds(&scenario);
    let (ex, setup) = (&lab.exploring, &lab.setup);
    let about = &ex.about;
    let same_story = Arc::ptr_eq(about, setup)
        || (about.entry_id == setup.entry_id && about.knobs == setup.knobs);
    let changed = bounds != ex.bounds || !same_story;
    // Most intents change none of it: the explorer is changed (and its readers woken) only
    // when it has to follow.
    if !changed && Arc::ptr_eq(&scenario, &ex.sized_for) {
        return;
    }
    let setup = Arc::clone(setup);
    let ex = lab.exploring_mut();
    if changed {
        ex.bounds = bounds;
        ex.about = setup;
        ex.search = SearchState::Idle;
        ex.summary = None;
    }
    ex.planned = plan(&scenario, &ex.bounds);
    ex.sized_for = scenario;
}

/// Does an explorer intent.
pub fn perform(lab: &mut Lab, intent: ExploreIntent) -> Vec<Effect> {
    let ex = lab.exploring_mut();
    let mut effects = Vec::new();
    match intent {
        ExploreIntent::SetFaults(k) => ex.choices.max_faults = k,
        ExploreIntent::SetKind { kind, on } => match kind {
            ExploreKind::Crashes => ex.choices.crashes = on,
            ExploreKind::Copies => ex.choices.copies = on,
            ExploreKind::Services => ex.choices.services = on,
        },
        ExploreIntent::Start => effects = start(lab),
        ExploreIntent::Cancel => {
            if let SearchState::Running(id) = ex.search {
                ex.search = SearchState::Stopping(id);
                effects.push(Effect::StopSearch { id });
            }
        }
        ExploreIntent::Progress {
            id,
            explored,
            total,
            rate_per_s,
        } => {
            if ex.search == SearchState::Running(id) {
                ex.progress = (explored, total);
                ex.rate_per_s = rate_per_s;
            }
        }
        ExploreIntent::Found { id, summary } => {
            if matches!(ex.search, SearchState::Running(i) | SearchState::Stopping(i) if i == id) {
                ex.progress = (summary.explored, summary.total);
                ex.summary = Some(*summary);
                ex.search = SearchState::Idle;
            }
        }
        ExploreIntent::Failed { id, error } => {
            if matches!(ex.search, SearchState::Running(i) | SearchState::Stopping(i) if i == id) {
                ex.error = Some(error);
                ex.search = SearchState::Idle;
            }
        }
        ExploreIntent::Unloaded { id } => {
            if matches!(ex.search, SearchState::Running(i) | SearchState::Stopping(i) if i == id) {
                ex.unloaded = true;
                ex.search = SearchState::Idle;
            }
        }
    }
    follow(lab);
    effects
}

/// Starts a search of the chosen bounds around the current scenario: the runner's order, or
/// (bounds that cannot be searched) why not, kept for the panel.
fn start(lab: &mut Lab) -> Vec<Effect> {
    if lab.exploring.running() {
        return Vec::new();
    }
    let scenario = lab.derived.scenario().clone();
    let added = lab.setup.user_faults.len();
    let ex = lab.exploring_mut();
    match ex.planned.clone() {
        Ok(total) => {
            let id = ex.next_id;
            ex.next_id += 1;
            ex.search = SearchState::Running(id);
            ex.progress = (0, total);
            ex.summary = None;
            ex.added = added;
            ex.error = None;
            ex.unloaded = false;
            ex.rate_per_s = 0;
            let bounds = ex.bounds.clone();
            let order = StartSearch {
                id,
                scenario,
                bounds,
                total,
            };
            vec![Effect::Search(Box::new(order))]
        }
        Err(error) => {
            ex.error = Some(error);
            Vec::new()
        }
    }
}
