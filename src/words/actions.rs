//! The fault panel in words: its title and choosers, what each button says and, in its
//! tooltip, what it will do ("Duplicate A's next message": the network delivers it twice).

use super::count::count;
use crate::units::time;

/// The fault panel's title.
pub const PANEL_TITLE: &str = "Break it at the playhead";

/// The accessible name of the row of application buttons.
pub const APP_GROUP: &str = "Application to disturb";

/// The label of the fault length chooser.
pub const LENGTH: &str = "Length";

/// The button that pauses `app` at the playhead.
pub fn pause_now(app: &str) -> String {
    format!("❚❚ Pause {app} now")
}

/// The button that crashes `app` at the playhead.
pub fn crash(app: &str) -> String {
    format!("✖ Crash {app}")
}

/// The button that holds `app`'s next message in the network.
pub fn delay_next(app: &str) -> String {
    format!("⇥ Delay {app}'s next message")
}

/// The button that cuts `app` off from the coordination service.
pub fn cut_off(app: &str) -> String {
    format!("✂ Cut {app} off")
}

/// The button that resumes `app` at the playhead.
pub fn resume(app: &str) -> String {
    format!("▶ Resume {app}")
}

/// The button that has the network deliver `app`'s next message twice.
pub fn duplicate_next(app: &str) -> String {
    format!("⇉ Duplicate {app}'s next message")
}

/// What [`duplicate_next`] does, with the copy `after_ms` behind the original.
pub fn duplicate_next_title(app: &str, after_ms: u64) -> String {
    format!(
        "The network delivers {app}'s next message twice: a copy arrives {} after the original",
        time(after_ms)
    )
}

/// The button that holds `app`'s next message while later ones pass it.
pub fn overtake_next(app: &str) -> String {
    format!("⇅ Let {app}'s next message be overtaken")
}

/// What [`overtake_next`] does, holding the message for `extra_ms`.
pub fn overtake_next_title(app: &str, extra_ms: u64) -> String {
    format!(
        "{app}'s next message is held in the network for {} while later ones on its way pass it",
        time(extra_ms)
    )
}

/// The button that restarts the resource at the playhead.
pub const RESTART_RESOURCE: &str = "⟳ Restart the resource";

/// What [`RESTART_RESOURCE`] does.
pub const RESTART_RESOURCE_TITLE: &str = "The resource restarts at the playhead: its data \
     survives; the highest token it has seen survives only if it is stored durably (Protocol). Key: R";

/// The button that cuts a replicated service's leader off from the other members.
pub const CUT_LEADER: &str = "✂ Cut the leader off";

/// What [`CUT_LEADER`] does, for `for_ms`.
pub fn cut_leader_title(for_ms: u64) -> String {
    format!(
        "The replicated coordination service's leader is cut off from the other members at the \
         playhead for {}: apps still reach it, but it can commit nothing, and the others elect \
         a new leader",
        time(for_ms)
    )
}

/// The button that fails the coordination service over at the playhead.
pub const FAIL_OVER: &str = "⇆ Fail the coordination service over";

/// What [`FAIL_OVER`] does.
pub const FAIL_OVER_TITLE: &str = "A new leader takes over the coordination service at the \
     playhead; what it does with the leases and the token counter it finds is the protocol's \
     (Protocol, Real system). Key: L";

/// The name of the group of faults that strike the whole system, not one application.
pub const SERVICES_GROUP: &str = "Faults of the resource and the coordination service";

/// How many changes the user added: "2 changes added".
pub fn changes_added(changes: u64) -> String {
    format!("{} added", count(changes, "change", "changes"))
}

/// The button that removes every added fault.
pub const REMOVE_ADDED: &str = "Remove added faults";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_buttons_name_the_app_and_the_tooltips_the_length() {
        assert_eq!(duplicate_next("B"), "⇉ Duplicate B's next message");
        assert_eq!(overtake_next("A"), "⇅ Let A's next message be overtaken");
        assert!(duplicate_next_title("A", 5_000).contains("5 s after the original"));
        assert!(overtake_next_title("A", 40_000).contains("for 40 s"));
    }
}
