//! A small seeded random number generator (SplitMix64), so power assignment, a game's secret
//! draws and demo play are reproducible from a game's seed.

#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// A generator of its own for one named purpose (`hidden:atlantis-area`), derived from
    /// the game's seed: drawing from it leaves the game's main sequence (power assignment)
    /// as it was, and adding a purpose changes no other purpose's numbers.
    pub fn stream(seed: u64, purpose: &str) -> Self {
        // FNV-1a of the purpose, then one SplitMix step so close seeds give far streams.
        let mut h: u64 = 0xCBF2_9CE4_8422_2325;
        for b in purpose.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01B3);
        }
        let mut mixer = Rng(seed ^ h);
        Rng(mixer.next_u64())
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

/// A seed nobody can work out from the outside: the process's random hasher keys (which the
/// standard library takes from the operating system) over the time and a counter. A game
/// whose secrets are drawn from its seed needs one: a seed taken from the clock could be
/// guessed from when the game was created, and the secret worked out from it.
pub fn unpredictable_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    RandomState::new().hash_one((now, COUNTER.fetch_add(1, Ordering::Relaxed)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_is_reproducible_and_apart_from_the_main_sequence() {
        let a: Vec<u64> = (0..3)
            .map({
                let mut r = Rng::stream(7, "hidden:x");
                move |_| r.next_u64()
            })
            .collect();
        let b: Vec<u64> = (0..3)
            .map({
                let mut r = Rng::stream(7, "hidden:x");
                move |_| r.next_u64()
            })
            .collect();
        assert_eq!(a, b);
        let mut main = Rng::new(7);
        assert_ne!(a[0], main.next_u64());
        assert_ne!(a[0], Rng::stream(7, "hidden:y").next_u64());
        assert_ne!(a[0], Rng::stream(8, "hidden:x").next_u64());
        assert_ne!(unpredictable_seed(), unpredictable_seed());
    }
}
