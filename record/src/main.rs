//! `fencing-lab-record`: runs a catalog story against a real etcd server with real
//! processes, records a trace file, and checks the simulation against such recordings.
//!
//! ```text
//! fencing-lab-record record <story> [--enforcement on|off] [--out FILE] [--client-port N]
//! fencing-lab-record conformance [--out-dir DIR] [--runs N]
//! ```
//! The same binary also runs as the children it starts (`app`, `resource`): one process
//! per application and one for the protected resource.

mod app;
mod cases;
mod client;
mod conformance;
mod etcd;
mod events;
mod merge;
mod mutex;
mod plan;
mod procs;
mod recorder;
mod resource;
mod sweep;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("record") => recorder::main(&args[1..]),
        Some("conformance") => conformance::main(&args[1..]),
        Some("app") => app::main(&args[1..]),
        Some("resource") => resource::main(&args[1..]),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("fencing-lab-record: {message}");
            ExitCode::FAILURE
        }
    }
}

pub const USAGE: &str = "usage:
  fencing-lab-record record <story> [--enforcement on|off] [--out FILE] [--client-port N]
  fencing-lab-record conformance [--out-dir DIR] [--runs N]";

/// The value after `--name` in `args`, if given.
pub fn flag<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(String::as_str)
}
