//! Writing a scenario as a story: every setting that is not its default, each app with its
//! plan, and the faults in the scenario's order, so that reading it back gives the scenario.
//!
//! A statement whose settings are all their defaults is left out, except `run`, `service`,
//! `resource` and the apps, which are always written (an inventory with its stock).

use super::duration::{format_duration, format_signed};
use super::names::safe_name;
use super::vocab::{self, CHECKS, TOKENS};
use super::write_faults::fault_line;
use crate::engine::{
    AppConfig, Client, Enforce, LeaderChange, Mode, Renew, ResourceKind, Scenario, Step, Tokens,
};

/// `scenario` as a story in the format: one statement a line, each line ended.
pub fn write(scenario: &Scenario) -> String {
    let base = Scenario::default();
    let mut out = String::new();
    run_line(scenario, &base, &mut out);
    service_line(scenario, &base, &mut out);
    network_line(scenario, &base, &mut out);
    clients_line(scenario, &base, &mut out);
    resource_line(scenario, &base, &mut out);
    for app in &scenario.apps {
        app_line(app, &mut out);
    }
    for fault in &scenario.faults {
        fault_line(scenario, fault, &mut out);
    }
    out
}

/// One statement being written: its words so far.
struct Line<'a> {
    out: &'a mut String,
}

impl<'a> Line<'a> {
    fn start(out: &'a mut String, first: &str) -> Line<'a> {
        out.push_str(first);
        Line { out }
    }

    /// Adds ` word`.
    fn word(&mut self, word: &str) -> &mut Self {
        self.out.push(' ');
        self.out.push_str(word);
        self
    }

    /// Adds ` key=value` when `differs` (the value is cheap to build: no closures, so no code
    /// per setting).
    fn key(&mut self, differs: bool, key: &str, value: String) -> &mut Self {
        if differs {
            self.out.push(' ');
            self.out.push_str(key);
            self.out.push('=');
            self.out.push_str(&value);
        }
        self
    }

    fn end(&mut self) {
        self.out.push('\n');
    }
}

fn on_off(on: bool) -> String {
    if on { "on" } else { "off" }.into()
}

fn run_line(s: &Scenario, base: &Scenario, out: &mut String) {
    Line::start(out, "run")
        .word("for")
        .word(&format_duration(s.horizon_ms))
        .key(s.seed != base.seed, "seed", s.seed.to_string())
        .key(
            s.max_events != base.max_events,
            "events",
            s.max_events.to_string(),
        )
        .end();
}

fn service_line(s: &Scenario, base: &Scenario, out: &mut String) {
    let mut line = Line::start(out, "service");
    match s.mode {
        Mode::Lease => line.word("lease").word(&format_duration(s.ttl_ms)),
        Mode::PermanentLock => line.word("lock"),
        Mode::NoLock => line.word("none"),
    };
    line.key(
        s.mode != Mode::Lease && s.ttl_ms != base.ttl_ms,
        "ttl",
        format_duration(s.ttl_ms),
    )
    .key(
        s.lock_delay_ms != base.lock_delay_ms,
        "lock_delay",
        format_duration(s.lock_delay_ms),
    )
    .key(
        s.first_token != base.first_token,
        "first_token",
        s.first_token.to_string(),
    )
    .key(
        s.tokens != Tokens::Ordered,
        "tokens",
        vocab::name_of(&TOKENS, s.tokens).into(),
    )
    .key(!s.counter_durable, "counter", "volatile".into())
    .key(
        s.leader_change != base.leader_change,
        "failover",
        failover(s.leader_change),
    )
    .key(
        s.expiry_lag_ms != base.expiry_lag_ms,
        "expiry_lag",
        format_duration(s.expiry_lag_ms),
    )
    .key(s.members != base.members, "members", s.members.to_string())
    .key(
        s.election_timeout_ms != base.election_timeout_ms,
        "election",
        format_duration(s.election_timeout_ms),
    )
    .key(s.renew_alone, "renew_alone", on_off(true))
    .key(s.pre_vote, "pre_vote", on_off(true))
    .key(
        s.member_jitter_ms != base.member_jitter_ms,
        "member_jitter",
        format_duration(s.member_jitter_ms),
    )
    .end();
}

fn failover(change: LeaderChange) -> String {
    match change {
        LeaderChange::ForgetsLeases => "forgets".into(),
        LeaderChange::RestartsLeases { extend_ms } => {
            String::from("restarts+") + &format_duration(extend_ms)
        }
    }
}

fn network_line(s: &Scenario, base: &Scenario, out: &mut String) {
    let (latency, jitter) = (
        s.latency_ms != base.latency_ms,
        s.jitter_ms != base.jitter_ms,
    );
    if latency || jitter {
        Line::start(out, "network")
            .key(latency, "latency", format_duration(s.latency_ms))
            .key(jitter, "jitter", format_duration(s.jitter_ms))
            .end();
    }
}

fn clients_line(s: &Scenario, base: &Scenario, out: &mut String) {
    let allowance = s.drift_allowance_ms != base.drift_allowance_ms;
    if s.client == base.client && !allowance {
        return;
    }
    let kind = match s.client {
        Client::Careful => "careful",
        Client::Naive => "naive",
    };
    Line::start(out, "clients")
        .word(kind)
        .key(
            allowance,
            "allowance",
            format_duration(s.drift_allowance_ms),
        )
        .end();
}

fn resource_line(s: &Scenario, base: &Scenario, out: &mut String) {
    let mut line = Line::start(out, "resource");
    match &s.resource {
        ResourceKind::Inventory { stock } => {
            line.word("inventory").key(true, "stock", stock.to_string())
        }
        ResourceKind::Payments { invoices } => {
            let mut ids = String::new();
            for (i, id) in invoices.iter().enumerate() {
                if i > 0 {
                    ids.push(',');
                }
                ids.push_str(&id.to_string());
            }
            line.word("payments")
                .key(!invoices.is_empty(), "invoices", ids)
        }
        ResourceKind::Storage => line.word("file"),
    };
    line.key(
        s.enforce != Enforce::HighestToken,
        "checks",
        vocab::name_of(&CHECKS, s.enforce).into(),
    )
    .key(
        s.enforcement != base.enforcement,
        "enforcement",
        on_off(s.enforcement),
    )
    .key(
        s.fence_reads != base.fence_reads,
        "fence_reads",
        on_off(s.fence_reads),
    )
    .key(!s.fence_durable, "fence", "volatile".into())
    .end();
}

fn app_line(app: &AppConfig, out: &mut String) {
    let base = AppConfig::new("", "");
    let mut line = Line::start(out, "app");
    line.word(&safe_name(&app.name)).word(&quoted(&app.role));
    line.key(
        app.start_ms != base.start_ms,
        "start",
        format_duration(app.start_ms),
    )
    .key(
        app.retry_ms != base.retry_ms,
        "retry",
        format_duration(app.retry_ms),
    )
    .key(
        app.renew != base.renew,
        "renew",
        match app.renew {
            Renew::TtlThird => "third".into(),
            Renew::Off => "off".into(),
            Renew::EveryMs(ms) => format_duration(ms),
        },
    )
    .key(
        app.check_before_write,
        "check",
        format_duration(app.safety_margin_ms),
    )
    .key(
        app.clock_offset_ms != 0,
        "clock",
        format_signed(app.clock_offset_ms),
    )
    .key(app.clock_drift_ppm != 0, "drift", ppm(app.clock_drift_ppm))
    .word("does")
    .word(&plan(app));
    line.end();
}

/// A drift in ppm, its sign always written: `+200ppm`, `-100ppm`.
fn ppm(drift_ppm: i64) -> String {
    let sign = if drift_ppm < 0 { "-" } else { "+" };
    String::from(sign) + &drift_ppm.unsigned_abs().to_string() + "ppm"
}

/// `app`'s plan: `acquire`, its steps, and `release` if it releases at the end.
fn plan(app: &AppConfig) -> String {
    let mut plan = String::from("acquire");
    for step in &app.steps {
        plan.push_str(", ");
        match step {
            Step::Read => plan.push_str("read"),
            Step::Work { for_ms } => {
                plan.push_str("work ");
                plan.push_str(&format_duration(*for_ms));
            }
            Step::Write => plan.push_str("write"),
            Step::Return => plan.push_str("return"),
        }
    }
    if app.release_at_end {
        plan.push_str(", release");
    }
    plan
}

/// `role` in double quotes, with `"` and `\` escaped.
fn quoted(role: &str) -> String {
    let mut text = String::with_capacity(role.len() + 2);
    text.push('"');
    for c in role.chars() {
        if matches!(c, '"' | '\\') {
            text.push('\\');
        }
        text.push(c);
    }
    text.push('"');
    text
}

#[cfg(test)]
#[path = "write_tests.rs"]
mod tests;
