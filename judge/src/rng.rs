//! The judge's own small seeded random numbers (splitmix64): the same seed
//! gives the same numbers on every machine, so a stress run can be replayed.

/// splitmix64: a 64-bit state that a constant is added to at every step, then
/// scrambled. Fast, and good enough to draw test positions from.
pub struct Rng(pub u64);

impl Rng {
    /// Numbers seeded from the clock and the process (where nothing is to be
    /// replayed: a seed for a run without `--seed`, the supervisor's looks).
    pub fn from_clock() -> Rng {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let mut mix = Rng(nanos ^ u64::from(std::process::id()));
        Rng(mix.next())
    }

    /// The numbers of case `case` of a run seeded with `seed`. Each case has
    /// its own stream, so case 500 is the same whichever thread draws it and
    /// whatever the cases before it drew.
    pub fn for_case(seed: u64, case: u64) -> Rng {
        let mut mix = Rng(seed ^ case.wrapping_mul(0xD1B5_4A32_D192_ED03));
        Rng(mix.next())
    }

    // Not an iterator: the stream never ends, so `next` needs no `Option`.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A number in `low..=high`.
    pub fn between(&mut self, low: u64, high: u64) -> u64 {
        low + self.below(high - low + 1)
    }

    /// True with probability `pct` percent.
    pub fn chance(&mut self, pct: u64) -> bool {
        self.below(100) < pct
    }

    /// One of `items`, chosen uniformly.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn the_same_seed_gives_the_same_numbers() {
        // Pinned values: a change here would change every seed's cases.
        let mut rng = Rng(0);
        assert_eq!(rng.next(), 0xE220_A839_7B1D_CDAF);
        let a: Vec<u64> = (0..5).map(|_| Rng::for_case(7, 3).next()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(Rng::for_case(7, 3).next(), Rng::for_case(7, 4).next());
        assert_ne!(Rng::for_case(7, 3).next(), Rng::for_case(8, 3).next());
    }

    #[test]
    fn draws_stay_in_range() {
        let mut rng = Rng(42);
        for _ in 0..1000 {
            assert!(rng.below(7) < 7);
            let x = rng.between(3, 5);
            assert!((3..=5).contains(&x));
        }
        assert!(!rng.chance(0));
        assert!(rng.chance(100));
    }
}
