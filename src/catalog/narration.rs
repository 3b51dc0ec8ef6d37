//! Narration: the steps that retell a scenario, each a claim about the run.
//!
//! A step's time is an [`Anchor`], resolved against a [`Run`] (e.g. "the first write
//! rejected"), and it holds only under a [`Cond`] on the same run (e.g. "no lease ever
//! expires"). Its numbers are `{placeholders}` filled from the run (see [`super::tell`]), so
//! the text cannot claim what the run on screen did not do.

pub use super::matcher::{EventMatcher, Who, A, B, C};

use super::knobs::{Knob, Knobs};
use crate::engine::{Client, EventKind, LeaderChange, Mode, Run, Scenario, Tokens};
use std::cmp::Ordering;

/// When a narration step happens in the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The first matching event.
    First(EventMatcher),
    /// The `n`th matching event (1-based).
    Nth(EventMatcher, u32),
    /// The last matching event.
    Last(EventMatcher),
    /// Every matching event no other shown step is anchored on, each told on its own
    /// (see [`super::tell::tell_each`]); alone, the first.
    Each(EventMatcher),
    /// The first event of the first kind after the first of the second kind, before the first
    /// of the third (if that comes): `During(Renewed(A), MemberCut, LeaderAlone)` is A's first
    /// renewal while the cut-off leader still leads.
    During(EventMatcher, EventMatcher, EventMatcher),
    /// The end of the run.
    End,
}

impl Anchor {
    /// The event this anchor points at in `run` (`None` for [`Anchor::End`] or an event
    /// that never happens).
    pub fn event<'r>(&self, run: &'r Run) -> Option<&'r crate::engine::Event> {
        let m = match *self {
            Anchor::First(m) | Anchor::Nth(m, _) | Anchor::Last(m) | Anchor::Each(m) => m,
            Anchor::During(m, from, until) => {
                let start = run.trace.iter().position(|e| from.matches(&e.kind))?;
                let mut before = run.trace[start..]
                    .iter()
                    .take_while(|e| !until.matches(&e.kind));
                return before.find(|e| m.matches(&e.kind));
            }
            Anchor::End => return None,
        };
        let mut hits = run.trace.iter().filter(|e| m.matches(&e.kind));
        match *self {
            Anchor::First(_) | Anchor::Each(_) => hits.next(),
            Anchor::Nth(_, n) => hits.nth(n.max(1) as usize - 1),
            _ => hits.next_back(),
        }
    }

    /// The event whose absence keeps this anchor from resolving.
    pub fn matcher(&self) -> Option<EventMatcher> {
        match *self {
            Anchor::First(m) | Anchor::Nth(m, _) | Anchor::Last(m) | Anchor::Each(m) => Some(m),
            Anchor::During(m, ..) => Some(m),
            Anchor::End => None,
        }
    }
}

/// A condition on the run under which a step's claim is true.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    /// No condition beyond the anchor's event happening.
    Always,
    /// At least one such event happens.
    Happens(EventMatcher),
    /// No such event happens.
    Never(EventMatcher),
    /// Exactly one such event happens.
    Once(EventMatcher),
    /// A crashed holder kept others waiting to the end (the liveness verdict).
    Stuck,
    /// No domain rule broke.
    Safe,
    /// A domain rule broke.
    Broken,
    /// Two apps believed they owned the resource at once.
    SplitBrain,
    /// No two apps ever believed they owned the resource at once.
    OneOwner,
    /// Both events happen, the first of the first kind before the first of the second.
    Then(EventMatcher, EventMatcher),
    /// The first event happens, and no event of the second kind comes before it.
    Before(EventMatcher, EventMatcher),
    /// The resource enforces tokens (`true`) or ignores them (`false`).
    Enforced(bool),
    /// Ownership is a lease that can expire (`true`) or a lock without expiry (`false`).
    Leases(bool),
    /// The apps ask for a lock, a lease or one without expiry (`true`), or for none at all
    /// and write with compare-and-set (`false`).
    Locks(bool),
    /// A new leader of the coordination service keeps the leases it finds and restarts their
    /// timers (`true`), or knows none and waits them out (`false`).
    LeaderRestarts(bool),
    /// The apps look at their lease before each write (`true`) or never do (`false`).
    Checks(bool),
    /// The apps count their lease from their request (`true`) or from the reply (`false`).
    Careful(bool),
    /// An on/off knob has this value (the enforcement mode, the fence's or the counter's
    /// durability...).
    Knob(Knob, bool),
    /// Both conditions hold.
    And(&'static Cond, &'static Cond),
    /// The event the anchor points at is also of this kind (e.g. A's first write to arrive
    /// is the one rejected for its token): how a question reads the outcome of its moment.
    Is(Anchor, EventMatcher),
    /// The first token granted to the first app compares so with the first granted to the
    /// second (`Token(B, Greater, A)`: B's token is larger than A's).
    Token(Who, Ordering, Who),
    /// Grants carry a leader's epoch ([`Tokens::Epoch`]).
    Epochs,
}

/// Why a step's claim is not true of a run, as data (the words layer phrases it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    /// This never happens in the run.
    Never(EventMatcher),
    /// This happens in the run, and the step says it does not.
    Happens(EventMatcher),
    /// This happens more than once in the run, and the step says it happens once.
    Again(EventMatcher),
    /// Nobody is kept waiting by a crashed holder.
    NotStuck,
    /// A domain rule broke.
    Broken,
    /// No domain rule broke.
    Safe,
    /// No two apps ever believed they owned the resource at once.
    NoSplitBrain,
    /// Two apps believed they owned the resource at once.
    SplitBrain,
    /// The second event happens before the first (`NotBefore(a, b)`: `b` comes first).
    NotBefore(EventMatcher, EventMatcher),
    /// A setting of this run is the other way round: the knob, and its value here.
    Setting(Knob, bool),
    /// A new leader restarts the leases it finds (`true`) or knows none (`false`) in this run.
    LeaderChange(bool),
    /// The anchored moment is another kind of event than this.
    Otherwise(EventMatcher),
    /// The first app's token compares so with the second's in this run.
    Tokens(Who, Ordering, Who),
    /// Grants carry no leader's epoch in this run.
    NoEpochs,
}

impl Cond {
    /// `Ok` when the condition holds in `run`, the run of `scenario`, else why not.
    pub fn check(&self, scenario: &Scenario, run: &Run) -> Result<(), Missing> {
        let first = |m: EventMatcher| run.trace.iter().position(|e| m.matches(&e.kind));
        let verdict = &run.verdict;
        let holds = |ok: bool, why: Missing| if ok { Ok(()) } else { Err(why) };
        let split = !verdict.split_brain.is_empty();
        match *self {
            Cond::Always => Ok(()),
            Cond::Happens(m) => holds(first(m).is_some(), Missing::Never(m)),
            Cond::Never(m) => holds(first(m).is_none(), Missing::Happens(m)),
            Cond::Once(m) => match run.trace.iter().filter(|e| m.matches(&e.kind)).count() {
                0 => Err(Missing::Never(m)),
                1 => Ok(()),
                _ => Err(Missing::Again(m)),
            },
            Cond::Stuck => holds(!verdict.is_live(), Missing::NotStuck),
            Cond::Safe => holds(verdict.is_safe(), Missing::Broken),
            Cond::Broken => holds(!verdict.is_safe(), Missing::Safe),
            Cond::SplitBrain => holds(split, Missing::NoSplitBrain),
            Cond::OneOwner => holds(!split, Missing::SplitBrain),
            Cond::Then(a, b) => {
                let (ia, ib) = (first(a).ok_or(Missing::Never(a))?, first(b));
                let ib = ib.ok_or(Missing::Never(b))?;
                holds(ia < ib, Missing::NotBefore(a, b))
            }
            Cond::Before(a, b) => {
                let ia = first(a).ok_or(Missing::Never(a))?;
                holds(first(b).is_none_or(|ib| ia < ib), Missing::NotBefore(a, b))
            }
            Cond::Enforced(on) => setting(Knob::Enforcement, scenario.enforcement, on),
            Cond::Leases(on) => setting(Knob::Mode, scenario.mode == Mode::Lease, on),
            Cond::Locks(on) => holds(
                (scenario.mode != Mode::NoLock) == on,
                Missing::Setting(Knob::Mode, scenario.mode == Mode::Lease),
            ),
            Cond::LeaderRestarts(on) => {
                // A replicated service's new leader always restarts the leases it finds.
                let restarts =
                    scenario.leader_change != LeaderChange::ForgetsLeases || scenario.members > 1;
                holds(restarts == on, Missing::LeaderChange(restarts))
            }
            Cond::Checks(on) => {
                let all = scenario.apps.iter().all(|a| a.check_before_write == on);
                holds(all, Missing::Setting(Knob::CheckBeforeWrite, !on))
            }
            Cond::Knob(Knob::Members, on) => setting(Knob::Members, scenario.members > 1, on),
            Cond::Knob(knob, on) => {
                // A replicated service keeps its token counter in its log, on disk.
                let group_counter = knob == Knob::CounterDurable && scenario.members > 1;
                let is = group_counter || Knobs::read(scenario).flag(knob).unwrap_or(!on);
                setting(knob, is, on)
            }
            Cond::Careful(on) => {
                let careful = scenario.client == Client::Careful;
                setting(Knob::CarefulClient, careful, on)
            }
            Cond::And(a, b) => a.check(scenario, run).and_then(|_| b.check(scenario, run)),
            Cond::Is(anchor, m) => {
                let event = anchor
                    .event(run)
                    .ok_or(Missing::Never(anchor.matcher().unwrap_or(m)))?;
                holds(m.matches(&event.kind), Missing::Otherwise(m))
            }
            Cond::Epochs => holds(scenario.tokens == Tokens::Epoch, Missing::NoEpochs),
            Cond::Token(a, order, b) => {
                let (ta, tb) = (first_token(run, a)?, first_token(run, b)?);
                let is = ta.cmp(&tb);
                holds(is == order, Missing::Tokens(a, is, b))
            }
        }
    }
}

/// The first token granted to `who`, or why there is none.
fn first_token(run: &Run, who: Who) -> Result<u64, Missing> {
    let granted = EventMatcher::Granted(who);
    run.trace
        .iter()
        .find_map(|e| match e.kind {
            EventKind::LeaseGranted { token, .. } if granted.matches(&e.kind) => Some(token),
            _ => None,
        })
        .ok_or(Missing::Never(granted))
}

/// `Ok` when a setting is `want`; else why not (the value it has in this run).
fn setting(knob: Knob, is: bool, want: bool) -> Result<(), Missing> {
    if is == want {
        Ok(())
    } else {
        Err(Missing::Setting(knob, is))
    }
}

/// One step of a story.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NarrationStep {
    /// A few words (may hold `{placeholders}`).
    pub title: &'static str,
    /// Two or three sentences; every number is a `{placeholder}` filled from the run.
    pub text: &'static str,
    /// The moment of the run this step belongs to.
    pub anchor: Anchor,
    /// What else must be true of the run for the step's claim to hold.
    pub when: Cond,
    /// The toggle this step invites the learner to flip (the UI may offer a button).
    pub toggle: Option<Knob>,
}

impl NarrationStep {
    /// A step that holds whenever its anchor's event happens, with no toggle.
    pub const fn new(title: &'static str, anchor: Anchor, text: &'static str) -> Self {
        NarrationStep {
            title,
            text,
            anchor,
            when: Cond::Always,
            toggle: None,
        }
    }

    /// The same step, true only when `when` also holds.
    pub const fn only(self, when: Cond) -> Self {
        NarrationStep { when, ..self }
    }

    /// The same step, pointing at `knob`.
    pub const fn toggle(self, knob: Knob) -> Self {
        NarrationStep {
            toggle: Some(knob),
            ..self
        }
    }
}

/// Told in every story: the first write the resource turns away by version.
pub static BY_VERSION: &[NarrationStep] = &[NarrationStep::new(
    "Rejected by version",
    Anchor::First(EventMatcher::VersionRejected(Who::Any)),
    "At {at} the resource turns away {app}'s write: {app} read {read}, but the resource now \
     holds {now}, so the compare-and-set fails, whatever the write carries.",
)];

/// What the resource does with it, for a write no other step tells.
const REFUSED: &str = "At {at} {app} writes with {token}, and the resource refuses it.";

/// Told in every story: each stale write (accepted below the fence, or rejected) that no
/// other step tells, so every stale write the timeline draws is narrated.
pub static STALE_WRITES: &[NarrationStep] = &[
    NarrationStep::new(
        "{app}'s stale write",
        Anchor::Each(EventMatcher::StaleAccepted(Who::Any)),
        "At {at} {app} writes with {token}, below the highest the resource has seen, and \
         the resource takes it.",
    ),
    NarrationStep::new(
        "{app}'s write refused",
        Anchor::Each(EventMatcher::WriteRejected(Who::Any)),
        REFUSED,
    ),
    NarrationStep::new(
        "{app}'s write refused",
        Anchor::Each(EventMatcher::VersionRejected(Who::Any)),
        REFUSED,
    ),
];
