//! What each panel says about the run on screen, read from the lab the way the panels read it:
//! the outcome banner, the story's steps, the resource at the playhead, the event log, the
//! questions and compare mode's two halves. The components draw exactly these (the banner,
//! the resource panel and the log call the functions here with the same parts of the lab), so
//! a test that holds a [`Screen`] against the engine's own answers holds the panels to them.

use std::sync::Arc;

use super::banner::{banner, compare_banner, Banner};
use super::events::event;
use super::switch::enforcement_of;
use crate::catalog::{Asked, TimedStep};
use crate::engine::{ResourceAt, Run, Scenario};
use crate::lab::moments::is_logged;
use crate::lab::{Half, Lab};

/// Most recent log lines shown, so a very long run stays responsive.
pub const LOG_ROWS: usize = 300;

/// One line of the event log: the trace event it tells, its time and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// Index of the event in the run's trace.
    pub index: usize,
    /// When it happened.
    pub at_ms: u64,
    /// What the log says.
    pub text: String,
}

/// Everything the panels say about the run on screen.
#[derive(Clone, Debug)]
pub struct Screen {
    /// The outcome banner at the playhead (in compare mode, both halves' verdicts).
    pub banner: Banner,
    /// The story's steps, as told against the run.
    pub steps: Vec<TimedStep>,
    /// The resource panel: the resource as it stood at the playhead.
    pub resource: ResourceAt,
    /// The event log, newest first.
    pub log: Vec<LogLine>,
    /// The questions the run asks, graded by it.
    pub questions: Vec<Asked>,
    /// Compare mode's halves (enforcement off, on): the scenario and run each half draws.
    pub halves: Option<[Half; 2]>,
}

/// The outcome banner at `at_ms`: of `run` (of `scenario`), or beside compare mode's two
/// halves (`twins`, enforcement off and on) both halves' verdicts, under the switch's name.
pub fn banner_shown(
    run: &Run,
    scenario: &Scenario,
    twins: Option<&(Half, Half)>,
    at_ms: u64,
) -> Banner {
    match twins {
        Some((off, on)) => compare_banner(
            (&off.run, &off.scenario),
            (&on.run, &on.scenario),
            at_ms,
            enforcement_of(scenario),
        ),
        None => banner(run, scenario, at_ms),
    }
}

/// What the panels of `lab` say now.
pub fn screen(lab: &Lab) -> Screen {
    let at_ms = lab.playback.playhead_ms;
    let (run, scenario) = (lab.run(), lab.scenario());
    Screen {
        banner: banner_shown(run, scenario, lab.twins(), at_ms),
        steps: lab.told().shown.clone(),
        resource: resource_shown(run, lab.revealed()),
        log: log_lines(run, scenario, lab.revealed()),
        questions: lab.quiz().asked.clone(),
        halves: lab.twins().map(|(off, on)| [off.clone(), on.clone()]),
    }
}

/// The resource as it stood when the last revealed event (of `revealed`) happened.
pub fn resource_shown(run: &Run, revealed: usize) -> ResourceAt {
    let at_ms = match revealed.checked_sub(1).and_then(|i| run.trace.get(i)) {
        Some(e) => e.at_ms,
        None => 0,
    };
    run.resource_at(at_ms)
}

/// The log's lines for the first `revealed` events of `run` (of `s`), newest first, at most
/// [`LOG_ROWS`].
pub fn log_lines(run: &Arc<Run>, s: &Scenario, revealed: usize) -> Vec<LogLine> {
    let upto = revealed.min(run.trace.len());
    run.trace[..upto]
        .iter()
        .enumerate()
        .filter(|(_, e)| is_logged(e))
        .rev()
        .take(LOG_ROWS)
        .map(|(index, e)| LogLine {
            index,
            at_ms: e.at_ms,
            text: event(e, s),
        })
        .collect()
}
