//! Words about recorded runs: the captions of a recording and its simulation, the rows that
//! compare them, why a recording has no simulation beside it, and why it cannot be changed.

use crate::trace::compare::{Measure, Row, Value, TOLERANCE_MS};
use crate::trace::NoTwin;

use crate::units::time;

/// The caption of a recorded run: "Recorded on etcd 3.4.23".
pub fn recorded_on(source: &str) -> String {
    format!("Recorded on {source}")
}

/// The line under a recording's caption: its file, its story, and whether it enforced tokens.
pub fn about(file: &str, story: Option<&str>, enforcement: bool) -> String {
    format!(
        "{} · {} · token enforcement {}",
        file,
        story.unwrap_or("no story from the catalog"),
        super::switch::on_off(enforcement)
    )
}

/// The comparison table's column of measures.
pub const MEASURE: &str = "Measure";
/// The comparison table's column of recorded values.
pub const RECORDED: &str = "Recorded";
/// The comparison table's column of simulated values.
pub const SIMULATED: &str = "Simulated";
/// The comparison table's column of differences.
pub const DIFFERENCE: &str = "Difference";

/// The caption of the simulation beside it.
pub fn simulated_caption() -> &'static str {
    "Simulated: the same scenario on the lab's etcd model"
}

/// One line on the time scale: "Time runs 15× faster than in the story: its 30 s lease is 2 s here."
pub fn scale_line(time_scale: Option<u64>, ttl_ms: u64) -> String {
    match time_scale {
        Some(k) if k > 1 => format!(
            "Time runs {k}× faster than in the story: a {} lease is {} here.",
            time(ttl_ms.saturating_mul(k)),
            time(ttl_ms)
        ),
        _ => format!("Recorded in real time, with a {} lease.", time(ttl_ms)),
    }
}

/// A word on tokens when the recording's are other numbers than the simulation's (etcd's are
/// revisions of the lock keys); `None` when they are the same or there is no simulation.
pub fn tokens_line(real: &[u64], simulated: &[u64]) -> Option<String> {
    if simulated.is_empty() || real == simulated {
        return None;
    }
    let list =
        |t: &[u64]| crate::units::joined(&t.iter().map(u64::to_string).collect::<Vec<_>>(), ", ");
    Some(format!(
        "The tokens are other numbers: etcd's are the revisions at which the lock \
         keys were created ({}); the simulation numbers its grants ({}).",
        list(real),
        list(simulated)
    ))
}

/// What a row measures, naming apps with `names`.
pub fn measure(m: Measure, names: &[String]) -> String {
    match m {
        Measure::StaleAccepted => "stale writes accepted".to_string(),
        Measure::StaleRejected => "stale writes rejected".to_string(),
        Measure::LastWriter => "last write stands from".to_string(),
        Measure::GrantOrder => "grants in order".to_string(),
        Measure::Grant { nth, app } => format!("grant {nth} to {}", name(Some(app), names)),
        Measure::Expiry { nth, app } => format!("expiry {nth} of {}", name(Some(app), names)),
    }
}

/// One side's value: a count, an app, apps in order, or a time in ms ("—" when missing).
pub fn value(v: &Value, names: &[String]) -> String {
    match v {
        Value::Count(n) => n.to_string(),
        Value::App(app) => name(*app, names),
        Value::Apps(apps) => {
            let all: Vec<String> = apps.iter().map(|&a| name(Some(a), names)).collect();
            crate::units::joined(&all, ", ")
        }
        Value::At(Some(ms)) => format!("{ms} ms"),
        Value::At(None) => "—".to_string(),
    }
}

/// The difference column: "same", "DIFFERENT", "+120 ms" or "missing".
pub fn difference(row: &Row) -> String {
    match (&row.real, row.difference_ms()) {
        (Value::At(_), Some(d)) => format!("{d:+} ms"),
        (Value::At(_), None) => "missing".to_string(),
        _ if row.ok() => "same".to_string(),
        _ => "DIFFERENT".to_string(),
    }
}

/// The summary under the table: how many rows agree.
pub fn agreement(rows: &[Row]) -> String {
    let ok = rows.iter().filter(|r| r.ok()).count();
    let within = format!("±{TOLERANCE_MS} ms");
    if ok == rows.len() {
        format!("All {ok} measures agree: the same verdicts, and every grant and expiry within {within}.")
    } else {
        format!(
            "{} of {} measures differ from the simulation (verdicts must be equal; times within {within}).",
            rows.len() - ok,
            rows.len()
        )
    }
}

/// Why no simulation is drawn beside a recording.
pub fn no_twin(why: &NoTwin) -> String {
    let lead = "No simulation beside it:";
    match why {
        NoTwin::NoStory => format!("{lead} the trace names no story from the lab's catalog."),
        NoTwin::UnknownStory(id) => format!("{lead} the lab has no story called \"{id}\"."),
        NoTwin::NotEtcd(source) => {
            format!("{lead} the lab models etcd's client only, and this was recorded on {source}.")
        }
        NoTwin::OtherScale(Some(k)) => {
            format!("{lead} its time scale is {k}; the lab's etcd recorder uses 15.")
        }
        NoTwin::OtherScale(None) => {
            format!("{lead} it gives no time scale; the lab's etcd recorder uses 15.")
        }
        NoTwin::OtherApps => format!("{lead} its applications are not the story's."),
        NoTwin::CannotRun(why) => format!(
            "{lead} the story cannot run with its numbers ({}).",
            super::scenario_errors::scenario_error(why)
        ),
    }
}

/// Why a change was refused while a recorded run is shown.
pub fn cannot_change() -> &'static str {
    "A recorded run cannot be changed: close it (✕ Close recording) to go back to the simulation."
}

/// Why a link to an opened file of one's own cannot be copied.
pub fn cannot_link() -> &'static str {
    "A link can carry the recorded runs the lab ships, not a file of your own: share the file itself."
}

/// A file that could not be read at all (`why` from the browser).
pub fn unreadable(file: &str, why: &str) -> String {
    format!("Could not read {file}: {why}")
}

/// A trace file that was read but refused; `why` is the parser's sentence.
pub fn refused(file: &str, why: &str) -> String {
    format!("{file} was not opened. {why} Nothing was changed.")
}

fn name(app: Option<usize>, names: &[String]) -> String {
    app.map_or("nobody".to_string(), |a| {
        names.get(a).cloned().unwrap_or_else(|| "?".to_string())
    })
}

/// The recorded-runs dialog's title.
pub const DIALOG_TITLE: &str = "Recorded runs";

/// The dialog's first line.
pub fn dialog_intro() -> &'static str {
    "Real runs of the stories on etcd 3.4.23: real processes holding real leases, stopped and \
     killed by the operating system, each shown beside the lab's simulation of the same scenario."
}

/// The file picker's label.
pub fn pick_label() -> &'static str {
    "Open a trace file…"
}

/// The line on dropping a file.
pub fn drop_hint() -> &'static str {
    "Or drop a .trace.json file anywhere on the lab. The README documents the format, so a run of \
     another system can be written as one."
}

/// Why a file could not be read: its contents are not text.
pub const NOT_TEXT: &str = "it is not text";
/// Why a recording could not be fetched: the lab is in no window.
pub const NO_WINDOW: &str = "there is no window";
/// Why the browser could not read or fetch a file, when it says nothing.
pub const NO_REASON: &str = "the browser gave no reason";

/// Why a shipped recording could not be fetched: the server's answer.
pub fn server_answered(status: u16) -> String {
    format!("the server answered {status}")
}
