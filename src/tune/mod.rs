//! Tuning the evaluation from games: [`selfplay`] plays the engine against itself at a
//! fixed node count on several threads and writes labelled positions; [`fit`] fits the
//! evaluation parameters to those positions (Texel's method) and writes a parameter
//! file for `nets/`. `docs/eval.md` walks through the pipeline.

pub mod fit;
pub mod selfplay;

use crate::board::{Bitboard, Wide};
use crate::variant::rules::Rules;
use crate::variant::Variant;
use std::sync::Arc;

/// Work that runs on the variant's bitboard instance.
pub trait OnBoard {
    type Output;
    fn run<B: Bitboard>(self, rules: Arc<Rules<B>>) -> Self::Output;
}

/// Compiles the variant's rules for the smallest bitboard type that holds its board and
/// runs `work` on them.
pub fn on_board<W: OnBoard>(variant: &Arc<Variant>, work: W) -> Result<W::Output, String> {
    let squares = variant.files * variant.ranks;
    let err = |e: crate::variant::rules::RulesError| e.to_string();
    Ok(if squares <= 64 {
        work.run(Arc::new(Rules::<u64>::new(variant.clone()).map_err(err)?))
    } else if squares <= 128 {
        work.run(Arc::new(Rules::<u128>::new(variant.clone()).map_err(err)?))
    } else {
        work.run(Arc::new(Rules::<Wide>::new(variant.clone()).map_err(err)?))
    })
}

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
