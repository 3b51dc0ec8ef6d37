//! "Which pattern?": one workload under four designs, side by side, each judged by runs.
//!
//! The workload is the story [`STORY`]: A and B want the last item, and A freezes halfway
//! through its order. Each [`Design`] is that story with a few knobs ([`knobs_for`]): the
//! row's run is the story with exactly those knobs, and what "Use" loads. What a design
//! guarantees and costs is read off its run; what breaks it, off two more runs of the same
//! knobs, each with one thing taken away ([`Trial`]). The words layer says what it means.

use super::knobs::Knobs;
use super::list::by_id;
use crate::engine::{run, EventKind, Fault, Mode, Node, Run, Scenario, Verdict};

/// The story every row runs.
pub const STORY: &str = "which-pattern";

/// When [`Trial::CounterLost`] fails the service over: A holds the lease and is frozen.
pub const FAILOVER_AT_MS: u64 = 10_000;

/// One way to keep two apps from both taking the last item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Design {
    /// A lease from one coordination box, and a fencing token the resource checks.
    LeaseToken,
    /// An app elected leader through a lease carries the election's number, its epoch.
    LeaderEpoch,
    /// No lock: read, work, and write with compare-and-set on the version read (it rises with
    /// every accepted write); start over on a conflict.
    CompareAndSet,
    /// The lease and its token, from a coordination service replicated on three members.
    Consensus,
}

impl Design {
    /// A stable name for the design, for pages and tests ("lease-token").
    pub fn id(self) -> &'static str {
        match self {
            Design::LeaseToken => "lease-token",
            Design::LeaderEpoch => "leader-epoch",
            Design::CompareAndSet => "compare-and-set",
            Design::Consensus => "consensus",
        }
    }
}

/// Every design, in the table's order.
pub const DESIGNS: [Design; 4] = [
    Design::LeaseToken,
    Design::LeaderEpoch,
    Design::CompareAndSet,
    Design::Consensus,
];

/// Something taken away from a design, to see whether it still holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trial {
    /// The resource checks nothing: enforcement off.
    NoCheck,
    /// The coordination service fails over at [`FAILOVER_AT_MS`], its token counter only in
    /// memory (on a group: its leader goes down).
    CounterLost,
}

/// Every trial, in the table's order.
pub const TRIALS: [Trial; 2] = [Trial::NoCheck, Trial::CounterLost];

/// What a run cost, read off its trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cost {
    /// When B's write was accepted (`None`: never).
    pub b_reserved_ms: Option<u64>,
    /// Requests the apps sent the coordination service.
    pub requests: u32,
    /// Times an app started its order over (no lock only).
    pub start_overs: u32,
    /// Writes the resource refused: work thrown away.
    pub refused: u32,
}

/// One design's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Which design.
    pub design: Design,
    /// The knobs the row ran with: [`STORY`] with exactly these is the row's run.
    pub knobs: Knobs,
    /// The scenario the row ran (the story with [`Row::knobs`]).
    pub scenario: Scenario,
    /// The run's verdict.
    pub verdict: Verdict,
    /// What the run cost.
    pub cost: Cost,
    /// Each trial, and whether the design stayed safe under it, in [`TRIALS`] order.
    pub trials: Vec<(Trial, bool)>,
}

/// The knobs of `design`'s row: the story's own (a lease and a token, on one box), changed
/// only where the design differs.
pub fn knobs_for(design: Design) -> Option<Knobs> {
    let mut knobs = Knobs::defaults_for(by_id(STORY)?);
    match design {
        Design::LeaseToken => {}
        Design::LeaderEpoch => knobs.epochs = true,
        Design::CompareAndSet => {
            knobs.mode = Mode::NoLock;
            knobs.by_version = true;
        }
        Design::Consensus => knobs.members = 3,
    }
    Some(knobs)
}

/// `scenario` with `trial`'s one thing taken away.
pub fn tried(scenario: &Scenario, trial: Trial) -> Scenario {
    let mut s = scenario.clone();
    match trial {
        Trial::NoCheck => s.enforcement = false,
        Trial::CounterLost => {
            s.counter_durable = false;
            s.faults.push(Fault::failover(FAILOVER_AT_MS));
        }
    }
    s
}

/// What `run` of a scenario whose second app is B cost.
pub fn cost(run: &Run) -> Cost {
    let mut cost = Cost {
        b_reserved_ms: None,
        requests: 0,
        start_overs: 0,
        refused: run.verdict.stale_writes_rejected,
    };
    for e in &run.trace {
        match e.kind {
            EventKind::WriteAccepted { app: 1, .. } if cost.b_reserved_ms.is_none() => {
                cost.b_reserved_ms = Some(e.at_ms);
            }
            EventKind::MessageSent { msg, .. } if msg.to == Node::Coordinator => {
                cost.requests += 1;
            }
            EventKind::StartedOver { .. } => cost.start_overs += 1,
            _ => {}
        }
    }
    cost
}

/// `design`'s row, or `None` if its story is missing or a run fails.
pub fn row(design: Design) -> Option<Row> {
    let knobs = knobs_for(design)?;
    let scenario = by_id(STORY)?.scenario_with(&knobs);
    let done = run(&scenario).ok()?;
    let mut trials = Vec::with_capacity(TRIALS.len());
    for trial in TRIALS {
        trials.push((trial, run(&tried(&scenario, trial)).ok()?.verdict.is_safe()));
    }
    Some(Row {
        design,
        knobs,
        cost: cost(&done),
        verdict: done.verdict,
        scenario,
        trials,
    })
}

/// Every design's row, in [`DESIGNS`] order (a design whose run fails is left out).
pub fn which_pattern() -> Vec<Row> {
    DESIGNS.into_iter().filter_map(row).collect()
}
