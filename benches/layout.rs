//! Timeline benchmarks: the whole drawing of a run, layout pass included (`Scene::draw`), for the
//! busiest catalog story at the lab's and a projector's size, and for a simulated day of ten
//! busy apps (thinned to its caps). Goal: ≤ 2 ms for a catalog story.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use fencing_lab::catalog::catalog;
use fencing_lab::engine::{run, Run, Scenario};
use fencing_lab::lab::window::fit;
use fencing_lab::ui::timeline::{Defs, Frame, Geometry, Scene, Show};

/// The catalog story whose drawing holds the most marks.
fn busiest_story() -> (String, Scenario, Run) {
    let mut best: Option<(usize, String, Scenario, Run)> = None;
    for entry in catalog() {
        let scenario = entry.scenario();
        let run = run(&scenario).expect("a valid scenario");
        let frame = Frame::lab(860.0);
        let scene = draw(frame, &scenario, &run, true);
        let marks = scene.marks.len() + scene.bands.len();
        if best.as_ref().is_none_or(|b| marks > b.0) {
            best = Some((marks, entry.id.to_string(), scenario, run));
        }
    }
    let (_, id, scenario, run) = best.expect("a catalog");
    (id, scenario, run)
}

fn draw(frame: Frame, scenario: &Scenario, run: &Run, routine_messages: bool) -> Scene {
    let w = fit(run, (Geometry::plot_px(frame), frame.font), None);
    let g = Geometry::new(frame, scenario.apps.len(), run.end_ms, (w.from_ms, w.to_ms));
    Scene::draw(g, run, scenario, Defs(0), Show { routine_messages })
}

fn benches(c: &mut Criterion) {
    let (id, scenario, story) = busiest_story();
    for (size, frame) in [
        ("lab 860 px", Frame::lab(860.0)),
        (
            "presentation 1880×820",
            Frame::presentation(1880.0, 820.0, scenario.apps.len()),
        ),
    ] {
        c.bench_function(&format!("draw {id}, {size}, routine messages shown"), |b| {
            b.iter(|| draw(frame, black_box(&scenario), black_box(&story), true))
        });
    }
    let day = Scenario::busy(10, 86_400_000);
    let long = run(&day).expect("a valid scenario");
    let mut group = c.benchmark_group("a busy day");
    group.sample_size(10);
    group.bench_function("draw 24 h of 10 apps, thinned, lab 860 px", |b| {
        b.iter(|| draw(Frame::lab(860.0), black_box(&day), black_box(&long), true))
    });
    group.finish();
}

criterion_group!(layout, benches);
criterion_main!(layout);
