//! Reading a story: statements in order, each by its first word, into a draft; then the
//! faults' apps looked up, the caps checked, and the engine asked whether the scenario runs,
//! its objection marked at the text that set the field.

use super::apps::app;
use super::cursor::{Cursor, Span};
use super::draft::Draft;
use super::error::{clipped, Expected, ScriptError, ScriptProblem};
use super::faults::{after_check, on_message, timed};
use super::field::Field;
use super::lex::{lex, Statement};
use super::limits::{MAX_ERRORS, MAX_FAULTS};
use super::settings::{clients, network, resource, run, service};
use super::suggest::nearest;
use super::vocab::STATEMENTS;
use crate::engine::Scenario;

/// The scenario `text` writes, or its problems (at most [`MAX_ERRORS`], in text order).
pub fn parse(text: &str) -> Result<Scenario, Vec<ScriptError>> {
    let statements = lex(text)?;
    let mut draft = Draft::new();
    for statement in &statements {
        if draft.errors.len() >= MAX_ERRORS {
            break;
        }
        if let Err(error) = read(statement, &mut draft) {
            draft.errors.push(error);
        }
    }
    finish(draft)
}

/// Reads one statement into the draft.
fn read(statement: &Statement, draft: &mut Draft) -> Result<(), ScriptError> {
    let first = &statement.words[0];
    let span = Span::of(first);
    let mut cursor = Cursor::new(statement);
    let keyword = STATEMENTS
        .iter()
        .find(|s| **s == first.text && !first.quoted);
    if let Some(&keyword) = keyword {
        cursor.next_word();
        if keyword != "app" {
            draft.once(keyword, span)?;
        }
        return match keyword {
            "run" => run(&mut cursor, draft),
            "service" => service(&mut cursor, draft),
            "network" => network(&mut cursor, draft),
            "clients" => clients(&mut cursor, draft),
            "resource" => resource(&mut cursor, draft),
            _ => app(&mut cursor, draft),
        }
        .and_then(|()| cursor.done());
    }
    if first.text.starts_with('@') {
        return timed(&mut cursor, draft);
    }
    if first.text.ends_with("'s") || first.text.ends_with("’s") {
        return on_message(&mut cursor, draft);
    }
    if statement.words.get(1).is_some_and(|w| w.text == "pauses") {
        return after_check(&mut cursor, draft);
    }
    Err(span.error(ScriptProblem::Unexpected {
        found: clipped(&first.text),
        expected: Expected::Statement,
        suggestion: nearest(&first.text, STATEMENTS),
    }))
}

/// The faults' apps, the caps and the engine's check.
fn finish(mut draft: Draft) -> Result<Scenario, Vec<ScriptError>> {
    let names: Vec<String> = draft.scenario.apps.iter().map(|a| a.name.clone()).collect();
    let mut faults = Vec::new();
    for (index, pending) in std::mem::take(&mut draft.faults).into_iter().enumerate() {
        if index == MAX_FAULTS {
            let span = draft.find_or_start(Field::Fault(index, ""));
            let problem = ScriptProblem::TooManyFaults { max: MAX_FAULTS };
            draft.errors.push(span.error(problem));
            break;
        }
        match pending.app {
            None => faults.push(pending.fault),
            Some((name, span)) => match names.iter().position(|n| *n == name) {
                Some(app) => faults.push(pending.fault.on_app(app)),
                None => draft.errors.push(span.error(ScriptProblem::Unexpected {
                    suggestion: nearest(&name, names.iter().map(String::as_str)),
                    found: clipped(&name),
                    expected: Expected::App,
                })),
            },
        }
    }
    if names.is_empty() && draft.errors.is_empty() {
        draft
            .errors
            .push(ScriptError::at(1, 1, 1, ScriptProblem::NoApps));
    }
    if !draft.errors.is_empty() {
        // In text order: an insertion each (a sort would add kilobytes of wasm).
        let mut errors: Vec<ScriptError> = Vec::new();
        for error in draft.errors {
            let at = errors.partition_point(|e| (e.line, e.column) <= (error.line, error.column));
            errors.insert(at, error);
        }
        errors.truncate(MAX_ERRORS);
        return Err(errors);
    }
    draft.scenario.faults = faults;
    match draft.scenario.validate() {
        Ok(()) => Ok(draft.scenario),
        Err(error) => {
            let span = draft.origin(&error.field);
            Err(vec![span.error(ScriptProblem::Engine(error))])
        }
    }
}
