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

impl LocalClock {
    /// A clock with the given offset and drift and no jumps yet.
    pub fn new(offset_ms: i64, drift_ppm: i64) -> LocalClock {
        debug_assert!(drift_ppm > -(PPM as i64));
        LocalClock {
            offset_ms,
            drift_ppm,
            jumped_ms: 0,
        }
    }

    /// What the clock reads at true time `at_ms`.
    pub fn local_ms(&self, at_ms: u64) -> i64 {
        let t = at_ms as i128;
        let drift = (t * self.drift_ppm as i128).div_euclid(PPM);
        let local = t + drift + self.offset_ms as i128 + self.jumped_ms as i128;
        local.clamp(i64::MIN as i128, i64::MAX as i128) as i64
    }

    /// The earliest true time `>= from_ms` at which the clock reads `>= target_local_ms`
    /// (assuming no further jumps). The clock is non-decreasing between jumps.
    pub fn true_ms_reaching(&self, target_local_ms: i64, from_ms: u64) -> u64 {
        if self.local_ms(from_ms) >= target_local_ms {
            return from_ms;
        }
        let base = self.offset_ms as i128 + self.jumped_ms as i128;
        let need = target_local_ms as i128 - base;
        let rate = PPM + self.drift_ppm as i128;
        let guess = (need * PPM + rate - 1).div_euclid(rate);
        let mut t = guess.clamp(from_ms as i128, u64::MAX as i128 / 2) as u64;
        while self.local_ms(t) < target_local_ms {
            t += 1;
        }
        while t > from_ms && self.local_ms(t - 1) >= target_local_ms {
            t -= 1;
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::LocalClock;

    #[test]
    fn slow_clock_reaches_later() {
        let clock = LocalClock::new(0, -100_000);
        assert_eq!(clock.local_ms(10_000), 9_000);
        let t = clock.true_ms_reaching(30_000, 0);
        assert!(clock.local_ms(t) >= 30_000 && clock.local_ms(t - 1) < 30_000);
        assert!(t > 33_000);
    }
}
