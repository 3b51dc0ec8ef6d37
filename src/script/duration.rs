//! Durations as a person writes them (`250ms`, `30s`, `1.5s`, `2min`, `1h`), read to whole
//! milliseconds and written back in the shortest exact form.

/// Units a duration may take, with their length in ms, longest first for writing.
pub const UNITS: [(&str, u64); 4] = [("h", 3_600_000), ("min", 60_000), ("s", 1_000), ("ms", 1)];

/// `ms` in the shortest exact form: `2min`, `30s`, `1.5s`, `1.25s`, `250ms`, `0ms`.
pub fn format_duration(ms: u64) -> String {
    if ms == 0 {
        return "0ms".into();
    }
    for (unit, size) in &UNITS[..3] {
        if ms.is_multiple_of(*size) {
            return format!("{}{unit}", ms / size);
        }
    }
    if ms < 1_000 {
        return format!("{ms}ms");
    }
    let fraction = format!("{:03}", ms % 1_000);
    format!("{}.{}s", ms / 1_000, fraction.trim_end_matches('0'))
}

/// Like [`format_duration`], with `+` or `-` always written.
pub fn format_signed(ms: i64) -> String {
    let sign = if ms < 0 { '-' } else { '+' };
    format!("{sign}{}", format_duration(ms.unsigned_abs()))
}
