//! The explorer in plain words: its panel's title and choices, its plan (which faults it will
//! try, how many at once, and how many schedules that makes: "Pauses of every app at 13 start
//! times, delayed writes and crashes, up to 2 at once: 2380 schedules."), its progress and its
//! results, all of the space or the part a cancelled search tried, said against the setup it
//! started from ("your setup as it is (with its 4 added faults)").

use super::count::count;
use crate::engine::explore::{KindReport, Summary};
use crate::engine::{Bounds, Scenario};
use crate::units::time;

/// What an exploration within `bounds` tries, ending with its `total` schedules.
pub fn explore_plan(bounds: &Bounds, total: u64) -> String {
    let lengths: Vec<String> = bounds.pause_lengths_ms.iter().map(|&ms| time(ms)).collect();
    let mut kinds = vec![format!(
        "Pauses ({}) of {} at {}",
        or_list(&lengths),
        if bounds.apps.is_none() {
            "every app"
        } else {
            "the chosen apps"
        },
        count(bounds.grid_len(), "start time", "start times"),
    )];
    let extra = [
        (bounds.delay_writes_up_to > 0, "delayed writes"),
        (bounds.crashes && !bounds.member_crashes, "crashes"),
        (
            bounds.crashes && bounds.member_crashes,
            "crashes of apps and members",
        ),
        (!bounds.crashes && bounds.member_crashes, "crashed members"),
        (bounds.duplicate_writes_up_to > 0, "copied writes"),
        (
            bounds.service_faults && !bounds.leader_cuts,
            "resource restarts and failovers",
        ),
        (
            bounds.service_faults && bounds.leader_cuts,
            "resource restarts, failovers and cut-off leaders",
        ),
        (
            !bounds.service_faults && bounds.leader_cuts,
            "cut-off leaders",
        ),
    ];
    kinds.extend(
        extra
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, k)| k.to_string()),
    );
    format!(
        "{}, up to {} at once: {}.",
        and_list(&kinds),
        bounds.max_faults,
        count(total, "schedule", "schedules")
    )
}

/// "a, b and c".
fn and_list(items: &[String]) -> String {
    join(items, " and ")
}

/// "a, b or c".
fn or_list(items: &[String]) -> String {
    join(items, " or ")
}

fn join(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., end] => format!("{}{last}{end}", crate::units::joined(rest, ", ")),
    }
}

/// The explorer panel's title.
pub const TITLE: &str = "Explore every timing";
/// The question under the title.
pub const QUESTION: &str = "is there any schedule that breaks this?";
/// The button that starts a search.
pub const EXPLORE: &str = "Explore";
/// The button that stops a search.
pub const CANCEL: &str = "Cancel";
/// The label of the chooser of how many faults a schedule holds.
pub const FAULTS_AT_ONCE: &str = "Faults at once";
/// The switch that adds crashes to the search (on a replicated service, its members' too).
pub fn include_crashes(group: bool) -> &'static str {
    if group {
        "Include crashes of apps and members"
    } else {
        "Include crashes"
    }
}
/// The switch that adds copied writes to the search.
pub const INCLUDE_COPIES: &str = "Include copied writes";
/// The switch that adds resource restarts and failovers to the search, and on a replicated
/// service (`group`) the leader cut off from the other members.
pub fn include_services(group: bool) -> &'static str {
    if group {
        "Include restarts, failovers and cut-off leaders"
    } else {
        "Include restarts and failovers"
    }
}
/// The button that loads a counterexample into the lab.
pub const SHOW_ME: &str = "Show me";

/// The notice when the explorer's code, fetched on a first search, could not be fetched.
pub const EXPLORER_UNLOADED: &str =
    "The explorer could not be fetched (are you offline?). Press Explore again once connected.";

/// How far a running search is and how fast it goes: "85632 of 383439 schedules tried, 129765 a
/// second".
pub fn progress(done: u64, total: u64, rate_per_s: u64) -> String {
    format!("{done} of {total} schedules tried, {rate_per_s} a second")
}

/// The headline of what a search found: of all its space, safe or not, or (cancelled) of the
/// part it tried, if any.
pub fn headline(s: &Summary) -> String {
    let (done, bad) = (s.explored, s.breaking_schedules);
    if done == 0 && !s.is_complete() {
        format!(
            "Stopped before any schedule was explored (0 of {}).",
            count(s.total, "schedule", "schedules")
        )
    } else if !s.is_complete() {
        format!(
            "Stopped after {done} of {}: {bad} break it so far.",
            count(s.total, "schedule", "schedules")
        )
    } else if s.is_safe() {
        format!("No schedule within these bounds breaks the design: all {done} were explored.")
    } else {
        format!("{done} schedules explored, {bad} break the design.")
    }
}

/// One kind of damage and how many schedules do it: "Oversold: 3 schedules".
pub fn kind_count(kind: &str, schedules: u64) -> String {
    format!("{kind}: {}", count(schedules, "schedule", "schedules"))
}

/// The smallest counterexample of a kind: the faults it adds to the setup the search started
/// from (which had `added` faults the user added), then the damage.
pub fn smallest(kind: &KindReport, added: usize, scenario: &Scenario) -> String {
    let mine = match added {
        0 => String::new(),
        n => format!(
            " (with its {})",
            count(n as u64, "added fault", "added faults")
        ),
    };
    let faults: Vec<String> = kind
        .minimal
        .faults
        .iter()
        .map(|f| super::faults::fault(f, scenario))
        .collect();
    let more = if faults.is_empty() {
        "nothing more".to_string()
    } else {
        format!("then {}", crate::units::joined(&faults, ", then "))
    };
    let violation = super::violations::violation(&kind.minimal.violation.kind, scenario);
    format!("Smallest: your setup as it is{mine}, {more}; {violation}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plan_names_each_kind_of_fault_that_is_switched_on_and_only_those() {
        let bounds = Bounds {
            crashes: true,
            ..Bounds::default()
        };
        assert_eq!(
            explore_plan(&bounds, 2_380),
            "Pauses (10 s, 20 s or 40 s) of every app at 12 start times, delayed writes and \
             crashes, up to 2 at once: 2380 schedules."
        );
        let all = Bounds {
            duplicate_writes_up_to: 1,
            service_faults: true,
            delay_writes_up_to: 0,
            ..Bounds::default()
        };
        let words = explore_plan(&all, 1);
        assert!(
            words.contains("copied writes and resource restarts and failovers"),
            "{words}"
        );
        assert!(
            !words.contains("delayed") && !words.contains("crashes"),
            "{words}"
        );
        assert!(words.ends_with("1 schedule."), "{words}");
        let group = Bounds {
            leader_cuts: true,
            ..all
        };
        let words = explore_plan(&group, 1);
        assert!(
            words.contains("copied writes and resource restarts, failovers and cut-off leaders"),
            "{words}"
        );
    }
}
