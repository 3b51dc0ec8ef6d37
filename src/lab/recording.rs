//! A recorded run opened in the lab: the trace as a [`Run`] the timeline draws, the simulation
//! of the same scenario beside it (or why there is none), and the rows comparing the two.
//! [`open`] builds one from a file's text, or says why the file was refused; while one is open,
//! the lab shows it instead of its own simulation and refuses changes (`UnderRecording`), and
//! closing it puts back the setup as it was (from the start of the run, fitted), or, for a
//! recording of another story, that story as it opens.

use std::sync::Arc;

use crate::engine::{run, Run, Scenario};
use crate::trace::compare::{compare, Row};
use crate::trace::{NoTwin, Tally, Trace, TraceError};

/// A recorded run, ready to draw.
#[derive(Debug)]
pub struct RecordedRun {
    /// The file it came from (its name, for messages).
    pub file: String,
    pub trace: Trace,
    /// What the timeline shows of the recording.
    pub scenario: Arc<Scenario>,
    pub run: Arc<Run>,
    /// The simulation of the same scenario, or why there is none.
    pub twin: Result<Twin, NoTwin>,
    /// The recording against the simulation, measure by measure (empty without one).
    pub rows: Vec<Row>,
    /// The tokens granted, in order: recorded, then simulated (empty without a simulation).
    pub tokens: (Vec<u64>, Vec<u64>),
}

/// The simulation beside a recording: its scenario, run once when the recording is opened.
#[derive(Debug)]
pub struct Twin {
    pub scenario: Arc<Scenario>,
    pub run: Arc<Run>,
}

/// Two recorded runs are the same when they are the same opening of a file (no deep compare).
impl PartialEq for RecordedRun {
    fn eq(&self, other: &RecordedRun) -> bool {
        std::ptr::eq(self, other)
    }
}

impl RecordedRun {
    /// What the lab simulates while this is shown: the twin, or (without one) the recording
    /// itself, so the lab never runs anything it does not show.
    pub fn simulated(&self) -> (Arc<Scenario>, Arc<Run>) {
        match &self.twin {
            Ok(twin) => (twin.scenario.clone(), twin.run.clone()),
            Err(_) => (self.scenario.clone(), self.run.clone()),
        }
    }

    /// The app names, for the comparison's words.
    pub fn names(&self) -> Vec<String> {
        self.trace.apps.iter().map(|a| a.name.clone()).collect()
    }
}

/// Reads `text` (the contents of `file`) as a recording; `Err` says why it was refused.
pub fn open(file: &str, text: &str) -> Result<RecordedRun, TraceError> {
    let trace = Trace::parse(text)?;
    let twin = trace.twin().and_then(|s| match run(&s) {
        Ok(r) => Ok(Twin {
            scenario: Arc::new(s),
            run: Arc::new(r),
        }),
        // The story may have changed since the recording: a twin that cannot run is no twin.
        Err(e) => Err(NoTwin::CannotRun(e)),
    });
    let real = trace.tally();
    let granted = |o: &Tally| o.grants.iter().map(|g| g.1).collect::<Vec<u64>>();
    let (rows, simulated_tokens) = match &twin {
        Ok(twin) => {
            let sim = Tally::of(&twin.run.trace);
            (compare(&real, &sim), granted(&sim))
        }
        Err(_) => (Vec::new(), Vec::new()),
    };
    let tokens = (granted(&real), simulated_tokens);
    Ok(RecordedRun {
        file: file.to_string(),
        scenario: Arc::new(trace.scenario()),
        run: Arc::new(trace.run()),
        twin,
        rows,
        tokens,
        trace,
    })
}
