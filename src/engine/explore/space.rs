//! The schedule space: every set of at most `k` of `n` candidate faults, counted exactly
//! by formula and walked in a fixed order (by size, then lexicographically by candidate
//! index), without allocating per step.

/// `Σ_{r=0..=min(k,n)} C(n, r)`, or `None` once it exceeds `cap`.
pub(crate) fn count_schedules(n: u128, k: u32, cap: u128) -> Option<u128> {
    let mut term: u128 = 1; // C(n, 0)
    let mut sum: u128 = 1;
    let top = u128::from(k).min(n);
    let mut r: u128 = 1;
    while r <= top {
        // C(n, r) = C(n, r-1) * (n - r + 1) / r, exact in integers.
        term = term.checked_mul(n - r + 1)? / r;
        sum = sum.checked_add(term)?;
        if sum > cap {
            return None;
        }
        r += 1;
    }
    Some(sum)
}

/// A cursor over the combinations: the empty set, then every 1-set, every 2-set, …
/// up to `k`-sets, each size in lexicographic order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Combos {
    n: usize,
    k: usize,
    idx: Vec<usize>,
    done: bool,
}

impl Combos {
    /// Starts at the empty set.
    pub fn new(n: usize, k: usize) -> Combos {
        Combos {
            n,
            k: k.min(n),
            idx: Vec::with_capacity(k.min(n)),
            done: false,
        }
    }

    /// The current combination (ascending candidate indices); meaningless once done.
    pub fn current(&self) -> &[usize] {
        &self.idx
    }

    /// True when every combination has been visited.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Moves to the next combination. Returns the first position that changed (the
    /// prefix before it is unchanged), or `None` when the space is exhausted.
    pub fn advance(&mut self) -> Option<usize> {
        if self.done {
            return None;
        }
        let r = self.idx.len();
        if let Some(pos) = (0..r).rev().find(|&i| self.idx[i] < self.n - r + i) {
            self.idx[pos] += 1;
            for j in pos + 1..r {
                self.idx[j] = self.idx[j - 1] + 1;
            }
            debug_assert!(self.idx.windows(2).all(|w| w[0] < w[1]));
            return Some(pos);
        }
        if r >= self.k {
            self.done = true;
            return None;
        }
        self.idx.clear();
        self.idx.extend(0..=r);
        Some(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visits_every_combination_once_in_order() {
        let mut combos = Combos::new(4, 2);
        let mut seen = vec![combos.current().to_vec()];
        while combos.advance().is_some() {
            seen.push(combos.current().to_vec());
        }
        let expected: Vec<Vec<usize>> = vec![
            vec![],
            vec![0],
            vec![1],
            vec![2],
            vec![3],
            vec![0, 1],
            vec![0, 2],
            vec![0, 3],
            vec![1, 2],
            vec![1, 3],
            vec![2, 3],
        ];
        assert_eq!(seen, expected);
        assert_eq!(count_schedules(4, 2, u128::MAX), Some(11));
    }

    #[test]
    fn counts_saturate_instead_of_overflowing() {
        assert_eq!(count_schedules(0, 3, 100), Some(1));
        assert_eq!(count_schedules(1_000_000, 3, 5_000_000), None);
        assert_eq!(count_schedules(u128::MAX / 2, 5, u128::MAX), None);
        assert_eq!(count_schedules(10, 10, u128::MAX), Some(1024));
    }
}
