//! The link grammar of a zoomed timeline window: `FROM-TO` in whole ms.

use super::limits::MIN_ZOOM_MS;
use super::notice;
use super::problem::Problem;

/// The link value of a zoomed window: `FROM-TO` in whole ms.
pub fn format_zoom((from_ms, to_ms): (u64, u64)) -> String {
    format!("{from_ms}-{to_ms}")
}

/// Reads a zoomed window `FROM-TO`: whole ms, `FROM < TO ≤ horizon_ms`, at least
/// [`MIN_ZOOM_MS`] wide (or the whole run, if shorter).
pub fn parse_zoom(value: &str, horizon_ms: u64) -> Result<(u64, u64), Problem> {
    let whole = |s: &str| match notice::number(s) {
        notice::Number::Value(v) => Ok(v),
        _ => Err(Problem::ZoomNotWholeMs(s.to_string())),
    };
    let (from, to) = value.split_once('-').ok_or(Problem::ZoomNotTwoTimes)?;
    let (from_ms, to_ms) = (whole(from)?, whole(to)?);
    if to_ms > horizon_ms {
        return Err(Problem::ZoomAfterTheRun { horizon_ms });
    }
    let min_ms = MIN_ZOOM_MS.min(horizon_ms);
    if to_ms < from_ms.saturating_add(min_ms) || from_ms >= to_ms {
        return Err(Problem::ZoomTooNarrow { min_ms });
    }
    Ok((from_ms, to_ms))
}
