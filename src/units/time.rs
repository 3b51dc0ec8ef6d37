//! The one way the app writes a simulated time: "0 s", "20 s", "60.05 s", "2 min 5 s",
//! "1 h 30 min". Used by the narration, the event log, the panels, the playhead readout and
//! the timeline's axis alike.

/// A simulated time or duration in plain words, to the hundredth of a second.
pub fn time(at_ms: u64) -> String {
    let total_s = at_ms / 1_000;
    let hundredths = (at_ms % 1_000) / 10;
    if total_s < 120 {
        return seconds_part(total_s, hundredths);
    }
    let (h, m, s) = (total_s / 3_600, (total_s % 3_600) / 60, total_s % 60);
    let mut parts = Vec::with_capacity(3);
    if h > 0 {
        parts.push(format!("{h} h"));
    }
    if m > 0 {
        parts.push(format!("{m} min"));
    }
    if s > 0 || hundredths > 0 {
        parts.push(seconds_part(s, hundredths));
    }
    super::join::joined(&parts, " ")
}

fn seconds_part(s: u64, hundredths: u64) -> String {
    match (hundredths / 10, hundredths % 10) {
        (0, 0) => format!("{s} s"),
        (tenths, 0) => format!("{s}.{tenths} s"),
        _ => format!("{s}.{hundredths:02} s"),
    }
}

#[cfg(test)]
mod tests {
    use super::time;

    #[test]
    fn times_read_the_same_everywhere() {
        assert_eq!(time(0), "0 s");
        assert_eq!(time(50), "0.05 s");
        assert_eq!(time(20_000), "20 s");
        assert_eq!(time(30_500), "30.5 s");
        assert_eq!(time(60_050), "60.05 s");
        assert_eq!(time(12_345), "12.34 s");
        assert_eq!(time(119_990), "119.99 s");
        assert_eq!(time(120_000), "2 min");
        assert_eq!(time(125_000), "2 min 5 s");
        assert_eq!(time(125_500), "2 min 5.5 s");
        assert_eq!(time(5_400_000), "1 h 30 min");
        assert_eq!(time(3_605_000), "1 h 5 s");
        assert_eq!(time(86_400_000), "24 h");
    }
}
