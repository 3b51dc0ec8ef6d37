//! An application's local clock: true time plus an offset, a drift, and jumps.
//!
//! Only lease judgement (belief and `check_before_write`) reads the local clock;
//! timers (work, retries, renewals) run on true simulated time.

/// Parts per million: a drift of +1_000_000 ppm would make the clock run twice as fast.
const PPM: i128 = 1_000_000;

/// Local clock of one application. `local_ms(t) = t + offset + t*drift/1e6 + jumps`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalClock {
    /// Constant offset from true time, in ms (may be negative).
    pub offset_ms: i64,
    /// Rate error in parts per million: negative runs slow, positive runs fast.
    pub drift_ppm: i64,
    /// Sum of all clock jumps applied so far, in ms.
    pub jumped_ms: i64,
}

/// How far the answer of [`LocalClock::true_ms_reaching`] may be nudged from its computed
/// guess before a binary search takes over. The guess is exact, so no nudge is expected.
const MAX_NUDGES: u32 = 4;

impl LocalClock {
    /// A clock with the given offset and drift and no jumps yet. Any values are accepted:
    /// a drift of -1_000_000 ppm or less gives a clock that stands still or runs backwards
    /// (a `Scenario` allows at most ±`MAX_DRIFT_PPM`).
    pub fn new(offset_ms: i64, drift_ppm: i64) -> LocalClock {
        LocalClock {
            offset_ms,
            drift_ppm,
            jumped_ms: 0,
        }
    }

    /// What the clock reads at true time `at_ms` (clamped to the `i64` range).
    pub fn local_ms(&self, at_ms: u64) -> i64 {
        let t = at_ms as i128;
        // Most clocks do not drift: no 128-bit division for them.
        let drift = match self.drift_ppm {
            0 => 0,
            ppm => (t * ppm as i128).div_euclid(PPM),
        };
        let local = t + drift + self.offset_ms as i128 + self.jumped_ms as i128;
        local.clamp(i64::MIN as i128, i64::MAX as i128) as i64
    }

    /// The earliest true time `>= from_ms` at which the clock reads `>= target_local_ms`
    /// (assuming no further jumps), or `u64::MAX` if it never does before then: a clock
    /// that stands still or runs backwards never catches up, and a target may lie beyond
    /// any `u64` time.
    ///
    /// Between jumps `local_ms(t) = floor(t * rate / 1e6) + base`, with
    /// `rate = 1e6 + drift_ppm` and `base = offset_ms + jumped_ms`; for a positive rate it
    /// never decreases and first reaches the target at `ceil((target - base) * 1e6 / rate)`.
    /// That guess is exact; a few nudges and a binary search only guard it.
    pub fn true_ms_reaching(&self, target_local_ms: i64, from_ms: u64) -> u64 {
        if self.local_ms(from_ms) >= target_local_ms {
            return from_ms;
        }
        if self.drift_ppm == 0 {
            // The clock reads true time plus `offset_ms + jumped_ms` (not yet the target, so
            // below `i64::MAX`): it reaches the target that much before it, and the guess
            // below would be exact.
            let need = target_local_ms as i128 - self.offset_ms as i128 - self.jumped_ms as i128;
            return u64::try_from(need).unwrap_or(u64::MAX);
        }
        let rate = PPM + self.drift_ppm as i128;
        if rate <= 0 {
            return u64::MAX;
        }
        let base = self.offset_ms as i128 + self.jumped_ms as i128;
        let need = target_local_ms as i128 - base;
        let guess = match rate {
            PPM => need,
            _ => (need * PPM + rate - 1).div_euclid(rate),
        };
        let Ok(guess) = u64::try_from(guess.max(from_ms as i128)) else {
            return u64::MAX;
        };
        let nudged = self.nudge(guess, target_local_ms, from_ms);
        debug_assert!(nudged.is_some(), "the guess is exact: {self:?}");
        nudged.unwrap_or_else(|| self.search(target_local_ms, from_ms))
    }

    /// The earliest time reaching `target` found within [`MAX_NUDGES`] steps of `guess`
    /// (`u64::MAX` if it lies beyond), or `None` if it is further away.
    fn nudge(&self, guess: u64, target: i64, from_ms: u64) -> Option<u64> {
        let reached = |t: u64| self.local_ms(t) >= target;
        let mut t = guess;
        for _ in 0..MAX_NUDGES {
            if !reached(t) {
                let Some(later) = t.checked_add(1) else {
                    return Some(u64::MAX); // never, within u64 time
                };
                t = later;
            } else if t > from_ms && reached(t - 1) {
                t -= 1;
            } else {
                return Some(t);
            }
        }
        None
    }

    /// Binary search for the earliest time in `from_ms..=u64::MAX` reaching `target`, for a
    /// clock that never decreases and reads less than `target` at `from_ms`.
    fn search(&self, target: i64, from_ms: u64) -> u64 {
        if self.local_ms(u64::MAX) < target {
            return u64::MAX;
        }
        // Invariant: the clock reads less than `target` at `below`, at least `target` at `at`.
        let (mut below, mut at) = (from_ms, u64::MAX);
        for _ in 0..u64::BITS {
            if at - below <= 1 {
                break;
            }
            let mid = below + (at - below) / 2;
            if self.local_ms(mid) >= target {
                at = mid;
            } else {
                below = mid;
            }
        }
        at
    }
}

#[cfg(test)]
mod tests {
    use super::{LocalClock, PPM};

    #[test]
    fn slow_clock_reaches_later() {
        let clock = LocalClock::new(0, -100_000);
        assert_eq!(clock.local_ms(10_000), 9_000);
        let t = clock.true_ms_reaching(30_000, 0);
        assert!(clock.local_ms(t) >= 30_000 && clock.local_ms(t - 1) < 30_000);
        assert!(t > 33_000);
    }

    #[test]
    fn the_guess_and_the_search_agree() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..20_000 {
            // One clock in four keeps true time's rate (its own short cut).
            let drift_ppm = match next() % 4 {
                0 => 0,
                _ => (next() % (4 * PPM as u64)) as i64 - PPM as i64 + 1,
            };
            let mut clock = LocalClock::new(next() as i64 >> (next() % 64), drift_ppm);
            clock.jumped_ms = next() as i64 >> (next() % 64);
            let from_ms = next() >> (next() % 64);
            let target = next() as i64 >> (next() % 64);
            if clock.local_ms(from_ms) >= target {
                continue;
            }
            let t = clock.true_ms_reaching(target, from_ms);
            assert_eq!(
                t,
                clock.search(target, from_ms),
                "{clock:?} {target} {from_ms}"
            );
        }
    }
}
