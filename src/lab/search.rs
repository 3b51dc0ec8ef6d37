//! A search under way, as the effect runner holds it — outside the lab, so the reducer never
//! links the explorer: [`Effect::Search`](super::Effect::Search) orders one ([`StartSearch`]),
//! the runner starts it ([`Search::start`]), runs it a slice at a time between frames
//! ([`Search::slice`]) and stops it on [`Effect::StopSearch`](super::Effect::StopSearch)
//! ([`Search::stop`]); each step answers with the intents that report it to the lab.

use std::sync::Arc;

use super::intent::ExploreIntent;
use super::start_search::StartSearch;
use crate::engine::Explorer;

/// A search under way.
#[derive(Debug)]
pub struct Search {
    id: u64,
    explorer: Explorer,
}

impl Search {
    /// Starts the search `order` asks for, or says why it cannot start.
    pub fn start(order: &StartSearch) -> Result<Search, ExploreIntent> {
        let id = order.id;
        match Explorer::new(&order.scenario, order.bounds.clone()) {
            Ok(explorer) => Ok(Search { id, explorer }),
            Err(error) => Err(ExploreIntent::Failed {
                id,
                error: Arc::new(error),
            }),
        }
    }

    /// Which search this is.
    pub fn id(&self) -> u64 {
        self.id
    }

    /// Runs the next `batch` schedules. `elapsed_ms` is the runner's measure of the search so
    /// far (real time since the start), taken before this batch: the rate reported is that of
    /// the schedules explored by then. The progress; once the space was done before this call
    /// (so the rate is that of all of it), what it found too.
    pub fn slice(&mut self, batch: u64, elapsed_ms: f64) -> Vec<ExploreIntent> {
        let done = self.explorer.is_done();
        let before = self.explorer.summary().explored as f64;
        let rate_per_s = (before * 1000.0 / elapsed_ms.max(1.0)) as u64;
        let report = self.explorer.explore_batch(batch);
        let progress = ExploreIntent::Progress {
            id: self.id,
            explored: report.explored,
            total: report.total,
            rate_per_s,
        };
        if !done {
            return vec![progress];
        }
        vec![progress, self.found()]
    }

    /// Stops the search: what it found so far.
    pub fn stop(self) -> ExploreIntent {
        self.found()
    }

    fn found(&self) -> ExploreIntent {
        ExploreIntent::Found {
            id: self.id,
            summary: Box::new(self.explorer.summary().clone()),
        }
    }
}
