//! Recorded traces: the file format reads back what it writes, converts to the engine's
//! vocabulary, and turns every kind of bad file into a clear message instead of a panic.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::{run, EventKind, Scenario};
use fencing_lab::trace::{Trace, TraceError, MAX_BYTES};
use fencing_lab::words::trace_error;

/// The gc-pause story simulated, kept to the events a version 1 trace records.
fn simulated_trace() -> Trace {
    trace_of(&Scenario::gc_pause_story(false))
}

/// `scenario`'s simulated run, kept to the events a version 1 trace records.
fn trace_of(scenario: &Scenario) -> Trace {
    let run = run(scenario).expect("the story runs");
    let recorded = Trace {
        end_ms: run.end_ms,
        events: run.trace.clone(),
        ..Trace::recording(scenario, "etcd 3.4.23", Some("gc-pause"), Some(15))
    };
    Trace::parse(&recorded.to_json()).expect("a written trace reads back")
}

fn header(events: &str) -> String {
    format!(
        r#"{{"format": "fencing-lab-trace", "version": 1, "source": "etcd 3.4.23",
        "ttl_ms": 2000, "enforcement": true, "end_ms": 5000,
        "resource": {{"kind": "storage"}}, "apps": [{{"name": "A", "role": "Writer"}}],
        "events": [{events}]}}"#
    )
}

fn error_of(text: &str) -> String {
    trace_error(&Trace::parse(text).expect_err("a bad trace is refused"))
}

#[test]
fn a_written_trace_reads_back_with_the_same_grants_expiries_and_writes() {
    let trace = simulated_trace();
    let run = run(&Scenario::gc_pause_story(false)).unwrap();
    assert_eq!(trace.tally(), fencing_lab::trace::Tally::of(&run.trace));
    assert_eq!(trace.tally().stale_accepted(), 1);
    assert_eq!(
        trace.tally().last_writer(),
        Some(0),
        "A's stale write lands last"
    );
    assert!(trace
        .events
        .iter()
        .all(|e| !matches!(e.kind, EventKind::MessageSent { .. })));
    assert_eq!(Trace::parse(&trace.to_json()), Ok(trace));
}

#[test]
fn a_recorded_trace_draws_the_same_leases_pauses_and_writes_as_the_simulation() {
    let trace = simulated_trace();
    let run = run(&Scenario::gc_pause_story(false)).unwrap();
    let spans = trace.spans();
    assert_eq!(spans.leases, run.spans.leases);
    assert_eq!(spans.beliefs, run.spans.beliefs);
    assert_eq!(spans.pauses, run.spans.pauses);
    assert_eq!(spans.accesses, run.spans.accesses);
    assert!(spans.messages.is_empty(), "a trace records no messages");
}

#[test]
fn a_recorded_run_gets_the_verdict_the_simulation_gave_the_same_events() {
    for id in [
        "gc-pause",
        "last-item",
        "payment-service",
        "acquire-work-renew",
    ] {
        let entry = fencing_lab::catalog::by_id(id).unwrap();
        for enforcement in [false, true] {
            let scenario = entry.scenario().with_enforcement(enforcement);
            let simulated = run(&scenario).unwrap().verdict;
            let recorded = trace_of(&scenario).run().verdict;
            assert_eq!(
                recorded.violations, simulated.violations,
                "{id} {enforcement}"
            );
            assert_eq!(
                recorded.split_brain, simulated.split_brain,
                "{id} {enforcement}"
            );
            assert_eq!(
                recorded.final_state, simulated.final_state,
                "{id} {enforcement}"
            );
            assert_eq!(
                (
                    recorded.stale_writes_accepted,
                    recorded.stale_writes_rejected
                ),
                (
                    simulated.stale_writes_accepted,
                    simulated.stale_writes_rejected
                )
            );
            assert_eq!(
                (recorded.writes_accepted, recorded.grants),
                (simulated.writes_accepted, simulated.grants)
            );
        }
    }
}

#[test]
fn a_small_hand_written_trace_is_read_in_the_engines_vocabulary() {
    let text = header(
        r#"{"at_ms": 0, "kind": "started", "app": "A"},
        {"at_ms": 5, "kind": "granted", "app": "A", "token": 7, "expiry_ms": 2005},
        {"at_ms": 9, "kind": "write_accepted", "app": "A", "token": 7, "based_on": 0, "stale": false},
        {"at_ms": 2005, "kind": "expired", "app": "A", "token": 7}"#,
    );
    let trace = Trace::parse(&text).expect("valid");
    assert_eq!(trace.events.len(), 4);
    assert_eq!(
        trace.events[1].kind,
        EventKind::LeaseGranted {
            app: 0,
            token: 7,
            expiry_ms: Some(2005)
        }
    );
    assert_eq!(trace.spans().leases[0].until_ms, 2005);
}

#[test]
fn an_unknown_version_is_named_in_the_message() {
    let text = header("").replace("\"version\": 1", "\"version\": 2");
    assert_eq!(
        error_of(&text),
        "This trace has version 2; this lab reads version 1."
    );
}

#[test]
fn a_field_of_the_wrong_type_is_named_by_its_path() {
    let text = header(r#"{"at_ms": "soon", "kind": "started", "app": "A"}"#);
    assert_eq!(
        error_of(&text),
        "\"events[0].at_ms\" must be a whole number in range."
    );
}

#[test]
fn an_event_naming_an_unknown_app_or_token_is_refused() {
    let text = header(r#"{"at_ms": 0, "kind": "started", "app": "Z"}"#);
    assert_eq!(
        error_of(&text),
        "Event 0 names app \"Z\", which is not in \"apps\"."
    );
    let text = header(r#"{"at_ms": 0, "kind": "expired", "app": "A", "token": 9}"#);
    assert_eq!(
        error_of(&text),
        "Event 0 refers to token 9, which no earlier event granted."
    );
}

#[test]
fn events_out_of_time_order_are_refused() {
    let text = header(
        r#"{"at_ms": 9, "kind": "started", "app": "A"}, {"at_ms": 3, "kind": "crashed", "app": "A"}"#,
    );
    assert!(error_of(&text).starts_with("Event 1 at 3 ms is out of order"));
}

#[test]
fn ten_megabytes_of_events_are_refused_by_size_before_reading() {
    let event = r#"{"at_ms": 0, "kind": "started", "app": "A"},"#;
    let many = event.repeat(10_000_000 / event.len());
    let error = Trace::parse(&header(&many)).unwrap_err();
    assert!(matches!(error, TraceError::TooLarge { max: MAX_BYTES, .. }));
    assert!(trace_error(&error).contains("at most 2000000 bytes"));
}

#[test]
fn hostile_json_gets_a_message_not_a_crash() {
    assert!(error_of(&"[".repeat(100_000)).contains("nested more than 16 levels"));
    assert!(error_of("{\"format\": \"fencing-lab-trace\"").contains("not valid JSON"));
    assert!(error_of("{\"a\": 1}").contains("not a Fencing Lab trace"));
    let unknown = header(r#"{"at_ms": 0, "kind": "teleported", "app": "A"}"#);
    assert_eq!(
        error_of(&unknown),
        "Event 0 has an unknown kind \"teleported\"."
    );
}

#[test]
fn the_shipped_warehouse_recording_shows_the_item_sold_twice_and_two_owners() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/traces/last-item.trace.json");
    let trace = Trace::parse(&std::fs::read_to_string(path).unwrap()).unwrap();
    let run = trace.run();
    assert!(matches!(
        run.verdict.violations[..],
        [fencing_lab::engine::Violation {
            kind: fencing_lab::engine::ViolationKind::Oversold {
                promised: 2,
                existed: 1
            },
            ..
        }]
    ));
    assert_eq!(
        run.verdict.split_brain.len(),
        1,
        "A woke up believing, B believed"
    );
    assert_eq!(run.spans.leases.len(), 2);
}

#[test]
fn the_faults_a_trace_lists_come_back_as_the_engines_pauses_and_crashes() {
    let text = header("").replace(
        "\"events\"",
        r#""faults": [{"kind": "pause", "app": "A", "at_ms": 1000, "for_ms": 3000},
                      {"kind": "crash", "app": "A", "at_ms": 4500}], "events""#,
    );
    let trace = Trace::parse(&text).expect("valid");
    let expected = [
        fencing_lab::engine::Fault::pause(0, 1_000, 3_000),
        fencing_lab::engine::Fault::crash(0, 4_500),
    ];
    assert_eq!(trace.faults, expected);
    assert_eq!(trace.scenario().faults, expected);
    let dangling = text.replace(
        "\"app\": \"A\", \"at_ms\": 4500",
        "\"app\": \"Q\", \"at_ms\": 4500",
    );
    assert_eq!(
        error_of(&dangling),
        "\"faults[1].app\" must be the name of an app in \"apps\"."
    );
}
