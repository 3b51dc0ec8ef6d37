//! What the native tests of the lab's reducer share: a fresh lab on a story, an intent done
//! with its refusal in words, and the intent names the reducer takes.
#![allow(dead_code)]

use std::cell::RefCell;

use fencing_lab::lab::{
    read_trace, update, Effect, Intent, Lab, Progress, RecordingIntent, Refusal, Search,
    StartSearch, WriteIntent,
};
use fencing_lab::script::{write, Written};
use fencing_lab::share::LinkState;
use fencing_lab::words;
use fencing_lab::words::script_errors::problems;

/// A fresh lab showing `entry_id`, as a first visit's link opens it.
pub fn lab(entry_id: &str) -> Lab {
    Lab::new(&LinkState::default_for(entry_id), Progress::default())
}

thread_local! {
    /// The explorer's search under way, held as the browser's effect runner holds it.
    static SEARCH: RefCell<Option<Search>> = const { RefCell::new(None) };
}

/// Does `intent`; the effects, or the refusal in the words the notice shows. What the
/// browser's effect runner does with the lab's own work is done here too: a file's text is read
/// as a recording, a written story read or written, and the answer done; a search is started (and held, for [`search_slice`]) or
/// stopped, its answer done. Those effects are returned as well, for tests that look at them.
pub fn act(lab: &mut Lab, intent: Intent) -> Result<Vec<Effect>, String> {
    let effects = update(lab, intent).map_err(|why| words::refusal(&why, lab))?;
    let mut rest = Vec::new();
    for effect in effects {
        match &effect {
            Effect::ReadTrace(read) => rest.extend(act(lab, read_trace((**read).clone()).into())?),
            Effect::ReadStory { text, run } => {
                let told = Written::read(text).map_err(|errors| problems(text, errors));
                let reading = Box::new(told);
                let (text, run) = (text.clone(), *run);
                let read = WriteIntent::Read { text, reading, run };
                rest.extend(act(lab, Intent::Write(read))?);
            }
            Effect::WriteStory(scenario) => {
                let shown = WriteIntent::Shown(write(scenario));
                rest.extend(act(lab, Intent::Write(shown))?);
            }
            Effect::Search(order) => start_search(lab, order)?,
            Effect::StopSearch { id } => {
                let held = SEARCH.with(|s| s.borrow_mut().take());
                if let Some(search) = held.filter(|s| s.id() == *id) {
                    act(lab, search.stop().into())?;
                }
            }
            _ => {}
        }
        let answered = matches!(
            effect,
            Effect::ReadTrace(_) | Effect::ReadStory { .. } | Effect::WriteStory(_)
        );
        if !answered {
            rest.push(effect);
        }
    }
    Ok(rest)
}

fn start_search(lab: &mut Lab, order: &StartSearch) -> Result<(), String> {
    match Search::start(order) {
        Ok(search) => SEARCH.with(|s| *s.borrow_mut() = Some(search)),
        Err(failed) => {
            act(lab, failed.into())?;
        }
    }
    Ok(())
}

/// Runs one batch of `batch` schedules of the search under way, `elapsed_ms` (real time) after
/// its start, and does what it reports, as the effect runner does; nothing without a search.
pub fn search_slice(lab: &mut Lab, batch: u64, elapsed_ms: f64) {
    let reports = SEARCH.with(|s| {
        let mut held = s.borrow_mut();
        held.as_mut().map(|search| search.slice(batch, elapsed_ms))
    });
    for report in reports.unwrap_or_default() {
        if matches!(report, fencing_lab::lab::ExploreIntent::Found { .. }) {
            SEARCH.with(|s| s.borrow_mut().take());
        }
        ok(lab, report.into());
    }
}

/// What arrived of a trace file, as the browser sends it: its text to read, or why it could
/// not be read.
pub fn arrived(
    file: &str,
    shipped: Option<&'static str>,
    text: Result<String, String>,
    at_ms: u64,
) -> Intent {
    RecordingIntent::arrived(file.to_string(), shipped, text, at_ms).into()
}

/// Does `intent`, which must be refused: why, as the reducer says it (a value, not words).
pub fn refused(lab: &mut Lab, intent: Intent) -> Refusal {
    match update(lab, intent) {
        Ok(effects) => panic!("done, not refused: {effects:?}"),
        Err(why) => (*why).clone(),
    }
}

/// Does `intent`, which must be done.
pub fn ok(lab: &mut Lab, intent: Intent) -> Vec<Effect> {
    act(lab, intent).expect("the intent is done")
}
