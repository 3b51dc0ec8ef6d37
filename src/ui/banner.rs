//! The outcome banner: what the run has shown so far, in one headline and one sentence (a broken
//! rule, a stuck system, a rejected stale write, two owners, or all well), revealed as the
//! playhead passes it. The words come from [`crate::words::banner`].

use std::sync::Arc;

use leptos::prelude::*;

use crate::engine::{Enforce, Run, Scenario};
use crate::words::{banner, enforcement_name, timeline::compare_title};

/// One-line verdict at the playhead; beside compare mode's two halves it names the half it
/// speaks of ("Token enforcement ON").
#[component]
pub fn OutcomeBanner(
    run: Signal<Arc<Run>>,
    scenario: Signal<Arc<Scenario>>,
    playhead_ms: Signal<u64>,
    compare: Signal<bool>,
) -> impl IntoView {
    let run_name = move || {
        compare.get().then(|| {
            scenario.with(|s| {
                let by_version = s.enforce == Enforce::ExactVersion || !s.tokens.ordered();
                compare_title(enforcement_name(by_version), s.enforcement)
            })
        })
    };
    let message = Memo::new(move |_| {
        let at_ms = playhead_ms.get();
        run.with(|run| scenario.with(|s| banner(run, s, at_ms)))
    });
    view! {
        <div class=move || message.with(|m| m.tone.class()) id="outcome" role="status">
            <small class="outcome-run">{run_name}</small>
            <strong class="outcome-head">{move || message.with(|m| m.head.clone())}</strong>
            <span class="outcome-text">{move || message.with(|m| m.text.clone())}</span>
        </div>
    }
}
