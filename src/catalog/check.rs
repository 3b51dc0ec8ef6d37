//! Checks narration text against a run: every token number and every time it mentions
//! must be one the run actually produced.
//!
//! Conventions the narration follows so this can be checked: a time is a number
//! followed by " s" (or " seconds"); any other number of 100 or more is a token.

use crate::engine::{EventKind, Fault, Renew, Run, Scenario, Step};

/// The numbers a run makes true.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// Every token granted, ascending.
    pub tokens: Vec<u64>,
    /// Whole seconds: event times (rounded down) and the scenario's durations and fault times.
    pub seconds: Vec<u64>,
}

impl Facts {
    /// Gathers the facts of `run`, the run of `scenario`.
    pub fn gather(scenario: &Scenario, run: &Run) -> Facts {
        let mut tokens: Vec<u64> = run.trace.iter().filter_map(|e| granted(&e.kind)).collect();
        let mut ms: Vec<u64> = run.trace.iter().map(|e| e.at_ms).collect();
        ms.push(run.end_ms);
        ms.extend(durations(scenario));
        let mut seconds: Vec<u64> = ms.iter().map(|m| m / 1_000).collect();
        tokens.sort_unstable();
        tokens.dedup();
        seconds.sort_unstable();
        seconds.dedup();
        Facts { tokens, seconds }
    }

    /// The mentions in `text` the facts do not support, e.g. `["token 104", "75 s"]`.
    pub fn unsupported(&self, text: &str) -> Vec<String> {
        let mut out = Vec::new();
        for mention in mentions(text) {
            let ok = match mention {
                Mention::Seconds(s) => self.seconds.contains(&s),
                Mention::Token(t) => self.tokens.contains(&t),
            };
            if !ok {
                out.push(mention.to_string());
            }
        }
        out
    }
}

fn granted(kind: &EventKind) -> Option<u64> {
    match *kind {
        EventKind::LeaseGranted { token, .. } => Some(token),
        _ => None,
    }
}

fn durations(s: &Scenario) -> Vec<u64> {
    let mut out = vec![s.ttl_ms, s.horizon_ms, s.latency_ms];
    for app in &s.apps {
        out.push(app.start_ms);
        out.extend(
            app.renew_period_ms(s.ttl_ms)
                .filter(|_| app.renew != Renew::Off),
        );
        out.extend(app.steps.iter().filter_map(|st| match st {
            Step::Work { for_ms } => Some(*for_ms),
            _ => None,
        }));
    }
    for fault in &s.faults {
        out.extend(fault_times(fault));
    }
    out
}

fn fault_times(fault: &Fault) -> Vec<u64> {
    match *fault {
        Fault::Pause { at_ms, for_ms, .. } => vec![at_ms, for_ms, at_ms + for_ms],
        Fault::PauseAfterCheck { for_ms, .. } => vec![for_ms],
        Fault::Crash { at_ms, .. } | Fault::ClockJump { at_ms, .. } => vec![at_ms],
        Fault::DelayMessage { extra_ms, .. } => vec![extra_ms],
        Fault::Partition {
            from_ms, until_ms, ..
        } => vec![from_ms, until_ms],
    }
}

/// A number the text claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mention {
    /// "20 s", "30 seconds".
    Seconds(u64),
    /// Any other number of 100 or more.
    Token(u64),
}

impl std::fmt::Display for Mention {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Mention::Seconds(s) => write!(f, "{s} s"),
            Mention::Token(t) => write!(f, "token {t}"),
        }
    }
}

/// Every checkable number in `text`, in order.
pub fn mentions(text: &str) -> Vec<Mention> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let value: u64 = text[start..i].parse().unwrap_or(u64::MAX);
        if is_seconds(&text[i..]) {
            out.push(Mention::Seconds(value));
        } else if value >= 100 {
            out.push(Mention::Token(value));
        }
    }
    out
}

fn is_seconds(rest: &str) -> bool {
    let Some(rest) = rest.strip_prefix(' ') else {
        return false;
    };
    let unit = rest
        .split(|c: char| !c.is_ascii_alphabetic())
        .next()
        .unwrap_or("");
    matches!(unit, "s" | "second" | "seconds")
}
