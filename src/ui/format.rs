//! Small presentation helpers: time labels, app colours and names.

/// "20 s", "20.5 s", "1 min 05 s": a simulated time for labels and the event log.
pub fn seconds(at_ms: u64) -> String {
    let tenths = at_ms / 100;
    let (whole, frac) = (tenths / 10, tenths % 10);
    if whole >= 120 {
        return format!("{} min {:02} s", whole / 60, whole % 60);
    }
    if frac == 0 {
        format!("{whole} s")
    } else {
        format!("{whole}.{frac} s")
    }
}

/// "12.35 s": precise time for the playhead readout.
pub fn seconds_precise(at_ms: u64) -> String {
    format!("{}.{:02} s", at_ms / 1000, (at_ms % 1000) / 10)
}

/// CSS class carrying the colour of application `app` (A, B, C, then repeating).
pub fn app_class(app: usize) -> &'static str {
    ["app-a", "app-b", "app-c"][app % 3]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_are_readable() {
        assert_eq!(seconds(0), "0 s");
        assert_eq!(seconds(20_000), "20 s");
        assert_eq!(seconds(60_050), "60 s");
        assert_eq!(seconds(30_500), "30.5 s");
        assert_eq!(seconds(125_000), "2 min 05 s");
        assert_eq!(seconds_precise(12_345), "12.34 s");
    }
}
