//! Writes a trace as JSON: the header, then one event per line. Engine events outside the
//! trace vocabulary (messages, clock jumps, partitions, restarts, failovers, violations)
//! are left out: version 1 does not record them.

use super::format::{FORMAT, VERSION};
use super::recording::{Trace, TraceApp};
use super::vocab::{BELIEF_ENDS, SKIP_REASONS};
use crate::engine::{Event, EventKind, Fault, RefuseReason, ResourceKind};
use std::fmt::Write;

impl Trace {
    /// The trace as JSON (format version [`VERSION`]), one event per line.
    pub fn to_json(&self) -> String {
        trace(self)
    }
}

fn trace(t: &Trace) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "{{\n\"format\": {}, \"version\": {VERSION},\n\"source\": {},",
        text(FORMAT),
        text(&t.source)
    );
    if let Some(id) = &t.scenario {
        let _ = write!(out, " \"scenario\": {},", text(id));
    }
    if let Some(scale) = t.time_scale {
        let _ = write!(out, " \"time_scale\": {scale},");
    }
    let _ = write!(
        out,
        "\n\"ttl_ms\": {}, \"enforcement\": {}, \"end_ms\": {},\n\"resource\": {},\n\"apps\": [",
        t.ttl_ms,
        t.enforcement,
        t.end_ms,
        resource(&t.resource)
    );
    for (i, app) in t.apps.iter().enumerate() {
        let comma = if i == 0 { "" } else { ", " };
        let (name, role) = (text(&app.name), text(&app.role));
        let _ = write!(out, "{comma}{{\"name\": {name}, \"role\": {role}}}");
    }
    out.push_str("],\n\"faults\": [");
    let faults: Vec<String> = t.faults.iter().filter_map(|f| fault(f, &t.apps)).collect();
    out.push_str(&crate::units::joined(&faults, ", "));
    out.push_str("],\n\"events\": [");
    let names: Vec<&str> = t.apps.iter().map(|a| a.name.as_str()).collect();
    let mut first = true;
    for line in t.events.iter().filter_map(|e| event(e, &names)) {
        out.push_str(if first { "\n" } else { ",\n" });
        out.push_str(&line);
        first = false;
    }
    out.push_str("\n]\n}\n");
    out
}

/// A pause or crash as JSON (version 1 records no other kind).
fn fault(f: &Fault, apps: &[TraceApp]) -> Option<String> {
    let app = text(&apps.get(f.app()?)?.name);
    match *f {
        Fault::Pause { at_ms, for_ms, .. } => Some(format!(
            "{{\"kind\": \"pause\", \"app\": {app}, \"at_ms\": {at_ms}, \"for_ms\": {for_ms}}}"
        )),
        Fault::Crash { at_ms, .. } => Some(format!(
            "{{\"kind\": \"crash\", \"app\": {app}, \"at_ms\": {at_ms}}}"
        )),
        _ => None,
    }
}

/// A JSON string.
fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn resource(kind: &ResourceKind) -> String {
    match kind {
        ResourceKind::Storage => "{\"kind\": \"storage\"}".into(),
        ResourceKind::Inventory { stock } => {
            format!("{{\"kind\": \"inventory\", \"stock\": {stock}}}")
        }
        ResourceKind::Payments { invoices } => {
            let list: Vec<String> = invoices.iter().map(|i| i.to_string()).collect();
            format!(
                "{{\"kind\": \"payments\", \"invoices\": [{}]}}",
                crate::units::joined(&list, ", ")
            )
        }
    }
}

fn word<T: PartialEq>(words: &[(&'static str, T)], value: T) -> String {
    let found = words.iter().find(|(_, v)| *v == value);
    text(found.map_or("?", |(w, _)| w))
}

fn opt(key: &str, value: Option<impl std::fmt::Display>) -> String {
    value.map_or(String::new(), |v| format!(", \"{key}\": {v}"))
}

/// One event as a JSON object, or `None` if version 1 does not record its kind.
fn event(e: &Event, names: &[&str]) -> Option<String> {
    use EventKind::*;
    let app = |i: usize| text(names.get(i).copied().unwrap_or("?"));
    let (kind, rest) = match e.kind {
        AppStarted { app: a } => ("started", format!(", \"app\": {}", app(a))),
        LeaseGranted {
            app: a,
            token,
            expiry_ms,
        } => {
            let expiry = opt("expiry_ms", expiry_ms);
            (
                "granted",
                format!(", \"app\": {}, \"token\": {token}{expiry}", app(a)),
            )
        }
        AcquireRefused {
            app: a,
            reason: RefuseReason::Held { holder, token },
        } => (
            "refused",
            format!(
                ", \"app\": {}, \"holder\": {}, \"token\": {token}",
                app(a),
                app(holder)
            ),
        ),
        LeaseRenewed {
            app: a,
            token,
            expiry_ms,
        } => {
            let expiry = opt("expiry_ms", expiry_ms);
            (
                "renewed",
                format!(", \"app\": {}, \"token\": {token}{expiry}", app(a)),
            )
        }
        RenewRefused { app: a, token } => ("renew_refused", app_token(&app(a), token)),
        LeaseExpired { app: a, token } => ("expired", app_token(&app(a), token)),
        LeaseReleased { app: a, token } => ("released", app_token(&app(a), token)),
        BeliefStarted {
            app: a,
            token,
            local_expiry_ms,
        } => {
            let local = opt("local_expiry_ms", local_expiry_ms);
            (
                "belief_started",
                format!("{}{local}", app_token(&app(a), token)),
            )
        }
        BeliefEnded { app: a, token, why } => {
            let why = word(&BELIEF_ENDS, why);
            (
                "belief_ended",
                format!("{}, \"why\": {why}", app_token(&app(a), token)),
            )
        }
        _ => return app_event(e, &app),
    };
    Some(format!(
        "{{\"at_ms\": {}, \"kind\": \"{kind}\"{rest}}}",
        e.at_ms
    ))
}

/// Pauses, crashes and the end of a plan.
fn app_event(e: &Event, app: &dyn Fn(usize) -> String) -> Option<String> {
    use EventKind::*;
    let (kind, rest) = match e.kind {
        PauseStarted { app: a, until_ms } => (
            "paused",
            format!(", \"app\": {}, \"until_ms\": {until_ms}", app(a)),
        ),
        PauseEnded { app: a } => ("resumed", format!(", \"app\": {}", app(a))),
        Crashed { app: a } => ("crashed", format!(", \"app\": {}", app(a))),
        PlanFinished { app: a, completed } => (
            "finished",
            format!(", \"app\": {}, \"completed\": {completed}", app(a)),
        ),
        StartedOver { app: a, attempt } => (
            "started_over",
            format!(", \"app\": {}, \"attempt\": {attempt}", app(a)),
        ),
        _ => return resource_event(e, app),
    };
    Some(format!(
        "{{\"at_ms\": {}, \"kind\": \"{kind}\"{rest}}}",
        e.at_ms
    ))
}

fn app_token(app: &str, token: u64) -> String {
    format!(", \"app\": {app}, \"token\": {token}")
}

fn resource_event(e: &Event, app: &dyn Fn(usize) -> String) -> Option<String> {
    use EventKind::*;
    let (kind, rest) = match e.kind {
        ReadServed {
            app: a,
            token,
            value,
        } => (
            "read",
            format!("{}, \"value\": {value}", app_token(&app(a), token)),
        ),
        WriteAccepted {
            app: a,
            token,
            based_on,
            stale,
            returns,
        } => (
            "write_accepted",
            format!(
                "{}, \"based_on\": {based_on}, \"stale\": {stale}{}",
                app_token(&app(a), token),
                if returns { ", \"returns\": true" } else { "" }
            ),
        ),
        WriteRejected {
            app: a,
            token,
            highest,
            ..
        } => (
            "write_rejected",
            format!("{}, \"highest\": {highest}", app_token(&app(a), token)),
        ),
        WriteSkipped {
            app: a,
            token,
            reason,
        } => {
            let reason = word(&SKIP_REASONS, reason);
            (
                "write_skipped",
                format!("{}, \"reason\": {reason}", app_token(&app(a), token)),
            )
        }
        ResourceChanged {
            value,
            highest_token,
        } => (
            "resource_changed",
            format!(", \"value\": {value}, \"highest_token\": {highest_token}"),
        ),
        FenceRaised { token } => ("fence_raised", format!(", \"token\": {token}")),
        _ => return None,
    };
    Some(format!(
        "{{\"at_ms\": {}, \"kind\": \"{kind}\"{rest}}}",
        e.at_ms
    ))
}
