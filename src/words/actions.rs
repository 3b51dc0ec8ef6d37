//! The fault panel's newer buttons in words: what each one says and, in its tooltip, what it
//! will do ("Duplicate A's next message": the network delivers it twice).

use super::time;

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

/// The button that fails the coordination service over at the playhead.
pub const FAIL_OVER: &str = "⇆ Fail the coordination service over";

/// What [`FAIL_OVER`] does.
pub const FAIL_OVER_TITLE: &str = "A new leader takes over the coordination service at the \
     playhead: it knows no lease and grants none for one lease length; its token counter goes \
     on only if it is stored durably (Protocol). Key: L";

/// The name of the group of faults that strike the whole system, not one application.
pub const SERVICES_GROUP: &str = "Faults of the resource and the coordination service";

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
