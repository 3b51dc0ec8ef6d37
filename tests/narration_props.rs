//! Property test of the narration: every catalog story, under random knobs and up to two
//! live faults or resumes, tells only what its run did. Each shown step's anchor event is
//! really in the trace at the step's time, its condition is re-checked here against the
//! trace and the verdict (without `Cond::check`), steps come in time order, every number
//! in a shown title or text is one the run produced, and none was typed into the story.
#![cfg(not(target_arch = "wasm32"))]

mod story_texts;

use fencing_lab::catalog::{
    catalog, mentions, tell_written, Anchor, Cond, Entry, EventMatcher as E, Facts, Knob, Knobs,
    TimedStep, Who, LATENCY_RANGE, PAUSE_RANGE, STOCK_RANGE, TTL_RANGE, WRITTEN, WRITTEN_ID,
};
use fencing_lab::engine::group::MemberChange;
use fencing_lab::engine::{
    run, Body, Client, Enforce, Event, EventKind as K, Fault, LeaderChange, Mode, MsgKind, Node,
    RefuseReason, Rejection, Run, Scenario,
};
use fencing_lab::lab::resume_at;
use proptest::prelude::*;

/// Something the learner does at the playhead, on app number `app` (modulo the cast).
#[derive(Clone, Debug)]
enum Live {
    Pause {
        app: usize,
        at: u64,
        len: u64,
    },
    Crash {
        app: usize,
        at: u64,
    },
    Partition {
        app: usize,
        at: u64,
        len: u64,
    },
    Delay {
        app: usize,
        kind: MsgKind,
        nth: u32,
        extra: u64,
    },
    Resume {
        app: usize,
        at: u64,
    },
}

const KINDS: [MsgKind; 6] = [
    MsgKind::Acquire,
    MsgKind::Renew,
    MsgKind::Grant,
    MsgKind::Read,
    MsgKind::Write,
    MsgKind::WriteReply,
];

fn live() -> impl Strategy<Value = Live> {
    (
        0usize..3,
        0u64..120_000,
        1u64..=120_000,
        0usize..6,
        1u32..4,
        0usize..5,
    )
        .prop_map(|(app, at, len, kind, nth, pick)| match pick {
            0 => Live::Pause { app, at, len },
            1 => Live::Crash { app, at },
            2 => Live::Partition { app, at, len },
            3 => Live::Delay {
                app,
                kind: KINDS[kind],
                nth,
                extra: len / 2,
            },
            _ => Live::Resume { app, at },
        })
}

/// A value of a knob range, on its slider's steps.
fn within(r: fencing_lab::catalog::KnobRange) -> impl Strategy<Value = u64> {
    (0..=(r.max - r.min) / r.step).prop_map(move |i| r.min + i * r.step)
}

fn knobs() -> impl Strategy<Value = Knobs> {
    (
        any::<[bool; 9]>(),
        within(TTL_RANGE),
        within(PAUSE_RANGE),
        within(LATENCY_RANGE),
        within(STOCK_RANGE),
        proptest::sample::select(vec![1u64, 3, 5]),
        proptest::sample::select(vec![Mode::Lease, Mode::PermanentLock, Mode::NoLock]),
    )
        .prop_map(
            |(
                [enforcement, renewals, check, careful, version, fence, counter, epochs, pre_vote],
                ttl,
                pause,
                latency,
                stock,
                members,
                mode,
            )| Knobs {
                enforcement,
                mode,
                renewals,
                check_before_write: check,
                careful_client: careful,
                by_version: version,
                fence_durable: fence,
                counter_durable: counter,
                ttl_ms: ttl,
                pause_ms: pause,
                latency_ms: latency,
                stock,
                // A replicated service grants leases only.
                members: if mode == Mode::PermanentLock {
                    1
                } else {
                    members
                },
                epochs,
                pre_vote,
                member_jitter_ms: 0,
                system: None,
            },
        )
}

/// `entry`'s scenario with `knobs` applied and the live faults added in order.
fn scenario(entry: &Entry, knobs: &Knobs, lives: &[Live]) -> Scenario {
    let mut s = entry.scenario_with(knobs);
    for l in lives {
        let apps = s.apps.len();
        match *l {
            Live::Pause { app, at, len } => s.faults.push(Fault::pause(app % apps, at, len)),
            Live::Crash { app, at } => s.faults.push(Fault::crash(app % apps, at)),
            Live::Partition { app, at, len } => {
                s.faults.push(Fault::partition(app % apps, at, at + len))
            }
            Live::Delay {
                app,
                kind,
                nth,
                extra,
            } => s.faults.push(Fault::delay(app % apps, kind, nth, extra)),
            Live::Resume { app, at } => {
                resume_at(&mut s.faults, app % apps, at);
            }
        }
    }
    s
}

/// This test's own reading of an event matcher, written from the event's fields.
fn is(m: E, kind: &K) -> bool {
    let who = |w: Who, app: usize| w == Who::Any || w == Who::App(app);
    match (m, *kind) {
        (E::Granted(w), K::LeaseGranted { app, .. })
        | (E::Refused(w), K::AcquireRefused { app, .. })
        | (E::Renewed(w), K::LeaseRenewed { app, .. })
        | (E::RenewRefused(w), K::RenewRefused { app, .. })
        | (E::Expired(w), K::LeaseExpired { app, .. })
        | (E::Released(w), K::LeaseReleased { app, .. })
        | (E::BeliefStarted(w), K::BeliefStarted { app, .. })
        | (E::BeliefEnded(w), K::BeliefEnded { app, .. })
        | (E::LateReply(w), K::LateReplyIgnored { app, .. })
        | (E::PauseStarted(w), K::PauseStarted { app, .. })
        | (E::PauseEnded(w), K::PauseEnded { app })
        | (E::Crashed(w), K::Crashed { app })
        | (E::ReadServed(w), K::ReadServed { app, .. })
        | (E::WriteAccepted(w), K::WriteAccepted { app, .. })
        | (
            E::WriteRejected(w),
            K::WriteRejected {
                app,
                why: Rejection::TokenBelowFence,
                ..
            },
        )
        | (
            E::VersionRejected(w),
            K::WriteRejected {
                app,
                why: Rejection::VersionChanged { .. },
                ..
            },
        )
        | (E::WriteSkipped(w), K::WriteSkipped { app, .. })
        | (E::StartedOver(w), K::StartedOver { app, .. }) => who(w, app),
        (E::StaleAccepted(w), K::WriteAccepted { app, stale, .. }) => stale && who(w, app),
        (E::Returned(w), K::WriteAccepted { app, returns, .. }) => returns && who(w, app),
        (
            E::HeldOff(w),
            K::AcquireRefused {
                app,
                reason: RefuseReason::LockDelay { .. },
            },
        ) => who(w, app),
        (E::WriteSent(w), K::MessageSent { msg, .. }) => {
            let from = |app| msg.from == Node::App(app);
            matches!(msg.body, Body::Write { .. }) && (0..3).any(|a| from(a) && who(w, a))
        }
        (
            E::AnswerHeld(w),
            K::MessageSent {
                msg, delayed_ms, ..
            },
        ) => {
            let to = |app| msg.to == Node::App(app);
            let renewed = matches!(msg.body, Body::Renewed { .. });
            renewed && delayed_ms > 0 && (0..3).any(|a| to(a) && who(w, a))
        }
        (E::FenceRaisedTo(t), K::FenceRaised { token }) => token == t,
        (
            E::FenceForgotten,
            K::ResourceRestarted {
                highest_before,
                highest,
            },
        ) => highest < highest_before,
        (
            E::FenceKept,
            K::ResourceRestarted {
                highest_before,
                highest,
            },
        ) => highest == highest_before,
        (E::Restarted, K::ResourceRestarted { .. }) => true,
        (E::FailedOver, K::FailedOver { .. }) => true,
        (
            E::MemberCut,
            K::Member {
                change: MemberChange::Cut,
                ..
            },
        ) => true,
        (
            E::LeaderAlone,
            K::Member {
                change: MemberChange::LostMajority { .. },
                ..
            },
        ) => true,
        (
            E::MemberJoined,
            K::Member {
                change: MemberChange::Joined,
                ..
            },
        ) => true,
        (
            E::LeaderDeposed,
            K::Member {
                change: MemberChange::SteppedDown { .. },
                ..
            },
        ) => true,
        (E::LeaseRestarted(w), K::LeaseRestarted { app, .. }) => who(w, app),
        (E::Copied(w), K::MessageCopied { msg, .. }) => (0..3).any(|a| msg.app() == a && who(w, a)),
        (E::Violation, K::Violation { .. }) => true,
        _ => false,
    }
}

fn hits(run: &Run, m: E) -> Vec<usize> {
    (0..run.trace.len())
        .filter(|&i| is(m, &run.trace[i].kind))
        .collect()
}

/// Whether `cond` is true of `run`, read from the trace, the verdict and the settings.
fn holds(cond: &Cond, s: &Scenario, run: &Run) -> bool {
    let first = |m: E| hits(run, m).first().copied();
    let v = &run.verdict;
    let violated = run
        .trace
        .iter()
        .any(|e| matches!(e.kind, K::Violation { .. }));
    match *cond {
        Cond::Always => true,
        Cond::Happens(m) => first(m).is_some(),
        Cond::Never(m) => first(m).is_none(),
        Cond::Once(m) => hits(run, m).len() == 1,
        Cond::Stuck => v.stuck.is_some(),
        Cond::Safe => !violated && v.violations.is_empty(),
        Cond::Broken => violated && !v.violations.is_empty(),
        Cond::SplitBrain => !v.split_brain.is_empty(),
        Cond::OneOwner => v.split_brain.is_empty(),
        Cond::Then(a, b) => matches!((first(a), first(b)), (Some(x), Some(y)) if x < y),
        Cond::Before(a, b) => first(a).is_some_and(|x| first(b).is_none_or(|y| x < y)),
        Cond::Enforced(on) => s.enforcement == on,
        Cond::Leases(on) => (s.mode == Mode::Lease) == on,
        Cond::Locks(on) => (s.mode != Mode::NoLock) == on,
        Cond::Epochs => s.tokens == fencing_lab::engine::Tokens::Epoch,
        Cond::LeaderRestarts(on) => {
            (s.leader_change != LeaderChange::ForgetsLeases || s.members > 1) == on
        }
        Cond::Checks(on) => s.apps.iter().all(|a| a.check_before_write == on),
        Cond::Careful(on) => (s.client == Client::Careful) == on,
        Cond::Knob(knob, on) => match knob {
            Knob::ExactVersion => (s.enforce == Enforce::ExactVersion) == on,
            Knob::FenceDurable => s.fence_durable == on,
            Knob::CounterDurable => (s.counter_durable || s.members > 1) == on,
            Knob::Members => (s.members > 1) == on,
            Knob::PreVote => s.pre_vote == on,
            Knob::Enforcement => s.enforcement == on,
            other => panic!("no reading of {other:?}"),
        },
        Cond::And(a, b) => holds(a, s, run) && holds(b, s, run),
        Cond::Is(anchor, m) => anchored(&anchor, run).is_some_and(|e| is(m, &e.kind)),
        Cond::Token(a, order, b) => {
            let token = |w: Who| {
                let granted = hits(run, E::Granted(w)).first().map(|&i| run.trace[i].kind);
                match granted {
                    Some(K::LeaseGranted { token, .. }) => Some(token),
                    _ => None,
                }
            };
            matches!((token(a), token(b)), (Some(x), Some(y)) if x.cmp(&y) == order)
        }
    }
}

/// The event a shown step's anchor points at, found here from the trace.
fn anchored<'r>(anchor: &Anchor, run: &'r Run) -> Option<&'r Event> {
    let at = |i: Option<&usize>| i.map(|&i| &run.trace[i]);
    match *anchor {
        Anchor::First(m) | Anchor::Each(m) => at(hits(run, m).first()),
        Anchor::Nth(m, n) => at(hits(run, m).get(n.max(1) as usize - 1)),
        Anchor::Last(m) => at(hits(run, m).last()),
        Anchor::During(m, from, until) => {
            let start = *hits(run, from).first()?;
            let end = hits(run, until).into_iter().find(|&i| i >= start);
            let inside = |i: &&usize| **i >= start && end.is_none_or(|end| **i < end);
            at(hits(run, m).iter().find(inside))
        }
        Anchor::End => None,
    }
}

/// What is wrong with one shown step of `entry` told against `run`, if anything.
fn fault_in(t: &TimedStep, s: &Scenario, run: &Run, facts: &Facts) -> Option<String> {
    let step = t.step;
    let at = match step.anchor {
        Anchor::End => Some(run.end_ms),
        Anchor::Each(m) => hits(run, m)
            .into_iter()
            .map(|i| run.trace[i].at_ms)
            .find(|&at| at == t.at_ms),
        ref a => anchored(a, run).map(|e| e.at_ms),
    };
    if at != Some(t.at_ms) {
        return Some(format!("told at {} ms, its anchor is at {at:?}", t.at_ms));
    }
    if !holds(&step.when, s, run) {
        return Some(format!("its condition {:?} is false of the run", step.when));
    }
    let typed = mentions(&format!("{} {}", step.title, step.text));
    if !typed.is_empty() {
        return Some(format!(
            "numbers typed into the story, not filled from the run: {typed:?}"
        ));
    }
    let words = format!("{} {}", t.title, t.text);
    if words.contains('{') || words.contains('}') {
        return Some(format!("a placeholder is left: {words:?}"));
    }
    let wrong = facts.unsupported(&words);
    (!wrong.is_empty()).then(|| format!("numbers the run did not make: {wrong:?}"))
}

/// Every complaint about `entry` under `knobs` and `lives`, with the evidence to read it.
fn complaints(entry: &Entry, knobs: &Knobs, lives: &[Live]) -> Vec<String> {
    complaints_of(entry, scenario(entry, knobs, lives))
}

/// Every complaint about `entry` told against the run of `s`.
fn complaints_of(entry: &Entry, s: Scenario) -> Vec<String> {
    let Ok(r) = run(&s) else {
        return vec![];
    };
    let told = match entry.id {
        WRITTEN_ID => tell_written(&s, &r),
        _ => entry.tell(&s, &r),
    };
    let facts = Facts::gather(&s, &r);
    let mut out: Vec<String> = told
        .shown
        .iter()
        .filter_map(|t| fault_in(t, &s, &r, &facts).map(|why| (t, why)))
        .map(|(t, why)| format!("{:?} [{} ms] {:?}: {why}", entry.id, t.at_ms, t.title))
        .collect();
    let times: Vec<u64> = told.shown.iter().map(|t| t.at_ms).collect();
    if times.windows(2).any(|w| w[0] > w[1]) {
        out.push(format!("{:?}: steps out of time order {times:?}", entry.id));
    }
    if !out.is_empty() {
        out.push(format!(
            "  with faults {:?}\n  trace:\n{}",
            s.faults,
            trace(&s, &r)
        ));
    }
    out
}

/// The notable events of a run, one a line, for a failure message.
fn trace(s: &Scenario, r: &Run) -> String {
    let quiet = |k: &K| matches!(k, K::MessageSent { .. } | K::MessageDelivered { .. });
    let lines = r.trace.iter().filter(|e| !quiet(&e.kind));
    let lines = lines.map(|e| format!("  {:>7} {}", e.at_ms, fencing_lab::words::event(e, s)));
    lines.collect::<Vec<_>>().join("\n")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn no_story_claims_what_its_run_did_not_do(
        knobs in knobs(),
        lives in prop::collection::vec(live(), 0..=2),
    ) {
        let bad: Vec<String> = catalog()
            .iter()
            .flat_map(|entry| complaints(entry, &knobs, &lives))
            .collect();
        prop_assert!(bad.is_empty(), "under {:?}:\n{}", knobs, bad.join("\n"));
    }
}

/// A written story is told by its moments: none claims what its run did not do, and every
/// story that grants a lease tells it.
#[test]
fn no_written_story_claims_what_its_run_did_not_do() {
    let mut rng = fencing_lab::engine::Rng::new(4_848);
    let mut read = 0;
    while read < 500 {
        let Ok(s) = fencing_lab::script::parse(&story_texts::random_story(&mut rng)) else {
            continue;
        };
        read += 1;
        let r = run(&s).expect("a story that reads runs");
        let bad = complaints_of(&WRITTEN, s.clone());
        assert!(bad.is_empty(), "{}", bad.join("\n"));
        let granted = r
            .trace
            .iter()
            .any(|e| matches!(e.kind, K::LeaseGranted { .. }));
        let told = tell_written(&s, &r);
        let says = told
            .shown
            .iter()
            .any(|t| t.title.ends_with("holds the lease"));
        assert_eq!(says, granted, "{:?}", told.shown);
    }
}

#[test]
fn every_story_still_tells_something_under_its_own_knobs() {
    for entry in catalog() {
        let knobs = Knobs::defaults_for(entry);
        assert_eq!(complaints(entry, &knobs, &[]), Vec::<String>::new());
        let s = scenario(entry, &knobs, &[]);
        assert!(
            !entry
                .tell(&s, &run(&s).expect("a valid scenario"))
                .shown
                .is_empty(),
            "{}",
            entry.id
        );
    }
}
