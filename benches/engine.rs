//! Engine benchmarks: the document scenario (full run and verdict-only) and a busy hour.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use fencing_lab::engine::{run, run_verdict_only, AppConfig, Scenario, Step};

/// 10 apps for one simulated hour: the holder renews every second, the other nine retry
/// their acquire every second.
fn busy_hour() -> Scenario {
    let apps = (0..10)
        .map(|i| {
            AppConfig::new(&format!("P{i}"), "Worker")
                .start_ms(i * 100)
                .retry_ms(1_000)
                .renew_every_ms(Some(1_000))
                .steps(&[Step::Work { for_ms: 3_600_000 }])
        })
        .collect();
    Scenario {
        apps,
        horizon_ms: 3_600_000,
        max_events: 10_000_000,
        ..Default::default()
    }
}

fn benches(c: &mut Criterion) {
    let story = Scenario::gc_pause_story(true);
    c.bench_function("document scenario, full run", |b| {
        b.iter(|| run(black_box(&story)))
    });
    c.bench_function("document scenario, verdict only", |b| {
        b.iter(|| run_verdict_only(black_box(&story)))
    });
    let hour = busy_hour();
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
