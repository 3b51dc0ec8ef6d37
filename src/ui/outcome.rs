//! The outcome banner: what the run has shown so far, in one sentence (violation, split brain,
//! rejected stale write, or all well), revealed as the playhead passes it.

use std::sync::Arc;

use leptos::prelude::*;

use super::format::seconds;
use crate::engine::{Run, WriteOutcome};

/// What the banner shows: its class, headline and sentence.
type Message = (&'static str, String, String);

/// One-line verdict at the playhead.
#[component]
pub fn Outcome(run: Memo<Arc<Run>>, playhead_ms: RwSignal<u64>) -> impl IntoView {
    let message = Memo::new(move |_| {
        let at_ms = playhead_ms.get();
        run.with(|run| message_at(run, at_ms))
    });
    view! {
        <div class=move || message.get().0 id="outcome" role="status">
            <strong class="outcome-head">{move || message.get().1}</strong>
            <span class="outcome-text">{move || message.get().2}</span>
        </div>
    }
}

/// The banner at `at_ms`, first that applies: the setup cannot run, a rule broke, a stale write
/// was rejected, two owners, safe at the end, or an invitation to play.
fn message_at(run: &Run, at_ms: u64) -> Message {
    let Some(verdict) = run.verdict.as_ref() else {
        return cannot_run(run);
    };
    if let Some(v) = verdict.violations.iter().find(|v| v.at_ms <= at_ms) {
        return (
            "outcome bad",
            "⚠ Data corrupted".to_string(),
            format!(
                "At {}: {}. Switch on token enforcement to stop it.",
                seconds(v.at_ms),
                v.explanation
            ),
        );
    }
    if let Some((token, highest, when)) = first_rejection(run, at_ms) {
        return (
            "outcome good",
            "✓ Stale write rejected".to_string(),
            format!(
                "At {}: the resource refused token {token} because {token} < {highest}.",
                seconds(when)
            ),
        );
    }
    if let Some(w) = verdict.split_brain.iter().find(|w| w.from_ms <= at_ms) {
        return (
            "outcome warn",
            "⚠ Two owners".to_string(),
            format!(
                "From {} more than one application believes it owns the resource.",
                seconds(w.from_ms)
            ),
        );
    }
    if at_ms >= run.end_ms {
        return (
            "outcome good",
            "✓ Safe".to_string(),
            "No rule was broken in this run.".to_string(),
        );
    }
    (
        "outcome neutral",
        "▶".to_string(),
        "Press play, or step through the events.".to_string(),
    )
}

/// The banner for a setup the engine refused to run, with its reason.
fn cannot_run(run: &Run) -> Message {
    let why = run
        .error
        .as_ref()
        .map(|e| e.to_string())
        .unwrap_or_default();
    (
        "outcome error",
        "⚠".to_string(),
        format!("This setup cannot run: {why}"),
    )
}

/// The first write the resource rejected by `at_ms`: (token, highest seen, when).
fn first_rejection(run: &Run, at_ms: u64) -> Option<(u64, u64, u64)> {
    run.spans
        .accesses
        .iter()
        .filter(|a| a.at_ms <= at_ms)
        .find_map(|a| match a.write {
            Some(WriteOutcome::Rejected { highest }) => Some((a.token, highest, a.at_ms)),
            _ => None,
        })
}
