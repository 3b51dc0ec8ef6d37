//! The ABA case of compare-and-set: between A's read and A's write the stock goes away (B
//! reserves the item) and comes back (B's order is cancelled: `Step::Return`). Compared by
//! value the write passes, as the stock is what A read; compared by version it fails, as the
//! version rose twice, and A reads again. Either way the item is sold once.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::*;

/// A reads the last item and works 10 s; B reads, reserves, works 3 s and gives it back.
fn went_and_came_back(enforce: Enforce) -> Run {
    let a = AppConfig::new("A", "Warehouse service").steps(&[
        Step::Read,
        Step::Work { for_ms: 10_000 },
        Step::Write,
    ]);
    let b = AppConfig::new("B", "Warehouse service")
        .start_ms(2_000)
        .steps(&[
            Step::Read,
            Step::Write,
            Step::Work { for_ms: 3_000 },
            Step::Return,
        ]);
    let s = Scenario::default()
        .with_resource(ResourceKind::Inventory { stock: 1 })
        .with_apps(vec![a, b])
        .with_mode(Mode::NoLock)
        .with_enforce(enforce)
        .with_enforcement(true)
        .with_horizon_ms(40_000);
    run(&s).expect("runs")
}

/// What the resource did with each write reaching it, in order: (app, accepted, returns).
fn writes(run: &Run) -> Vec<(usize, bool, bool)> {
    let outcome = |e: &Event| match e.kind {
        EventKind::WriteAccepted { app, returns, .. } => Some((app, true, returns)),
        EventKind::WriteRejected { app, .. } => Some((app, false, false)),
        _ => None,
    };
    run.trace.iter().filter_map(outcome).collect()
}

/// The stock after each change.
fn stock(run: &Run) -> Vec<u64> {
    let change = |e: &Event| match e.kind {
        EventKind::ResourceChanged { value, .. } => Some(value),
        _ => None,
    };
    run.trace.iter().filter_map(change).collect()
}

#[test]
fn an_item_sold_and_given_back_passes_a_compare_of_values_but_not_of_versions() {
    let by_value = went_and_came_back(Enforce::ExactValue);
    // B reserves, B gives back, A's write (read before both) is taken: the stock is 1 again.
    let (b_reserves, b_returns) = ((1, true, false), (1, true, true));
    assert_eq!(writes(&by_value), [b_reserves, b_returns, (0, true, false)]);
    assert_eq!(stock(&by_value), [0, 1, 0]);
    let by_version = went_and_came_back(Enforce::ExactVersion);
    // The same stock, but two writes later: refused, and A's second try is taken.
    assert_eq!(
        writes(&by_version),
        [b_reserves, b_returns, (0, false, false), (0, true, false)]
    );
    let over = |e: &Event| matches!(e.kind, EventKind::StartedOver { app: 0, .. });
    assert_eq!(by_version.trace.iter().filter(|e| over(e)).count(), 1);
    for run in [&by_value, &by_version] {
        assert!(run.verdict.is_safe(), "one item, sold once either way");
        assert_eq!(stock(run).last(), Some(&0));
    }
}

#[test]
fn a_return_is_replayed_from_the_trace_as_the_engine_ran_it() {
    let run = went_and_came_back(Enforce::ExactValue);
    let at = |ms| run.resource_at(ms).state;
    let reserved = |ms| match at(ms) {
        ResourceState::Inventory {
            stock,
            reservations,
            ..
        } => (
            stock,
            reservations.iter().map(|r| r.app).collect::<Vec<_>>(),
        ),
        _ => unreachable!("a stock"),
    };
    assert_eq!(reserved(3_000), (0, vec![1]), "B holds the item");
    assert_eq!(reserved(6_000), (1, vec![]), "B gave it back");
    assert_eq!(reserved(20_000), (0, vec![0]), "A holds it");
}
