//! The lab screen: picker and enforcement switch on top, the timeline (or two, in compare mode)
//! with its transport, then narration, the resource, faults, settings, the Write panel and the
//! event log. The story view (`.app.story`, see the stylesheet) shows only the chart, its
//! transport, the narration line, the question card and the story's switch, with a button into
//! the rest: the lab view's panels (faults, settings, the Write panel, the explorer, the story's
//! steps, the resource, the log) are not built until the lab view (or presentation view) first
//! shows, and are kept, hidden, when the story view comes back.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

use leptos::prelude::*;

use super::banner::OutcomeBanner;
use super::derived::{derive, Derived};
use super::dispatch::{act, use_send};
use super::event_log::EventLog;
use super::explorer::ExplorerPanel;
use super::fault_panel::FaultPanel;
use super::handler::handler;
use super::memo::memo;
use super::narration::Narration;
use super::overlays::NarrationLine;
use super::picker::Picker;
use super::question_card::QuestionCard;
use super::recorded_view::RecordedSummary;
use super::resource_panel::ResourcePanel;
use super::settings::{EnforcementSwitch, Settings, StorySwitch};
use super::shortcuts;
use super::slot::slot;
use super::state::{use_lab, LabState, SetupSignals, ViewSignals};
use super::timeline::TimelineCard;
use super::title_card::TitleCard;
use super::trace_files::open_first;
use super::write_panel::WritePanel;
use crate::catalog::Entry;
use crate::engine::{Fault, ResourceKind};
use crate::lab::{Intent, RecordingIntent, ShareIntent, ViewIntent};
use crate::words::controls as words;

/// The whole interactive lab.
#[component]
pub fn Lab() -> impl IntoView {
    let lab = use_lab();
    shortcuts::install();
    let scenario = lab.sim.scenario;
    let entry = derive(move || lab.entry());
    let inventory =
        derive(move || scenario.with(|s| matches!(s.resource, ResourceKind::Inventory { .. })));
    let has = move |pick: fn(&Fault) -> bool| {
        derive(move || scenario.with(|s| s.faults.iter().any(pick)))
    };
    let restarts = has(|f| matches!(f, Fault::RestartResource { .. }));
    // The single box's counter: a replicated service keeps its own, in its log.
    let failovers = derive(move || {
        scenario.with(|s| {
            s.members <= 1 && s.faults.iter().any(|f| matches!(f, Fault::Failover { .. }))
        })
    });
    let recording = lab.setup.recording;
    let simulating = move || recording.with(Option::is_none);
    let (story, presenting) = (lab.view.story, lab.view.presenting);
    // Once asked for, the lab view's panels stay built (with their state) when the story view
    // comes back.
    let was = Arc::new(AtomicBool::new(false));
    let lab_view = memo(move || {
        let now = was.load(Relaxed) || !story.get() || presenting.get();
        was.store(now, Relaxed);
        now
    });
    let panels = move || simulating() && lab_view.get();
    view! {
        <div
            class="lab"
            class:comparing=move || lab.view.compare.get()
            class:recorded=move || !simulating()
            on:dragover=handler(dropping)
            on:drop=handler(move |ev| dropped(lab, ev))
        >
            <Toolbar setup=lab.setup entry view=lab.view/>
            <RecordedSummary recording=recording/>
            {crate::ui::shown::shown(simulating, move || view! {
                <NarrationLine told=lab.sim.told playhead_ms=lab.playback.playhead_ms entry/>
                <QuestionCard/>
                <TitleCard entry presenting title_card=lab.view.title_card/>
                <OutcomeBanner run=lab.sim.run scenario=lab.sim.scenario playhead_ms=lab.playback.playhead_ms twins=lab.sim.twins/>
            }.into_any())}
            <div class="lab-grid">
                <div class="stage-col">
                    <TimelineCard/>
                    {crate::ui::shown::shown(panels, move || view! {
                        <div class="panel-row">
                            <FaultPanel/>
                            <Settings knobs=lab.setup.knobs inventory restarts failovers/>
                        </div>
                        <WritePanel/>
                        <ExplorerPanel/>
                    }.into_any())}
                </div>
                {crate::ui::shown::shown(panels, move || view! {
                    <aside class="side-col">
                        <Narration sim=lab.sim playhead_ms=lab.playback.playhead_ms entry/>
                        <ResourcePanel/>
                        <EventLog sim=lab.sim playing=lab.playback.playing/>
                    </aside>
                }.into_any())}
            </div>
        </div>
    }
}

/// The enforcement and story switches or, while a recording is open, the button closing it.
fn switches(setup: SetupSignals, entry: Derived<&'static Entry>) -> impl IntoView {
    let send = use_send();
    let fix = derive(move || entry.get().fix);
    crate::ui::shown::shown_else(
        move || setup.recording.with(Option::is_none),
        move || {
            view! {
                <EnforcementSwitch knobs=setup.knobs/>
                <StorySwitch knobs=setup.knobs fix/>
            }
            .into_any()
        },
        ViewFn::from(move || {
            view! {
                <button id="btn-close-trace" class="btn" on:click=handler(move |_| send(Intent::Recording(RecordingIntent::CloseTrace)))>{words::CLOSE_RECORDING}</button>
            }
        }),
    )
}

/// Lets a file be dropped on the lab.
fn dropping(ev: leptos::ev::DragEvent) {
    ev.prevent_default();
}

/// Opens a trace file dropped on the lab.
fn dropped(lab: LabState, ev: leptos::ev::DragEvent) {
    ev.prevent_default();
    open_first(
        move |intent| act(lab, intent),
        ev.data_transfer().and_then(|d| d.files()),
    );
}

/// The strip on top: the scenario picker, the enforcement switch, presentation and compare
/// views, and copying a link.
#[component]
fn Toolbar(
    setup: SetupSignals,
    entry: Derived<&'static Entry>,
    view: ViewSignals,
) -> impl IntoView {
    let send = use_send();
    let copied = slot(false);
    let (presenting, compare, story) = (view.presenting, view.compare, view.story);
    view! {
        <div class="toolbar">
            <Picker entry_id=setup.entry_id entry/>
            <div class="toolbar-actions">
                {switches(setup, entry)}
                <button
                    id="toggle-recordings"
                    class="btn ghost"
                    aria-haspopup="dialog"
                    title=words::RECORDINGS_TITLE
                    on:click=handler(move |_| send(Intent::View(ViewIntent::ToggleRecordings)))
                >
                    {words::RECORDINGS}
                </button>
                <button
                    id="toggle-present"
                    class="btn ghost"
                    aria-pressed=move || presenting.get().to_string()
                    on:click=handler(move |_| send(Intent::View(ViewIntent::TogglePresenting)))
                    title=words::PRESENT_TITLE
                >
                    {move || if presenting.get() { words::LEAVE_PRESENTATION } else { words::PRESENT }}
                </button>
                <button
                    id="toggle-compare"
                    class="btn ghost"
                    aria-pressed=move || compare.get().to_string()
                    on:click=handler(move |_| send(Intent::View(ViewIntent::ToggleCompare)))
                >
                    {move || if compare.get() { words::SINGLE_VIEW } else { words::COMPARE }}
                </button>
                <button
                    id="btn-copy-link"
                    class="btn ghost"
                    title=words::COPY_LINK_TITLE
                    on:click=handler(move |_| {
                        send(Intent::Share(ShareIntent::CopyLink));
                        copied.set(true);
                        set_timeout(move || copied.set(false), std::time::Duration::from_millis(1600));
                    })
                >
                    {move || if copied.get() { words::LINK_COPIED } else { words::COPY_LINK }}
                </button>
                <button
                    id="toggle-story"
                    class="btn"
                    class:primary-btn=move || story.get()
                    on:click=handler(move |_| send(Intent::View(ViewIntent::StoryView(!story.get()))))
                >
                    {move || if story.get() { words::EXPERIMENT } else { words::STORY_VIEW }}
                </button>
            </div>
        </div>
    }
}
