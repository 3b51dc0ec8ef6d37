#![cfg(not(target_arch = "wasm32"))]
//! The written stories in the docs: every ```story block in README.md and
//! docs/story-format.md reads and runs, and what the README says of its three incidents is
//! what their runs do (times, tokens, who writes what, the verdict), so the README cannot
//! drift from the run.

use fencing_lab::catalog;
use fencing_lab::engine::{run, BeliefEnd, Body, EventKind, Run, Scenario, ViolationKind};
use fencing_lab::script::{parse, ScriptProblem};

/// The ```story blocks of `markdown`: the line of each opening fence, and the block's text.
fn blocks(markdown: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (index, line) in markdown.lines().enumerate() {
        match open.take() {
            None if line.trim_end() == "```story" => open = Some((index + 1, String::new())),
            None => {}
            Some(block) if line.trim_end() == "```" => found.push(block),
            Some((at, mut text)) => {
                text.push_str(line);
                text.push('\n');
                open = Some((at, text));
            }
        }
    }
    assert!(open.is_none(), "a ```story block never closes");
    found
}

fn readme() -> String {
    std::fs::read_to_string("README.md").expect("README.md")
}

/// The README's story whose text holds `marker`.
fn incident(marker: &str) -> String {
    let found: Vec<String> = blocks(&readme())
        .into_iter()
        .map(|(_, text)| text)
        .filter(|text| text.contains(marker))
        .collect();
    assert_eq!(found.len(), 1, "one README story holds {marker:?}");
    found[0].clone()
}

fn read_and_run(text: &str) -> (Scenario, Run) {
    let scenario = parse(text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    let run = run(&scenario).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    (scenario, run)
}

/// `text` with `from` replaced by `to` (which must be there once).
fn edited(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "{from:?} once in\n{text}");
    text.replace(from, to)
}

/// The run's key moments as the README tells them: grants, renewals, expiries, pauses,
/// beliefs ended by the app's own clock, and writes with their outcome.
fn moments(scenario: &Scenario, run: &Run) -> Vec<(u64, String)> {
    let name = |app: usize| scenario.apps[app].name.clone();
    let told = |kind: &EventKind| -> Option<String> {
        Some(match *kind {
            EventKind::LeaseGranted { app, token, .. } => format!("{} granted {token}", name(app)),
            EventKind::LeaseRenewed { app, .. } => format!("{} renewed", name(app)),
            EventKind::LeaseExpired { app, token } => format!("{} expired {token}", name(app)),
            EventKind::PauseStarted { app, .. } => format!("{} paused", name(app)),
            EventKind::PauseEnded { app } => format!("{} wakes", name(app)),
            EventKind::BeliefEnded {
                app,
                why: BeliefEnd::ClockSaysExpired,
                ..
            } => format!("{} clock ends", name(app)),
            EventKind::WriteAccepted {
                app, token, stale, ..
            } => {
                let stale = if stale { "stale " } else { "" };
                format!("{} {stale}accepted {token}", name(app))
            }
            EventKind::WriteRejected {
                app,
                token,
                highest,
                ..
            } => format!("{} rejected {token} < {highest}", name(app)),
            _ => return None,
        })
    };
    let trace = run.trace.iter();
    trace
        .filter_map(|e| told(&e.kind).map(|t| (e.at_ms, t)))
        .collect()
}

/// Whether `app` reads `value` with `token` (stock, or which invoices are unpaid: 1 is the
/// first).
fn reads(run: &Run, app: usize, token: u64, value: u64) -> bool {
    let read = EventKind::ReadServed { app, token, value };
    run.trace.iter().any(|e| e.kind == read)
}

fn want(list: &[(u64, &str)]) -> Vec<(u64, String)> {
    list.iter().map(|(at, t)| (*at, t.to_string())).collect()
}

#[test]
fn every_story_in_the_docs_reads_and_runs() {
    let mut count = 0;
    for path in ["README.md", "docs/story-format.md"] {
        let markdown = std::fs::read_to_string(path).expect(path);
        for (line, text) in blocks(&markdown) {
            let scenario = parse(&text)
                .unwrap_or_else(|e| panic!("{path}:{line}: the story does not read: {e:?}"));
            let run = run(&scenario)
                .unwrap_or_else(|e| panic!("{path}:{line}: the story does not run: {e:?}"));
            assert!(
                !run.verdict.truncated,
                "{path}:{line}: the event cap cut it"
            );
            count += 1;
        }
    }
    assert!(
        count >= 4,
        "the README's three incidents and the format's example: {count}"
    );
}

#[test]
fn the_formats_example_does_what_its_comment_says() {
    let markdown = std::fs::read_to_string("docs/story-format.md").expect("format");
    let (_, text) = blocks(&markdown).remove(0);
    let (scenario, run) = read_and_run(&text);
    let got = moments(&scenario, &run);
    let wakes = got
        .iter()
        .position(|(_, t)| t == "A wakes")
        .expect("A wakes");
    assert!(got.iter().any(|(_, t)| t == "B granted 102"));
    assert!(got[wakes..]
        .iter()
        .any(|(_, t)| t == "A rejected 101 < 102"));
}

#[test]
fn the_documents_gc_pause_promises_the_last_item_twice() {
    let text = incident("The documents' GC pause");
    let (scenario, run) = read_and_run(&text);
    let expected = [
        (50, "A granted 101"),
        (10_150, "A renewed"),
        (20_000, "A paused"),
        (40_150, "A expired 101"),
        (41_050, "B granted 102"),
        (42_250, "B accepted 102"),
        (60_000, "A wakes"),
        (60_000, "A clock ends"),
        (60_050, "A stale accepted 101"),
    ];
    assert_eq!(moments(&scenario, &run), want(&expected));
    assert!(reads(&run, 0, 101, 1), "A reads one item in stock");
    let v = &run.verdict;
    assert_eq!((v.stale_writes_accepted, v.stale_writes_rejected), (1, 0));
    let oversold = ViolationKind::Oversold {
        promised: 2,
        existed: 1,
    };
    assert_eq!(v.violations.len(), 1);
    assert_eq!(
        (v.violations[0].at_ms, v.violations[0].kind),
        (60_050, oversold)
    );

    let enforced = edited(&text, " enforcement=off", "");
    let (scenario, run) = read_and_run(&enforced);
    let last = moments(&scenario, &run).pop();
    assert_eq!(last, Some((60_050, "A rejected 101 < 102".to_string())));
    assert!(run.verdict.is_safe());
}

#[test]
fn curators_session_lapses_under_a_ten_second_pause() {
    let text = incident("Curator's Tech Note 10");
    let (scenario, run) = read_and_run(&text);
    let entry = catalog::by_id("curator-session").expect("the catalog's Curator story");
    assert_eq!(
        scenario,
        entry.scenario(),
        "the README writes the catalog's story"
    );
    let expected = [
        (50, "A granted 101"),
        (1_150, "A renewed"),
        (2_000, "A paused"),
        (4_150, "A expired 101"),
        (5_050, "B granted 102"),
        (6_150, "B renewed"),
        (6_250, "B accepted 102"),
        (8_100, "B clock ends"),
        (9_150, "B expired 102"),
        (12_000, "A wakes"),
        (12_000, "A clock ends"),
        (12_050, "A stale accepted 101"),
    ];
    assert_eq!(moments(&scenario, &run), want(&expected));
    assert_eq!(scenario.apps[1].start_ms, 3_000, "B asks from 3 s");
    assert!(reads(&run, 0, 101, 1), "A reads invoice 42 unpaid");
    let paid_twice = |run: &Run| {
        run.verdict.stale_writes_accepted == 1
            && matches!(
                run.verdict.violations[..],
                [fencing_lab::engine::Violation {
                    kind: ViolationKind::PaidTwice { invoice: 42, .. },
                    ..
                }]
            )
    };
    assert!(paid_twice(&run));
    let stock_server = edited(&text, "service lease 3s", "service lease 4s");
    assert!(
        paid_twice(&read_and_run(&stock_server).1),
        "a 4 s session too"
    );
}

#[test]
fn a_payment_held_in_the_network_is_refused_by_its_token() {
    let text = incident("A's 1st write arrives 90s late");
    let (scenario, run) = read_and_run(&text);
    let expected = [
        (50, "A granted 101"),
        (30_000, "A clock ends"),
        (30_050, "A expired 101"),
        (30_050, "B granted 102"),
        (31_250, "B accepted 102"),
        (91_250, "A rejected 101 < 102"),
    ];
    assert_eq!(moments(&scenario, &run), want(&expected));
    let sent = run.trace.iter().find_map(|e| match e.kind {
        EventKind::MessageSent {
            msg, delayed_ms, ..
        } if matches!(msg.body, Body::Write { .. }) && msg.app() == 0 => {
            Some((e.at_ms, delayed_ms))
        }
        _ => None,
    });
    assert_eq!(sent, Some((1_200, 90_000)), "A sends at 1.2 s, held 90 s");
    assert!(reads(&run, 1, 102, 1), "B reads invoice 42 unpaid");
    let cut = EventKind::PartitionStarted { app: 0 };
    assert!(run.trace.iter().any(|e| e.at_ms == 1_000 && e.kind == cut));
    assert!(run.verdict.is_safe() && run.verdict.writes_accepted == 1);

    let off = edited(&text, "invoices=42", "invoices=42 enforcement=off");
    let (_, run) = read_and_run(&off);
    let paid_twice = run.verdict.violations.iter().any(|v| {
        matches!(
            v.kind,
            ViolationKind::PaidTwice {
                invoice: 42,
                app: 0,
                token: 101,
                ..
            }
        ) && v.at_ms == 91_250
    });
    assert!(paid_twice, "{:?}", run.verdict.violations);
}

#[test]
fn the_readmes_slip_is_marked_with_the_nearest_word() {
    let text = edited(
        &incident("The documents' GC pause"),
        "@20s A pauses",
        "@20s A pasue",
    );
    let errors = parse(&text).expect_err("a slip");
    let line = text
        .lines()
        .position(|l| l.contains("pasue"))
        .expect("line")
        + 1;
    assert_eq!(errors.len(), 1, "{errors:?}");
    let e = &errors[0];
    assert_eq!((e.line, e.column, e.width), (line, 8, 5));
    match &e.problem {
        ScriptProblem::Unexpected { suggestion, .. } => {
            assert_eq!(suggestion.as_deref(), Some("pauses"))
        }
        other => panic!("{other:?}"),
    }
}

/// Whether `statements` after two apps read as a scenario, or the engine refuses them.
fn engine_takes(statements: &str) -> bool {
    let text = format!("app A \"Worker\"\napp B \"Worker\"\n{statements}\n");
    match parse(&text) {
        Ok(_) => true,
        Err(errors) if matches!(errors[..], [ref e] if matches!(e.problem, ScriptProblem::Engine(_))) => {
            false
        }
        Err(errors) => panic!("{errors:?}\n{text}"),
    }
}

#[test]
fn the_settings_the_format_says_go_together_do() {
    for service in [
        "service none",
        "service lease 30s tokens=unordered",
        "service lease 30s tokens=absent",
    ] {
        assert!(!engine_takes(service), "{service} alone is refused");
        for resource in ["checks=version", "checks=value", "enforcement=off"] {
            let story = format!("{service}\nresource file {resource}");
            assert!(engine_takes(&story), "{story}");
        }
    }
    for fault in [
        "@8s leader crashes for 5s",
        "@8s member 2 is cut off for 20s",
    ] {
        assert!(!engine_takes(fault), "{fault} needs a group");
        assert!(engine_takes(&format!(
            "service lease 30s members=3\n{fault}"
        )));
    }
}
