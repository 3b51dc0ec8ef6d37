//! Explorer benchmarks: schedules per second over the default bounds of the "last item"
//! story (2 apps, 78 candidate faults, up to 2 at a time: 3 082 schedules), with token
//! enforcement off (violations found, counterexamples recorded) and on (all safe); the
//! "leader change" story on three members with the services' faults and cuts of the leader
//! (all safe: what a search of a replicated service costs); and one bare engine run for
//! comparison.

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
    replicated(c);
    // For comparison: one engine run of a typical schedule (the explorer's floor).
    let mut one = story.scenario().with_enforcement(false);
    one.faults = vec![Fault::pause(APP_A, 5_000, 20_000)];
    c.bench_function("run_verdict_only, last-item + one pause", |b| {
        b.iter(|| run_verdict_only(black_box(&one)))
    });
}

/// The leader-change story on its three members, default bounds with restarts, failovers
/// and the leader cut off, up to 2 at a time.
fn replicated(c: &mut Criterion) {
    let scenario = by_id("leader-change").expect("catalog story").scenario();
    let bounds = Bounds {
        service_faults: true,
        leader_cuts: true,
        ..Bounds::for_scenario(&scenario)
    };
    let total = Explorer::new(&scenario, bounds.clone())
        .expect("valid bounds")
        .total();
    let mut group = c.benchmark_group("explore leader-change, 3 members, services and cuts");
    group.throughput(Throughput::Elements(total));
    group.sample_size(10);
    group.bench_function("enforcement on", |b| {
        b.iter(|| explore_everything(&scenario, &bounds))
    });
    group.finish();
}

criterion_group!(explore, benches);
criterion_main!(explore);
