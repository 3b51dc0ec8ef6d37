//! The timeline card: the view strip, one timeline (or, in compare mode, enforcement off and on
//! under their captions, sharing one axis), the transport right under it, the legend and the
//! exports.

use leptos::prelude::*;

use super::key::Legend;
use super::legend::{self, Kind};
use super::recorded::RecordedTimelines;
use super::tools::TimelineTools;
use super::view::Timeline;
use crate::lab::Half;
use crate::ui::derived::derive;
use crate::ui::export_buttons::ExportButtons;
use crate::ui::memo::{memo, Memoized};
use crate::ui::scroll::{rect, scroll_by, window_height};
use crate::ui::slot::{slot, Slot};
use crate::ui::state::{use_lab, LabState};
use crate::ui::transport::Transport;
use crate::words::enforcement_of;
use crate::words::timeline as words;

/// What the card draws.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// One timeline of the simulation.
    Single,
    /// Compare mode: enforcement off above, on below.
    Compare,
    /// A recorded run above the simulation of its scenario.
    Recorded,
}

/// The card holding the timeline(s) and everything that works on them.
#[component]
pub fn TimelineCard() -> impl IntoView {
    let lab = use_lab();
    let end_ms = derive(move || lab.end_ms());
    let routine = derive(move || lab.routine_messages());
    let layout = memo(move || {
        if lab.setup.recording.with(Option::is_some) {
            Layout::Recorded
        } else if lab.view.compare.get() {
            Layout::Compare
        } else {
            Layout::Single
        }
    });
    // The legend lists every kind of mark drawn by the playhead, in either half of compare
    // mode: a kind still to come is not given away.
    let kinds = slot(Vec::new());
    let kinds_on = slot(Vec::new());
    let legend_kinds = slot(Vec::new());
    crate::ui::effect::effect(move |_| {
        let at_ms = lab.playback.playhead_ms.get();
        let two = layout.get() != Layout::Single;
        let by = |all: &[(Kind, u64)], k: Kind| all.iter().any(|&(x, ms)| x == k && ms <= at_ms);
        let now: Vec<Kind> = kinds.with(|off| {
            kinds_on.with(|on| {
                let drawn = |k: &Kind| by(off, *k) || two && by(on, *k);
                legend::ALL.into_iter().filter(drawn).collect()
            })
        });
        if legend_kinds.with_untracked(|shown| *shown != now) {
            legend_kinds.set(now);
        }
    });
    follow_changes(lab);
    view! {
        <div class="card timeline-card">
            <TimelineTools view=lab.view end_ms routine/>
            {move || match layout.get() {
                Layout::Single => single(kinds).into_any(),
                Layout::Compare => compare(kinds, kinds_on).into_any(),
                Layout::Recorded => view! { <RecordedTimelines kinds kinds_on/> }.into_any(),
            }}
            <Transport playback=lab.playback end_ms/>
            <Legend kinds=legend_kinds/>
            <ExportButtons/>
        </div>
    }
}

/// Brings the chart into view when what it shows changes from elsewhere on the page: a fault
/// added or ended from the panel below it, compare mode turned on. When a timeline's drawing is
/// not wholly in the window, the card's top goes to the window's top (a 1280×720 window then
/// shows both halves of compare mode). Not in presentation view, which has no scrolling.
fn follow_changes(lab: LabState) {
    // What the last run saw (the effect's own state).
    let mut was: Option<(usize, usize, bool)> = None;
    crate::ui::effect::effect(move |_| {
        let now = (
            lab.setup.user_faults.with(Vec::len),
            lab.setup.resumes.with(Vec::len),
            lab.view.compare.get(),
        );
        let changed = was.is_some_and(|w| w.0 != now.0 || w.1 != now.1 || !w.2 && now.2);
        if changed && !lab.view.presenting.get_untracked() {
            request_animation_frame(bring_into_view);
        }
        was = Some(now);
    });
}

/// Scrolls the card's top to the window's top when its drawing is not wholly in the window.
fn bring_into_view() {
    let first = ".timeline-card .timeline-svg";
    let last =
        rect(".timeline-card .compare-half:last-child .timeline-svg").or_else(|| rect(first));
    let (Some(card), Some(top), Some(bottom)) = (rect(".timeline-card"), rect(first), last) else {
        return;
    };
    if top.top() < 0.0 || bottom.bottom() > window_height() {
        scroll_by(card.top() - 8.0);
    }
}

/// The name of the enforcement compared (see [`enforcement_of`]).
fn enforcement(lab: LabState) -> &'static str {
    lab.sim.scenario.with(|s| enforcement_of(s))
}

/// One timeline of the simulation.
fn single(kinds: Slot<Vec<(Kind, u64)>>) -> impl IntoView {
    let lab = use_lab();
    let run = derive(move || lab.sim.run.get());
    let scenario = derive(move || lab.sim.scenario.get());
    let label = {
        let on = lab.sim.scenario.with(|s| s.enforcement);
        words::timeline_of(lab.entry().title, enforcement(lab), on)
    };
    view! { <Timeline run=run scenario=scenario label kinds=kinds/> }
}

/// Enforcement off above, on below, sharing one axis; each half draws its own scenario's run.
fn compare(kinds: Slot<Vec<(Kind, u64)>>, kinds_on: Slot<Vec<(Kind, u64)>>) -> impl IntoView {
    let lab = use_lab();
    // Computed by the lab only while compare mode is on; the fallback covers the moment it ends.
    let twin = move |on: bool| {
        lab.sim.twins.with(|t| match t {
            Some((off, on_half)) => (if on { on_half } else { off }).clone(),
            None => Half {
                scenario: lab.sim.scenario.get(),
                run: lab.sim.run.get(),
            },
        })
    };
    let half_off = memo(move || twin(false));
    let half_on = memo(move || twin(true));
    let run = move |half: Memoized<Half>| derive(move || half.with(|h| h.run.clone()));
    let scenario = move |half: Memoized<Half>| derive(move || half.with(|h| h.scenario.clone()));
    let name = move || enforcement(lab);
    view! {
        <div class="compare">
            <section class="compare-half off" aria-label=move || words::compare_half(name(), false)>
                <h3 class="compare-title off">{move || words::compare_title(name(), false)}</h3>
                <Timeline run=run(half_off) scenario=scenario(half_off) label=words::timeline_with(name(), false) kinds=kinds twin=run(half_on)/>
            </section>
            <section class="compare-half on" aria-label=move || words::compare_half(name(), true)>
                <h3 class="compare-title on">{move || words::compare_title(name(), true)}</h3>
                <Timeline run=run(half_on) scenario=scenario(half_on) label=words::timeline_with(name(), true) kinds=kinds_on twin=run(half_off)/>
            </section>
        </div>
    }
}
