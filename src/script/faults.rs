//! Fault statements: those at a time (`@20s A pauses for 40s`, `@8s leader crashes for 5s`),
//! those on an app's message (`B's 1st grant arrives 5s late`), and the pause after a write's
//! check (`A pauses for 40s after checking its 1st write`).

use super::cursor::{Cursor, Read, Span};
use super::draft::{Draft, Pending};
use super::error::Expected;
use super::field::Field;
use super::limits::MAX_NTH;
use super::values::{duration, number, ordinal, signed};
use super::vocab::{value_of, APP_VERBS, KINDS, KIND_NAMES, MEMBER_VERBS, MESSAGE_VERBS};
use crate::engine::{Fault, MsgKind};

/// Where each part of a fault was written, by the engine's field name.
type Parts = Vec<(&'static str, Span)>;

/// Adds fault `fault` to the draft, noting where each of its `parts` was written.
fn add(draft: &mut Draft, fault: Fault, app: Option<(String, Span)>, start: Span, parts: Parts) {
    let index = draft.faults.len();
    draft.set(Field::Fault(index, ""), start);
    if let Some((_, span)) = &app {
        draft.set(Field::Fault(index, "app"), *span);
    }
    for (field, span) in parts {
        draft.set(Field::Fault(index, field), span);
    }
    draft.faults.push(Pending { fault, app });
}

/// `@TIME …`: the time is the rest of the first word (or the next word after a lone `@`).
pub fn timed(cursor: &mut Cursor, draft: &mut Draft) -> Read<()> {
    let first = cursor.take(Expected::Statement)?;
    let start = Span::of(first);
    let (at_ms, at) = if first.text == "@" {
        cursor.duration()?
    } else {
        let span = Span {
            column: first.column + 1,
            width: first.width - 1,
            ..start
        };
        let time = first.text.strip_prefix('@').unwrap_or(&first.text);
        let ms = duration(time).map_err(|p| span.error(p))?;
        (ms, span)
    };
    let subject = cursor.take(Expected::App)?;
    let subject_span = Span::of(subject);
    match subject.text.as_str() {
        "resource" if !subject.quoted => {
            cursor.expect(&["restarts"])?;
            add(
                draft,
                Fault::RestartResource { at_ms },
                None,
                start,
                vec![("at_ms", at)],
            );
        }
        "service" if !subject.quoted => {
            cursor.expect(&["fails"])?;
            cursor.expect(&["over"])?;
            add(
                draft,
                Fault::Failover { at_ms },
                None,
                start,
                vec![("at_ms", at)],
            );
        }
        "leader" | "member" if !subject.quoted => {
            let member = match subject.text.as_str() {
                "leader" => None,
                _ => Some(cursor.value(Expected::Number, |t| number(t, 9))?),
            };
            let (verb, _) = cursor.choose(&MEMBER_VERBS)?;
            let (for_ms, length) = lasting(cursor, verb == "is")?;
            let who = member
                .and_then(|(n, _)| n.checked_sub(1))
                .map(|n| n as usize);
            let fault = match verb {
                "crashes" => Fault::crash_member(who, at_ms, for_ms),
                _ => Fault::cut_member(who, at_ms, for_ms),
            };
            let mut parts = vec![("at_ms", at), ("for_ms", length)];
            parts.extend(member.map(|(_, span)| ("member", span)));
            add(draft, fault, None, start, parts);
        }
        _ => on_app(
            cursor,
            draft,
            (subject.text.clone(), subject_span),
            (at_ms, at),
            start,
        )?,
    }
    cursor.done()
}

/// `for DURATION`, or `cut off for DURATION` after `is` when `cut_off`.
fn lasting(cursor: &mut Cursor, cut_off: bool) -> Read<(u64, Span)> {
    if cut_off {
        cursor.expect(&["cut"])?;
        cursor.expect(&["off"])?;
    }
    cursor.expect(&["for"])?;
    cursor.duration()
}

/// `@TIME APP pauses for D`, `crashes`, `is cut off for D`, `clock jumps SIGNED`.
fn on_app(
    cursor: &mut Cursor,
    draft: &mut Draft,
    app: (String, Span),
    (at_ms, at): (u64, Span),
    start: Span,
) -> Read<()> {
    let (verb, _) = cursor.choose(&APP_VERBS)?;
    let (fault, parts) = match verb {
        "pauses" => {
            let (for_ms, span) = lasting(cursor, false)?;
            (
                Fault::pause(0, at_ms, for_ms),
                vec![("at_ms", at), ("for_ms", span)],
            )
        }
        "crashes" => (Fault::crash(0, at_ms), vec![("at_ms", at)]),
        "is" => {
            let (for_ms, span) = lasting(cursor, true)?;
            let until_ms = at_ms + for_ms;
            (
                Fault::partition(0, at_ms, until_ms),
                vec![("from_ms", at), ("until_ms", span)],
            )
        }
        _ => {
            cursor.expect(&["jumps"])?;
            let (by_ms, span) = cursor.value(Expected::Signed, signed)?;
            (
                Fault::clock_jump(0, at_ms, by_ms),
                vec![("at_ms", at), ("by_ms", span)],
            )
        }
    };
    add(draft, fault, Some(app), start, parts);
    Ok(())
}

/// `APP's NTH KIND arrives D late`, `arrives twice, D apart`, `is overtaken, D late`.
pub fn on_message(cursor: &mut Cursor, draft: &mut Draft) -> Read<()> {
    let first = cursor.take(Expected::App)?;
    let start = Span::of(first);
    let name = first
        .text
        .strip_suffix("'s")
        .or(first.text.strip_suffix("’s"));
    let name = name.unwrap_or(&first.text).to_string();
    let app_span = Span {
        width: name.chars().count(),
        ..start
    };
    let (nth, nth_span) = cursor.value(Expected::Ordinal, |t| ordinal(t, MAX_NTH.into()))?;
    let (kind, _) = cursor.choose(&KIND_NAMES)?;
    let kind = value_of(&KINDS, kind).unwrap_or(MsgKind::Write);
    let (verb, _) = cursor.choose(&MESSAGE_VERBS)?;
    let (fault, field, span) = match verb {
        "is" => {
            cursor.expect(&["overtaken"])?;
            cursor.comma();
            let (extra_ms, span) = cursor.duration()?;
            cursor.expect(&["late"])?;
            (Fault::reorder(0, kind, nth, extra_ms), "extra_ms", span)
        }
        _ if cursor.peek().is_some_and(|w| w.text == "twice") => {
            cursor.next_word();
            cursor.comma();
            let (after_ms, span) = cursor.duration()?;
            cursor.expect(&["apart"])?;
            (Fault::duplicate(0, kind, nth, after_ms), "after_ms", span)
        }
        _ => {
            let (extra_ms, span) = cursor.duration()?;
            cursor.expect(&["late"])?;
            (Fault::delay(0, kind, nth, extra_ms), "extra_ms", span)
        }
    };
    let parts = vec![("nth", nth_span), (field, span)];
    add(draft, fault, Some((name, app_span)), start, parts);
    cursor.done()
}

/// `APP pauses for D after checking its NTH write`.
pub fn after_check(cursor: &mut Cursor, draft: &mut Draft) -> Read<()> {
    let first = cursor.take(Expected::App)?;
    let start = Span::of(first);
    let app = (first.text.clone(), start);
    cursor.expect(&["pauses"])?;
    let (for_ms, length) = lasting(cursor, false)?;
    cursor.expect(&["after"])?;
    cursor.expect(&["checking"])?;
    cursor.expect(&["its"])?;
    let (nth, nth_span) = cursor.value(Expected::Ordinal, |t| ordinal(t, MAX_NTH.into()))?;
    cursor.expect(&["write"])?;
    let fault = Fault::pause_after_check(0, nth, for_ms);
    let parts = vec![("write_nth", nth_span), ("for_ms", length)];
    add(draft, fault, Some(app), start, parts);
    cursor.done()
}
