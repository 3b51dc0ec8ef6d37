//! What the lab shows above a recorded run's timeline: where it was recorded, its story and
//! time scale, and, measure by measure, how it compares with the simulation beside it (or why
//! there is none). The toolbar's button closes it.

use std::sync::Arc;

use leptos::prelude::*;

use super::signal::Mirrored;
use crate::catalog;
use crate::lab::RecordedRun;
use crate::words::recorded;

/// The card describing the open recording.
#[component]
pub fn RecordedSummary(recording: Mirrored<Option<Arc<RecordedRun>>>) -> impl IntoView {
    move || {
        recording.get().map(|rec| {
            let story = rec.trace.scenario.as_deref().and_then(catalog::by_id);
            let about = recorded::about(&rec.file, story.map(|e| e.title), rec.trace.enforcement);
            view! {
                <section class="card recorded-summary" id="recorded-summary" aria-labelledby="recorded-title">
                    <h2 id="recorded-title">{recorded::recorded_on(&rec.trace.source)}</h2>
                    <p class="recorded-about">{about}</p>
                    <p class="recorded-scale">{recorded::scale_line(rec.trace.time_scale, rec.trace.ttl_ms)}</p>
                    {comparison(&rec)}
                </section>
            }
        })
    }
}

/// The table of measures, or why there is no simulation to compare with.
fn comparison(rec: &RecordedRun) -> AnyView {
    let agreement = match &rec.twin {
        Err(why) => {
            return view! { <p class="recorded-no-twin">{recorded::no_twin(why)}</p> }.into_any()
        }
        Ok(_) => recorded::agreement(&rec.rows),
    };
    let names = rec.names();
    let rows = rec
        .rows
        .iter()
        .map(|r| {
            let tone = if r.ok() { "agree" } else { "differ" };
            view! {
                <tr class=tone>
                    <th scope="row">{recorded::measure(r.measure, &names)}</th>
                    <td>{recorded::value(&r.real, &names)}</td>
                    <td>{recorded::value(&r.simulated, &names)}</td>
                    <td>{recorded::difference(r)}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <details class="recorded-compare">
            <summary id="recorded-agreement">{agreement}</summary>
            {recorded::tokens_line(&rec.tokens.0, &rec.tokens.1).map(|t| view! { <p class="recorded-scale" id="recorded-tokens">{t}</p> })}
            <div class="who-scroll">
                <table class="who-table recorded-table">
                    <thead><tr>
                        <th scope="col">{recorded::MEASURE}</th>
                        <th scope="col">{recorded::RECORDED}</th>
                        <th scope="col">{recorded::SIMULATED}</th>
                        <th scope="col">{recorded::DIFFERENCE}</th>
                    </tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        </details>
    }
    .into_any()
}
