//! Repeated marks become one: an application asking for the lease every second and being
//! refused each time is one mark ("B asked ×9, refused") spanning the asks, not a comb of nine.

/// Asks further apart than this start a new group.
pub const GAP_MS: u64 = 5_000;

/// A run of refused asks by one application.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusals {
    pub app: usize,
    pub from_ms: u64,
    pub until_ms: u64,
    pub count: usize,
}

/// Groups refused asks `(at_ms, app)` (in time order) into runs per application, each ask at
/// most [`GAP_MS`] after the previous one of its run; runs in order of their first ask.
#[cfg(test)]
pub fn refusal_runs(refused: &[(u64, usize)]) -> Vec<Refusals> {
    let mut runs = RefusalRuns::default();
    for &(at_ms, app) in refused {
        runs.add(at_ms, app);
    }
    runs.runs
}

/// Runs of refused asks as they are grouped, one ask at a time (as the tests' `refusal_runs`),
/// so the asks themselves are never listed.
#[derive(Default)]
pub struct RefusalRuns {
    /// The runs so far, in order of their first ask.
    pub runs: Vec<Refusals>,
    /// Index into `runs` of each app's open run (apps are few: a linear scan is enough).
    open: Vec<(usize, usize)>,
}

impl RefusalRuns {
    /// Adds `app`'s ask refused at `at_ms` (no earlier than the asks added before it).
    pub fn add(&mut self, at_ms: u64, app: usize) {
        let (runs, open) = (&mut self.runs, &mut self.open);
        let slot = open.iter().position(|&(a, _)| a == app);
        match slot.map(|s| open[s].1) {
            Some(i) if at_ms.saturating_sub(runs[i].until_ms) <= GAP_MS => {
                runs[i].until_ms = at_ms;
                runs[i].count += 1;
            }
            _ => {
                let run = Refusals {
                    app,
                    from_ms: at_ms,
                    until_ms: at_ms,
                    count: 1,
                };
                runs.push(run);
                let i = runs.len() - 1;
                match slot {
                    Some(s) => open[s].1 = i,
                    None => open.push((app, i)),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_asks_a_second_apart_are_one_mark() {
        let asks: Vec<(u64, usize)> = (0..9).map(|i| (21_000 + i * 1_000, 1)).collect();
        let runs = refusal_runs(&asks);
        assert_eq!(
            runs,
            vec![Refusals {
                app: 1,
                from_ms: 21_000,
                until_ms: 29_000,
                count: 9
            }]
        );
    }

    #[test]
    fn apps_and_long_gaps_keep_their_own_marks() {
        let asks = [(1_000, 1), (1_500, 2), (2_000, 1), (20_000, 1), (21_000, 2)];
        let runs = refusal_runs(&asks);
        let summary: Vec<(usize, usize)> = runs.iter().map(|r| (r.app, r.count)).collect();
        assert_eq!(summary, vec![(1, 2), (2, 1), (1, 1), (2, 1)]);
        assert!(refusal_runs(&[]).is_empty());
    }
}
