//! "Which pattern?" in words: each design's name, and what its row's runs say it guarantees,
//! costs and survives. Every figure is read off a run ([`crate::catalog::PatternRow`]).

use super::count::count;
use crate::catalog::{token_word, Design, PatternRow, Trial, FAILOVER_AT_MS};
use crate::engine::{Enforce, Mode};
use crate::units::time;

/// The dialog's title, and the button that opens it.
pub const TITLE: &str = "Which pattern?";
/// The column of designs.
pub const DESIGN: &str = "Design";
/// The column of what the row's own run ended with.
pub const THIS_RUN: &str = "Its run";
/// The column of what the run cost.
pub const COSTS: &str = "What it costs";
/// The column of the runs with one thing taken away.
pub const BREAKS: &str = "Take one thing away";

/// What the table runs, in two sentences.
pub const INTRO: &str = "Each row runs this story's orders under one design: A and B want the \
                         last item, and A freezes halfway through its order. The last column \
                         runs the same design twice more, each time with one thing taken \
                         away. \"Use\" loads the row's own run.";

/// A design's name.
pub fn design(design: Design) -> &'static str {
    match design {
        Design::LeaseToken => "Lease + fencing token",
        Design::LeaderEpoch => "Leader election + epoch",
        Design::CompareAndSet => "Compare-and-set, no lock",
        Design::Consensus => "Consensus under the lease",
    }
}

/// How a design keeps one order for the last item: who decides, and what the warehouse checks.
pub fn how(design: Design) -> &'static str {
    match design {
        Design::LeaseToken => {
            "One coordination box grants the lease and numbers each grant; the warehouse \
             refuses a token below the highest it has seen."
        }
        Design::LeaderEpoch => {
            "An election through the lease makes one app leader for a term; its epoch rises \
             at each election, and the warehouse refuses an older epoch."
        }
        Design::CompareAndSet => {
            "Nobody grants anything: an order reads the stock's version, and the warehouse \
             takes it only while that version is unchanged."
        }
        Design::Consensus => {
            "The lease and its token come from three members: a grant counts once a \
             majority has kept it, so a new leader knows it."
        }
    }
}

/// When to choose a design.
pub fn choose_when(design: Design) -> &'static str {
    match design {
        Design::LeaseToken => {
            "Choose it when one service may hand out the right to act, and the resource can \
             keep one number per item."
        }
        Design::LeaderEpoch => {
            "Choose it when one leader does the writing for a long while: the number changes \
             only when leadership does."
        }
        Design::CompareAndSet => {
            "Choose it when orders are short and conflicts rare, so starting over is cheap: \
             there is no service to run or to fail."
        }
        Design::Consensus => {
            "Choose it when the service itself must survive a crash without numbering a grant \
             twice."
        }
    }
}

/// The accessible name of the button that loads a row's run.
pub fn use_row(design: Design) -> String {
    format!("Load this run: the orders under “{}”", self::design(design))
}

/// What the row's own run ended with: "Sold once: A's late order refused by its token".
pub fn outcome(row: &PatternRow) -> String {
    let s = &row.scenario;
    if !row.verdict.is_safe() {
        return "Sold twice".into();
    }
    if row.verdict.stale_writes_rejected == 0 {
        return "Sold once".into();
    }
    let by = if s.enforce == Enforce::ExactVersion {
        "the version it read"
    } else {
        token_word(s)
    };
    let its = if by.starts_with("the ") { "" } else { "its " };
    format!("Sold once: A's late order is refused by {its}{by}")
}

/// What the row's run cost: "B reserves at 40.25 s · 33 requests to the service".
pub fn cost(row: &PatternRow) -> String {
    let c = row.cost;
    let mut out = match c.b_reserved_ms {
        Some(ms) => format!("B reserves at {}", time(ms)),
        None => "B never reserves".into(),
    };
    out += &match c.requests {
        0 => " · no request to the service".into(),
        n => format!(
            " · {} to the service",
            count(n.into(), "request", "requests")
        ),
    };
    let members = row.scenario.members;
    if members > 1 {
        out += &format!(
            " · each grant kept by {} of {members} members first",
            members / 2 + 1
        );
    }
    if c.start_overs > 0 {
        out += &format!(
            " · A starts over {}",
            count(c.start_overs.into(), "time", "times")
        );
    }
    if c.refused > 0 {
        out += &format!(
            " · {} thrown away",
            count(c.refused.into(), "order", "orders")
        );
    }
    out
}

/// One trial of the row and how it ended: "The warehouse checks nothing: sold twice".
pub fn trial(row: &PatternRow, trial: Trial, safe: bool) -> String {
    let what = match trial {
        Trial::NoCheck => "The warehouse checks nothing".to_string(),
        Trial::CounterLost if row.scenario.members > 1 => {
            format!("The service's leader goes down at {}", time(FAILOVER_AT_MS))
        }
        Trial::CounterLost if row.scenario.mode == Mode::NoLock => {
            format!("The unused service fails over at {}", time(FAILOVER_AT_MS))
        }
        Trial::CounterLost => format!(
            "The service fails over at {}, its counter in memory",
            time(FAILOVER_AT_MS)
        ),
    };
    let ends = if safe {
        "still sold once"
    } else {
        "sold twice"
    };
    format!("{what}: {ends}")
}
