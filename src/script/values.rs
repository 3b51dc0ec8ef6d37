//! Reading one value: a duration with its unit, a signed duration, a clock drift in ppm, a
//! whole number, an ordinal. Each reader says what is wrong as a [`ScriptProblem`]; the caller
//! marks the word.

use super::duration::UNITS;
use super::error::{clipped, Expected, ScriptProblem};
use super::suggest::nearest;
use crate::engine::{MAX_DRIFT_PPM, MAX_DURATION_MS};

fn unexpected(found: &str, expected: Expected, suggestion: Option<String>) -> ScriptProblem {
    let found = clipped(found);
    ScriptProblem::Unexpected {
        found,
        expected,
        suggestion,
    }
}

/// Units people write that the format spells otherwise.
const UNIT_ALIASES: [(&str, &str); 11] = [
    ("sec", "s"),
    ("secs", "s"),
    ("second", "s"),
    ("seconds", "s"),
    ("m", "min"),
    ("mins", "min"),
    ("minute", "min"),
    ("minutes", "min"),
    ("hour", "h"),
    ("hours", "h"),
    ("msec", "ms"),
];

/// Splits `text` into its number (digits and at most one `.`) and what follows.
fn number_part(text: &str) -> (&str, &str) {
    let end = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    (
        text.get(..end).unwrap_or(text),
        text.get(end..).unwrap_or_default(),
    )
}

/// Whether `text` is a bare number (`30`, `1.5`), which a unit may follow as the next word.
pub fn is_number(text: &str) -> bool {
    let (number, rest) = number_part(text);
    rest.is_empty() && number.bytes().any(|b| b.is_ascii_digit())
}

/// Whether `text` is a unit of duration.
pub fn is_unit(text: &str) -> bool {
    UNITS.iter().any(|(unit, _)| *unit == text)
}

/// A duration: `250ms`, `30s`, `1.5s`, `2min`, `1h`; at most one day, in whole ms.
pub fn duration(text: &str) -> Result<u64, ScriptProblem> {
    let (number, unit) = number_part(text);
    let mut parts = number.split('.');
    let (whole, fraction) = (parts.next().unwrap_or(""), parts.next());
    if whole.is_empty() && fraction.is_none_or(str::is_empty) || parts.next().is_some() {
        return Err(unexpected(text, Expected::Duration, None));
    }
    if unit.is_empty() {
        return Err(ScriptProblem::NoUnit { found: text.into() });
    }
    let Some(&(_, size)) = UNITS.iter().find(|(u, _)| *u == unit) else {
        let alias = UNIT_ALIASES
            .iter()
            .find(|(a, _)| *a == unit)
            .map(|(_, u)| u.to_string());
        let unit = alias.or_else(|| nearest(unit, UNITS.map(|(u, _)| u)));
        return Err(unexpected(
            text,
            Expected::Duration,
            unit.map(|u| number.to_string() + &u),
        ));
    };
    let too_big = ScriptProblem::TooLongMs {
        max_ms: MAX_DURATION_MS,
    };
    let whole_ms = digits(whole)
        .and_then(|w| w.checked_mul(size))
        .ok_or(too_big.clone())?;
    let fraction = fraction.unwrap_or("");
    let part_ms =
        fraction_ms(fraction, size).ok_or(ScriptProblem::NotWholeMs { found: text.into() })?;
    match whole_ms.checked_add(part_ms) {
        Some(ms) if ms <= MAX_DURATION_MS => Ok(ms),
        _ => Err(too_big),
    }
}

/// The value of a run of digits (`Some(0)` for none), or `None` past `u64`.
fn digits(text: &str) -> Option<u64> {
    text.bytes().try_fold(0u64, |n, b| {
        n.checked_mul(10)?.checked_add(u64::from(b - b'0'))
    })
}

/// The ms that `.fraction` of a unit `size` ms long is, if whole.
fn fraction_ms(fraction: &str, size: u64) -> Option<u64> {
    let fraction = fraction.trim_end_matches('0');
    if fraction.len() > 7 {
        return None;
    }
    let scale = 10u64.pow(fraction.len() as u32);
    let ms = digits(fraction)?.checked_mul(size)?;
    (ms % scale == 0).then_some(ms / scale)
}

/// Whether `text` starts with `-`, and the rest after an optional sign.
fn sign(text: &str) -> (bool, &str) {
    match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    }
}

/// A duration with an optional sign (`+5s`, `-250ms`, `5s`).
pub fn signed(text: &str) -> Result<i64, ScriptProblem> {
    let (negative, rest) = sign(text);
    let ms = duration(rest)? as i64;
    Ok(if negative { -ms } else { ms })
}

/// A clock drift: `+200ppm`, `-100ppm`, within the engine's ±50 %.
pub fn ppm(text: &str) -> Result<i64, ScriptProblem> {
    let (negative, rest) = sign(text);
    let (number, unit) = number_part(rest);
    if unit != "ppm" || number.is_empty() || number.contains('.') {
        let suggestion = is_number(rest).then(|| format!("{text}ppm"));
        return Err(unexpected(text, Expected::Ppm, suggestion));
    }
    let max = MAX_DRIFT_PPM as u64;
    match digits(number) {
        Some(n) if n <= max => Ok(if negative { -(n as i64) } else { n as i64 }),
        _ => Err(ScriptProblem::TooBig { max }),
    }
}

/// A whole number up to `max`.
pub fn number(text: &str, max: u64) -> Result<u64, ScriptProblem> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(unexpected(text, Expected::Number, None));
    }
    match digits(text) {
        Some(n) if n <= max => Ok(n),
        _ => Err(ScriptProblem::TooBig { max }),
    }
}

/// Ordinals in words, which the format writes in figures.
const SPELLED: [&str; 10] = [
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
];

/// An ordinal: `1st`, `2nd`, `3rd`, `4th` … (any of the four endings on any number), up to
/// `max`.
pub fn ordinal(text: &str, max: u64) -> Result<u32, ScriptProblem> {
    let (number_text, ending) = number_part(text);
    if !matches!(ending, "st" | "nd" | "rd" | "th") || number_text.contains('.') {
        let spelled = SPELLED
            .iter()
            .position(|w| *w == text)
            .map(|i| i as u32 + 1);
        let suggestion = spelled
            .or_else(|| text.parse().ok())
            .map(super::vocab::ordinal);
        return Err(unexpected(text, Expected::Ordinal, suggestion));
    }
    Ok(number(number_text, max)? as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_to_whole_ms() {
        let ok = [
            ("250ms", 250),
            ("30s", 30_000),
            ("1.5s", 1_500),
            ("2min", 120_000),
        ];
        for (text, ms) in ok {
            assert_eq!(duration(text), Ok(ms), "{text}");
        }
        assert_eq!(duration("1h"), Ok(3_600_000));
        assert_eq!(duration(".5s"), Ok(500));
        assert_eq!(duration("0.0010s"), Ok(1));
        assert_eq!(
            duration("30"),
            Err(ScriptProblem::NoUnit { found: "30".into() })
        );
        let not_whole = ScriptProblem::NotWholeMs {
            found: "1.2345s".into(),
        };
        assert_eq!(duration("1.2345s"), Err(not_whole));
        let big = Err(ScriptProblem::TooLongMs { max_ms: 86_400_000 });
        assert_eq!(duration("25h"), big);
        assert_eq!(duration("99999999999999999999min"), big);
        let Err(ScriptProblem::Unexpected { suggestion, .. }) = duration("30sec") else {
            panic!("a unit that is not one");
        };
        assert_eq!(suggestion.as_deref(), Some("30s"));
        assert!(duration(".s").is_err() && duration("1.2.3s").is_err() && duration("s").is_err());
    }

    #[test]
    fn signs_drifts_numbers_and_ordinals() {
        assert_eq!(
            (signed("-5s"), signed("+250ms"), signed("1s")),
            (Ok(-5_000), Ok(250), Ok(1_000))
        );
        assert_eq!((ppm("-100ppm"), ppm("200ppm")), (Ok(-100), Ok(200)));
        assert!(ppm("600000ppm").is_err() && ppm("5").is_err());
        assert_eq!((number("7", 9), number("10", 9).is_err()), (Ok(7), true));
        assert_eq!((ordinal("1st", 9), ordinal("22nd", 99)), (Ok(1), Ok(22)));
        let Err(ScriptProblem::Unexpected { suggestion, .. }) = ordinal("2", 9) else {
            panic!("a number that is not an ordinal");
        };
        assert_eq!(suggestion.as_deref(), Some("2nd"));
    }
}
