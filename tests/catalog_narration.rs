//! The catalog's shape and the truth of its narration: ids, step counts, step times
//! resolved against the run, every number in the text produced by the run, and a stated
//! fix (with the toggle that shows it) in every story that shows a failure.
#![cfg(not(target_arch = "wasm32"))]

use fencing_lab::catalog::{catalog, placeholders, Entry, Facts, Knob, Knobs, Mention, Told};
use fencing_lab::engine::{run, EventKind, Mode, Run};

/// The settings under which an entry's narration must be true: both enforcement
/// settings, in both lock modes (a lock without expiry on one box, as the lab sets it; a
/// story whose faults need a replicated service has no such view, as the lab refuses it),
/// and in the story's own mode when it has no lock at all.
fn views(entry: &Entry) -> Vec<Knobs> {
    let base = Knobs::defaults_for(entry);
    let mut out = vec![];
    let mut modes = vec![Mode::Lease, Mode::PermanentLock];
    if !modes.contains(&base.mode) {
        modes.push(base.mode);
    }
    for mode in modes {
        for enforcement in [false, true] {
            out.push(Knobs {
                enforcement,
                mode,
                members: if mode == Mode::Lease { base.members } else { 1 },
                ..base
            });
        }
    }
    out.retain(|k| entry.scenario_with(k).validate().is_ok());
    out
}

fn told(entry: &Entry, knobs: &Knobs) -> (Run, Told) {
    let run = play(entry, knobs);
    let told = entry.tell(&entry.scenario_with(knobs), &run);
    (run, told)
}

fn play(entry: &Entry, knobs: &Knobs) -> Run {
    run(&entry.scenario_with(knobs)).unwrap_or_else(|e| panic!("{}: {e}", entry.id))
}

#[test]
fn ids_are_unique_stable_kebab_case() {
    let ids: Vec<&str> = catalog().iter().map(|e| e.id).collect();
    assert_eq!(
        ids,
        [
            "permanent-ownership",
            "acquire-work-renew",
            "gc-pause",
            "payment-service",
            "last-item",
            "tokens-101-102-103",
            "resource-enforces",
            "check-not-enough",
            "delayed-packet",
            "clock-skew",
            "late-answer",
            "copied-write",
            "forgotten-fence",
            "reissued-token",
            "leases-and-tokens",
            "curator-session",
            "kubernetes-two-leaders",
            "dynamodb-version-check",
            "consul-lock-delay",
            "one-box",
            "leader-change",
            "minority-leader",
            "deposed-leader",
            "no-lock",
            "item-came-back",
            "which-pattern",
        ]
    );
    for id in &ids {
        let kebab = id.split('-').all(|w| {
            !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        });
        assert!(kebab, "{id} is kebab-case");
        assert_eq!(fencing_lab::catalog::by_id(id).map(|e| e.id), Some(*id));
    }
    assert!(fencing_lab::catalog::by_id("no-such-story").is_none());
}

#[test]
fn entries_describe_their_own_scenario() {
    for e in catalog() {
        let s = e.scenario();
        assert_eq!(
            fencing_lab::catalog::ResourceTag::of(&s.resource),
            e.resource,
            "{}",
            e.id
        );
        // A story on a system without an ordered token may open with the switch on and
        // nothing to enforce until the resource compares versions.
        assert_eq!(
            s.enforcement,
            Knobs::defaults_for(e).enforcing(),
            "{}",
            e.id
        );
        assert!(!e.title.is_empty() && !e.summary.is_empty() && !e.summary.contains('\n'));
        assert_eq!(s.validate(), Ok(()), "{}", e.id);
    }
    let on: Vec<&str> = catalog()
        .iter()
        .filter(|e| e.default_enforcement)
        .map(|e| e.id)
        .collect();
    assert_eq!(
        on,
        [
            "resource-enforces",
            "forgotten-fence",
            "reissued-token",
            "leases-and-tokens",
            "kubernetes-two-leaders",
            "dynamodb-version-check",
            "one-box",
            "leader-change",
            "minority-leader",
            "deposed-leader",
            "no-lock",
            "item-came-back",
            "which-pattern",
        ]
    );
    let mode = |id| fencing_lab::catalog::by_id(id).unwrap().scenario().mode;
    assert_eq!(mode("permanent-ownership"), Mode::PermanentLock);
    assert_eq!(mode("no-lock"), Mode::NoLock);
}

#[test]
fn every_default_view_tells_three_to_eight_steps_in_time_order() {
    for entry in catalog() {
        for knobs in views(entry) {
            let (run, told) = told(entry, &knobs);
            let what = format!("{} {knobs:?}", entry.id);
            let defaults = knobs.mode == Knobs::defaults_for(entry).mode;
            assert!(
                !defaults || (3..=8).contains(&told.shown.len()),
                "{what}: {} steps",
                told.shown.len()
            );
            assert!(!told.shown.is_empty(), "{what}: nothing told");
            for t in &told.shown {
                assert!(t.at_ms <= run.end_ms, "{what}: {:?} past the end", t.title);
            }
            let times: Vec<u64> = told.shown.iter().map(|t| t.at_ms).collect();
            assert!(
                times.windows(2).all(|w| w[0] <= w[1]),
                "{what}: {times:?} not sorted"
            );
        }
    }
}

#[test]
fn every_placeholder_is_one_the_run_can_fill() {
    for entry in catalog() {
        let (_, told) = told(entry, &Knobs::defaults_for(entry));
        for t in &told.shown {
            assert!(
                !t.text.contains('{') && !t.title.contains('{'),
                "{}: {}",
                entry.id,
                t.text
            );
        }
        for step in entry.narration {
            for key in placeholders(step.text)
                .into_iter()
                .chain(placeholders(step.title))
            {
                let known = [
                    "at", "token", "highest", "ttl", "end", "latency", "stock", "wait", "value",
                    "delay", "until", "read", "now", "timeout",
                ];
                let app_key = key.split_once('.').is_some_and(|(app, field)| {
                    ["A", "B", "C"].contains(&app)
                        && [
                            "start", "retry", "work", "renew", "token", "granted", "expired",
                            "crash", "paused", "resumed", "pause", "write", "wrote", "held",
                        ]
                        .contains(&field)
                });
                assert!(
                    known.contains(&key) || app_key,
                    "{}: unknown {{{key}}}",
                    entry.id
                );
            }
        }
    }
}

#[test]
fn steps_are_short_and_use_checkable_numbers() {
    for entry in catalog() {
        for step in entry.narration {
            let sentences = step.text.matches(". ").count() + 1;
            assert!(
                (1..=4).contains(&sentences),
                "{}: {:?}",
                entry.id,
                step.title
            );
            assert!(
                step.title.len() <= 40,
                "{}: title {:?} too long",
                entry.id,
                step.title
            );
            assert!(
                !step.text.contains(" ms") && !step.text.contains(" seconds"),
                "{}: times are placeholders, written by the words layer",
                entry.id
            );
            assert!(
                !step.text.contains("  "),
                "{}: {:?} has double spaces",
                entry.id,
                step.title
            );
        }
    }
}

#[test]
fn every_number_in_the_narration_is_produced_by_the_run() {
    let mut bad = vec![];
    for entry in catalog() {
        for knobs in views(entry) {
            let scenario = entry.scenario_with(&knobs);
            let (run, told) = told(entry, &knobs);
            let facts = Facts::gather(&scenario, &run);
            for step in &told.shown {
                for m in facts.unsupported(&format!("{} {}", step.title, step.text)) {
                    bad.push(format!(
                        "{} [{}] {:?}: {m}",
                        entry.id, knobs.enforcement, step.title
                    ));
                }
            }
        }
    }
    assert!(
        bad.is_empty(),
        "narration claims numbers the run does not make:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_checker_catches_wrong_numbers() {
    let entry = fencing_lab::catalog::by_id("gc-pause").unwrap();
    let scenario = entry.scenario();
    let facts = Facts::gather(&scenario, &run(&scenario).expect("a valid scenario"));
    assert!(facts
        .unsupported("At 20 s A freezes for 35 s; 101 and 102. A 30 s lease.")
        .is_empty());
    assert_eq!(
        facts.unsupported("token 104 at 75 s, then 60.5 s"),
        vec!["token 104", "75 s", "60.5 s"]
    );
    assert_eq!(
        fencing_lab::catalog::mentions("1 item, 42 invoices, 60.05 s, 2 min 5 s, 103."),
        vec![
            Mention::Time("60.05 s".into()),
            Mention::Time("2 min 5 s".into()),
            Mention::Token(103)
        ]
    );
}

#[test]
fn the_checker_knows_how_long_faults_held_a_message() {
    let entry = fencing_lab::catalog::by_id("delayed-packet").unwrap();
    let scenario = entry
        .scenario()
        .with_fault(fencing_lab::engine::Fault::delay(
            fencing_lab::engine::APP_A,
            fencing_lab::engine::MsgKind::Write,
            1,
            10,
        ));
    let facts = Facts::gather(&scenario, &run(&scenario).expect("a valid scenario"));
    assert!(
        facts.unsupported("held for 40.01 s").is_empty(),
        "two delays of one message add up"
    );
}

/// True when the run shows the story's failure: a broken rule, or a crashed holder
/// whose resource nobody else could ever take over.
fn failed(run: &Run) -> bool {
    let verdict = &run.verdict;
    let crash = run
        .trace
        .iter()
        .find(|e| matches!(e.kind, EventKind::Crashed { .. }));
    let stuck = crash.is_some_and(|c| {
        let later = |e: &&fencing_lab::engine::Event| e.at_ms >= c.at_ms;
        !run.trace
            .iter()
            .filter(later)
            .any(|e| matches!(e.kind, EventKind::LeaseGranted { .. }))
    });
    !verdict.is_safe() || stuck || lost_early(run)
}

/// A lease the service took back before the end it had given (a new leader that knew no
/// lease refused its renewal): the holder's work is lost though it kept its side.
fn lost_early(run: &Run) -> bool {
    let mut ends = std::collections::HashMap::new();
    run.trace.iter().any(|e| match e.kind {
        EventKind::LeaseGranted {
            app,
            expiry_ms: Some(end_ms),
            ..
        }
        | EventKind::LeaseRenewed {
            app,
            expiry_ms: Some(end_ms),
            ..
        } => {
            ends.insert(app, end_ms);
            false
        }
        EventKind::RenewRefused { app, .. } => ends.get(&app).is_some_and(|&end| e.at_ms < end),
        _ => false,
    })
}

fn flip(knobs: &Knobs, knob: Knob) -> Knobs {
    match knob {
        Knob::Enforcement => Knobs {
            enforcement: !knobs.enforcement,
            ..*knobs
        },
        Knob::Mode => {
            let mode = if knobs.mode == Mode::Lease {
                Mode::PermanentLock
            } else {
                Mode::Lease
            };
            Knobs { mode, ..*knobs }
        }
        Knob::CarefulClient => Knobs {
            careful_client: !knobs.careful_client,
            ..*knobs
        },
        Knob::ExactVersion => Knobs {
            by_version: !knobs.by_version,
            ..*knobs
        },
        Knob::FenceDurable => Knobs {
            fence_durable: !knobs.fence_durable,
            ..*knobs
        },
        Knob::CounterDurable => Knobs {
            counter_durable: !knobs.counter_durable,
            ..*knobs
        },
        Knob::Members => Knobs {
            members: if knobs.members > 1 { 1 } else { 3 },
            ..*knobs
        },
        other => panic!("no flip for {other:?}"),
    }
}

#[test]
fn failures_name_their_fix_and_the_toggle_repairs_them() {
    for entry in catalog() {
        let knobs = Knobs::defaults_for(entry);
        let Some(fix) = entry.fix else {
            assert!(
                !failed(&play(entry, &knobs)),
                "{} fails but names no fix",
                entry.id
            );
            continue;
        };
        let flipped = flip(&knobs, fix);
        let (bad, good) = if failed(&play(entry, &knobs)) {
            (knobs, flipped)
        } else {
            (flipped, knobs)
        };
        assert!(
            failed(&play(entry, &bad)),
            "{}: the fix toggle changes nothing",
            entry.id
        );
        assert!(
            !failed(&play(entry, &good)),
            "{}: the fix does not fix",
            entry.id
        );
        let (_, bad_told) = told(entry, &bad);
        let says_fix = bad_told
            .shown
            .iter()
            .any(|s| s.step.toggle == Some(fix) && s.text.contains("Switch"));
        assert!(
            says_fix,
            "{}: the failing view must say which toggle fixes it",
            entry.id
        );
    }
}

#[test]
fn default_views_of_failure_stories_fail() {
    let failing: Vec<&str> = catalog()
        .iter()
        .filter(|e| failed(&play(e, &Knobs::defaults_for(e))))
        .map(|e| e.id)
        .collect();
    assert_eq!(
        failing,
        [
            "permanent-ownership",
            "gc-pause",
            "payment-service",
            "last-item",
            "check-not-enough",
            "delayed-packet",
            "clock-skew",
            "late-answer",
            "copied-write",
            "forgotten-fence",
            "reissued-token",
            "curator-session",
            "kubernetes-two-leaders",
            "consul-lock-delay",
            "one-box",
        ]
    );
}

/// The gc-pause story's wake-up, as the step, the event log and A's belief all tell it: the
/// write A prepared goes out first, and only then does A's own timer end its belief.
#[test]
fn the_wake_up_step_and_the_event_log_agree_that_a_writes_before_its_belief_ends() {
    use fencing_lab::lab::moments::is_logged;
    let entry = fencing_lab::catalog::by_id("gc-pause").unwrap();
    let knobs = Knobs::defaults_for(entry);
    let (run, told) = told(entry, &knobs);
    let s = entry.scenario_with(&knobs);
    let step = told
        .shown
        .iter()
        .find(|t| t.title == "A wakes up")
        .expect("told");
    let log: Vec<String> = run
        .trace
        .iter()
        .filter(|e| e.at_ms == step.at_ms && is_logged(e))
        .map(|e| fencing_lab::words::event(e, &s))
        .collect();
    let at = |needle: &str| log.iter().position(|l| l.starts_with(needle));
    let sent = at("A sends its write with token 101").expect("the log shows the write leave");
    let ended = at("A stops believing").expect("the log shows A's belief end");
    assert!(sent < ended, "{log:?}");
    assert!(step.text.contains("goes out at once") && step.text.contains("too late"));
    assert!(!step.text.contains("still believes"), "{}", step.text);
}
