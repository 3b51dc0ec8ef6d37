//! Reads a trace file: JSON first (with caps), then the header, then each event, checking
//! types, references (apps by name, tokens granted earlier) and time order.

use super::error::TraceError;
use super::expected::{Countable, Expected};
use super::fields::{field, Fields};
use super::format::{FORMAT, MAX_BYTES, MAX_EVENTS, MAX_FAULTS, VERSION};
use super::json::{self, Value};
use super::read_kind;
use super::recording::{Trace, TraceApp};
use crate::engine::{Event, Fault, ResourceKind, MAX_APPS, MAX_HORIZON_MS};
use std::collections::BTreeSet;

/// Most invoices a payments resource may list (as the engine allows).
const MAX_INVOICES: usize = 64;

impl Trace {
    /// Reads and validates a trace file. Any problem gives a [`TraceError`] saying what and
    /// where; nothing here panics, whatever the input.
    pub fn parse(text: &str) -> Result<Trace, TraceError> {
        trace(text)
    }
}

fn trace(text: &str) -> Result<Trace, TraceError> {
    if text.len() > MAX_BYTES {
        return Err(TraceError::TooLarge {
            bytes: text.len(),
            max: MAX_BYTES,
        });
    }
    let root = json::parse(text)?;
    if root.get("format") != Some(&Value::Str(FORMAT.into())) {
        return Err(TraceError::NotATrace);
    }
    match root.get("version") {
        Some(v) if v.as_u64() == Some(VERSION) => {}
        Some(Value::Num(n)) => return Err(TraceError::Version { found: n.clone() }),
        _ => return Err(field("version", Expected::Number)),
    }
    let top = Fields::new(&root, String::new());
    let end_ms = top.u64("end_ms", MAX_HORIZON_MS)?;
    let apps = apps(&root)?;
    let faults = faults(&root, &apps)?;
    let events = events(&root, &apps, end_ms)?;
    Ok(Trace {
        source: top.text("source")?,
        scenario: top.opt_text("scenario")?,
        time_scale: top.opt_u64("time_scale", 1_000_000)?,
        ttl_ms: top.u64("ttl_ms", MAX_HORIZON_MS)?,
        enforcement: top.bool("enforcement")?,
        resource: resource(&root)?,
        end_ms,
        apps,
        faults,
        events,
    })
}

/// The optional `faults`: pauses and crashes, each naming an app.
fn faults(root: &Value, apps: &[TraceApp]) -> Result<Vec<Fault>, TraceError> {
    let items = match root.get("faults") {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Arr(items)) if items.len() <= MAX_FAULTS => items,
        Some(_) => return Err(field("faults", Expected::Faults { max: MAX_FAULTS })),
    };
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let fields = Fields::new(item, format!("faults[{i}]."));
        let name = fields.text("app")?;
        let Some(app) = apps.iter().position(|a| a.name == name) else {
            return Err(field(&fields.path("app"), Expected::AppName));
        };
        let at_ms = fields.u64("at_ms", MAX_HORIZON_MS)?;
        out.push(match fields.text("kind")?.as_str() {
            "pause" => Fault::pause(app, at_ms, fields.u64("for_ms", MAX_HORIZON_MS)?),
            "crash" => Fault::crash(app, at_ms),
            _ => return Err(field(&fields.path("kind"), Expected::FaultKind)),
        });
    }
    Ok(out)
}

fn apps(root: &Value) -> Result<Vec<TraceApp>, TraceError> {
    let Some(Value::Arr(items)) = root.get("apps") else {
        return Err(field("apps", Expected::Apps));
    };
    if items.is_empty() || items.len() > MAX_APPS {
        return Err(field("apps", Expected::AppCount { max: MAX_APPS }));
    }
    let mut apps: Vec<TraceApp> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let fields = Fields::new(item, format!("apps[{i}]."));
        let name = fields.text("name")?;
        if name.is_empty() || apps.iter().any(|a| a.name == name) {
            return Err(field(&fields.path("name"), Expected::UniqueName));
        }
        let role = fields.opt_text("role")?.unwrap_or_default();
        apps.push(TraceApp { name, role });
    }
    Ok(apps)
}

fn resource(root: &Value) -> Result<ResourceKind, TraceError> {
    let Some(value) = root.get("resource") else {
        return Err(field("resource", Expected::Object));
    };
    let fields = Fields::new(value, "resource.".into());
    match fields.text("kind")?.as_str() {
        "storage" => Ok(ResourceKind::Storage),
        "inventory" => Ok(ResourceKind::Inventory {
            stock: fields.u64("stock", 1_000_000)?,
        }),
        "payments" => {
            let Some(Value::Arr(items)) = value.get("invoices") else {
                return Err(field("resource.invoices", Expected::Invoices));
            };
            let invoices: Option<Vec<u32>> = items
                .iter()
                .map(|v| v.as_u64().and_then(|n| u32::try_from(n).ok()))
                .collect();
            match invoices {
                Some(invoices) if invoices.len() <= MAX_INVOICES => {
                    Ok(ResourceKind::Payments { invoices })
                }
                _ => Err(field(
                    "resource.invoices",
                    Expected::InvoiceCount { max: MAX_INVOICES },
                )),
            }
        }
        _ => Err(field("resource.kind", Expected::ResourceKind)),
    }
}

fn events(root: &Value, apps: &[TraceApp], end_ms: u64) -> Result<Vec<Event>, TraceError> {
    let Some(Value::Arr(items)) = root.get("events") else {
        return Err(field("events", Expected::Events));
    };
    if items.len() > MAX_EVENTS {
        return Err(TraceError::TooMany {
            what: Countable::Events,
            max: MAX_EVENTS,
        });
    }
    let mut tokens = BTreeSet::new();
    let mut last_ms = 0;
    let mut out = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        let fields = Fields::new(item, format!("events[{index}]."));
        let at_ms = fields.u64("at_ms", MAX_HORIZON_MS)?;
        if at_ms < last_ms || at_ms > end_ms {
            return Err(TraceError::TimeOrder { index, at_ms });
        }
        last_ms = at_ms;
        let event = Event {
            at_ms,
            kind: read_kind::kind(&fields, index, apps, &mut tokens)?,
        };
        out.push(event);
    }
    Ok(out)
}
