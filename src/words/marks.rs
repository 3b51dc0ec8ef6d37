//! The timeline's words for the services' own faults and the network's copies: a resource
//! restart ("⟳ restart · fence lost"), a failover ("⇆ failover · no grants") and a copied
//! message, each as labels (longest first, for the layout pass to choose from) and a tooltip.

use crate::catalog::grant;
use crate::engine::{FailoverSpan, Mode, RestartMark, Scenario};
use crate::units::time;

/// Labels of a resource restart, longest first.
pub fn restart_labels(r: &RestartMark) -> Vec<String> {
    let fence = if r.lost_fence() {
        "fence lost"
    } else {
        "fence kept"
    };
    vec![
        format!("⟳ restart · {fence}"),
        format!("⟳ {fence}"),
        "⟳".to_string(),
    ]
}

/// The tooltip of a resource restart.
pub fn restart_title(r: &RestartMark, s: &Scenario) -> String {
    let at = time(r.at_ms);
    if r.highest_before == 0 {
        format!("At {at}: {}", super::events::NOTHING_SEEN)
    } else if r.lost_fence() {
        format!(
            "The resource restarted at {at} and forgot the highest it had seen ({}): it kept it \
             only in memory, so older ones pass again",
            grant(s, r.highest_before)
        )
    } else {
        format!(
            "The resource restarted at {at}; it kept the highest it had seen ({})",
            grant(s, r.highest)
        )
    }
}

/// Labels of a failover, longest first (`waits`: its new leader grants nothing for a while;
/// `forgot`: a lease it held ended there, forgotten, told here rather than beside the lease).
pub fn failover_labels(waits: bool, forgot: bool) -> Vec<String> {
    let mut out = Vec::with_capacity(5);
    if forgot && waits {
        out.push("⇆ failover · lease forgotten · no grants".to_string());
    }
    if forgot {
        out.push("⇆ failover · lease forgotten".to_string());
        out.push("⇆ lease forgotten".to_string());
    }
    if waits && !forgot {
        out.push("⇆ failover · no grants".to_string());
    }
    out.extend(["⇆ failover".to_string(), "⇆".to_string()]);
    out
}

/// The tooltip of a failover.
pub fn failover_title(f: &FailoverSpan, s: &Scenario) -> String {
    let next = f
        .next_token
        .map_or("no more grants".to_string(), |t| grant(s, t));
    if s.mode == Mode::NoLock {
        format!(
            "The coordination service failed over at {}; no app here asks it for anything",
            time(f.at_ms)
        )
    } else if s.members > 1 {
        format!(
            "A new leader took over the coordination service at {}: it keeps the leases it \
             finds, and it numbers its grants on from its log",
            time(f.at_ms)
        )
    } else if f.until_ms > f.at_ms {
        format!(
            "The coordination service failed over at {}: its new leader knows no lease and \
             grants none for one lease length, then {next}",
            time(f.at_ms)
        )
    } else {
        format!(
            "The coordination service failed over at {}; it grants {next} next",
            time(f.at_ms)
        )
    }
}

/// The label of an acquire message.
pub const ACQUIRE: &str = "acquire";
/// The label of a renew message.
pub const RENEW: &str = "renew";
/// The label of a release message.
pub const RELEASE: &str = "release";
/// The label of a grant message.
pub const GRANT: &str = "grant";
/// The label of a refusal message.
pub const REFUSED: &str = "refused";
/// The label of a renewal's answer.
pub const RENEWED: &str = "renewed";
/// The label of the answer that the lease is lost.
pub const LOST: &str = "lost";
/// The label of a read message.
pub const READ: &str = "read";
/// The label of a read's answer.
pub const VALUE: &str = "value";
/// The label of a write message.
pub const WRITE: &str = "write";
/// The label of a write's answer.
pub const ACK: &str = "ack";

/// The labels of `count` `word` messages arriving at once, longest first (answers of lost
/// leases: the renewals that reached the service at `sent_ms`), or of one.
pub fn burst(word: &str, count: usize, sent_ms: u64) -> Vec<String> {
    match count {
        1 => vec![word.to_string()],
        _ if word == LOST => vec![
            format!("{count} renewals, delivered late at {}", time(sent_ms)),
            format!("{count} renewals late"),
        ],
        _ => vec![format!("{word} ×{count}")],
    }
}

/// The tooltip of a `word` message of `who`'s, sent at `sent_ms` (the arrow grows with the
/// playhead and shows where it arrives, or ends where it is lost).
pub fn message_title(word: &str, who: &str, sent_ms: u64) -> String {
    format!("{word} ({who}) sent {}", time(sent_ms))
}

/// The label of the network's second copy of a message.
pub const COPY: &str = "copy";

/// The tooltip of the network's second copy of a `word` message of `who`'s.
pub fn copy_title(word: &str, who: &str, sent_ms: u64, delivered_ms: Option<u64>) -> String {
    match delivered_ms {
        Some(_) => format!(
            "a copy of {word} ({who}) sent {}: the network delivers it a second time",
            time(sent_ms)
        ),
        None => format!(
            "a copy of {word} ({who}) sent {}, never delivered",
            time(sent_ms)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_restart_says_whether_the_fence_survived() {
        let lost = RestartMark {
            at_ms: 45_000,
            highest_before: 102,
            highest: 0,
        };
        assert_eq!(restart_labels(&lost)[0], "⟳ restart · fence lost");
        let s = Scenario::gc_pause_story(true);
        assert!(restart_title(&lost, &s).contains("forgot the highest it had seen (token 102)"));
        let kept = RestartMark {
            highest: 102,
            ..lost
        };
        assert_eq!(restart_labels(&kept)[1], "⟳ fence kept");
    }

    #[test]
    fn a_failover_says_how_long_it_grants_nothing_and_what_it_grants_next() {
        let f = FailoverSpan {
            at_ms: 10_000,
            until_ms: 40_000,
            next_token: Some(101),
        };
        let s = Scenario::gc_pause_story(true);
        assert!(failover_title(&f, &s).contains("for one lease length, then token 101"));
        assert_eq!(failover_labels(false, false), vec!["⇆ failover", "⇆"]);
    }
}
