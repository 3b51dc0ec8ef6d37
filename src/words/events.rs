//! Events in plain words, one line each, for the event log and its text export:
//! "A's write with token 101 rejected: 101 < 102". Grants are named by [`grant`] ("token
//! 101", or "grant #1" where grants carry no ordered token).

use super::event_at_resource::{event_at_resource, tagged, with, write_word};
use super::members::member_change;
use crate::catalog::grant;
use crate::engine::{
    BeliefEnd, Body, Event, EventKind, LossReason, Message, Mode, Node, RefuseReason, Scenario,
    Tokens,
};
use crate::units::time;

fn node(s: &Scenario, n: Node) -> String {
    match n {
        Node::App(a) => s.app_name(a).to_string(),
        Node::Coordinator => "the coordination service".into(),
        Node::Resource => "the resource".into(),
    }
}

fn body(s: &Scenario, b: &Body) -> String {
    let t = |token| grant(s, token);
    match *b {
        Body::Acquire { .. } => "acquire".into(),
        Body::Renew { token, .. } => format!("renew ({})", t(token)),
        Body::Release { token } => format!("release ({})", t(token)),
        Body::Grant { token, .. } => format!("grant ({})", t(token)),
        Body::Refused { .. } => "refusal".into(),
        Body::Renewed { token, .. } => format!("renewed ({})", t(token)),
        Body::Lost { token } => format!("lost ({})", t(token)),
        Body::Read { token } => format!("read{}", tagged(s, token)),
        Body::ReadReply { value, .. } => format!("read reply ({value})"),
        Body::Write { token, returns, .. } => {
            format!("{}{}", write_word(returns), tagged(s, token))
        }
        Body::WriteReply { accepted: true, .. } => "write accepted".into(),
        Body::WriteReply {
            accepted: false, ..
        } => "write rejected".into(),
    }
}

fn msg(s: &Scenario, m: &Message) -> String {
    format!(
        "{} from {} to {}",
        body(s, &m.body),
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
        .or_else(|| event_at_resource(e, s))
        .or_else(|| services(e, s))
        .unwrap_or_default()
}

fn network(e: &Event, s: &Scenario) -> Option<String> {
    use EventKind::*;
    Some(match e.kind {
        MessageSent {
            msg:
                Message {
                    from: Node::App(app),
                    body: Body::Write { token, returns, .. },
                    ..
                },
            deliver_at_ms,
            delayed_ms: 0,
        } => format!(
            "{} sends its {}{}, due at {}",
            s.app_name(app),
            write_word(returns),
            with(s, token),
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
    let t = |token| grant(s, token);
    Some(match e.kind {
        LeaseGranted {
            app,
            token,
            expiry_ms,
        } => format!(
            "lease granted to {} with {}, {}",
            name(app),
            t(token),
            until(expiry_ms)
        ),
        AcquireRefused { app, reason } => refused(s, app, reason),
        LeaseRenewed {
            app,
            token,
            expiry_ms,
        } => format!(
            "{}'s lease ({}) renewed {}",
            name(app),
            t(token),
            until(expiry_ms)
        ),
        RenewRefused { app, token } => {
            format!(
                "{}'s renewal of {} refused: lease lost",
                name(app),
                t(token)
            )
        }
        LeaseExpired { app, token } => format!("{}'s lease ({}) expired", name(app), t(token)),
        // A leader that gives its lease back steps down.
        LeaseReleased { app, token } if s.tokens == Tokens::Epoch => {
            format!(
                "{} stepped down: released the lease ({})",
                name(app),
                t(token)
            )
        }
        LeaseReleased { app, token } => {
            format!("{} released the lease ({})", name(app), t(token))
        }
        ReleaseIgnored { app, token } => format!(
            "{}'s release of {} ignored: not the current lease",
            name(app),
            t(token)
        ),
        _ => return None,
    })
}

fn refused(s: &Scenario, app: usize, reason: RefuseReason) -> String {
    let name = |a: usize| s.app_name(a).to_string();
    let why = match reason {
        RefuseReason::Held { holder, token } => {
            let held = super::bands::held(s);
            format!("{} holds the {held} ({})", name(holder), grant(s, token))
        }
        RefuseReason::LockDelay { until_ms } => {
            format!("lock delay after expiry, until {}", time(until_ms))
        }
        RefuseReason::Recovering { until_ms } => {
            format!(
                "the new leader waits out old leases until {}",
                time(until_ms)
            )
        }
        RefuseReason::NoLeader => {
            "the member it asked knows no ready leader; it asks the next".into()
        }
    };
    format!("{}'s acquire refused: {why}", name(app))
}

fn app(e: &Event, s: &Scenario) -> Option<String> {
    use EventKind::*;
    let name = |a: usize| s.app_name(a).to_string();
    let t = |token| grant(s, token);
    Some(match e.kind {
        AppStarted { app } if s.mode == Mode::NoLock => {
            format!("{} starts; it asks for no lock", name(app))
        }
        AppStarted { app } => format!("{} starts and asks for the lease", name(app)),
        BeliefStarted { app, token, .. } => format!(
            "{} now believes it owns the resource ({})",
            name(app),
            t(token)
        ),
        LateReplyIgnored { app, token } => format!(
            "{} ignores a late answer for {}: counted from its request, that lease \
             is already over",
            name(app),
            t(token)
        ),
        BeliefEnded { app, token, why } => format!(
            "{} stops believing it owns the resource ({}): {}",
            name(app),
            t(token),
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
        StartedOver { app, attempt } => format!(
            "{} found the resource changed since its read and starts over: attempt {attempt}",
            name(app)
        ),
        _ => return None,
    })
}

/// "+5 s", "−2.5 s": a clock jump.
pub fn signed(by_ms: i64) -> String {
    let sign = if by_ms < 0 { "−" } else { "+" };
    format!("{sign}{}", time(by_ms.unsigned_abs()))
}

/// A restart before any write or read carried a grant to the resource.
pub const NOTHING_SEEN: &str = "the resource restarts before any grant has reached it";

/// The resource's and the coordination service's own faults, and what a new leader does.
fn services(e: &Event, s: &Scenario) -> Option<String> {
    use EventKind::*;
    let t = |token| grant(s, token);
    Some(match e.kind {
        ResourceRestarted { .. } if s.mode == Mode::NoLock => {
            "the resource restarts; its data survives".into()
        }
        ResourceRestarted {
            highest_before: 0, ..
        } => NOTHING_SEEN.to_string(),
        ResourceRestarted {
            highest_before,
            highest,
        } if highest == highest_before => {
            format!(
                "the resource restarts; it stored the highest it had seen ({}) durably",
                t(highest)
            )
        }
        ResourceRestarted { highest_before, .. } => format!(
            "the resource restarts and forgets the highest it had seen ({}): it kept it \
             only in memory",
            t(highest_before)
        ),
        FailedOver { .. } if s.mode == Mode::NoLock => {
            "the coordination service fails over; no app here asks it for anything".into()
        }
        FailedOver {
            until_ms,
            next_token,
        } if until_ms > e.at_ms => format!(
            "the coordination service fails over; the new leader grants nothing until {}, then \
             {}",
            time(until_ms),
            next_token.map_or("no more grants".into(), t)
        ),
        FailedOver { .. } if s.members > 1 => "a new leader takes over the coordination \
                                                service: it keeps the leases it finds, and it \
                                                numbers its grants on from its log"
            .into(),
        FailedOver { next_token, .. } => format!(
            "the coordination service fails over; the new leader keeps the leases it finds, and \
             its next grant is {}",
            next_token.map_or("none: no tokens left".into(), t)
        ),
        LeaseRestarted {
            app,
            token,
            expiry_ms,
        } => format!(
            "the new leader restarts {}'s lease ({}): it now ends at {}",
            s.app_name(app),
            t(token),
            time(expiry_ms)
        ),
        Member { member, change } => member_change(member, change),
        _ => return None,
    })
}
