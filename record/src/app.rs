//! One application as a real OS process: it takes an etcd session (a lease kept alive every
//! TTL/3 after each answer) and the lock (its create revision is the fencing token), then
//! runs its plan against the resource process. It counts its lease from the keep-alive
//! *answer*, as clientv3's session does: its belief ends when TTL passes without one.
//! GC pauses and crashes are done to it from outside (SIGSTOP/SIGCONT, SIGKILL).

use crate::client::Etcd;
use crate::events::Clock;
use crate::flag;
use crate::mutex;
use crate::plan::{AppPlan, PlanStep};
use serde_json::json;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What the keep-alive thread and the plan share.
#[derive(Default)]
struct Session {
    /// When the lease runs out as the app counts it (ms after the epoch).
    deadline_ms: u64,
    /// The fencing token, once it holds the lock.
    token: Option<i64>,
    believes: bool,
    /// Released or abandoned: keep-alives stop.
    over: bool,
}

struct App {
    name: String,
    etcd: Etcd,
    resource_port: u16,
    clock: Clock,
    session: Arc<Mutex<Session>>,
}

pub fn main(args: &[String]) -> Result<(), String> {
    let plan = AppPlan::from_args(args)?;
    let app = App {
        name: plan.name.clone(),
        etcd: Etcd::new(flag(args, "--etcd").ok_or("--etcd URL is required")?),
        resource_port: flag(args, "--resource")
            .and_then(|p| p.parse().ok())
            .ok_or("--resource PORT is required")?,
        clock: Clock {
            epoch_us: flag(args, "--epoch-us")
                .and_then(|e| e.parse().ok())
                .ok_or("--epoch-us is required")?,
        },
        session: Arc::default(),
    };
    app.run(&plan)
}

impl App {
    fn emit(&self, kind: &str, mut fields: serde_json::Value) {
        fields["kind"] = json!(kind);
        fields["app"] = json!(self.name);
        self.clock.emit(fields);
    }

    fn run(&self, plan: &AppPlan) -> Result<(), String> {
        self.clock.sleep_until_ms(plan.start_ms);
        self.emit("started", json!({}));
        let (lease, ttl_s) = self.etcd.grant(plan.ttl_s)?;
        let ttl_ms = ttl_s.max(1) as u64 * 1_000;
        self.session.lock().unwrap().deadline_ms = self.clock.now_ms() + ttl_ms;
        self.emit("x_lease", json!({ "key": mutex::key_of(lease) }));
        self.keep_alive_in_background(lease, ttl_ms);
        let token = mutex::lock(&self.etcd, lease, |owner| {
            self.emit("refused", json!({ "token": owner }))
        })?;
        let deadline_ms = {
            let mut s = self.session.lock().unwrap();
            (s.token, s.believes) = (Some(token), true);
            s.deadline_ms
        };
        self.emit(
            "granted",
            json!({ "token": token, "expiry_ms": deadline_ms }),
        );
        let local = json!({ "token": token, "local_expiry_ms": deadline_ms });
        self.emit("belief_started", local);
        let completed = self.steps(plan, token)?;
        if completed && plan.release_at_end {
            mutex::unlock(&self.etcd, lease)?;
            // A lease that already ran out cannot be revoked: etcd ignores the release.
            if self.etcd.revoke(lease).is_ok() {
                self.emit("released", json!({ "token": token }));
            }
            self.end_belief(token, "released");
        }
        self.emit("finished", json!({ "completed": completed }));
        if completed && !plan.release_at_end {
            // Keeps the session (and the lock) until the recorder stops the run.
            loop {
                std::thread::sleep(Duration::from_secs(1));
            }
        }
        self.session.lock().unwrap().over = true;
        Ok(())
    }

    fn end_belief(&self, token: i64, why: &str) {
        let was = std::mem::replace(&mut self.session.lock().unwrap().believes, false);
        if was {
            self.emit("belief_ended", json!({ "token": token, "why": why }));
        }
    }

    /// Runs the plan; false if the resource rejected a write (the app gives up).
    fn steps(&self, plan: &AppPlan, token: i64) -> Result<bool, String> {
        let mut value: Option<u64> = None;
        for step in &plan.steps {
            match *step {
                PlanStep::Read => value = Some(self.ask(&format!("READ {} {token}", self.name))?),
                PlanStep::Work(ms) => std::thread::sleep(Duration::from_millis(ms)),
                PlanStep::Write | PlanStep::Return => {
                    let returns = *step == PlanStep::Return;
                    // A return gives an item back: only a stock takes one.
                    let worth = |v: &u64| match returns {
                        true => plan.counts_down,
                        false => *v > 0 || !plan.counts_down,
                    };
                    let Some(based_on) = value.filter(worth) else {
                        let skipped = json!({ "token": token, "reason": "nothing_to_do" });
                        self.emit("write_skipped", skipped);
                        continue;
                    };
                    let verb = if returns { "RETURN" } else { "WRITE" };
                    let line = format!("{verb} {} {token} {based_on}", self.name);
                    match self.ask(&line) {
                        Ok(after) => {
                            value = Some(match (plan.counts_down, returns) {
                                (true, true) => based_on + 1,
                                (true, false) => based_on - 1,
                                (false, _) => after,
                            })
                        }
                        Err(e) if e == "REJECTED" => {
                            self.end_belief(token, "write_rejected");
                            return Ok(false);
                        }
                        Err(e) => return Err(e),
                    }
                }
            }
        }
        Ok(true)
    }

    /// One request to the resource process: the number it answers, or "REJECTED".
    fn ask(&self, line: &str) -> Result<u64, String> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.resource_port))
            .map_err(|e| format!("resource: {e}"))?;
        writeln!(stream, "{line}").map_err(|e| format!("resource: {e}"))?;
        let mut answer = String::new();
        BufReader::new(stream)
            .read_line(&mut answer)
            .map_err(|e| format!("resource: {e}"))?;
        let mut words = answer.split_whitespace();
        match (words.next(), words.next().and_then(|n| n.parse().ok())) {
            (Some("OK"), Some(n)) => Ok(n),
            (Some("REJECTED"), _) => Err("REJECTED".into()),
            _ => Err(format!("resource answered {answer:?}")),
        }
    }

    /// Keeps the lease alive every TTL/3 after each answer, and ends the belief when the
    /// app's own count of the lease runs out (e.g. on waking from a pause).
    fn keep_alive_in_background(&self, lease: i64, ttl_ms: u64) {
        let app = App {
            name: self.name.clone(),
            etcd: self.etcd.clone(),
            resource_port: self.resource_port,
            clock: self.clock,
            session: Arc::clone(&self.session),
        };
        std::thread::spawn(move || app.keep_alive(lease, ttl_ms));
    }

    fn keep_alive(&self, lease: i64, ttl_ms: u64) {
        let mut next_ms = self.clock.now_ms() + ttl_ms / 3;
        loop {
            let deadline_ms = self.session.lock().unwrap().deadline_ms;
            self.clock
                .sleep_until_ms(next_ms.min(deadline_ms.max(self.clock.now_ms() + 1)));
            let (token, believes, over) = {
                let s = self.session.lock().unwrap();
                (s.token, s.believes, s.over)
            };
            if over {
                return;
            }
            let now_ms = self.clock.now_ms();
            if let (Some(token), true) = (token, believes && now_ms >= deadline_ms) {
                self.end_belief(token, "clock");
            }
            if now_ms < next_ms {
                continue;
            }
            match self.etcd.keep_alive(lease) {
                Ok(Some(ttl_s)) => {
                    let answered_ms = self.clock.now_ms();
                    let expiry_ms = answered_ms + ttl_s as u64 * 1_000;
                    self.session.lock().unwrap().deadline_ms = expiry_ms;
                    if let Some(token) = token {
                        self.emit("renewed", json!({ "token": token, "expiry_ms": expiry_ms }));
                    }
                    next_ms = answered_ms + ttl_ms / 3;
                }
                _ => {
                    if let Some(token) = token {
                        self.emit("renew_refused", json!({ "token": token }));
                        self.end_belief(token, "told_lost");
                    }
                    return;
                }
            }
        }
    }
}
