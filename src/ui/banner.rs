//! The outcome banner: what the run has shown so far, in one headline and one sentence (a broken
//! rule, a stuck system, a rejected stale write, two owners, or all well), revealed as the
//! playhead passes it. The words come from [`crate::words::screen::banner_shown`]: beside compare mode's
//! halves, both verdicts.

use std::sync::Arc;

use leptos::prelude::*;

use super::memo::memo;
use super::signal::Mirrored;
use crate::engine::{Run, Scenario};
use crate::lab::Half;
use crate::words::screen::banner_shown;

/// One-line verdict at the playhead; beside compare mode's two halves (`twins`) it gives both
/// halves' verdicts, each under its half's title.
#[component]
pub fn OutcomeBanner(
    run: Mirrored<Arc<Run>>,
    scenario: Mirrored<Arc<Scenario>>,
    playhead_ms: Mirrored<u64>,
    twins: Mirrored<Option<(Half, Half)>>,
) -> impl IntoView {
    let message = memo(move || {
        let at_ms = playhead_ms.get();
        twins.with(|t| run.with(|run| scenario.with(|s| banner_shown(run, s, t.as_ref(), at_ms))))
    });
    view! {
        <div class=move || message.with(|m| m.tone.class()) id="outcome" role="status">
            <strong class="outcome-head">{move || message.with(|m| m.head.clone())}</strong>
            <span class="outcome-text">{move || message.with(|m| m.text.clone())}</span>
        </div>
    }
}
