//! Fuzzes the trace parser natively (100 000 cases): valid traces with bytes changed,
//! cut or spliced, and plain noise. Whatever the input, reading never panics, and a trace it
//! accepts can be drawn, summed up and written back to the same trace.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::engine::{run, Scenario};
use fencing_lab::trace::{Trace, TraceApp};
use proptest::prelude::*;
use std::sync::OnceLock;

/// A valid trace file: the last-item story simulated with enforcement on.
fn valid() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let scenario = Scenario::default().with_enforcement(true);
        let run = run(&scenario).expect("runs");
        Trace {
            source: "etcd 3.4.23".into(),
            scenario: Some("last-item".into()),
            time_scale: Some(15),
            ttl_ms: scenario.ttl_ms,
            enforcement: true,
            resource: scenario.resource.clone(),
            end_ms: run.end_ms,
            apps: vec![
                TraceApp {
                    name: "A".into(),
                    role: "Warehouse service".into(),
                },
                TraceApp {
                    name: "B".into(),
                    role: "Warehouse service".into(),
                },
            ],
            faults: scenario.faults.clone(),
            events: run.trace,
        }
        .to_json()
    })
}

/// Pieces that make a mutated trace likely to stay JSON, or to hit a check.
const PIECES: [&str; 16] = [
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "\\u00",
    "-1",
    "1e400",
    "18446744073709551616",
    "null",
    "\"kind\": \"granted\"",
    "\"app\": \"Z\"",
    "\"token\": 0",
    "\"version\": 2",
];

/// Changes `text` at `at` (a fraction of its length) with `piece`, the way `how` says.
fn mutate(text: &str, at: f64, how: u8, piece: &str) -> String {
    let mut i = ((text.len() as f64) * at) as usize;
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    match how % 4 {
        0 => format!("{}{piece}{}", &text[..i], &text[i..]),
        1 => {
            let mut end = (i + piece.len()).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            format!("{}{piece}{}", &text[..i], &text[end..])
        }
        2 => text[..i].to_string(),
        _ => format!(
            "{}{}",
            &text[..i],
            &text[(i + 1).min(text.len())..].replacen("\"", "", 1)
        ),
    }
}

fn survives(text: &str) {
    if let Ok(trace) = Trace::parse(text) {
        let _ = trace.run();
        let _ = trace.tally();
        assert_eq!(Trace::parse(&trace.to_json()).as_ref(), Ok(&trace));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100_000))]

    #[test]
    fn a_changed_trace_is_read_or_refused_never_a_panic(
        changes in prop::collection::vec((0.0..1.0f64, any::<u8>(), 0..PIECES.len()), 1..4),
    ) {
        let mut text = valid().to_string();
        for (at, how, piece) in changes {
            text = mutate(&text, at, how, PIECES[piece]);
        }
        survives(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn noise_is_refused_never_a_panic(text in "\\PC{0,200}") {
        survives(&text);
        prop_assert!(Trace::parse(&text).is_err());
    }
}
