//! The catalog's "predict, then watch" questions, graded by the run: for every story, both
//! enforcement settings and a few hundred random knob settings, every question asked has
//! exactly one right answer, is asked at its moment's time with every placeholder filled and
//! every number one the run produced, and its grading agrees with the trace read directly
//! (not through the conditions). A question is only ever left out because its moment or
//! premise is not in the run, and every question is asked in some run.
#![cfg(not(target_arch = "wasm32"))]

mod story_runs;

use fencing_lab::catalog::{catalog, mentions, Anchor, Asked, Entry, Facts, Knobs, WhyNot};
use fencing_lab::catalog::{LATENCY_RANGE, PAUSE_RANGE, STOCK_RANGE, TTL_RANGE};
use fencing_lab::engine::{run, EventKind as K, Mode, Rejection, Run, Scenario};
use std::collections::BTreeMap;
use story_runs::{every_story_run, StoryRun};

/// Random knob settings per enforcement setting.
const COMBOS: usize = 300;

/// A small seeded generator (splitmix64), so every run of this test sees the same knobs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn flag(&mut self) -> bool {
        self.next() & 1 == 1
    }

    /// A value of a knob range, on its slider's steps (as `narration_props` draws them).
    fn within(&mut self, r: fencing_lab::catalog::KnobRange) -> u64 {
        r.min + (self.next() % ((r.max - r.min) / r.step + 1)) * r.step
    }
}

/// Random knobs, every on/off knob and every slider, with enforcement as given.
fn random_knobs(rng: &mut Rng, enforcement: bool) -> Knobs {
    let mode = if rng.flag() {
        Mode::PermanentLock
    } else {
        Mode::Lease
    };
    let knobs = Knobs {
        enforcement,
        mode,
        renewals: rng.flag(),
        check_before_write: rng.flag(),
        careful_client: rng.flag(),
        by_version: rng.flag(),
        fence_durable: rng.flag(),
        counter_durable: rng.flag(),
        ttl_ms: rng.within(TTL_RANGE),
        pause_ms: rng.within(PAUSE_RANGE),
        latency_ms: rng.within(LATENCY_RANGE),
        stock: rng.within(STOCK_RANGE),
        members: 1,
        epochs: false,
        pre_vote: false,
        member_jitter_ms: 0,
        system: None,
    };
    // Half the lease runs on a replicated service (it grants leases only), chosen from what
    // was drawn so that the one-box settings stay the ones tried before.
    let replicated = mode == Mode::Lease && (knobs.ttl_ms / 1_000).is_multiple_of(2);
    // A third of the runs name their tokens epochs, chosen the same way.
    Knobs {
        members: if replicated { 3 } else { 1 },
        epochs: (knobs.pause_ms / 1_000).is_multiple_of(3),
        // Half the groups ask for pre-votes, chosen the same way.
        pre_vote: replicated && (knobs.latency_ms / 10).is_multiple_of(2),
        ..knobs
    }
}

/// Every setting the test tries: each story's defaults and `COMBOS` random ones, with
/// enforcement off and on.
fn settings(entry: &Entry) -> Vec<Knobs> {
    let mut rng = Rng(0x5eed_0ffe_4ce5);
    let mut out = vec![];
    for enforcement in [false, true] {
        out.push(Knobs {
            enforcement,
            ..Knobs::defaults_for(entry)
        });
        out.extend((0..COMBOS).map(|_| random_knobs(&mut rng, enforcement)));
    }
    out
}

/// Which of `entry`'s questions `asked` is.
fn index(entry: &Entry, asked: &Asked) -> usize {
    let same = |q: &_| std::ptr::eq(q, asked.question);
    entry
        .questions
        .iter()
        .position(same)
        .expect("a question of the story")
}

/// The right answer's index as written (`asked.right` counts in the order shown).
fn written_right(asked: &Asked) -> usize {
    asked.question.order()[asked.right]
}

/// What is wrong with one asked question, if anything.
fn fault_in(asked: &Asked, s: &Scenario, r: &Run, facts: &Facts) -> Option<String> {
    let q = asked.question;
    let right: Vec<usize> = (0..q.answers.len())
        .filter(|&i| q.answers[i].right_if.check(s, r).is_ok())
        .collect();
    if right != [written_right(asked)] {
        return Some(format!(
            "right answers {right:?}, graded {}",
            written_right(asked)
        ));
    }
    let order = q.order();
    if !(0..q.answers.len()).all(|i| asked.grade(i) == (order[i] == right[0])) {
        return Some("grading disagrees with the right answer".into());
    }
    let at = match q.anchor {
        Anchor::End => Some(r.end_ms),
        a => a.event(r).map(|e| e.at_ms),
    };
    if at != Some(asked.at_ms) {
        return Some(format!(
            "asked at {} ms, its moment is at {at:?}",
            asked.at_ms
        ));
    }
    let words = format!("{} {}", asked.prompt, asked.because);
    if words.contains('{') || words.contains('}') {
        return Some(format!("a placeholder is left: {words:?}"));
    }
    let wrong = facts.unsupported(&words);
    (!wrong.is_empty()).then(|| format!("numbers the run did not make: {wrong:?}"))
}

/// The first event of this kind in the trace.
fn first(r: &Run, pick: impl Fn(&K) -> bool) -> Option<&fencing_lab::engine::Event> {
    r.trace.iter().find(|e| pick(&e.kind))
}

/// The grading of a question about what the resource did with an app's write, read from
/// the event at the question's moment: 0 taken, 1 rejected for its token, 2 by version.
fn write_outcome(r: &Run, asked: &Asked, app: usize) -> Option<usize> {
    let at = |e: &&fencing_lab::engine::Event| e.at_ms == asked.at_ms;
    let events = r.trace.iter().filter(at).map(|e| e.kind);
    events.into_iter().find_map(|k| match k {
        K::WriteAccepted { app: a, .. } if a == app => Some(0),
        K::WriteRejected { app: a, why, .. } if a == app => match why {
            Rejection::TokenBelowFence => Some(1),
            Rejection::VersionChanged { .. } => Some(2),
        },
        _ => None,
    })
}

/// The first token granted to `app`.
fn token_of(r: &Run, app: usize) -> Option<u64> {
    first(
        r,
        |k| matches!(k, K::LeaseGranted { app: a, .. } if *a == app),
    )
    .and_then(|e| match e.kind {
        K::LeaseGranted { token, .. } => Some(token),
        _ => None,
    })
}

/// The trace's own grading of the questions it can check without the conditions.
fn cross_check(entry: &Entry, asked: &Asked, s: &Scenario, r: &Run) -> Option<String> {
    let expected = match (entry.id, index(entry, asked)) {
        ("gc-pause", 2) => {
            let outcome = write_outcome(r, asked, 0);
            if outcome.is_some_and(|o| (o == 0) == s.enforcement) {
                return Some(
                    "the file took A's stale write under enforcement, or refused it without".into(),
                );
            }
            outcome
        }
        ("gc-pause", 0) | ("resource-enforces", 0) => {
            let pause = r.spans.pauses.iter().find(|p| p.app == 0)?;
            let inside = |k: &K| matches!(k, K::LeaseExpired { app: 0, .. });
            let expired = first(r, inside).map(|e| e.at_ms);
            Some(usize::from(expired.is_none_or(|t| t > pause.until_ms)))
        }
        ("tokens-101-102-103", 0) | ("reissued-token", 0) => {
            let (a, b) = (token_of(r, 0)?, token_of(r, 1)?);
            // A replicated service keeps its counter in its log.
            let durable = s.counter_durable || s.members > 1;
            if entry.id == "reissued-token" && (a == b) == durable {
                return Some(
                    "the token was reissued with the counter on disk, or not without".into(),
                );
            }
            Some(match b.cmp(&a) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 2,
            })
        }
        ("permanent-ownership", 0) => {
            let b_granted = first(r, |k| matches!(k, K::LeaseGranted { app: 1, .. }));
            Some(usize::from(b_granted.is_some()))
        }
        ("payment-service", 1)
        | ("last-item", 1)
        | ("delayed-packet", 0)
        | ("item-came-back", 0) => write_outcome(r, asked, 0),
        _ => return None,
    };
    let graded = written_right(asked);
    (expected != Some(graded))
        .then(|| format!("the trace says answer {expected:?}, graded {graded}"))
}

/// Per question, keyed by story and question index: how often it is asked, left out, and
/// which answer is right how often.
type Tally = BTreeMap<(&'static str, usize), (u32, u32, [u32; 4])>;

/// Every complaint about `entry` under `knobs`, tallying which questions were asked.
fn complaints(entry: &Entry, knobs: &Knobs, tally: &mut Tally) -> Vec<String> {
    let s = entry.scenario_with(knobs);
    let Ok(r) = run(&s) else {
        return vec![];
    };
    let quiz = entry.ask(&s, &r);
    let facts = Facts::gather(&s, &r);
    let mut out = vec![];
    for asked in &quiz.asked {
        let count = tally.entry((entry.id, index(entry, asked))).or_default();
        count.0 += 1;
        if let Some(right) = count.2.get_mut(written_right(asked)) {
            *right += 1;
        }
        let why = fault_in(asked, &s, &r, &facts).or_else(|| cross_check(entry, asked, &s, &r));
        if let Some(why) = why {
            out.push(format!(
                "{} [{} ms] {:?}: {why}",
                entry.id, asked.at_ms, asked.prompt
            ));
        }
    }
    for unasked in &quiz.unasked {
        let i = entry
            .questions
            .iter()
            .position(|q| std::ptr::eq(q, unasked.question));
        tally
            .entry((entry.id, i.unwrap_or(usize::MAX)))
            .or_default()
            .1 += 1;
        if !matches!(unasked.why, WhyNot::NotInRun(_)) {
            let why = fencing_lab::words::questions::why_unasked(&s, &unasked.why);
            out.push(format!("{} {:?}: {why}", entry.id, unasked.question.prompt));
        }
    }
    let times: Vec<u64> = quiz.asked.iter().map(|a| a.at_ms).collect();
    if times.windows(2).any(|w| w[0] > w[1]) {
        out.push(format!(
            "{}: questions out of time order {times:?}",
            entry.id
        ));
    }
    if !out.is_empty() {
        out.push(format!("  under {knobs:?}"));
    }
    out
}

/// Every complaint over every story and setting, with the tally of what was asked.
fn survey() -> (Vec<String>, Tally) {
    let mut tally = Tally::new();
    let mut bad = vec![];
    for entry in catalog() {
        for knobs in settings(entry) {
            bad.extend(complaints(entry, &knobs, &mut tally));
        }
    }
    (bad, tally)
}

#[test]
fn every_question_asked_has_exactly_one_right_answer_and_the_trace_agrees() {
    let (bad, _) = survey();
    let shown: Vec<String> = bad.iter().take(40).cloned().collect();
    assert!(bad.is_empty(), "{}", shown.join("\n"));
}

#[test]
fn every_question_is_asked_under_some_knobs() {
    let (_, tally) = survey();
    let mut dead = vec![];
    for entry in catalog() {
        for i in 0..entry.questions.len() {
            let (shown, hidden, right) = tally.get(&(entry.id, i)).copied().unwrap_or_default();
            println!(
                "{:>20} #{i}: asked {shown:>4}, left out {hidden:>4}, right answers {right:?}",
                entry.id
            );
            if shown == 0 {
                dead.push(format!("{} #{i}", entry.id));
            }
        }
    }
    assert!(dead.is_empty(), "questions never asked: {dead:?}");
}

#[test]
fn every_story_asks_a_question_with_its_own_knobs_and_the_pause_story_asks_at_each_turn() {
    for StoryRun {
        entry,
        knobs,
        scenario: s,
        run: r,
    } in every_story_run()
    {
        let quiz = entry.ask(&s, &r);
        let why: Vec<_> = quiz
            .unasked
            .iter()
            .map(|u| (u.question.prompt, &u.why))
            .collect();
        let least = if entry.id == "gc-pause" { 3 } else { 1 };
        assert!(
            quiz.asked.len() >= least,
            "{} (enforcement {}) asks {} questions; left out: {why:?}",
            entry.id,
            knobs.enforcement,
            quiz.asked.len()
        );
    }
}

#[test]
fn questions_are_written_with_two_to_four_distinct_answers_and_no_typed_numbers() {
    for entry in catalog() {
        assert!(!entry.questions.is_empty(), "{} has no question", entry.id);
        for q in entry.questions {
            let n = q.answers.len();
            assert!(
                (2..=4).contains(&n),
                "{}: {n} answers to {:?}",
                entry.id,
                q.prompt
            );
            for (i, a) in q.answers.iter().enumerate() {
                assert!(!a.text.contains('{'), "{}: answer {:?}", entry.id, a.text);
                let same = q.answers[..i].iter().any(|b| b.text == a.text);
                assert!(!same, "{}: answer {:?} twice", entry.id, a.text);
                let typed = mentions(&format!("{} {} {}", q.prompt, a.text, a.because));
                assert!(
                    typed.is_empty(),
                    "{}: numbers typed in: {typed:?}",
                    entry.id
                );
            }
        }
    }
}
