//! A tiny seeded random generator (SplitMix64): the only randomness in the engine.
//!
//! Used for network jitter. Same seed, same numbers, on every platform.

/// What each draw adds to SplitMix64's state.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64: fast, small, good enough for jitter. Not for cryptography.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose whole future is fixed by `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GAMMA);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Moves on as `draws` calls of [`Rng::next_u64`] would (SplitMix64's state only counts:
    /// a group at rest skips its heartbeat rounds' draws at once).
    pub(crate) fn skip(&mut self, draws: u64) {
        self.state = self.state.wrapping_add(draws.wrapping_mul(GAMMA));
    }

    /// A number in `0..=max` (tiny modulo bias is fine for jitter).
    pub fn up_to(&mut self, max: u64) -> u64 {
        if max == 0 {
            return 0;
        }
        match max.checked_add(1) {
            Some(count) => self.next_u64() % count,
            None => self.next_u64(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn same_seed_same_numbers() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert!(Rng::new(1).up_to(5) <= 5);
    }

    #[test]
    fn skipping_draws_lands_where_drawing_them_does() {
        let (mut drawn, mut skipped) = (Rng::new(9), Rng::new(9));
        for _ in 0..1_000 {
            drawn.up_to(3);
        }
        skipped.skip(1_000);
        assert_eq!(drawn.next_u64(), skipped.next_u64());
    }
}
