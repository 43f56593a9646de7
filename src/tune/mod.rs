//! Tuning the evaluation from games: [`selfplay`] plays the engine against itself at a
//! fixed node count on several threads and writes labelled positions; [`fit`] fits the
//! evaluation parameters to those positions (Texel's method) and writes a parameter
//! file for `nets/`; [`data`] is the binary training-data format and [`train`] trains a
//! network (NNUE) on it. `docs/eval.md` walks through the pipeline. Both run on the variant's
//! bitboard instance through `engine::on_board`.

pub mod data;
pub mod fit;
pub mod selfplay;
pub mod train;

/// A small reproducible random number generator (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
