//! The recorder's failures give a clear message and leave nothing running: etcd missing,
//! a port taken, a story it cannot record.

use std::net::TcpListener;
use std::process::{Command, Output};

fn recorder(args: &[&str], etcd: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fencing-lab-record"))
        .args(args)
        .env("ETCD", etcd)
        .output()
        .expect("the recorder runs")
}

fn said(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The recorder's etcd data directories left in /dev/shm.
fn leftovers() -> usize {
    std::fs::read_dir("/dev/shm").map_or(0, |dir| {
        dir.flatten()
            .filter(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with("fencing-lab-etcd-")
            })
            .count()
    })
}

#[test]
fn a_missing_etcd_is_reported_with_how_to_install_it_and_leaves_nothing_behind() {
    let before = leftovers();
    let output = recorder(
        &["record", "gc-pause", "--out", "/dev/null"],
        "/nonexistent/etcd",
    );
    assert!(!output.status.success());
    assert!(
        said(&output).contains("could not start /nonexistent/etcd"),
        "{}",
        said(&output)
    );
    assert_eq!(leftovers(), before, "no data directory is left behind");
    let output = Command::new(env!("CARGO_BIN_EXE_fencing-lab-record"))
        .args(["record", "gc-pause", "--out", "/dev/null"])
        .env_remove("ETCD")
        .env("PATH", "/nonexistent")
        .output()
        .unwrap();
    assert!(said(&output).contains("etcd is not installed: run `apt-get install etcd-server`"));
}

#[test]
fn a_taken_client_port_is_named() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = recorder(&["record", "gc-pause", "--client-port", &port], "/bin/true");
    assert!(!output.status.success());
    assert!(
        said(&output).contains(&format!("port {port} on 127.0.0.1 is taken")),
        "{}",
        said(&output)
    );
}

#[test]
fn a_story_with_faults_it_cannot_do_to_real_processes_is_refused_by_name() {
    let output = recorder(&["record", "delayed-packet"], "/bin/true");
    assert!(
        said(&output).contains("cannot be recorded yet"),
        "{}",
        said(&output)
    );
    let output = recorder(&["record", "no-such-story"], "/bin/true");
    assert!(said(&output).contains("no story called \"no-such-story\""));
}
