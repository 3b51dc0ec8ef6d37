//! A recorded run beside the simulation of the same scenario, measure by measure: the verdicts
//! (stale writes accepted and rejected, whose write stands, the order of grants) must be equal,
//! and each grant and expiry must fall within a tolerance. The conformance check prints these
//! rows as its table; the lab shows them under a recorded run. Their words are in the words layer.

use super::tally::Tally;

/// How far from the simulated time a real grant or expiry may be, either way, in ms. etcd's
/// lessor looks for expired leases every 500 ms, so a lease (and a grant waiting on it) ends up
/// to 500 ms after its TTL; the etcd preset takes the mean, 250 ms (`Scenario::expiry_lag_ms`),
/// which leaves the sweep's own ±250 ms and the machine's few ms inside this bound.
pub const TOLERANCE_MS: i64 = 300;

/// What one row compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    StaleAccepted,
    StaleRejected,
    /// Whose accepted write came last.
    LastWriter,
    /// The apps in the order they were granted the lease.
    GrantOrder,
    /// The `nth` grant (from 1), to `app`.
    Grant {
        nth: usize,
        app: usize,
    },
    /// The `nth` lease to run out (from 1), `app`'s.
    Expiry {
        nth: usize,
        app: usize,
    },
}

/// One side's value of a measure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Count(usize),
    /// An app, or nobody.
    App(Option<usize>),
    Apps(Vec<usize>),
    /// A time in ms, or none (the side has no such event).
    At(Option<u64>),
}

/// One line of the comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub measure: Measure,
    pub real: Value,
    pub simulated: Value,
}

impl Row {
    /// Real minus simulated time, for a timed row where both sides have the event.
    pub fn difference_ms(&self) -> Option<i64> {
        match (&self.real, &self.simulated) {
            (Value::At(Some(r)), Value::At(Some(s))) => Some(*r as i64 - *s as i64),
            _ => None,
        }
    }

    /// Whether the row agrees: equal verdicts, or times within ±[`TOLERANCE_MS`].
    pub fn ok(&self) -> bool {
        match (&self.real, &self.simulated) {
            (Value::At(_), Value::At(_)) => self
                .difference_ms()
                .is_some_and(|d| d.abs() <= TOLERANCE_MS),
            (real, simulated) => real == simulated,
        }
    }
}

/// The rows comparing a recorded outcome with a simulated one: four verdicts, then every grant
/// and every expiry either side has (a row per index, so one missing on a side shows).
pub fn compare(real: &Tally, sim: &Tally) -> Vec<Row> {
    let row = |measure, real, simulated| Row {
        measure,
        real,
        simulated,
    };
    let mut rows = vec![
        row(
            Measure::StaleAccepted,
            Value::Count(real.stale_accepted()),
            Value::Count(sim.stale_accepted()),
        ),
        row(
            Measure::StaleRejected,
            Value::Count(real.stale_rejected()),
            Value::Count(sim.stale_rejected()),
        ),
        row(
            Measure::LastWriter,
            Value::App(real.last_writer()),
            Value::App(sim.last_writer()),
        ),
        row(
            Measure::GrantOrder,
            Value::Apps(real.grant_order()),
            Value::Apps(sim.grant_order()),
        ),
    ];
    timed(&mut rows, &real.grants, &sim.grants, |nth, app| {
        Measure::Grant { nth, app }
    });
    timed(&mut rows, &real.expiries, &sim.expiries, |nth, app| {
        Measure::Expiry { nth, app }
    });
    rows
}

/// A row per index of `real` or `sim` (`(app, token, at_ms)` each), measured by `measure`.
fn timed(
    rows: &mut Vec<Row>,
    real: &[(usize, u64, u64)],
    sim: &[(usize, u64, u64)],
    measure: fn(usize, usize) -> Measure,
) {
    for i in 0..real.len().max(sim.len()) {
        let (r, s) = (real.get(i), sim.get(i));
        let app = r.or(s).map_or(0, |e| e.0);
        rows.push(Row {
            measure: measure(i + 1, app),
            real: Value::At(r.map(|e| e.2)),
            simulated: Value::At(s.map(|e| e.2)),
        });
    }
}
