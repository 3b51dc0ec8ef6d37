//! The conformance check: records each document story on a real etcd and compares it with
//! the simulation of the same scaled scenario. The verdicts must be equal (stale writes
//! accepted and rejected, whose write the resource ends with, the order of grants), and each
//! grant and expiry must fall within [`SWEPT_TOLERANCE_MS`]. The recorder measures each fresh
//! etcd's lease sweep and places the run so that its first lease runs out 250 ms before a sweep
//! ([`crate::sweep`]), the lag the etcd preset simulates, so the tolerance is the machine's
//! noise, not the sweep's unknown phase (±300 ms, `trace::compare`, for a recording placed at
//! a random phase).
//! Prints one table per round.

use crate::cases::{Case, CASES};
use crate::{flag, recorder};
use fencing_lab::engine::run;
use fencing_lab::trace::compare;
use fencing_lab::trace::Tally;
use fencing_lab::words::{recorded, scenario_error};

/// How far from the simulated time a recorded grant or expiry may be, either way, in ms, once
/// the run was placed against etcd's sweep.
pub const SWEPT_TOLERANCE_MS: i64 = 100;

/// One line of the table, in words.
struct Row {
    case: String,
    what: String,
    real: String,
    simulated: String,
    difference: String,
    ok: bool,
    /// Real minus simulated, for a grant or an expiry both sides have.
    difference_ms: Option<i64>,
}

/// `conformance [--out-dir DIR] [--runs N]`.
pub fn main(args: &[String]) -> Result<(), String> {
    let out_dir = flag(args, "--out-dir").unwrap_or("target/conformance");
    let runs: u32 = flag(args, "--runs")
        .and_then(|r| r.parse().ok())
        .unwrap_or(1);
    std::fs::create_dir_all(out_dir).map_err(|e| format!("{out_dir}: {e}"))?;
    let mut failures = 0;
    let mut differences = Vec::new();
    for round in 1..=runs {
        let mut rows = Vec::new();
        for case in &CASES {
            rows.extend(check(case, out_dir)?);
        }
        print_table(&rows, round, runs);
        failures += u32::from(rows.iter().any(|r| !r.ok));
        differences.extend(rows.iter().filter_map(|r| r.difference_ms));
    }
    print_mean(&differences, runs);
    match failures {
        0 => Ok(()),
        n => Err(format!(
            "conformance failed in {n} of {runs} rounds (rows marked ✗)"
        )),
    }
}

fn check(case: &Case, out_dir: &str) -> Result<Vec<Row>, String> {
    let mut scenario = case.scenario()?;
    let recording = recorder::record_swept(&scenario, Some(case.story), None)?;
    let trace = recording.trace;
    let path = format!("{out_dir}/{}.trace.json", case.name);
    std::fs::write(&path, trace.to_json()).map_err(|e| format!("{path}: {e}"))?;
    if let (Some(phase_ms), Some(lag_ms)) = (recording.sweep_phase_ms, recording.sweep_lag_ms) {
        println!(
            "{}: etcd's lease sweep measured at {phase_ms} ms into each 500 ms of the clock; \
             the run starts so that its first lease runs out {lag_ms} ms before a sweep",
            case.name
        );
        // 250 ms by construction, the etcd preset's own lag: the simulation does not change.
        scenario.expiry_lag_ms = lag_ms;
    }
    let sim = run(&scenario).map_err(|e| format!("{}: {}", case.name, scenario_error(&e)))?;
    let names: Vec<String> = scenario.apps.iter().map(|a| a.name.clone()).collect();
    Ok(compare(
        case.name,
        &trace.tally(),
        &Tally::of(&sim.trace),
        &names,
        SWEPT_TOLERANCE_MS,
    ))
}

/// The table's rows for `case`: the shared comparison, in words, each grant and expiry within
/// `tolerance_ms`.
fn compare(case: &str, real: &Tally, sim: &Tally, names: &[String], tolerance_ms: i64) -> Vec<Row> {
    compare::compare(real, sim)
        .iter()
        .map(|r| Row {
            case: case.to_string(),
            what: recorded::measure(r.measure, names),
            real: recorded::value(&r.real, names),
            simulated: recorded::value(&r.simulated, names),
            difference: recorded::difference(r),
            ok: match r.difference_ms() {
                Some(d) => d.abs() <= tolerance_ms,
                None => r.ok(),
            },
            difference_ms: r.difference_ms(),
        })
        .collect()
}

fn print_table(rows: &[Row], round: u32, runs: u32) {
    if runs > 1 {
        println!("round {round} of {runs}");
    }
    println!(
        "{:<15} {:<24} {:>10} {:>10} {:>11}",
        "scenario", "measure", "real", "simulated", "difference"
    );
    for r in rows {
        let mark = if r.ok { "✓" } else { "✗" };
        println!(
            "{:<15} {:<24} {:>10} {:>10} {:>11} {mark}",
            r.case, r.what, r.real, r.simulated, r.difference
        );
    }
    for case in &CASES {
        println!("{}: {}", case.name, case.note);
    }
    println!(
        "tolerance: real − simulated within ±{SWEPT_TOLERANCE_MS} ms for grants and expiries; verdicts equal"
    );
}

/// The mean of real − simulated over every grant and expiry of every round, and its range.
fn print_mean(differences: &[i64], runs: u32) {
    let (Some(low), Some(high)) = (differences.iter().min(), differences.iter().max()) else {
        return;
    };
    let mean = differences.iter().sum::<i64>() as f64 / differences.len() as f64;
    println!(
        "over {runs} rounds, {} grants and expiries: real − simulated {mean:+.0} ms on average, \
         from {low:+} to {high:+} ms",
        differences.len()
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use fencing_lab::trace::Trace;

    /// The recordings shipped in `traces/` (refresh them with `conformance --out-dir traces`).
    fn shipped(case: &Case) -> Trace {
        let path = format!(
            "{}/../traces/{}.trace.json",
            env!("CARGO_MANIFEST_DIR"),
            case.name
        );
        let text = std::fs::read_to_string(&path).expect("a shipped recording");
        Trace::parse(&text).expect("a valid trace")
    }

    #[test]
    fn the_shipped_recordings_still_agree_with_the_simulation() {
        for case in &CASES {
            let trace = shipped(case);
            assert_eq!(trace.source, "etcd 3.4.23");
            assert_eq!(trace.scenario.as_deref(), Some(case.story));
            let scenario = case.scenario().unwrap();
            let sim = run(&scenario).unwrap();
            let names: Vec<String> = scenario.apps.iter().map(|a| a.name.clone()).collect();
            // As the lab shows them: the preset's mean sweep lag, and the wider tolerance.
            let tally = Tally::of(&sim.trace);
            let rows = compare(
                case.name,
                &trace.tally(),
                &tally,
                &names,
                compare::TOLERANCE_MS,
            );
            let bad: Vec<String> = rows
                .iter()
                .filter(|r| !r.ok)
                .map(|r| format!("{} {}: {} vs {}", r.case, r.what, r.real, r.simulated))
                .collect();
            assert!(bad.is_empty(), "{bad:?}");
        }
    }
}
