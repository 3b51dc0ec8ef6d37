//! The outcome banner's words: what the run has shown by the playhead, in one headline and
//! one sentence (a broken rule, a stuck system, a rejected stale write, two owners, or safe).

use super::controls::{OFF, ON};
use super::count::count;
use super::scenario_errors::scenario_error;
use super::timeline::compare_title;
use super::violations::violation;
use crate::catalog::grant;
use crate::engine::{Enforce, Mode, Run, Scenario, Tokens};
use crate::units::time;

/// How the banner looks, the gravest first (so of two tones the lesser is the graver).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tone {
    /// The setup cannot run.
    Error,
    /// A rule broke.
    Bad,
    /// Nothing broke, but something is wrong (stuck, two owners).
    Warn,
    /// All well so far (or a stale write was stopped).
    Good,
    /// Nothing to say yet.
    Neutral,
}

impl Tone {
    /// The CSS classes of the banner.
    pub fn class(self) -> &'static str {
        match self {
            Tone::Error => "outcome error",
            Tone::Bad => "outcome bad",
            Tone::Warn => "outcome warn",
            Tone::Good => "outcome good",
            Tone::Neutral => "outcome neutral",
        }
    }
}

/// The banner: tone, headline, sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Banner {
    /// How it looks.
    pub tone: Tone,
    /// A few words.
    pub head: String,
    /// One sentence.
    pub text: String,
}

fn say(tone: Tone, head: &str, text: String) -> Banner {
    Banner {
        tone,
        head: head.to_string(),
        text,
    }
}

/// Compare mode's banner: each half's verdict at `at_ms` under the half's title ("Token
/// enforcement OFF: ⚠ Data corrupted · Token enforcement ON: ✓ Stale write rejected"), their
/// sentences in the same order, in the graver of the two tones. `enforcement` names the
/// switch, as the halves' captions do.
/// The OFF half gives no advice to switch enforcement on: the ON half beside it shows what
/// that does, and compare mode hides the switch.
pub(super) fn compare_banner(
    off: (&Run, &Scenario),
    on: (&Run, &Scenario),
    at_ms: u64,
    enforcement: &str,
) -> Banner {
    let (off_title, on_title) = (
        compare_title(enforcement, false),
        compare_title(enforcement, true),
    );
    let (off, on) = (
        judged(off.0, off.1, at_ms, false),
        judged(on.0, on.1, at_ms, false),
    );
    Banner {
        tone: off.tone.min(on.tone),
        head: format!("{off_title}: {} · {on_title}: {}", off.head, on.head),
        text: format!("{OFF}: {} {ON}: {}", off.text, on.text),
    }
}

/// What `run` (of `s`) has shown by `at_ms`; if `s` cannot run, why not (then `run` is not
/// its run, and is not looked at).
pub fn banner(run: &Run, s: &Scenario, at_ms: u64) -> Banner {
    judged(run, s, at_ms, true)
}

/// [`banner`], with advice on what could stop a corruption if `advise`.
fn judged(run: &Run, s: &Scenario, at_ms: u64, advise: bool) -> Banner {
    if let Err(why) = s.validate() {
        return say(
            Tone::Error,
            "⚠",
            format!("This setup cannot run: {}", scenario_error(&why)),
        );
    }
    let verdict = &run.verdict;
    if let Some(v) = verdict.violations.iter().find(|v| v.at_ms <= at_ms) {
        let fix = match (s.enforcement || !advise, s.enforce) {
            (true, _) => "",
            (false, Enforce::ExactVersion) => " Switch on version enforcement to stop it.",
            (false, _) if s.mode == Mode::NoLock => {
                " With no lock, writes carry no token; a version check could stop it."
            }
            (false, _) if s.tokens == Tokens::Epoch => " Switch on epoch enforcement to stop it.",
            (false, _) if s.tokens.ordered() => " Switch on token enforcement to stop it.",
            (false, _) => {
                " Nothing a writer carries here could be compared by order; a version check could stop it."
            }
        };
        let text = format!("At {}: {}.{fix}", time(v.at_ms), violation(&v.kind, s));
        return say(Tone::Bad, "⚠ Data corrupted", text);
    }
    if let Some(stuck) = verdict.stuck.as_ref().filter(|_| at_ms >= run.end_ms) {
        let waiting: Vec<&str> = stuck.waiting.iter().map(|&a| s.app_name(a)).collect();
        let forever = match stuck.expiry_ms {
            None => "it never expires".to_string(),
            Some(ms) => format!("it would run out only at {}", time(ms)),
        };
        let text = format!(
            "Nobody could take the lock for {}: {} crashed holding it at {}, and {forever}; {} kept asking in vain.",
            time(stuck.until_ms - stuck.crashed_ms),
            s.app_name(stuck.holder),
            time(stuck.crashed_ms),
            crate::units::joined(&waiting, " and "),
        );
        return say(Tone::Warn, "⚠ Stuck", text);
    }
    if let Some(text) = rejected(run, at_ms, s) {
        return say(Tone::Good, "✓ Stale write rejected", text);
    }
    if let Some(w) = verdict.split_brain.iter().find(|w| w.from_ms <= at_ms) {
        let text = format!(
            "From {} more than one application believes it owns the resource.",
            time(w.from_ms)
        );
        return say(Tone::Warn, "⚠ Two owners", text);
    }
    if at_ms >= run.end_ms {
        return say(
            Tone::Good,
            "✓ Safe",
            "No rule was broken in this run.".into(),
        );
    }
    match at_ms {
        0 => say(
            Tone::Neutral,
            "▶ Ready",
            "Press play, or step through the events.".into(),
        ),
        _ => say(
            Tone::Neutral,
            "▶ No rule broken yet",
            format!("At {}: no rule broken so far.", time(at_ms)),
        ),
    }
}

/// The first rejected write by `at_ms` in `run` (of `s`), and how many there were.
fn rejected(run: &Run, at_ms: u64, s: &Scenario) -> Option<String> {
    let so_far = run.so_far(at_ms);
    let (token, highest, when) = so_far.first_rejection?;
    let more = match so_far.stale_rejected {
        0 | 1 => String::new(),
        n => format!(
            " ({} in all)",
            count(u64::from(n), "rejection", "rejections")
        ),
    };
    if s.mode == Mode::NoLock {
        return Some(format!(
            "At {}: the resource refused a write because what it was computed from had \
             changed since it was read: with no lock, that check is what stops a stale \
             write{more}.",
            time(when)
        ));
    }
    if s.enforce == Enforce::ExactVersion {
        return Some(format!(
            "At {}: the resource refused the write with {} because the version it \
             was based on had changed since it was read{more}.",
            time(when),
            grant(s, token)
        ));
    }
    Some(format!(
        "At {}: the resource refused {} because {token} < {highest}{more}.",
        time(when),
        grant(s, token)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{run, Scenario};

    #[test]
    fn a_permanent_lock_held_by_a_crashed_app_reads_as_stuck_not_safe() {
        let story = crate::catalog::by_id("permanent-ownership").expect("in the catalog");
        let s = story.scenario();
        let r = run(&s).expect("a valid story");
        let end = banner(&r, &s, r.end_ms);
        assert_eq!((end.tone, end.head.as_str()), (Tone::Warn, "⚠ Stuck"));
        assert!(
            end.text.contains("A crashed holding it at 10 s"),
            "{}",
            end.text
        );
        assert!(end.text.contains("it never expires"), "{}", end.text);
        let safe = banner(&r, &s.clone().with_mode(Mode::Lease), 0);
        assert_eq!(safe.tone, Tone::Neutral);
    }

    #[test]
    fn a_broken_rule_names_the_fix_only_when_enforcement_is_off() {
        let off = Scenario::gc_pause_story(false);
        let r = run(&off).expect("a valid story");
        let o = banner(&r, &off, r.end_ms);
        assert_eq!(o.tone, Tone::Bad);
        assert!(
            o.text.contains("two customers") && o.text.contains("Switch on"),
            "{}",
            o.text
        );
        let on = Scenario::gc_pause_story(true);
        let o = banner(&run(&on).expect("a valid story"), &on, 120_000);
        assert_eq!(o.head, "✓ Stale write rejected");
        assert!(o.text.contains("At 60.05 s"), "{}", o.text);
    }

    #[test]
    fn a_setup_that_cannot_run_says_why_instead_of_a_verdict() {
        let story = Scenario::gc_pause_story(true);
        let r = run(&story).expect("a valid story");
        let o = banner(&r, &story.with_ttl_ms(0), r.end_ms);
        assert_eq!(o.tone, Tone::Error);
        assert!(o.text.contains("cannot run: ttl_ms"), "{}", o.text);
    }
}
