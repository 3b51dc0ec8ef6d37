//! A recorded run beside its simulation: every shipped recording is listed, opens, has a
//! simulation of the same scaled scenario beside it, and agrees with it measure by measure;
//! recordings the lab cannot simulate say why.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::{Knobs, System, RECORDINGS};
use fencing_lab::engine::run;
use fencing_lab::trace::compare::{compare, Measure, Row, Value};
use fencing_lab::trace::twin::simulated;
use fencing_lab::trace::{NoTwin, Tally, Trace};
use fencing_lab::words::recorded;

fn shipped(file: &str) -> Trace {
    let path = format!("{}/traces/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Trace::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn rows_of(trace: &Trace) -> Vec<Row> {
    let twin = trace.twin().expect("a simulation beside it");
    let sim = run(&twin).expect("the twin runs");
    compare(&trace.tally(), &Tally::of(&sim.trace))
}

#[test]
fn every_file_in_traces_is_listed_for_the_lab_and_every_listed_file_exists() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/traces");
    let mut on_disk: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = RECORDINGS.iter().map(|r| r.file.to_string()).collect();
    listed.sort();
    assert_eq!(on_disk, listed);
}

#[test]
fn each_shipped_recording_agrees_with_the_simulation_beside_it() {
    for r in RECORDINGS {
        let trace = shipped(r.file);
        let rows = rows_of(&trace);
        assert!(rows.len() >= 6, "{}: verdicts and times", r.file);
        let names: Vec<String> = trace.apps.iter().map(|a| a.name.clone()).collect();
        for row in &rows {
            assert!(
                row.ok(),
                "{}: {} real {} simulated {}",
                r.file,
                recorded::measure(row.measure, &names),
                recorded::value(&row.real, &names),
                recorded::value(&row.simulated, &names)
            );
        }
        assert!(recorded::agreement(&rows).starts_with("All"));
    }
}

#[test]
fn the_simulation_beside_a_recording_uses_its_ttl_faults_and_length() {
    let trace = shipped("gc-pause-off.trace.json");
    let twin = trace.twin().unwrap();
    assert_eq!(twin.ttl_ms, trace.ttl_ms);
    assert_eq!(twin.faults, trace.faults);
    assert_eq!(twin.horizon_ms, trace.end_ms);
    assert_eq!(twin.enforcement, trace.enforcement);
}

/// The recorder runs etcd 3.4.23, whose `PreVote` is off (v3.4.23 `embed/config.go`:
/// `PreVote: false, // TODO: enable by default in v3.5`); the lab's etcd preset, as 3.5 and
/// later, asks for pre-votes. The simulation beside a recording does not.
#[test]
fn the_simulation_beside_a_recording_asks_for_no_pre_votes_as_etcd_3_4_does() {
    for r in RECORDINGS {
        assert!(!shipped(r.file).twin().unwrap().pre_vote, "{}", r.file);
    }
    for entry in fencing_lab::catalog::catalog() {
        let knobs = Knobs::defaults_for(entry).with_system(System::Etcd);
        assert!(
            entry.scenario_with(&knobs).pre_vote,
            "{}: the preset",
            entry.id
        );
        let twin = simulated(entry.id, false).unwrap();
        assert!(!twin.pre_vote, "{}: its twin", entry.id);
    }
}

#[test]
fn a_recording_the_lab_cannot_simulate_says_why() {
    let base = shipped("gc-pause-off.trace.json");
    let mut other = base.clone();
    other.source = "ZooKeeper 3.8.4".into();
    assert_eq!(other.twin(), Err(NoTwin::NotEtcd("ZooKeeper 3.8.4".into())));
    assert!(recorded::no_twin(&other.twin().unwrap_err()).contains("ZooKeeper 3.8.4"));
    let mut unscaled = base.clone();
    unscaled.time_scale = None;
    assert_eq!(unscaled.twin(), Err(NoTwin::OtherScale(None)));
    let mut storyless = base.clone();
    storyless.scenario = None;
    assert_eq!(storyless.twin(), Err(NoTwin::NoStory));
    let mut unknown = base.clone();
    unknown.scenario = Some("no-such-story".into());
    assert!(recorded::no_twin(&unknown.twin().unwrap_err()).contains("no-such-story"));
    let mut renamed = base;
    renamed.apps[1].name = "Z".into();
    assert_eq!(renamed.twin(), Err(NoTwin::OtherApps));
}

#[test]
fn a_late_grant_or_a_different_verdict_is_marked_as_a_difference() {
    let late = Row {
        measure: Measure::Grant { nth: 2, app: 1 },
        real: Value::At(Some(3_900)),
        simulated: Value::At(Some(3_000)),
    };
    assert!(!late.ok());
    assert_eq!(recorded::difference(&late), "+900 ms");
    let within = Row {
        real: Value::At(Some(3_300)),
        ..late.clone()
    };
    assert!(within.ok());
    // The bound is the same either way: 400 ms early is as much a difference as 400 ms late.
    let early = Row {
        real: Value::At(Some(2_600)),
        ..late.clone()
    };
    assert!(!early.ok());
    assert_eq!(recorded::difference(&early), "-400 ms");
    let missing = Row {
        real: Value::At(None),
        ..late
    };
    assert!(!missing.ok());
    assert_eq!(recorded::difference(&missing), "missing");
    let verdict = Row {
        measure: Measure::StaleAccepted,
        real: Value::Count(1),
        simulated: Value::Count(0),
    };
    assert!(!verdict.ok());
    assert_eq!(recorded::difference(&verdict), "DIFFERENT");
    assert!(recorded::agreement(&[verdict]).starts_with("1 of 1 measures differ"));
}

#[test]
fn etcds_revision_tokens_are_explained_beside_the_simulations_numbers() {
    let trace = shipped("gc-pause-off.trace.json");
    let sim = run(&trace.twin().unwrap()).unwrap();
    let tokens = |o: &Tally| o.grants.iter().map(|g| g.1).collect::<Vec<u64>>();
    let (real, simulated) = (tokens(&trace.tally()), tokens(&Tally::of(&sim.trace)));
    let line = recorded::tokens_line(&real, &simulated).expect("other numbers");
    assert!(
        line.contains("(2, 3)") && line.contains("(101, 102)"),
        "{line}"
    );
    assert_eq!(recorded::tokens_line(&simulated, &simulated), None);
}

#[test]
fn in_each_shipped_recording_two_apps_believe_at_once_exactly_when_they_do_in_the_simulation() {
    for r in RECORDINGS {
        let trace = shipped(r.file);
        let recorded = trace.run().verdict.split_brain.len();
        let simulated = run(&trace.twin().unwrap())
            .unwrap()
            .verdict
            .split_brain
            .len();
        assert_eq!(recorded, simulated, "{}: split-brain spells", r.file);
    }
}
