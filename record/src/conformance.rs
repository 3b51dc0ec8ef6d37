//! The conformance check: records each document story on a real etcd and compares it with
//! the simulation of the same scaled scenario. The verdicts must be equal (stale writes
//! accepted and rejected, whose write the resource ends with, the order of grants), and each
//! grant and expiry must fall within the tolerance below. Prints one table.

use crate::cases::{Case, CASES};
use crate::{flag, recorder};
use fencing_lab::engine::run;
use fencing_lab::trace::Outcome;

/// How much earlier than simulated a real grant or expiry may be, in ms.
pub const EARLY_MS: i64 = 300;
/// How much later: 300 ms, plus 500 ms because etcd 3.4's lessor looks for expired leases
/// only every 500 ms (so a lease, and a grant waiting on it, ends up to 500 ms late).
pub const LATE_MS: i64 = 800;

/// One line of the table.
struct Row {
    case: String,
    what: String,
    real: String,
    simulated: String,
    difference: String,
    ok: bool,
}

/// `conformance [--out-dir DIR] [--runs N]`.
pub fn main(args: &[String]) -> Result<(), String> {
    let out_dir = flag(args, "--out-dir").unwrap_or("target/conformance");
    let runs: u32 = flag(args, "--runs")
        .and_then(|r| r.parse().ok())
        .unwrap_or(1);
    std::fs::create_dir_all(out_dir).map_err(|e| format!("{out_dir}: {e}"))?;
    let mut failures = 0;
    for round in 1..=runs {
        let mut rows = Vec::new();
        for case in &CASES {
            rows.extend(check(case, out_dir)?);
        }
        print_table(&rows, round, runs);
        failures += u32::from(rows.iter().any(|r| !r.ok));
    }
    match failures {
        0 => Ok(()),
        n => Err(format!(
            "conformance failed in {n} of {runs} rounds (rows marked ✗)"
        )),
    }
}

fn check(case: &Case, out_dir: &str) -> Result<Vec<Row>, String> {
    let scenario = case.scenario()?;
    let trace = recorder::record(&scenario, Some(case.story), None)?;
    let path = format!("{out_dir}/{}.trace.json", case.name);
    std::fs::write(&path, trace.to_json()).map_err(|e| format!("{path}: {e}"))?;
    let sim = run(&scenario).map_err(|e| format!("{}: {e}", case.name))?;
    let names: Vec<&str> = scenario.apps.iter().map(|a| a.name.as_str()).collect();
    Ok(compare(
        case.name,
        &trace.outcome(),
        &Outcome::of(&sim.trace),
        &names,
    ))
}

fn same(case: &str, what: &str, real: String, simulated: String) -> Row {
    let ok = real == simulated;
    let difference = if ok { "same" } else { "DIFFERENT" }.to_string();
    Row {
        case: case.into(),
        what: what.into(),
        real,
        simulated,
        difference,
        ok,
    }
}

fn timed(case: &str, what: String, real: Option<u64>, simulated: Option<u64>) -> Row {
    let ms = |t: Option<u64>| t.map_or("—".to_string(), |t| format!("{t} ms"));
    let (difference, ok) = match (real, simulated) {
        (Some(r), Some(s)) => {
            let d = r as i64 - s as i64;
            (format!("{d:+} ms"), (-EARLY_MS..=LATE_MS).contains(&d))
        }
        _ => ("missing".to_string(), false),
    };
    Row {
        case: case.into(),
        what,
        real: ms(real),
        simulated: ms(simulated),
        difference,
        ok,
    }
}

fn compare(case: &str, real: &Outcome, sim: &Outcome, names: &[&str]) -> Vec<Row> {
    let name = |app: Option<usize>| {
        app.map_or("nobody".to_string(), |a| {
            names.get(a).unwrap_or(&"?").to_string()
        })
    };
    let order = |o: &Outcome| {
        o.grant_order()
            .iter()
            .map(|&a| name(Some(a)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut rows = vec![
        same(
            case,
            "stale writes accepted",
            real.stale_accepted().to_string(),
            sim.stale_accepted().to_string(),
        ),
        same(
            case,
            "stale writes rejected",
            real.stale_rejected().to_string(),
            sim.stale_rejected().to_string(),
        ),
        same(
            case,
            "last write stands from",
            name(real.last_writer()),
            name(sim.last_writer()),
        ),
        same(case, "grants in order", order(real), order(sim)),
    ];
    for i in 0..real.grants.len().max(sim.grants.len()) {
        let (r, s) = (real.grants.get(i), sim.grants.get(i));
        let app = name(r.or(s).map(|g| g.0));
        rows.push(timed(
            case,
            format!("grant {} to {app}", i + 1),
            r.map(|g| g.2),
            s.map(|g| g.2),
        ));
    }
    for i in 0..real.expiries.len().max(sim.expiries.len()) {
        let (r, s) = (real.expiries.get(i), sim.expiries.get(i));
        let app = name(r.or(s).map(|g| g.0));
        rows.push(timed(
            case,
            format!("expiry {} of {app}", i + 1),
            r.map(|g| g.2),
            s.map(|g| g.2),
        ));
    }
    rows
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
        "tolerance: real − simulated within −{EARLY_MS}…+{LATE_MS} ms for grants and expiries; verdicts equal"
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
            let names: Vec<&str> = scenario.apps.iter().map(|a| a.name.as_str()).collect();
            let rows = compare(
                case.name,
                &trace.outcome(),
                &Outcome::of(&sim.trace),
                &names,
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
