//! The outcome banner: what the run has shown so far, in one sentence (violation, split brain,
//! rejected stale write, or all well), revealed as the playhead passes it.

use leptos::prelude::*;

use super::format::seconds;
use super::state::use_lab;

/// One-line verdict at the playhead.
#[component]
pub fn Outcome() -> impl IntoView {
    let lab = use_lab();
    let message = Memo::new(move |_| {
        let at_ms = lab.playback.playhead_ms.get();
        lab.sim.run.with(|run| {
            let Some(verdict) = run.verdict.as_ref() else {
                let why = run
                    .error
                    .as_ref()
                    .map(|e| e.to_string())
                    .unwrap_or_default();
                return (
                    "outcome error",
                    "⚠".to_string(),
                    format!("This setup cannot run: {why}"),
                );
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
            let rejected = run
                .spans
                .accesses
                .iter()
                .filter(|a| a.at_ms <= at_ms)
                .find_map(|a| match a.write {
                    Some(crate::engine::WriteOutcome::Rejected { highest }) => {
                        Some((a.token, highest, a.at_ms))
                    }
                    _ => None,
                });
            if let Some((token, highest, when)) = rejected {
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
        })
    });
    view! {
        <div class=move || message.get().0 id="outcome" role="status">
            <strong class="outcome-head">{move || message.get().1}</strong>
            <span class="outcome-text">{move || message.get().2}</span>
        </div>
    }
}
