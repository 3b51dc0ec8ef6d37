//! Faults in plain words, as the explorer lists a counterexample's schedule:
//! "pause A at 20 s for 40 s", "crash B at 10 s".

use super::events::signed;
use super::members::fault_member;
use crate::engine::{Fault, Scenario};
use crate::units::time;

/// "pause A at 20 s for 40 s": a fault in plain words, its app called by the name it has
/// in `scenario`.
pub fn fault(fault: &Fault, scenario: &Scenario) -> String {
    let app = fault.app().map_or("", |app| scenario.app_name(app));
    match fault {
        Fault::Pause { at_ms, for_ms, .. } => {
            format!("pause {app} at {} for {}", time(*at_ms), time(*for_ms))
        }
        Fault::PauseAfterCheck {
            write_nth, for_ms, ..
        } => {
            format!(
                "pause {app} after its check before write {write_nth}, for {}",
                time(*for_ms)
            )
        }
        Fault::Crash { at_ms, .. } => format!("crash {app} at {}", time(*at_ms)),
        Fault::DelayMessage { nth, extra_ms, .. } => {
            format!(
                "hold {app}'s message #{nth} in the network for {}",
                time(*extra_ms)
            )
        }
        Fault::Partition {
            from_ms, until_ms, ..
        } => {
            format!(
                "cut {app} off from {} to {}",
                time(*from_ms),
                time(*until_ms)
            )
        }
        Fault::ClockJump { at_ms, by_ms, .. } => {
            format!(
                "jump {app}'s clock by {} at {}",
                signed(*by_ms),
                time(*at_ms)
            )
        }
        other => service_fault(other, app),
    }
}

/// The network's copies and reorders, and the services' own faults, in plain words.
fn service_fault(fault: &Fault, app: &str) -> String {
    match fault {
        Fault::Duplicate { nth, after_ms, .. } => format!(
            "deliver {app}'s message #{nth} twice, the copy {} later",
            time(*after_ms)
        ),
        Fault::Reorder { nth, extra_ms, .. } => format!(
            "hold {app}'s message #{nth} for {} while later ones pass",
            time(*extra_ms)
        ),
        Fault::RestartResource { at_ms } => format!("restart the resource at {}", time(*at_ms)),
        Fault::Failover { at_ms } => {
            format!("fail the coordination service over at {}", time(*at_ms))
        }
        Fault::CrashMember {
            member,
            at_ms,
            for_ms,
        } => format!(
            "crash {} at {} for {}",
            fault_member(*member),
            time(*at_ms),
            time(*for_ms)
        ),
        Fault::CutMember {
            member,
            at_ms,
            for_ms,
        } => format!(
            "cut {} off from the other members at {} for {}",
            fault_member(*member),
            time(*at_ms),
            time(*for_ms)
        ),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{MsgKind, APP_B};

    #[test]
    fn every_fault_on_an_app_calls_it_by_its_name_not_its_number() {
        let s = Scenario::gc_pause_story(true);
        let kind = MsgKind::Write;
        let faults = [
            Fault::pause(APP_B, 20_000, 40_000),
            Fault::pause_after_check(APP_B, 1, 40_000),
            Fault::crash(APP_B, 10_000),
            Fault::delay(APP_B, kind, 1, 5_000),
            Fault::partition(APP_B, 2_000, 9_000),
            Fault::clock_jump(APP_B, 10_000, -5_000),
            Fault::duplicate(APP_B, kind, 1, 5_000),
            Fault::reorder(APP_B, kind, 1, 5_000),
        ];
        for f in faults {
            let words = fault(&f, &s);
            assert!(words.contains(" B ") || words.contains(" B's "), "{words}");
            assert!(!words.contains(" 1 ") && !words.contains("1's"), "{words}");
        }
        assert_eq!(fault(&faults[0], &s), "pause B at 20 s for 40 s");
    }
}
