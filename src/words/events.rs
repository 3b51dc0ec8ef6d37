//! Events in plain words, one line each, for the event log and its text export:
//! "A's write with token 101 rejected: 101 < 102".

use super::violations::violation;
use crate::engine::{
    BeliefEnd, Body, Event, EventKind, LossReason, Message, Node, RefuseReason, Rejection,
    Scenario, SkipReason,
};
use crate::units::time;

fn node(s: &Scenario, n: Node) -> String {
    match n {
        Node::App(a) => s.app_name(a).to_string(),
        Node::Coordinator => "the coordination service".into(),
        Node::Resource => "the resource".into(),
    }
}

fn body(b: &Body) -> String {
    match *b {
        Body::Acquire { .. } => "acquire".into(),
        Body::Renew { token, .. } => format!("renew (token {token})"),
        Body::Release { token } => format!("release (token {token})"),
        Body::Grant { token, .. } => format!("grant (token {token})"),
        Body::Refused { .. } => "refusal".into(),
        Body::Renewed { token, .. } => format!("renewed (token {token})"),
        Body::Lost { token } => format!("lost (token {token})"),
        Body::Read { token } => format!("read (token {token})"),
        Body::ReadReply { value } => format!("read reply ({value})"),
        Body::Write { token, .. } => format!("write (token {token})"),
        Body::WriteReply { accepted: true, .. } => "write accepted".into(),
        Body::WriteReply {
            accepted: false, ..
        } => "write rejected".into(),
    }
}

fn msg(s: &Scenario, m: &Message) -> String {
    format!(
        "{} from {} to {}",
        body(&m.body),
        node(s, m.from),
        node(s, m.to)
    )
}

fn until(expiry_ms: Option<u64>) -> String {
    expiry_ms.map_or("until released".into(), |ms| format!("until {}", time(ms)))
}

fn belief_end(why: BeliefEnd) -> &'static str {
    match why {
        BeliefEnd::ClockSaysExpired => "its own clock says the lease is over",
        BeliefEnd::ToldLost => "the coordination service said the lease is lost",
        BeliefEnd::WriteRejected => "the resource rejected its write",
        BeliefEnd::Released => "it released the lease",
        BeliefEnd::Crashed => "it crashed",
    }
}

/// One line of plain words for `e`, e.g. "A's write with token 101 rejected: 101 < 102".
pub fn event(e: &Event, s: &Scenario) -> String {
    network(e, s)
        .or_else(|| lease(e, s))
        .or_else(|| app(e, s))
        .or_else(|| resource(e, s))
        .or_else(|| services(e))
        .unwrap_or_default()
}

fn network(e: &Event, s: &Scenario) -> Option<String> {
    use EventKind::*;
    Some(match e.kind {
        MessageSent {
            msg:
                Message {
                    from: Node::App(app),
                    body: Body::Write { token, .. },
                    ..
                },
            deliver_at_ms,
            delayed_ms: 0,
        } => format!(
            "{} sends its write with token {token}, due at {}",
            s.app_name(app),
            time(deliver_at_ms)
        ),
        MessageSent {
            msg: m,
            deliver_at_ms,
            delayed_ms: 0,
        } => format!("{} sent, due at {}", msg(s, &m), time(deliver_at_ms)),
        MessageSent {
            msg: m,
            deliver_at_ms,
            delayed_ms,
        } => format!(
            "{} sent, held in the network {} extra, due at {}",
            msg(s, &m),
            time(delayed_ms),
            time(deliver_at_ms)
        ),
        MessageDelivered { msg: m } => format!("{} delivered", msg(s, &m)),
        MessageCopied {
            msg: m,
            deliver_at_ms,
            ..
        } => format!(
            "the network duplicates the {}: a copy is due at {}",
            msg(s, &m),
            time(deliver_at_ms)
        ),
        MessageLost {
            msg: m,
            reason: LossReason::Partition,
        } => format!("{} lost in the partition", msg(s, &m)),
        MessageLost {
            msg: m,
            reason: LossReason::ReceiverCrashed,
        } => format!("{} lost: the receiver has crashed", msg(s, &m)),
        _ => return None,
    })
}

fn lease(e: &Event, s: &Scenario) -> Option<String> {
    use EventKind::*;
    let name = |a: usize| s.app_name(a).to_string();
    Some(match e.kind {
        LeaseGranted {
            app,
            token,
            expiry_ms,
        } => format!(
            "lease granted to {} with token {token}, {}",
            name(app),
            until(expiry_ms)
        ),
        AcquireRefused {
            app,
            reason: RefuseReason::Held { holder, token },
        } => format!(
            "{}'s acquire refused: {} holds the lease (token {token})",
            name(app),
            name(holder)
        ),
        AcquireRefused {
            app,
            reason: RefuseReason::LockDelay { until_ms },
        } => format!(
            "{}'s acquire refused: lock delay after expiry, until {}",
            name(app),
            time(until_ms)
        ),
        AcquireRefused {
            app,
            reason: RefuseReason::Recovering { until_ms },
        } => format!(
            "{}'s acquire refused: the new leader waits out old leases until {}",
            name(app),
            time(until_ms)
        ),
        LeaseRenewed {
            app,
            token,
            expiry_ms,
        } => format!(
            "{}'s lease (token {token}) renewed {}",
            name(app),
            until(expiry_ms)
        ),
        RenewRefused { app, token } => {
            format!(
                "{}'s renewal of token {token} refused: lease lost",
                name(app)
            )
        }
        LeaseExpired { app, token } => format!("{}'s lease (token {token}) expired", name(app)),
        LeaseReleased { app, token } => {
            format!("{} released the lease (token {token})", name(app))
        }
        ReleaseIgnored { app, token } => format!(
            "{}'s release of token {token} ignored: not the current lease",
            name(app)
        ),
        _ => return None,
    })
}

fn app(e: &Event, s: &Scenario) -> Option<String> {
    use EventKind::*;
    let name = |a: usize| s.app_name(a).to_string();
    Some(match e.kind {
        AppStarted { app } => format!("{} starts and asks for the lease", name(app)),
        BeliefStarted { app, token, .. } => format!(
            "{} now believes it owns the resource (token {token})",
            name(app)
        ),
        LateReplyIgnored { app, token } => format!(
            "{} ignores a late answer for token {token}: counted from its request, that lease \
             is already over",
            name(app)
        ),
        BeliefEnded { app, token, why } => format!(
            "{} stops believing it owns the resource (token {token}): {}",
            name(app),
            belief_end(why)
        ),
        PauseStarted { app, until_ms } => {
            format!("{} freezes (GC pause) until {}", name(app), time(until_ms))
        }
        PauseEnded { app } => format!("{} resumes after its pause", name(app)),
        Crashed { app } => format!("{} crashed", name(app)),
        ClockJumped { app, by_ms } => format!("{}'s clock jumps by {}", name(app), signed(by_ms)),
        PartitionStarted { app } => {
            format!("{} is cut off from the coordination service", name(app))
        }
        PartitionEnded { app } => {
            format!("{} can reach the coordination service again", name(app))
        }
        PlanFinished {
            app,
            completed: true,
        } => format!("{} finished its plan", name(app)),
        PlanFinished {
            app,
            completed: false,
        } => format!("{} gave up its plan", name(app)),
        _ => return None,
    })
}

/// "+5 s", "−2.5 s": a clock jump.
pub fn signed(by_ms: i64) -> String {
    let sign = if by_ms < 0 { "−" } else { "+" };
    format!("{sign}{}", time(by_ms.unsigned_abs()))
}

/// The resource's and the coordination service's own faults.
fn services(e: &Event) -> Option<String> {
    use EventKind::*;
    Some(match e.kind {
        ResourceRestarted {
            highest_before,
            highest,
        } if highest == highest_before => {
            format!("the resource restarts; it stored its highest token ({highest}) durably")
        }
        ResourceRestarted { highest_before, .. } => format!(
            "the resource restarts and forgets its highest token ({highest_before}): it kept it \
             only in memory"
        ),
        FailedOver {
            until_ms,
            next_token,
        } => format!(
            "the coordination service fails over; the new leader grants nothing until {}, then \
             {}",
            time(until_ms),
            next_token.map_or("no more tokens".into(), |t| format!("token {t}"))
        ),
        _ => return None,
    })
}

fn resource(e: &Event, s: &Scenario) -> Option<String> {
    use EventKind::*;
    let name = |a: usize| s.app_name(a).to_string();
    Some(match e.kind {
        ReadServed { app, token, value } => format!("{} read {value} (token {token})", name(app)),
        WriteAccepted {
            app,
            token,
            stale: false,
            ..
        } => format!("{}'s write with token {token} accepted", name(app)),
        WriteAccepted {
            app,
            token,
            stale: true,
            ..
        } => format!(
            "{}'s stale write with token {token} accepted ({})",
            name(app),
            if s.enforcement {
                "the resource compares versions, not tokens"
            } else {
                "no enforcement"
            }
        ),
        WriteRejected {
            app,
            token,
            highest,
            why: Rejection::TokenBelowFence,
        } => format!(
            "{}'s write with token {token} rejected: {token} < {highest}",
            name(app)
        ),
        WriteRejected {
            app,
            token,
            why: Rejection::VersionChanged { read, now },
            ..
        } => format!(
            "{}'s write with token {token} rejected: it read {read}, the resource now holds {now}",
            name(app)
        ),
        WriteSkipped {
            app,
            token,
            reason: SkipReason::LeaseOver,
        } => format!(
            "{} skips its write (token {token}): its clock says the lease is over",
            name(app)
        ),
        WriteSkipped {
            app,
            reason: SkipReason::NothingToDo,
            ..
        } => format!("{} has nothing to write", name(app)),
        ResourceChanged {
            value,
            highest_token,
        } => format!("resource now holds {value}; highest token {highest_token}"),
        FenceRaised { token } => format!("resource's highest token is now {token}"),
        Violation { kind } => format!("VIOLATION: {}", violation(&kind, s)),
        _ => return None,
    })
}
