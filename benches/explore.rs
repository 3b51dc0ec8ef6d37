//! Explorer benchmarks: schedules per second over the default bounds of the "last item"
//! story (2 apps, 78 candidate faults, up to 2 at a time: 3 082 schedules), with token
//! enforcement off (violations found, counterexamples recorded) and on (all safe); and
//! one bare engine run for comparison.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use fencing_lab::catalog::by_id;
use fencing_lab::engine::explore::{Bounds, Explorer};
use fencing_lab::engine::{run_verdict_only, Fault, Scenario, APP_A};

fn explore_everything(scenario: &Scenario, bounds: &Bounds) -> u64 {
    let mut explorer = Explorer::new(scenario, bounds.clone()).expect("default bounds");
    explorer.explore_all().explored
}

fn benches(c: &mut Criterion) {
    let story = by_id("last-item").expect("catalog story");
    let mut group = c.benchmark_group("explore last-item, default bounds");
    for enforcement in [false, true] {
        let scenario = story.scenario().with_enforcement(enforcement);
        let bounds = Bounds::for_scenario(&scenario);
        let total = Explorer::new(&scenario, bounds.clone())
            .expect("default bounds")
            .total();
        group.throughput(Throughput::Elements(total));
        let name = format!("enforcement {}", if enforcement { "on" } else { "off" });
        group.bench_function(name, |b| b.iter(|| explore_everything(&scenario, &bounds)));
    }
    group.finish();
    // For comparison: one engine run of a typical schedule (the explorer's floor).
    let mut one = story.scenario().with_enforcement(false);
    one.faults = vec![Fault::pause(APP_A, 5_000, 20_000)];
    c.bench_function("run_verdict_only, last-item + one pause", |b| {
        b.iter(|| run_verdict_only(black_box(&one)))
    });
}

criterion_group!(explore, benches);
criterion_main!(explore);
