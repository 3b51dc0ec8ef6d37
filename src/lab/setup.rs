//! What the user set up, as plain data: the story, its knobs, the changes made live, and a
//! recorded run opened in place of the simulation; and the scenario that gives.

use std::sync::Arc;

use super::live_fault::resume_at;
use super::recording::RecordedRun;
use crate::catalog::{Entry, Knobs, WRITTEN};
use crate::engine::{Fault, Scenario};
use crate::script::Written;
use crate::share::{self, LinkState};

/// What the user set up: the story, its knobs, and the changes made live.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Catalog id of the current story.
    pub entry_id: String,
    /// Toggles and parameters applied on top of the catalog scenario.
    pub knobs: Knobs,
    /// Faults the user added live, on top of the scenario's own.
    pub user_faults: Vec<Fault>,
    /// "Resume now" requests: (app index, at_ms); each ends that app's pause or partition then.
    pub resumes: Vec<(usize, u64)>,
    /// A recorded run shown instead of the simulation (which then simulates its scenario, if
    /// it can); the rest of the setup (the recording's story) waits underneath until it is closed.
    pub recording: Option<Arc<RecordedRun>>,
    /// The shipped recording shown, or named by the link and being fetched (a link carries it).
    pub shipped: Option<&'static str>,
    /// A story the user wrote, in place of the catalog's (`entry_id` is then its id).
    pub written: Option<Arc<Written>>,
}

impl Setup {
    /// The setup a (decoded, hence valid) link describes.
    pub fn of_link(link: &LinkState) -> Setup {
        let entry = link.entry();
        Setup {
            entry_id: entry.id.to_string(),
            written: link.written.clone(),
            knobs: link.knobs,
            user_faults: link.faults.clone(),
            resumes: link.resumes.clone(),
            recording: None,
            shipped: link.recording,
        }
    }

    /// The current catalog entry (a written story's own, for one).
    pub fn entry(&self) -> &'static Entry {
        match self.written {
            Some(_) => &WRITTEN,
            None => share::entry_or_default(&self.entry_id),
        }
    }

    /// The knobs as the story sets them: a written story's, or the catalog entry's.
    pub fn story_knobs(&self) -> Knobs {
        match &self.written {
            Some(written) => Knobs::of_written(&written.scenario),
            None => Knobs::defaults_for(self.entry()),
        }
    }

    /// The scenario this setup gives: the catalog entry with the knobs, the live faults and the
    /// resumes applied; beside a recording, its simulation (or the recording itself).
    pub fn scenario(&self) -> Scenario {
        if let Some(rec) = &self.recording {
            return (*rec.simulated().0).clone();
        }
        let mut scenario = match &self.written {
            Some(written) => self
                .knobs
                .apply_over(&written.scenario, &self.story_knobs()),
            None => self.entry().scenario_with(&self.knobs),
        };
        scenario.faults.extend(self.user_faults.iter().cloned());
        for (app, at_ms) in &self.resumes {
            resume_at(&mut scenario.faults, *app, *at_ms);
        }
        scenario
    }

    /// Whether `other` gives the same run: the same story, knobs, changes and recording.
    pub fn same_as(&self, other: &Setup) -> bool {
        let same_recording = match (&self.recording, &other.recording) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        same_recording && self.same_changes(other)
    }

    /// Whether `other` has the same story, knobs and live changes (a recording aside).
    pub fn same_changes(&self, other: &Setup) -> bool {
        self.entry_id == other.entry_id
            && self.written == other.written
            && self.knobs == other.knobs
            && self.user_faults == other.user_faults
            && self.resumes == other.resumes
    }
}
