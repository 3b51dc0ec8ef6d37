//! A shared link's notices in words: what the decoder (`share`) ignored or corrected, and
//! why a fault, a resume request or a zoomed window could not be used.

use crate::catalog::Knob;
use crate::engine::{Mode, MAX_MEMBER_JITTER_MS};
use crate::share::{
    self, Counted, Given, Notice, NoticeKind, Problem, MAX_FAULTS, MAX_LENGTH_MS, MAX_NTH,
    MAX_PAIRS, MAX_RESUMES, MAX_VALUE_LEN,
};
use crate::units::time;

/// A knob's short name in a link's notices ("TTL", "Check before write").
pub fn knob_name(knob: Knob) -> &'static str {
    match knob {
        Knob::Enforcement => "Enforcement",
        Knob::Mode => "Mode",
        Knob::Renewals => "Renewals",
        Knob::CheckBeforeWrite => "Check before write",
        Knob::CarefulClient => "Careful client",
        Knob::ExactVersion => "Enforce by version",
        Knob::FenceDurable => "Durable fence",
        Knob::CounterDurable => "Durable counter",
        Knob::Ttl => "TTL",
        Knob::Pause => "Pause",
        Knob::Latency => "Latency",
        Knob::Stock => "Stock",
        Knob::Members => "Members",
        Knob::Epochs => "Epochs",
        Knob::PreVote => "Pre-vote",
    }
}

/// A numeric knob's value for people: a time, or the stock's count.
fn show(knob: Knob, value: u64) -> String {
    match knob {
        Knob::Stock | Knob::Members => value.to_string(),
        _ => time(value),
    }
}

/// A number as the link gave it: read (then shown as `show` does), or its text with `unit`.
fn given(given: &Given, unit: &str, show: impl Fn(u64) -> String) -> String {
    match given {
        Given::Value(v) => show(*v),
        Given::Text(text) => format!("{text}{unit}"),
    }
}

/// "s" unless `n` is 1.
fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// What `notice` reports, e.g. "TTL 15 min is out of range; using 2 min".
pub fn notice(notice: &Notice) -> String {
    match &notice.kind {
        NoticeKind::UnknownScenario { id, showing } => {
            let title = share::entry_or_default(showing).title;
            format!("Ignored unknown scenario '{id}'; showing '{title}'")
        }
        NoticeKind::StoryUnread { line, column } => format!(
            "The written story in this link does not read (line {line}, column {column}); \
             showing a catalog story instead. The Write panel, in the lab view, holds the story \
             and says what is wrong"
        ),
        NoticeKind::StoryVersion { version } => format!(
            "The written story in this link is in format version '{version}'; this lab reads \
             version {}, so it shows a catalog story instead",
            crate::script::FORMAT_VERSION
        ),
        NoticeKind::StoryTooLong { max_bytes } => format!(
            "The written story in this link is longer than {max_bytes} bytes; showing a \
             catalog story instead"
        ),
        NoticeKind::StoryUnloaded => "This link holds a written story, but the story reader \
            could not be fetched (offline?); showing a catalog story. The story is in the Write \
            panel and the address keeps it: reload to try again"
            .to_string(),
        NoticeKind::UnknownPreset(id) => {
            format!("Ignored unknown preset '{id}'; using the story's own numbers")
        }
        NoticeKind::UnknownParameter(key) => format!("Ignored unknown parameter '{key}'"),
        NoticeKind::RepeatedParameter(key) => format!("Ignored repeated parameter '{key}'"),
        NoticeKind::ValueTooLong(key) => {
            format!("Ignored '{key}': its value is longer than {MAX_VALUE_LEN} characters")
        }
        NoticeKind::BadFault { value, why } => {
            format!("Ignored fault '{value}': {}", problem(why))
        }
        NoticeKind::BadResume { value, why } => {
            format!("Ignored resume '{value}': {}", problem(why))
        }
        NoticeKind::UnknownRecording(id) => {
            format!("Ignored unknown recorded run '{id}'; showing the simulation")
        }
        NoticeKind::QuestionsNotOnOff(v) => format!("Questions '{v}' is not on or off; using on"),
        NoticeKind::CompareNotOnOff(v) => format!("Compare '{v}' is not on or off; using off"),
        NoticeKind::UnknownView(v) => {
            format!("View '{v}' is not lab or presentation; using lab")
        }
        NoticeKind::BadZoom { value, why } => format!(
            "Ignored zoom '{value}': {}; the timeline fits the story",
            problem(why)
        ),
        other => knob_or_count(other)
            .or_else(|| settled(other))
            .unwrap_or_default(),
    }
}

/// The notices about a knob, the playhead, and the counts of what was cut off; `None` for
/// the others, which [`notice`] words itself.
fn knob_or_count(kind: &NoticeKind) -> Option<String> {
    let said = match kind {
        NoticeKind::NotOnOff { knob, value, using } => {
            let using = if *using { "on" } else { "off" };
            format!(
                "{} '{value}' is not on or off; using {using}",
                knob_name(*knob)
            )
        }
        NoticeKind::NotLeaseOrLock { value, using } => {
            let using = match using {
                Mode::Lease => "lease",
                Mode::PermanentLock => "lock",
                Mode::NoLock => "none",
            };
            let name = knob_name(Knob::Mode);
            format!("{name} '{value}' is not lease, lock or none; using {using}")
        }
        NoticeKind::NotANumber { knob, value, using } => format!(
            "{} '{value}' is not a number; using {}",
            knob_name(*knob),
            show(*knob, *using)
        ),
        NoticeKind::OutOfRange {
            knob,
            given: g,
            using,
        } => {
            let unit = if matches!(knob, Knob::Stock | Knob::Members) {
                ""
            } else {
                " ms"
            };
            let shown = given(g, unit, |v| show(*knob, v));
            let name = knob_name(*knob);
            format!(
                "{name} {shown} is out of range; using {}",
                show(*knob, *using)
            )
        }
        NoticeKind::PlayheadPastEnd { given: g, end_ms } => format!(
            "Playhead {} is past the end; using {}",
            given(g, " ms", time),
            time(*end_ms)
        ),
        NoticeKind::PlayheadNotATime(v) => format!("Playhead '{v}' is not a time; using 0 s"),
        NoticeKind::BadMemberJitter(v) => format!(
            "Ignored member network delay '{v}': not a whole number of ms up to {MAX_MEMBER_JITTER_MS}"
        ),
        NoticeKind::Clamped(field) => {
            format!("'{field}' was out of range; using the nearest allowed value")
        }
        NoticeKind::MoreProblems(n) => format!("…and {n} more problem{} in the link", plural(*n)),
        NoticeKind::ExtraFaults(n) => format!(
            "Ignored {n} fault{} beyond the limit of {MAX_FAULTS}",
            plural(*n)
        ),
        NoticeKind::ExtraResumes(n) => format!(
            "Ignored {n} resume{} beyond the limit of {MAX_RESUMES}",
            plural(*n)
        ),
        NoticeKind::ExtraPairs(n) => format!(
            "Ignored {n} parameter{} beyond the first {MAX_PAIRS}",
            plural(*n)
        ),
        _ => return None,
    };
    Some(said)
}

/// The notices about settings that could not run together and what was used instead.
fn settled(kind: &NoticeKind) -> Option<String> {
    let said = match kind {
        NoticeKind::LeaseOnGroup => {
            "Mode 'lock': a replicated coordination service grants leases only; using lease".into()
        }
        NoticeKind::LockOnOneBox => {
            "Mode 'lock': a lock without expiry runs on one box; using 1 member".into()
        }
        NoticeKind::StoryNeedsGroup { using } => format!(
            "Members: this story's faults need a replicated coordination service; using {using}"
        ),
        NoticeKind::CannotRunTogether => {
            "These settings cannot run together; using the story's own, without added faults".into()
        }
        _ => return None,
    };
    Some(said)
}

/// Why a fault, resume request or zoomed window could not be used, e.g. "no app 'Z' in this
/// scenario".
pub fn problem(problem: &Problem) -> String {
    match problem {
        Problem::NotUnderstood => "not understood".into(),
        Problem::UnknownFaultKind(tag) => format!("unknown kind of fault '{tag}'"),
        Problem::NoSuchApp(name) => format!("no app '{name}' in this scenario"),
        Problem::NoSuchMember { members: 1, .. } => {
            "the coordination service is one box here: it has no members to fail".into()
        }
        Problem::NoSuchMember { who, members } => {
            format!("no member '{who}': the coordination service has members 1 to {members}, or 'leader'")
        }
        Problem::AfterTheEnd { at_ms, horizon_ms } => {
            format!("{} is after the end ({})", time(*at_ms), time(*horizon_ms))
        }
        Problem::TooLong { ms } => {
            format!("{} is longer than {}", time(*ms), time(MAX_LENGTH_MS))
        }
        Problem::CountOutOfRange(what) => {
            let what = match what {
                Counted::Writes => "writes",
                Counted::Messages => "messages",
            };
            format!("{what} are counted from 1 to {MAX_NTH}")
        }
        Problem::TooLarge(text) => format!("'{text}' is too large"),
        Problem::Negative(text) => format!("'{text}' is negative"),
        Problem::NotANumber(text) => format!("'{text}' is not a number"),
        Problem::UnknownMessageKind(kind) => format!("unknown message kind '{kind}'"),
        Problem::EndsBeforeItStarts => "ends before it starts".into(),
        Problem::DoesNotSurviveALink => "does not survive a link".into(),
        Problem::ZoomNotWholeMs(text) => format!("'{text}' is not a whole number of ms"),
        Problem::ZoomNotTwoTimes => "a zoom is two times in ms, FROM-TO".into(),
        Problem::ZoomAfterTheRun { horizon_ms } => {
            format!("it ends after the run ({horizon_ms} ms)")
        }
        Problem::ZoomTooNarrow { min_ms } => format!("it is narrower than {min_ms} ms"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(field: &str, kind: NoticeKind) -> String {
        notice(&Notice::new(field, kind))
    }

    #[test]
    fn notices_the_link_examples_do_not_reach_read_as_before() {
        let mode = NoticeKind::NotLeaseOrLock {
            value: "both".into(),
            using: Mode::PermanentLock,
        };
        assert_eq!(
            said("mode", mode),
            "Mode 'both' is not lease, lock or none; using lock"
        );
        assert_eq!(
            said("ttl_ms", NoticeKind::Clamped("ttl_ms")),
            "'ttl_ms' was out of range; using the nearest allowed value"
        );
        let stock = NoticeKind::OutOfRange {
            knob: Knob::Stock,
            given: Given::Text("-2".into()),
            using: 0,
        };
        assert_eq!(said("stock", stock), "Stock -2 is out of range; using 0");
        assert_eq!(
            said("", NoticeKind::ExtraPairs(1)),
            "Ignored 1 parameter beyond the first 200"
        );
    }

    #[test]
    fn problems_the_link_examples_do_not_reach_read_as_before() {
        let cases = [
            (Problem::TooLarge("9".repeat(3)), "'999' is too large"),
            (Problem::Negative("-1".into()), "'-1' is negative"),
            (
                Problem::ZoomNotWholeMs("x".into()),
                "'x' is not a whole number of ms",
            ),
            (
                Problem::ZoomNotTwoTimes,
                "a zoom is two times in ms, FROM-TO",
            ),
            (
                Problem::ZoomAfterTheRun { horizon_ms: 60_000 },
                "it ends after the run (60000 ms)",
            ),
            (
                Problem::ZoomTooNarrow { min_ms: 1_000 },
                "it is narrower than 1000 ms",
            ),
            (Problem::DoesNotSurviveALink, "does not survive a link"),
        ];
        for (why, words) in cases {
            assert_eq!(problem(&why), words);
        }
    }
}
