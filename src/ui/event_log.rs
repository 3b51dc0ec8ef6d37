//! The event log: every notable event so far in plain words with its time; clicking one seeks there.
//! A polite live region announces new events while playing, at most one summary per event batch.

use crate::lab::PlaybackIntent;
use leptos::prelude::*;

use super::dispatch::use_send;
use super::handler::handler;
use super::later::later;
use super::signal::Mirrored;
use super::state::SimSignals;
use crate::lab::moments::is_logged;
use crate::lab::Intent;
use crate::words::screen::log_lines;
use crate::words::{panels, time};

/// The log panel.
/// Built once the first timeline has painted ([`later`]).
#[component]
pub fn EventLog(sim: SimSignals, playing: Mirrored<bool>) -> impl IntoView {
    later(move || event_log(sim, playing).into_any())
}

/// EventLog's content, built when [`later`] lets it.
fn event_log(sim: SimSignals, playing: Mirrored<bool>) -> impl IntoView {
    let send = use_send();
    let count = sim.revealed;
    let rows = move || {
        let count = count.get();
        let scenario = sim.scenario.get();
        sim.run.with(|run| {
            log_lines(run, &scenario, count)
                .into_iter()
                .map(|line| {
                    let at_ms = line.at_ms;
                    let bad = matches!(
                        run.trace[line.index].kind,
                        crate::engine::EventKind::Violation { .. }
                    );
                    view! {
                        <li class:bad=bad data-index=line.index.to_string()>
                            <button class="log-row" on:click=handler(move |_| send(Intent::Playback(PlaybackIntent::Seek(at_ms))))>
                                <time>{time(at_ms)}</time>
                                <span>{line.text}</span>
                            </button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    // The live region speaks the newest notable event, only while playing.
    let announcement = move || {
        if !playing.get() {
            return String::new();
        }
        let count = count.get();
        let scenario = sim.scenario.get();
        sim.run.with(|run| {
            run.trace[..count]
                .iter()
                .rev()
                .find(|e| is_logged(e))
                .map(|e| format!("{}: {}", time(e.at_ms), crate::words::event(e, &scenario)))
                .unwrap_or_default()
        })
    };
    view! {
        <section class="panel log-panel" aria-labelledby="log-title">
            <h2 id="log-title" class="panel-title">{panels::EVENT_LOG}<small>{panels::NEWEST_FIRST}</small></h2>
            <ol class="log" id="event-log">{rows}</ol>
            <div class="sr-only" aria-live="polite" aria-atomic="true" id="live-announcer">{announcement}</div>
        </section>
    }
}
