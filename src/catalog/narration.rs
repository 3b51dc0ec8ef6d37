//! Narration: the steps that retell a scenario, each tied to a moment of the run.
//!
//! A step's time is an [`Anchor`], resolved against a [`Run`] (e.g. "the first write
//! rejected"), so the text and the timeline cannot drift apart. A step may apply only
//! with token enforcement on or off, or only in one lock mode ([`When`]).

use super::knobs::{Knob, Knobs};
use crate::engine::{EventKind, Mode, MsgKind, Run};

/// Which application an [`EventMatcher`] looks at (index into `Scenario::apps`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    /// Any application (or none, for resource events).
    Any,
    /// The application with this index.
    App(usize),
}

/// Application A (the first app of a scenario).
pub const A: Who = Who::App(0);
/// Application B.
pub const B: Who = Who::App(1);
/// Application C.
pub const C: Who = Who::App(2);

impl Who {
    fn matches(self, app: Option<usize>) -> bool {
        match self {
            Who::Any => true,
            Who::App(want) => app == Some(want),
        }
    }
}

/// A kind of event in the trace, for one application or any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventMatcher {
    /// The coordination service granted a lease.
    Granted(Who),
    /// The coordination service refused an acquire.
    Refused(Who),
    /// The coordination service extended a lease.
    Renewed(Who),
    /// A lease ran out at the coordination service.
    Expired(Who),
    /// A lease was released.
    Released(Who),
    /// An app stopped believing it owns the resource.
    BeliefEnded(Who),
    /// A pause began.
    PauseStarted(Who),
    /// A pause ended.
    PauseEnded(Who),
    /// An app crashed.
    Crashed(Who),
    /// The resource served a read.
    ReadServed(Who),
    /// An app sent a write.
    WriteSent(Who),
    /// The resource accepted a write.
    WriteAccepted(Who),
    /// The resource rejected a write.
    WriteRejected(Who),
    /// An app decided not to write.
    WriteSkipped(Who),
    /// The resource's highest token rose to this value.
    FenceRaisedTo(u64),
    /// A domain rule broke.
    Violation,
}

impl EventMatcher {
    /// True when `kind` is an event of this sort.
    pub fn matches(&self, kind: &EventKind) -> bool {
        use EventKind as K;
        let app = kind.app();
        match (*self, kind) {
            (Self::Granted(w), K::LeaseGranted { .. })
            | (Self::Refused(w), K::AcquireRefused { .. })
            | (Self::Renewed(w), K::LeaseRenewed { .. })
            | (Self::Expired(w), K::LeaseExpired { .. })
            | (Self::Released(w), K::LeaseReleased { .. })
            | (Self::BeliefEnded(w), K::BeliefEnded { .. })
            | (Self::PauseStarted(w), K::PauseStarted { .. })
            | (Self::PauseEnded(w), K::PauseEnded { .. })
            | (Self::Crashed(w), K::Crashed { .. })
            | (Self::ReadServed(w), K::ReadServed { .. })
            | (Self::WriteAccepted(w), K::WriteAccepted { .. })
            | (Self::WriteRejected(w), K::WriteRejected { .. })
            | (Self::WriteSkipped(w), K::WriteSkipped { .. }) => w.matches(app),
            (Self::WriteSent(w), K::MessageSent { msg, .. }) => {
                msg.body.kind() == MsgKind::Write && w.matches(app)
            }
            (Self::FenceRaisedTo(t), K::FenceRaised { token }) => *token == t,
            (Self::Violation, K::Violation { .. }) => true,
            _ => false,
        }
    }
}

/// When a narration step happens in the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// A fixed simulated time.
    At(u64),
    /// The first matching event.
    First(EventMatcher),
    /// The `n`th matching event (1-based).
    Nth(EventMatcher, u32),
    /// The last matching event.
    Last(EventMatcher),
    /// The end of the run.
    End,
}

impl Anchor {
    /// The time this anchor points at in `run`, or `None` if its event never happens.
    pub fn resolve(&self, run: &Run) -> Option<u64> {
        let mut hits = run
            .trace
            .iter()
            .filter(|e| self.matcher().is_some_and(|m| m.matches(&e.kind)));
        match *self {
            Anchor::At(at_ms) => Some(at_ms.min(run.end_ms)),
            Anchor::First(_) => hits.next().map(|e| e.at_ms),
            Anchor::Nth(_, n) => hits.nth(n.max(1) as usize - 1).map(|e| e.at_ms),
            Anchor::Last(_) => hits.next_back().map(|e| e.at_ms),
            Anchor::End => Some(run.end_ms),
        }
    }

    fn matcher(&self) -> Option<EventMatcher> {
        match *self {
            Anchor::First(m) | Anchor::Nth(m, _) | Anchor::Last(m) => Some(m),
            Anchor::At(_) | Anchor::End => None,
        }
    }
}

/// Under which settings a step is true.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// Always shown.
    Always,
    /// Only with token enforcement off.
    EnforcementOff,
    /// Only with token enforcement on.
    EnforcementOn,
    /// Only with a lock that never expires.
    PermanentLock,
    /// Only with a lease.
    Lease,
}

impl When {
    /// True when a step with this condition applies under `knobs`.
    pub fn applies(self, knobs: &Knobs) -> bool {
        match self {
            When::Always => true,
            When::EnforcementOff => !knobs.enforcement,
            When::EnforcementOn => knobs.enforcement,
            When::PermanentLock => knobs.mode == Mode::PermanentLock,
            When::Lease => knobs.mode == Mode::Lease,
        }
    }
}

/// One step of a story.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NarrationStep {
    /// A few words.
    pub title: &'static str,
    /// Two or three sentences. Times are written as "20 s", tokens as plain numbers.
    pub text: &'static str,
    /// The moment of the run this step belongs to.
    pub anchor: Anchor,
    /// Under which settings the step is true.
    pub when: When,
    /// The toggle this step invites the learner to flip (the UI may offer a button).
    pub toggle: Option<Knob>,
}

impl NarrationStep {
    /// A step shown in every setting, with no toggle.
    pub const fn new(title: &'static str, anchor: Anchor, text: &'static str) -> Self {
        NarrationStep {
            title,
            text,
            anchor,
            when: When::Always,
            toggle: None,
        }
    }

    /// The same step, shown only under `when`.
    pub const fn only(self, when: When) -> Self {
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

/// A step placed on the run's timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedStep {
    /// The step.
    pub step: &'static NarrationStep,
    /// When it happens (for an anchor that did not resolve: the previous step's time).
    pub at_ms: u64,
    /// False when the anchor's event never happened in this run (e.g. changed knobs).
    pub resolved: bool,
}

/// The steps of `steps` that apply under `knobs`, placed on `run`'s timeline.
pub fn place(steps: &'static [NarrationStep], knobs: &Knobs, run: &Run) -> Vec<TimedStep> {
    let mut last_ms = 0;
    let applicable = steps.iter().filter(|s| s.when.applies(knobs));
    applicable
        .map(|step| {
            let found = step.anchor.resolve(run);
            last_ms = found.unwrap_or(last_ms);
            TimedStep {
                step,
                at_ms: last_ms,
                resolved: found.is_some(),
            }
        })
        .collect()
}
