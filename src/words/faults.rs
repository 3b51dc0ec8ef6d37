//! Faults in plain words, as the explorer lists a counterexample's schedule:
//! "pause A at 20 s for 40 s", "crash B at 10 s".

use super::{signed, time};
use crate::engine::Fault;

/// "pause A at 20 s for 40 s": a fault in plain words.
pub fn fault(fault: &Fault) -> String {
    match fault {
        Fault::Pause { app, at_ms, for_ms } => {
            format!("pause {app} at {} for {}", time(*at_ms), time(*for_ms))
        }
        Fault::PauseAfterCheck {
            app,
            write_nth,
            for_ms,
        } => {
            format!(
                "pause {app} after its check before write {write_nth}, for {}",
                time(*for_ms)
            )
        }
        Fault::Crash { app, at_ms } => format!("crash {app} at {}", time(*at_ms)),
        Fault::DelayMessage {
            app, nth, extra_ms, ..
        } => {
            format!(
                "hold {app}'s message #{nth} in the network for {}",
                time(*extra_ms)
            )
        }
        Fault::Partition {
            app,
            from_ms,
            until_ms,
        } => {
            format!(
                "cut {app} off from {} to {}",
                time(*from_ms),
                time(*until_ms)
            )
        }
        Fault::ClockJump { app, at_ms, by_ms } => {
            format!(
                "jump {app}'s clock by {} at {}",
                signed(*by_ms),
                time(*at_ms)
            )
        }
        other => service_fault(other),
    }
}

/// The network's copies and reorders, and the services' own faults, in plain words.
fn service_fault(fault: &Fault) -> String {
    match fault {
        Fault::Duplicate {
            app, nth, after_ms, ..
        } => format!(
            "deliver {app}'s message #{nth} twice, the copy {} later",
            time(*after_ms)
        ),
        Fault::Reorder {
            app, nth, extra_ms, ..
        } => format!(
            "hold {app}'s message #{nth} for {} while later ones pass",
            time(*extra_ms)
        ),
        Fault::RestartResource { at_ms } => format!("restart the resource at {}", time(*at_ms)),
        Fault::Failover { at_ms } => {
            format!("fail the coordination service over at {}", time(*at_ms))
        }
        _ => String::new(),
    }
}
