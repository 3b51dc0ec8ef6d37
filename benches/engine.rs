//! Engine benchmarks: the document scenario (full run and verdict-only) and a busy hour.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use fencing_lab::engine::{run, run_verdict_only, Scenario};

fn benches(c: &mut Criterion) {
    let story = Scenario::gc_pause_story(true);
    c.bench_function("document scenario, full run", |b| {
        b.iter(|| run(black_box(&story)).expect("a valid scenario"))
    });
    c.bench_function("document scenario, verdict only", |b| {
        b.iter(|| run_verdict_only(black_box(&story)))
    });
    // 10 apps for one simulated hour: the holder renews every second, the other nine retry
    // their acquire every second.
    let hour = Scenario::busy(10, 3_600_000);
    let events = run_verdict_only(&hour).expect("valid").events_processed;
    let mut group = c.benchmark_group("busy hour");
    group.throughput(Throughput::Elements(events));
    group.sample_size(10);
    group.bench_function("10 apps renewing every second, verdict only", |b| {
        b.iter(|| run_verdict_only(black_box(&hour)))
    });
    group.finish();
}

criterion_group!(engine, benches);
criterion_main!(engine);
