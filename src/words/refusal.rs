//! Why the lab cannot do what the user asked, in words: "B crashed at 10 s; it cannot do
//! anything any more", "Nobody holds the lease at this moment".

use super::scenario_errors::scenario_error;
use super::time;
use crate::engine::{Scenario, ScenarioError};

/// A refused action, as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// There is no application with this index.
    NoSuchApp,
    /// The app crashed (at this time) before the playhead.
    Crashed { app: usize, at_ms: u64 },
    /// The app sends and receives nothing after the playhead.
    NoMoreMessages { app: usize },
    /// Nobody holds the lease at the playhead.
    NobodyHolds,
    /// The app is neither paused nor cut off at the playhead.
    NotStalled { app: usize },
    /// The resource already restarts at this moment.
    AlreadyRestarts { at_ms: u64 },
    /// The coordination service already fails over at this moment.
    AlreadyFailsOver { at_ms: u64 },
}

/// The refusal in words, for the action notice.
pub fn refusal(r: &Refusal, s: &Scenario) -> String {
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
    }
}

/// Why a change to the setup was refused: the scenario it would give cannot run.
pub fn cannot_run(why: &ScenarioError) -> String {
    format!(
        "That change would give a setup that cannot run ({}), so the setup was left as it was",
        scenario_error(why)
    )
}
