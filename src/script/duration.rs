//! Durations as a person writes them (`250ms`, `30s`, `1.5s`, `2min`, `1h`), read to whole
//! milliseconds and written back in the shortest exact form.

/// Units a duration may take, with their length in ms, longest first for writing.
pub const UNITS: [(&str, u64); 4] = [("h", 3_600_000), ("min", 60_000), ("s", 1_000), ("ms", 1)];

/// `ms` in the shortest exact form: `2min`, `30s`, `1.5s`, `1.25s`, `250ms`, `0ms`. Built by
/// hand, without `format!` padding or a trim (their code is the wasm's).
pub fn format_duration(ms: u64) -> String {
    for (unit, size) in &UNITS[..3] {
        if ms != 0 && ms.is_multiple_of(*size) {
            return (ms / size).to_string() + unit;
        }
    }
    if ms < 1_000 {
        return ms.to_string() + "ms";
    }
    // A fraction of a second: its digits without the zeros at its end, after the zeros it has
    // at its start (`1.05s`).
    let (mut fraction, mut width) = (ms % 1_000, 3);
    while fraction % 10 == 0 {
        fraction /= 10;
        width -= 1;
    }
    let digits = fraction.to_string();
    let mut text = (ms / 1_000).to_string() + ".";
    for _ in digits.len()..width {
        text.push('0');
    }
    text + &digits + "s"
}

/// Like [`format_duration`], with `+` or `-` always written.
pub fn format_signed(ms: i64) -> String {
    let sign = if ms < 0 { '-' } else { '+' };
    let mut text = String::from(sign);
    text.push_str(&format_duration(ms.unsigned_abs()));
    text
}
