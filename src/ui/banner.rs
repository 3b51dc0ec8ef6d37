//! The outcome banner: what the run has shown so far, in one headline and one sentence (a broken
//! rule, a stuck system, a rejected stale write, two owners, or all well), revealed as the
//! playhead passes it. The words come from [`crate::words::banner`].

use std::sync::Arc;

use leptos::prelude::*;

use crate::engine::{Run, Scenario};
use crate::words::banner;

/// One-line verdict at the playhead.
#[component]
pub fn OutcomeBanner(
    run: Signal<Arc<Run>>,
    scenario: Signal<Arc<Scenario>>,
    playhead_ms: Signal<u64>,
) -> impl IntoView {
    let message = Memo::new(move |_| {
        let at_ms = playhead_ms.get();
        run.with(|run| scenario.with(|s| banner(run, s, at_ms)))
    });
    view! {
        <div class=move || message.with(|m| m.tone.class()) id="outcome" role="status">
            <strong class="outcome-head">{move || message.with(|m| m.head.clone())}</strong>
            <span class="outcome-text">{move || message.with(|m| m.text.clone())}</span>
        </div>
    }
}
