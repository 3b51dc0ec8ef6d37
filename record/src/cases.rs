//! The document stories the conformance check records: the GC pause with enforcement off and
//! on, the last item in the warehouse, and a crashed holder. Each is the catalog story under
//! etcd's numbers ([`simulated`]), with its faults moved off the keep-alive grid where they
//! would otherwise strike within a few ms of a renewal (a coin toss on a real machine), and a
//! shorter horizon (the run is over well before the story's 120 s).

use fencing_lab::engine::{Fault, Scenario, APP_A};
use fencing_lab::trace::twin::{scaled, simulated};

/// One recorded case.
pub struct Case {
    /// Shown in the table and used for the trace's file name.
    pub name: &'static str,
    /// The catalog story it replays.
    pub story: &'static str,
    pub enforcement: bool,
    /// The fault, in story ms (replacing the story's own).
    pub fault: Fault,
    /// Where the recording stops, in story ms.
    pub horizon_story_ms: u64,
    /// Why the fault differs from the story's, if it does.
    pub note: &'static str,
}

/// The cases `make conformance` records.
pub const CASES: [Case; 4] = [
    Case {
        name: "gc-pause-off",
        story: "gc-pause",
        enforcement: false,
        fault: Fault::Pause { app: APP_A, at_ms: 15_000, for_ms: 45_000 },
        horizon_story_ms: 70_000,
        note: "pause from 15 s (story: 20 s, the moment of A's second keep-alive), still to 60 s",
    },
    Case {
        name: "gc-pause-on",
        story: "gc-pause",
        enforcement: true,
        fault: Fault::Pause { app: APP_A, at_ms: 15_000, for_ms: 45_000 },
        horizon_story_ms: 70_000,
        note: "as gc-pause-off, with enforcement",
    },
    Case {
        name: "last-item",
        story: "last-item",
        enforcement: false,
        fault: Fault::Pause { app: APP_A, at_ms: 5_000, for_ms: 40_000 },
        horizon_story_ms: 55_000,
        note: "the story's pause",
    },
    Case {
        name: "crashed-holder",
        story: "permanent-ownership",
        enforcement: false,
        fault: Fault::Crash { app: APP_A, at_ms: 15_000 },
        horizon_story_ms: 60_000,
        note: "a lease (etcd has no lock without expiry); crash at 15 s (story: 10 s, A's first keep-alive)",
    },
];

impl Case {
    /// The scenario both the recording and the simulation run, in real ms.
    pub fn scenario(&self) -> Result<Scenario, String> {
        let mut s = simulated(self.story, self.enforcement)
            .map_err(|_| format!("no story called {:?}", self.story))?;
        s.faults = vec![match self.fault {
            Fault::Pause { app, at_ms, for_ms } => Fault::pause(app, scaled(at_ms), scaled(for_ms)),
            Fault::Crash { app, at_ms } => Fault::crash(app, scaled(at_ms)),
            other => other,
        }];
        s.horizon_ms = scaled(self.horizon_story_ms);
        Ok(s)
    }
}
