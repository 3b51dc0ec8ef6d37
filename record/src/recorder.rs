//! Records one run: starts etcd, measures its lease sweep ([`sweep`]) and the resource, starts
//! one process per app, does the faults to them on time, stops everything at the horizon, and
//! merges what each reported (plus the lock keys' deletions, watched on etcd) into a [`Trace`].

use crate::etcd::EtcdServer;
use crate::events::{unix_us, Clock};
use crate::procs::{catch_interrupts, dies_with_parent, signal, sleep_until, Children};
use crate::{flag, merge, mutex, plan, resource, sweep};
use fencing_lab::engine::Scenario;
use fencing_lab::trace::twin as simulated;
use fencing_lab::trace::{Tally, Trace};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Reported lines, shared by the reader threads.
pub type Lines = Arc<Mutex<Vec<Value>>>;

/// `record <story> [--enforcement on|off] [--out FILE] [--client-port N]`.
pub fn main(args: &[String]) -> Result<(), String> {
    let story = args
        .first()
        .filter(|a| !a.starts_with("--"))
        .ok_or(crate::USAGE)?;
    let enforcement = flag(args, "--enforcement") == Some("on");
    let client_port = match flag(args, "--client-port") {
        Some(p) => Some(
            p.parse()
                .map_err(|_| format!("--client-port {p:?} is not a port"))?,
        ),
        None => None,
    };
    let scenario = simulated::simulated(story, enforcement)
        .map_err(|_| format!("no story called {story:?}"))?;
    let trace = record(&scenario, Some(story), client_port)?;
    let out = flag(args, "--out").map_or_else(|| format!("{story}.trace.json"), str::to_string);
    std::fs::write(&out, trace.to_json()).map_err(|e| format!("{out}: {e}"))?;
    let outcome = trace.tally();
    println!(
        "recorded {story} on {} into {out}: {} events, {} grants, {} expiries, {} stale writes accepted, {} rejected",
        trace.source,
        trace.events.len(),
        outcome.grants.len(),
        outcome.expiries.len(),
        outcome.stale_accepted(),
        outcome.stale_rejected()
    );
    Ok(())
}

/// Starts `args` of this binary as a child whose stdout is piped.
fn spawn_self(args: &[String]) -> Result<std::process::Child, String> {
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut command = Command::new(me);
    command
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped());
    dies_with_parent(&mut command)
        .spawn()
        .map_err(|e| format!("could not start a child process: {e}"))
}

/// Collects every JSON line of `out` into `lines`.
fn collect(out: ChildStdout, lines: &Lines) -> JoinHandle<()> {
    let lines = Arc::clone(lines);
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            if let Ok(value) = serde_json::from_str::<Value>(&line) {
                lines.lock().unwrap().push(value);
            }
        }
    })
}

/// A recording, with the phase of etcd's lease sweep measured before it (ms into each 500 ms
/// of the Unix clock) and how long before a sweep the run was placed to have its first lease
/// run out (ms; 250, half a sweep); `None` for both if no lease runs out in the simulation.
pub struct Recorded {
    pub trace: Trace,
    pub sweep_phase_ms: Option<u64>,
    pub sweep_lag_ms: Option<u64>,
}

/// Records `scenario` (real ms) on a fresh etcd.
pub fn record(
    scenario: &Scenario,
    story: Option<&str>,
    client_port: Option<u16>,
) -> Result<Trace, String> {
    record_swept(scenario, story, client_port).map(|r| r.trace)
}

/// Records `scenario` (real ms) on a fresh etcd whose lease sweep was measured first, with the
/// run's first expiry put half-way between two sweeps (see [`sweep`]).
pub fn record_swept(
    scenario: &Scenario,
    story: Option<&str>,
    client_port: Option<u16>,
) -> Result<Recorded, String> {
    catch_interrupts();
    let apps = plan::apps(scenario)?;
    let actions = plan::actions(scenario)?;
    let resource_args = resource::args_of(&scenario.resource)?;
    let mut etcd = EtcdServer::start(client_port)?;
    let (clock, sweep_phase_ms, sweep_lag_ms) = swept_clock(&etcd, scenario)?;
    let mut children = Children::default();
    let lines: Lines = Arc::default();
    let epoch = Instant::now() + Duration::from_micros(clock.epoch_us.saturating_sub(unix_us()));
    let epoch_arg = clock.epoch_us.to_string();
    let names: Vec<&str> = apps.iter().map(|a| a.name.as_str()).collect();
    let mut args: Vec<String> = vec!["resource".into(), "--epoch-us".into(), epoch_arg.clone()];
    args.extend(resource_args);
    args.extend(["--apps".into(), names.join(","), "--enforcement".into()]);
    args.push(if scenario.enforcement { "on" } else { "off" }.into());
    let (port, reader) = start_resource(&args, &mut children, &lines)?;
    let mut readers = vec![reader];
    let watcher = watch_deletes(&etcd, &lines, clock);
    let mut procs = Vec::new();
    for app in &apps {
        let mut args = vec![
            "app".into(),
            "--etcd".into(),
            etcd.client.base().to_string(),
        ];
        args.extend([
            "--resource".into(),
            port.to_string(),
            "--epoch-us".into(),
            epoch_arg.clone(),
        ]);
        args.extend(app.to_args());
        let mut child = spawn_self(&args)?;
        readers.push(collect(child.stdout.take().ok_or("no stdout")?, &lines));
        procs.push(children.adopt(&app.name, child));
    }
    let run = do_faults(
        &mut children,
        &procs,
        &actions,
        epoch,
        &clock,
        &lines,
        &names,
    );
    let run = run.and_then(|()| sleep_until(epoch + Duration::from_millis(scenario.horizon_ms)));
    let stopped = children.stop_all();
    let etcd_stopped = etcd.stop();
    run?;
    stopped?;
    etcd_stopped?;
    for reader in readers {
        let _ = reader.join();
    }
    let _ = watcher.join();
    let lines = std::mem::take(&mut *lines.lock().unwrap());
    let trace = merge::trace(scenario, story, &etcd.version, lines)?;
    Ok(Recorded {
        trace,
        sweep_phase_ms,
        sweep_lag_ms,
    })
}

/// The recording's clock, its epoch half a second or more from now, placed so that the run's
/// first expiry falls half-way between two of `etcd`'s lease sweeps (measured here); with the
/// sweep's phase and the first expiry's lag (both ms; `None` if no lease runs out).
fn swept_clock(
    etcd: &EtcdServer,
    scenario: &Scenario,
) -> Result<(Clock, Option<u64>, Option<u64>), String> {
    let first_expiry_ms = first_expiry_ms(scenario);
    let phase_us = match first_expiry_ms {
        // A second probe when the first gets no answer (a machine busy enough to lose one).
        Some(_) => Some(sweep::phase_us(&etcd.client).or_else(|first| {
            sweep::phase_us(&etcd.client).map_err(|e| format!("{first}; again: {e}"))
        })?),
        None => None,
    };
    let earliest_us = unix_us() + 500_000;
    let clock = Clock {
        epoch_us: match (phase_us, first_expiry_ms) {
            (Some(phase), Some(at_ms)) => sweep::centred_epoch_us(phase, earliest_us, at_ms),
            _ => earliest_us,
        },
    };
    let lag_ms = phase_us
        .zip(first_expiry_ms)
        .map(|(phase, at_ms)| sweep::lag_ms(phase, clock.epoch_us, at_ms));
    Ok((clock, phase_us.map(|p| p / 1_000), lag_ms))
}

/// When the first lease runs out in the simulation of `scenario` with no sweep (ms).
fn first_expiry_ms(scenario: &Scenario) -> Option<u64> {
    let unswept = Scenario {
        expiry_lag_ms: 0,
        ..scenario.clone()
    };
    let run = fencing_lab::engine::run(&unswept).ok()?;
    Tally::of(&run.trace).expiries.first().map(|e| e.2)
}

/// Starts the resource process; returns the port it listens on and the reader of its events.
fn start_resource(
    args: &[String],
    children: &mut Children,
    lines: &Lines,
) -> Result<(u64, JoinHandle<()>), String> {
    let mut child = spawn_self(args)?;
    let mut out = BufReader::new(child.stdout.take().ok_or("no stdout")?);
    children.adopt("resource", child);
    let mut first = String::new();
    out.read_line(&mut first).map_err(|e| e.to_string())?;
    let port = serde_json::from_str::<Value>(&first)
        .ok()
        .and_then(|v| v["port"].as_u64());
    let port = port.ok_or("the resource process did not say its port")?;
    Ok((port, collect(out.into_inner(), lines)))
}

/// Does the pauses and crashes on time, reporting each as a trace event.
fn do_faults(
    children: &mut Children,
    procs: &[usize],
    actions: &[(u64, usize, plan::Action)],
    epoch: Instant,
    clock: &Clock,
    lines: &Lines,
    names: &[&str],
) -> Result<(), String> {
    for &(at_ms, app, action) in actions {
        sleep_until(epoch + Duration::from_millis(at_ms))?;
        let child = children.get(procs[app]);
        let (sig, mut event) = match action {
            plan::Action::Stop { until_ms } => (
                libc::SIGSTOP,
                json!({ "kind": "paused", "until_ms": until_ms }),
            ),
            plan::Action::Continue => (libc::SIGCONT, json!({ "kind": "resumed" })),
            plan::Action::Kill => (libc::SIGKILL, json!({ "kind": "crashed" })),
        };
        signal(child, sig);
        event["app"] = json!(names[app]);
        event["at_us"] = json!(clock.now_us());
        lines.lock().unwrap().push(event);
    }
    Ok(())
}

/// Watches the lock keys: each deletion is reported (`x_deleted`) with its key and create
/// revision; the merge tells expiries from releases.
fn watch_deletes(etcd: &EtcdServer, lines: &Lines, clock: Clock) -> JoinHandle<()> {
    let (client, lines) = (etcd.client.clone(), Arc::clone(lines));
    let thread = std::thread::spawn(move || {
        let _ = client.watch(mutex::PREFIX, mutex::PREFIX_END, 0, |answer| {
            let events = answer["result"]["events"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            for e in events.iter().filter(|e| e["type"] == "DELETE") {
                let prev = &e["prev_kv"];
                lines.lock().unwrap().push(json!({
                    "kind": "x_deleted", "at_us": clock.now_us(),
                    "key": crate::client::unb64(prev["key"].as_str().unwrap_or_default()),
                    "token": crate::client::num(&prev["create_revision"]),
                }));
            }
            true
        });
    });
    // The watch must be in place before the apps start (it is created within a few ms).
    std::thread::sleep(Duration::from_millis(100));
    thread
}
