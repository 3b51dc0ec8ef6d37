//! The outcome banner: what the run has shown so far, in one headline and one sentence (a broken
//! rule, a stuck system, a rejected stale write, two owners, or all well), revealed as the
//! playhead passes it. The words come from [`crate::words::banner`].

use std::sync::Arc;

use leptos::prelude::*;

use crate::engine::{Run, Scenario};
use crate::words::{banner, enforcement_of, timeline::compare_title};

/// One-line verdict at the playhead; beside compare mode's two halves it names the half it
/// speaks of ("Token enforcement ON").
#[component]
pub fn OutcomeBanner(
    run: Signal<Arc<Run>>,
    scenario: Signal<Arc<Scenario>>,
    playhead_ms: Signal<u64>,
    compare: Signal<bool>,
) -> impl IntoView {
    let message = Memo::new(move |_| {
        let at_ms = playhead_ms.get();
        let mut said = run.with(|run| scenario.with(|s| banner(run, s, at_ms)));
        if compare.get() {
            let half = scenario.with(|s| compare_title(enforcement_of(s), s.enforcement));
            said.head = format!("{half} · {}", said.head);
        }
        said
    });
    view! {
        <div class=move || message.with(|m| m.tone.class()) id="outcome" role="status">
            <strong class="outcome-head">{move || message.with(|m| m.head.clone())}</strong>
            <span class="outcome-text">{move || message.with(|m| m.text.clone())}</span>
        </div>
    }
}
