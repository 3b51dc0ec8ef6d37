//! The words layer: every user-facing phrase about a run (times, events, faults, violations,
//! resources, counts) comes from here, so the app says one thing one way. Pure: no browser,
//! no clock, no UI; it reads engine data and returns strings.

mod events;
mod missing;
mod outcome;
mod time;
mod violations;

pub use events::{event, signed};
pub use missing::why_not;
pub use outcome::{outcome, Outcome, Tone};
pub use time::time;
pub use violations::violation;

/// "1 item", "2 items": a count with its noun, singular or plural.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(count(1, "item", "items"), "1 item");
        assert_eq!(count(0, "item", "items"), "0 items");
        assert_eq!(count(2, "write", "writes"), "2 writes");
    }
}
