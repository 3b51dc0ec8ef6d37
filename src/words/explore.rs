//! The explorer's plan in plain words: which faults it will try, how many at once, and how
//! many schedules that makes ("Pauses of every app at 13 start times, delayed writes and
//! crashes, up to 2 at once: 2380 schedules.").

use super::{count, time};
use crate::engine::Bounds;

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
        (bounds.crashes, "crashes"),
        (bounds.duplicate_writes_up_to > 0, "copied writes"),
        (bounds.service_faults, "resource restarts and failovers"),
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
        [rest @ .., end] => format!("{}{last}{end}", rest.join(", ")),
    }
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
    }
}
