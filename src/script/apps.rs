//! The `app` statement: `app NAME "ROLE" key=value … does STEP, STEP, …`.

use super::cursor::{one_of, Cursor, Read, Span};
use super::draft::Draft;
use super::error::{clipped, Expected, ScriptProblem};
use super::field::Field;
use super::settings::key_values;
use super::values::{duration, ppm, signed};
use super::vocab::{APP_KEYS, RENEW, RESERVED, STEPS};
use crate::engine::{AppConfig, Renew, Scenario, Step, MAX_APPS};

/// Longest app name, in characters.
pub const MAX_NAME_CHARS: usize = 24;
/// Longest role, in characters.
pub const MAX_ROLE_CHARS: usize = 60;

/// Whether `name` may name an app: a word of letters, digits, `_` and `-`, starting with a
/// letter, not one of the format's own words.
pub fn is_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && name.len() <= MAX_NAME_CHARS
        && !RESERVED.contains(&name)
}

/// Reads an `app` statement into a new app of the draft.
pub fn app(cursor: &mut Cursor, draft: &mut Draft) -> Read<()> {
    let word = cursor.take(Expected::AppName)?;
    let span = Span::of(word);
    if word.quoted || !is_name(&word.text) {
        return Err(span.error(ScriptProblem::Unexpected {
            found: clipped(&word.text),
            expected: Expected::AppName,
            suggestion: None,
        }));
    }
    let index = draft.scenario.apps.len();
    if draft.scenario.app_index(&word.text).is_some() {
        let name = word.text.clone();
        return Err(span.error(ScriptProblem::SameName { name }));
    }
    if index == MAX_APPS {
        return Err(span.error(ScriptProblem::TooManyApps { max: MAX_APPS }));
    }
    let mut app = AppConfig::new(&word.text, "");
    if let Some(role) = cursor.peek().filter(|w| w.quoted) {
        cursor.next_word();
        if role.text.chars().count() > MAX_ROLE_CHARS {
            let max_chars = MAX_ROLE_CHARS;
            return Err(Span::of(role).error(ScriptProblem::RoleTooLong { max_chars }));
        }
        app.role = role.text.clone();
    }
    draft.scenario.apps.push(app);
    draft.set(Field::App(index, ""), span);
    key_values(
        cursor,
        draft,
        &APP_KEYS,
        Some(index),
        &mut |s, key, value| app_setting(s, index, key, value),
    )?;
    if cursor.peek().is_some() {
        cursor.expect(&["does"])?;
        plan(cursor, draft, index)?;
    }
    cursor.done()
}

fn app_setting(
    s: &mut Scenario,
    index: usize,
    key: &str,
    value: &str,
) -> Result<&'static str, ScriptProblem> {
    let app = &mut s.apps[index];
    Ok(match key {
        "start" => {
            app.start_ms = duration(value)?;
            "start_ms"
        }
        "retry" => {
            app.retry_ms = duration(value)?;
            "retry_ms"
        }
        "renew" => {
            app.renew = match one_of(value, &RENEW) {
                Ok("third") => Renew::TtlThird,
                Ok(_) => Renew::Off,
                Err(_) => Renew::EveryMs(duration(value).map_err(|_| renew_problem(value))?),
            };
            "renew_every_ms"
        }
        "check" => {
            app.check_before_write = value != "off";
            app.safety_margin_ms = if value == "off" { 0 } else { duration(value)? };
            "safety_margin_ms"
        }
        "clock" => {
            app.clock_offset_ms = signed(value)?;
            "clock_offset_ms"
        }
        _ => {
            app.clock_drift_ppm = ppm(value)?;
            "clock_drift_ppm"
        }
    })
}

fn renew_problem(value: &str) -> ScriptProblem {
    ScriptProblem::Unexpected {
        found: clipped(value),
        expected: Expected::OneOf(&["third", "off", "10s"]),
        suggestion: super::suggest::nearest(value, RENEW),
    }
}

/// Reads the plan after `does`: steps between commas, `acquire` only first, `release` only
/// last.
fn plan(cursor: &mut Cursor, draft: &mut Draft, index: usize) -> Read<()> {
    let mut steps = Vec::new();
    let mut release: Option<Span> = None;
    let mut first = true;
    loop {
        if let Some(renew) = cursor.peek().filter(|w| w.text == "renew") {
            return Err(Span::of(renew).error(ScriptProblem::RenewIsASetting));
        }
        let (step, span) = cursor.choose(&STEPS)?;
        if let Some(release) = release {
            let step = "release";
            return Err(release.error(ScriptProblem::StepOutOfPlace { step }));
        }
        if step == "acquire" && !first {
            let step = "acquire";
            return Err(span.error(ScriptProblem::StepOutOfPlace { step }));
        }
        first = false;
        match step {
            "acquire" => {}
            "read" => steps.push(Step::Read),
            "write" => steps.push(Step::Write),
            "return" => steps.push(Step::Return),
            "release" => release = Some(span),
            _ => {
                let (for_ms, span) = cursor.duration()?;
                draft.set(Field::Step(index, steps.len()), span);
                steps.push(Step::Work { for_ms });
            }
        }
        if !cursor.comma() {
            break;
        }
    }
    let app = &mut draft.scenario.apps[index];
    app.steps = steps;
    app.release_at_end = release.is_some();
    Ok(())
}
