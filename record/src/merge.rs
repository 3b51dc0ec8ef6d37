//! Turns what the processes reported into a trace: sorted by time, lock-key deletions that
//! no app released become expiries, refusals name the holder, and the result is read back by
//! the lab's own parser ([`Trace::parse`]), so a recording is always a valid trace file.

use fencing_lab::engine::Scenario;
use fencing_lab::trace::twin::TIME_SCALE;
use fencing_lab::trace::Trace;
use fencing_lab::words::trace_error;
use serde_json::{json, Value};

fn kind(line: &Value) -> &str {
    line["kind"].as_str().unwrap_or_default()
}

/// The trace of a recorded run of `scenario` from the reported `lines`.
pub fn trace(
    scenario: &Scenario,
    story: Option<&str>,
    version: &str,
    mut lines: Vec<Value>,
) -> Result<Trace, String> {
    lines.sort_by_key(|l| l["at_us"].as_u64().unwrap_or(0));
    let released: Vec<i64> = lines
        .iter()
        .filter(|l| kind(l) == "released")
        .filter_map(|l| l["token"].as_i64())
        .collect();
    let mut keys: Vec<(String, Value)> = Vec::new();
    let mut granted: Vec<(i64, Value)> = Vec::new();
    let mut events = Vec::new();
    for mut line in lines {
        let at_ms = line["at_us"].as_u64().unwrap_or(0) / 1_000;
        if at_ms > scenario.horizon_ms {
            continue;
        }
        let token = line["token"].as_i64().unwrap_or(-1);
        let holder = granted.iter().find(|g| g.0 == token).map(|g| g.1.clone());
        match kind(&line) {
            "x_lease" => {
                keys.push((
                    line["key"].as_str().unwrap_or_default().into(),
                    line["app"].clone(),
                ));
                continue;
            }
            "granted" => granted.push((token, line["app"].clone())),
            "refused" => match holder {
                Some(app) => line["holder"] = app,
                None => continue,
            },
            "x_deleted" => {
                let key = line["key"].as_str().unwrap_or_default();
                let owner = keys.iter().find(|k| k.0 == key).map(|k| k.1.clone());
                match (owner, holder) {
                    (Some(app), Some(_)) if !released.contains(&token) => {
                        line = json!({ "kind": "expired", "app": app, "token": token });
                    }
                    _ => continue,
                }
            }
            _ => {}
        }
        line["at_ms"] = json!(at_ms);
        if let Some(object) = line.as_object_mut() {
            object.remove("at_us");
        }
        events.push(line);
    }
    let header = header(scenario, story, version);
    let mut doc: Value = serde_json::from_str(&header.to_json()).map_err(|e| e.to_string())?;
    doc["events"] = Value::Array(killed_stop_believing(events));
    Trace::parse(&doc.to_string())
        .map_err(|e| format!("the recording is not a valid trace: {}", trace_error(&e)))
}

/// `events` with a `belief_ended` (why `crashed`) right after each `crashed` app that still
/// believed it held the lease: a killed process believes nothing, and cannot say so itself.
fn killed_stop_believing(events: Vec<Value>) -> Vec<Value> {
    let mut believing: Vec<(Value, Value)> = Vec::new();
    let mut out = Vec::with_capacity(events.len());
    for event in events {
        let app = event["app"].clone();
        match kind(&event) {
            "belief_started" => believing.push((app.clone(), event["token"].clone())),
            "belief_ended" => believing.retain(|b| b.0 != app),
            _ => {}
        }
        let killed = kind(&event) == "crashed";
        let at_ms = event["at_ms"].clone();
        out.push(event);
        if let Some(i) = believing.iter().position(|b| killed && b.0 == app) {
            let (app, token) = believing.remove(i);
            out.push(json!({ "at_ms": at_ms, "kind": "belief_ended", "app": app, "token": token, "why": "crashed" }));
        }
    }
    out
}

/// The trace's header (no events) for a recording of `scenario`.
fn header(scenario: &Scenario, story: Option<&str>, version: &str) -> Trace {
    let source = format!("etcd {version}");
    Trace::recording(scenario, &source, story, Some(TIME_SCALE))
}

#[cfg(test)]
mod tests {
    use super::*;
    use fencing_lab::engine::EventKind;

    fn lines(released: bool) -> Vec<Value> {
        let mut lines = vec![
            json!({ "at_us": 1_000, "kind": "started", "app": "A" }),
            json!({ "at_us": 2_000, "kind": "x_lease", "app": "A", "key": "fencing-lab/lock/1f" }),
            json!({ "at_us": 3_000, "kind": "granted", "app": "A", "token": 2, "expiry_ms": 2003 }),
            json!({ "at_us": 9_000, "kind": "x_deleted", "key": "fencing-lab/lock/1f", "token": 2 }),
        ];
        if released {
            lines.push(json!({ "at_us": 9_500, "kind": "released", "app": "A", "token": 2 }));
        }
        lines
    }

    #[test]
    fn a_lock_key_deleted_without_a_release_is_recorded_as_the_lease_expiring() {
        let scenario = fencing_lab::trace::twin::simulated("gc-pause", false).unwrap();
        let trace = trace(&scenario, None, "3.4.23", lines(false)).unwrap();
        let last = trace.events.last().unwrap();
        assert_eq!(
            (last.at_ms, last.kind),
            (9, EventKind::LeaseExpired { app: 0, token: 2 })
        );
        assert_eq!(trace.source, "etcd 3.4.23");
    }

    #[test]
    fn a_killed_app_stops_believing_it_holds_the_lease_when_it_is_killed() {
        let scenario = fencing_lab::trace::twin::simulated("gc-pause", false).unwrap();
        let mut lines = lines(false);
        lines.insert(3, json!({ "at_us": 3_000, "kind": "belief_started", "app": "A", "token": 2, "local_expiry_ms": 2003 }));
        lines.insert(4, json!({ "at_us": 5_000, "kind": "crashed", "app": "A" }));
        let trace = trace(&scenario, None, "3.4.23", lines).unwrap();
        let after_crash = trace
            .events
            .iter()
            .skip_while(|e| !matches!(e.kind, EventKind::Crashed { .. }))
            .nth(1)
            .unwrap();
        assert_eq!(after_crash.at_ms, 5);
        assert!(
            matches!(
                after_crash.kind,
                EventKind::BeliefEnded {
                    app: 0,
                    token: 2,
                    ..
                }
            ),
            "{after_crash:?}"
        );
    }

    #[test]
    fn a_lock_key_its_owner_released_is_no_expiry() {
        let scenario = fencing_lab::trace::twin::simulated("gc-pause", false).unwrap();
        let trace = trace(&scenario, None, "3.4.23", lines(true)).unwrap();
        assert!(trace.tally().expiries.is_empty());
        assert!(matches!(
            trace.events.last().unwrap().kind,
            EventKind::LeaseReleased { app: 0, token: 2 }
        ));
    }
}
