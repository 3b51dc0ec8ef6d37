//! The outcome banner: what the run has shown so far, in one headline and one sentence (a broken
//! rule, a stuck system, a rejected stale write, two owners, or all well), revealed as the
//! playhead passes it. The words come from [`crate::words::outcome`].

use leptos::prelude::*;

use super::state::use_lab;
use crate::words::outcome;

/// One-line verdict at the playhead.
#[component]
pub fn Outcome() -> impl IntoView {
    let lab = use_lab();
    let message = Memo::new(move |_| {
        let at_ms = lab.playhead_ms.get();
        lab.run
            .with(|run| lab.scenario.with(|s| outcome(run, s, at_ms)))
    });
    view! {
        <div class=move || message.with(|m| m.tone.class()) id="outcome" role="status">
            <strong class="outcome-head">{move || message.with(|m| m.head.clone())}</strong>
            <span class="outcome-text">{move || message.with(|m| m.text.clone())}</span>
        </div>
    }
}
