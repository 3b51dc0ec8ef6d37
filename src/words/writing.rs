//! The Write panel in words: its title, what a written story is, the format at a glance (one
//! example per statement, as docs/story-format.md has them), the editor's labels, the line
//! shown while the text does not read, and the button that writes the setup out as text.

/// The panel's title.
pub const TITLE: &str = "Write your own story";
/// What the panel is, and the format in two sentences.
pub const ABOUT: &str = "Write a whole scenario as text; it runs as you type and the link \
    carries it. Format: one statement a line (or between semicolons), # starts a comment, and \
    every duration has its unit: 250ms, 30s, 2min.";
/// The cheat-sheet's summary.
pub const STATEMENTS: &str = "Every statement, with an example";
/// One example of each statement, in the format's order, one a line.
pub const EXAMPLES: &str = "\
run for 2min seed=7\n\
service lease 30s lock_delay=15s members=3\n\
network latency=50ms jitter=10ms\n\
clients careful allowance=500ms\n\
resource inventory stock=1 checks=token\n\
app A \"Worker\" start=5s renew=third does acquire, read, work 1s, write, release\n\
@20s A pauses for 40s\n\
@45s A crashes\n\
@10s B is cut off for 30s\n\
@12s A clock jumps +20s\n\
@30s resource restarts\n\
@25s service fails over\n\
@8s leader crashes for 5s\n\
A pauses for 40s after checking its 1st write\n\
B's 1st grant arrives 5s late\n\
A's 1st write arrives twice, 3s apart";
/// The text box's accessible name.
pub const TEXT_LABEL: &str = "Your story, one statement a line";
/// What the empty text box shows.
pub const PLACEHOLDER: &str = "app A \"Worker\"\napp B \"Worker\" start=5s\n@20s A pauses for 40s";
/// Under the problems: what is on screen meanwhile.
pub const KEPT_RUN: &str = "Until the text reads, the run on screen is the last story that did.";
/// When the reader (fetched on first use) could not be fetched.
pub const UNLOADED: &str = "The story reader could not be fetched (offline?). Your text is \
    kept; it runs when the reader arrives: type again to retry.";
/// The button that writes the setup on screen as text.
pub const SHOW_AS_TEXT: &str = "Show as text";
/// Its tooltip.
pub const SHOW_AS_TEXT_TITLE: &str =
    "Write the setup on screen (its story, settings and added faults) here as text, to start from";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::parse;

    /// Each example, in a story that gives it what it needs (the apps it names, a replicated
    /// service for the leader), reads; so does the placeholder.
    #[test]
    fn every_example_reads() {
        let around = [
            "run for 2min",
            "service lease 30s members=3",
            "app A \"Worker\"",
            "app B \"Worker\"",
        ];
        for example in EXAMPLES.lines() {
            // The example's own statement takes the place of the one around it.
            let same = |line: &&str| {
                let key = |l: &str| l.split(' ').take(2).collect::<Vec<_>>().join(" ");
                let word = |l: &str| l.split(' ').next().unwrap_or("").to_string();
                key(line) == key(example) || (word(line) != "app" && word(line) == word(example))
            };
            let mut lines: Vec<&str> = around.iter().filter(|l| !same(l)).copied().collect();
            lines.push(example);
            let text = lines.join("\n");
            assert!(parse(&text).is_ok(), "{example}: {:?}", parse(&text));
        }
        assert!(parse(PLACEHOLDER).is_ok(), "{:?}", parse(PLACEHOLDER));
    }
}
