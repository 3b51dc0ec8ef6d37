//! A recorded run's timeline above the simulation of the same scenario, under their captions,
//! sharing one axis (compare mode, recorded vs simulated); the recording alone when the lab
//! cannot simulate it (the summary card above says why).

use std::sync::Arc;

use leptos::prelude::*;

use super::legend::Kind;
use super::view::Timeline;
use crate::engine::{Run, Scenario};
use crate::ui::derived::{derive, Derived};
use crate::ui::slot::Slot;
use crate::ui::state::use_lab;
use crate::words::recorded;

/// The recording's half and, if it has one, its simulation's half.
#[component]
pub fn RecordedTimelines(
    kinds: Slot<Vec<(Kind, u64)>>,
    kinds_on: Slot<Vec<(Kind, u64)>>,
) -> impl IntoView {
    let lab = use_lab();
    let rec = lab.setup.recording;
    // Only mounted while a recording is open; the fallbacks cover the moment it closes.
    let run: Derived<Arc<Run>> = derive(move || {
        rec.with(|r| r.as_ref().map(|r| r.run.clone()))
            .unwrap_or_else(|| lab.sim.run.get())
    });
    let scenario: Derived<Arc<Scenario>> = derive(move || {
        rec.with(|r| r.as_ref().map(|r| r.scenario.clone()))
            .unwrap_or_else(|| lab.sim.scenario.get())
    });
    let sim_run = derive(move || lab.sim.run.get());
    let sim_scenario = derive(move || lab.sim.scenario.get());
    let source = move || {
        rec.with(|r| {
            r.as_ref()
                .map(|r| r.trace.source.clone())
                .unwrap_or_default()
        })
    };
    let has_twin = move || rec.with(|r| r.as_ref().is_some_and(|r| r.twin.is_ok()));
    view! {
        <div class="compare recorded">
            <section class="compare-half recorded-half" aria-label=move || recorded::recorded_on(&source())>
                <h3 class="compare-title recorded">{move || recorded::recorded_on(&source())}</h3>
                <Timeline run scenario label=recorded::recorded_on(&source()) kinds twin=sim_run/>
            </section>
            // Without a simulation, the card above says why.
            {crate::ui::shown::shown(has_twin, move || view! {
                <section class="compare-half simulated-half" aria-label=recorded::simulated_caption()>
                    <h3 class="compare-title simulated">{recorded::simulated_caption()}</h3>
                    <Timeline run=sim_run scenario=sim_scenario label=recorded::simulated_caption() kinds=kinds_on twin=run/>
                </section>
            }.into_any())}
        </div>
    }
}
