//! The protected resource as a real OS process: a line protocol on 127.0.0.1 (`READ <app>
//! <token>`, `WRITE <app> <token> <based_on>`, `RETURN <app> <token> <based_on>`), judged by the engine's own [`Resource`] rules,
//! so the same stock, versions and fence apply. With enforcement off it ignores tokens.
//! It reports what it served, accepted and rejected as trace events on stdout.

use crate::events::Clock;
use crate::flag;
use fencing_lab::engine::{Resource, ResourceKind};
use serde_json::json;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};

/// The resource `--kind storage|inventory` (with `--stock N`) describes.
pub fn kind_of(args: &[String]) -> Result<ResourceKind, String> {
    match flag(args, "--kind") {
        Some("storage") => Ok(ResourceKind::Storage),
        Some("inventory") => Ok(ResourceKind::Inventory {
            stock: flag(args, "--stock")
                .and_then(|s| s.parse().ok())
                .ok_or("--stock N is required for inventory")?,
        }),
        other => Err(format!(
            "--kind must be storage or inventory, not {other:?}"
        )),
    }
}

/// The arguments that describe `kind` to [`kind_of`].
pub fn args_of(kind: &ResourceKind) -> Result<Vec<String>, String> {
    match kind {
        ResourceKind::Storage => Ok(vec!["--kind".into(), "storage".into()]),
        ResourceKind::Inventory { stock } => Ok(vec![
            "--kind".into(),
            "inventory".into(),
            "--stock".into(),
            stock.to_string(),
        ]),
        ResourceKind::Payments { .. } => {
            Err("recording a payments resource is not supported yet".into())
        }
    }
}

pub fn main(args: &[String]) -> Result<(), String> {
    let enforcement = flag(args, "--enforcement") == Some("on");
    let mut resource = Resource::new(&kind_of(args)?, enforcement, true);
    let apps: Vec<String> = flag(args, "--apps")
        .unwrap_or_default()
        .split(',')
        .map(str::to_string)
        .collect();
    let clock = Clock {
        epoch_us: flag(args, "--epoch-us")
            .and_then(|e| e.parse().ok())
            .ok_or("--epoch-us is required")?,
    };
    let listener = TcpListener::bind(("127.0.0.1", 0)).map_err(|e| e.to_string())?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    println!("{}", json!({ "port": port }));
    for stream in listener.incoming().flatten() {
        serve(stream, &mut resource, &apps, &clock);
    }
    Ok(())
}

fn serve(stream: TcpStream, resource: &mut Resource, apps: &[String], clock: &Clock) {
    let mut line = String::new();
    let mut reader = BufReader::new(&stream);
    if reader.read_line(&mut line).is_err() {
        return;
    }
    let words: Vec<&str> = line.split_whitespace().collect();
    let number = |i: usize| words.get(i).and_then(|w| w.parse::<u64>().ok());
    let app = words.get(1).copied().unwrap_or("?");
    let index = apps.iter().position(|a| a == app).unwrap_or(0);
    let answer = match (words.first().copied(), number(2), number(3)) {
        (Some("READ"), Some(token), _) => {
            let (value, raised) = resource.read(token);
            clock.emit(json!({ "kind": "read", "app": app, "token": token, "value": value }));
            if raised {
                clock.emit(json!({ "kind": "fence_raised", "token": token }));
            }
            format!("OK {value}")
        }
        (Some(verb @ ("WRITE" | "RETURN")), Some(token), Some(based_on)) => {
            let returns = verb == "RETURN";
            write(resource, (app, index), (token, based_on), returns, clock)
        }
        _ => "ERROR unknown request".to_string(),
    };
    let mut stream = &stream;
    let _ = writeln!(stream, "{answer}");
}

/// A write (`returns`: a return of the app's last item) computed from `based_on`.
fn write(
    resource: &mut Resource,
    app: (&str, usize),
    (token, based_on): (u64, u64),
    returns: bool,
    clock: &Clock,
) -> String {
    let mut violations = Vec::new();
    let read = resource.version(); // the protocol names no version: tokens are checked
    let result = if returns {
        resource.give_back(app.1, token, based_on, read)
    } else {
        resource.write(app.1, token, based_on, read, &mut violations)
    };
    let highest = resource.fence();
    if !result.accepted {
        let rejected =
            json!({ "kind": "write_rejected", "app": app.0, "token": token, "highest": highest });
        clock.emit(rejected);
        return format!("REJECTED {highest}");
    }
    let mut accepted = json!({
        "kind": "write_accepted", "app": app.0, "token": token,
        "based_on": based_on, "stale": result.stale,
    });
    if returns {
        accepted["returns"] = json!(true);
    }
    clock.emit(accepted);
    if highest > result.highest_before {
        clock.emit(json!({ "kind": "fence_raised", "token": highest }));
    }
    let value = resource.value();
    clock.emit(json!({ "kind": "resource_changed", "value": value, "highest_token": highest }));
    format!("OK {value}")
}
