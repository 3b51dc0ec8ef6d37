//! Checks narration text against a run: every token number and every time it mentions
//! must be one the run actually produced.
//!
//! Conventions the narration follows so this can be checked: a time is written by
//! [`crate::units::time`] ("20 s", "60.05 s", "2 min 5 s"); any other number of 100 or more
//! is a token.

use crate::engine::{EventKind, Fault, Renew, Run, Scenario, Step};
use crate::units::time;

/// The numbers a run makes true.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// Every token granted, ascending.
    pub tokens: Vec<u64>,
    /// Times as the app writes them: event times and the scenario's durations and fault
    /// times, the spans between events (a wait, a pause), how long faults held messages and
    /// when a restarted lease now ends.
    pub times: Vec<String>,
}

impl Facts {
    /// Gathers the facts of `run`, the run of `scenario`.
    pub fn gather(scenario: &Scenario, run: &Run) -> Facts {
        let mut tokens: Vec<u64> = run.trace.iter().filter_map(|e| granted(&e.kind)).collect();
        let mut ms: Vec<u64> = run.trace.iter().map(|e| e.at_ms).collect();
        ms.push(run.end_ms);
        ms.extend(run.trace.iter().filter_map(|e| match e.kind {
            EventKind::MessageSent { delayed_ms, .. } if delayed_ms > 0 => Some(delayed_ms),
            // When a new leader says the lease it restarted now ends, or a renewal says
            // the lease it renewed does.
            EventKind::LeaseRestarted { expiry_ms, .. }
            | EventKind::LeaseRenewed {
                expiry_ms: Some(expiry_ms),
                ..
            } => Some(expiry_ms),
            _ => None,
        }));
        ms.extend(durations(scenario));
        for p in run.spans.pauses.iter().chain(&run.spans.partitions) {
            ms.extend([p.from_ms, p.until_ms, p.until_ms - p.from_ms]);
        }
        if let Some(stuck) = &run.verdict.stuck {
            ms.push(stuck.until_ms - stuck.crashed_ms);
        }
        let mut times: Vec<String> = ms.iter().map(|&m| time(m)).collect();
        tokens.sort_unstable();
        tokens.dedup();
        times.sort_unstable();
        times.dedup();
        Facts { tokens, times }
    }

    /// The mentions in `text` the facts do not support, e.g. `["token 104", "75 s"]`.
    pub fn unsupported(&self, text: &str) -> Vec<String> {
        let mut out = Vec::new();
        for mention in mentions(text) {
            let ok = match mention {
                Mention::Time(ref t) => self.times.contains(t),
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
    out.extend(Some(s.election_timeout_ms).filter(|_| s.members > 1));
    out.extend(Some(s.lock_delay_ms).filter(|&ms| ms > 0));
    for app in &s.apps {
        out.extend([app.start_ms, app.retry_ms]);
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
        Fault::DelayMessage { extra_ms, .. } | Fault::Reorder { extra_ms, .. } => vec![extra_ms],
        Fault::Duplicate { after_ms, .. } => vec![after_ms],
        Fault::RestartResource { at_ms } | Fault::Failover { at_ms } => vec![at_ms],
        Fault::CrashMember { at_ms, for_ms, .. } | Fault::CutMember { at_ms, for_ms, .. } => {
            vec![at_ms, for_ms, at_ms + for_ms]
        }
        Fault::Partition {
            from_ms, until_ms, ..
        } => vec![from_ms, until_ms],
    }
}

/// A number the text claims.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mention {
    /// "20 s", "60.05 s", "2 min 5 s", as written.
    Time(String),
    /// Any other number of 100 or more.
    Token(u64),
}

impl std::fmt::Display for Mention {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Mention::Time(t) => write!(f, "{t}"),
            Mention::Token(t) => write!(f, "token {t}"),
        }
    }
}

/// The rank of a time unit ("h" before "min" before "s"), if `word` is one.
fn unit(word: &str) -> Option<u8> {
    ["h", "min", "s"]
        .iter()
        .position(|u| *u == word)
        .map(|r| r as u8)
}

fn number(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// Every checkable number in `text`, in order: runs of "<number> <unit>" are one time.
pub fn mentions(text: &str) -> Vec<Mention> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':' | '(' | ')' | '“' | '”'))
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.trim_end_matches(['.', '!', '?'])
                .trim_start_matches(['-'])
        })
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if !number(words[i]) {
            i += 1;
            continue;
        }
        let mut parts = Vec::new();
        let mut last_rank = None;
        while i + 1 < words.len() && number(words[i]) {
            let Some(rank) = unit(words[i + 1]).filter(|&r| last_rank.is_none_or(|l| r > l)) else {
                break;
            };
            parts.push(format!("{} {}", words[i], words[i + 1]));
            last_rank = Some(rank);
            i += 2;
        }
        if !parts.is_empty() {
            out.push(Mention::Time(crate::units::joined(&parts, " ")));
            continue;
        }
        if let Ok(value) = words[i].parse::<u64>() {
            if value >= 100 {
                out.push(Mention::Token(value));
            }
        }
        i += 1;
    }
    out
}
