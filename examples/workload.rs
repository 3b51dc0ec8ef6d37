//! One of the speed benchmarks' workloads, run `reps` times, for `scripts/instructions.sh`
//! (`make instructions`): callgrind counts its instructions, which, unlike the benchmarks'
//! times, do not vary with the machine's day. Each workload is the one its criterion bench
//! times (`benches/engine.rs`, `benches/explore.rs`); the one line printed is how many
//! units (schedules, events or runs) the reps went through.
//!
//! ```text
//! cargo run --profile bench --example workload -- leader-change 1
//! ```

use fencing_lab::catalog::by_id;
use fencing_lab::engine::explore::{Bounds, Explorer};
use fencing_lab::engine::{run, run_verdict_only, Scenario};
use std::hint::black_box;
use std::process::ExitCode;

/// The workloads by name, as `scripts/instructions.sh` asks for them.
const WORKLOADS: [&str; 6] = [
    "leader-change",
    "last-item-off",
    "last-item-on",
    "busy-hour",
    "document",
    "document-verdict",
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let reps = args.get(1).and_then(|reps| reps.parse::<u64>().ok());
    match (args.first().map(String::as_str), reps) {
        (Some(name), Some(reps)) if WORKLOADS.contains(&name) => {
            println!("units {}", run_workload(name, reps));
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("usage: workload <{}> <reps>", WORKLOADS.join("|"));
            ExitCode::from(2)
        }
    }
}

/// Runs workload `name` `reps` times; returns the units gone through.
fn run_workload(name: &str, reps: u64) -> u64 {
    let story = |id| by_id(id).expect("a catalog story").scenario();
    match name {
        "leader-change" => {
            let scenario = story("leader-change");
            let bounds = Bounds {
                service_faults: true,
                leader_cuts: true,
                ..Bounds::for_scenario(&scenario)
            };
            (0..reps).map(|_| explore(&scenario, &bounds)).sum()
        }
        "last-item-off" | "last-item-on" => {
            let scenario = story("last-item").with_enforcement(name == "last-item-on");
            let bounds = Bounds::for_scenario(&scenario);
            (0..reps).map(|_| explore(&scenario, &bounds)).sum()
        }
        "busy-hour" => {
            let hour = Scenario::busy(10, 3_600_000);
            let events = |_| verdict(&hour).events_processed;
            (0..reps).map(events).sum()
        }
        "document" => {
            let story = Scenario::gc_pause_story(true);
            for _ in 0..reps {
                black_box(run(black_box(&story)).expect("a valid scenario"));
            }
            reps
        }
        _ => {
            let story = Scenario::gc_pause_story(true);
            for _ in 0..reps {
                verdict(&story);
            }
            reps
        }
    }
}

/// Explores every schedule of `scenario` within `bounds`; returns how many.
fn explore(scenario: &Scenario, bounds: &Bounds) -> u64 {
    let mut explorer = Explorer::new(scenario, bounds.clone()).expect("valid bounds");
    explorer.explore_all().explored
}

fn verdict(scenario: &Scenario) -> fencing_lab::engine::Verdict {
    black_box(run_verdict_only(black_box(scenario)).expect("a valid scenario"))
}
