//! The network: inputs (see `features.rs`) → a hidden layer of `hidden` units per
//! perspective (int16 weights, int16 accumulator) → clipped ReLU to `0..=QA` → both
//! perspectives, the side to move's first → one output (int16 weights, int32 bias).
//! Inference is plain Rust over slices, written so the compiler vectorises the loops
//! (and so a `std::arch` version can replace the three kernels below later).

use super::features::FeatureSet;
use crate::board::Bitboard;
use crate::variant::rules::Rules;
use crate::variant::{Color, Variant, WHITE};

/// Activation ceiling: a float activation of 1.0 is `QA` in the accumulator.
pub const QA: i32 = 255;
/// Output weight scale: a float weight of 1.0 is `QB`.
pub const QB: i32 = 64;
/// Centipawns per unit of the float network's output.
pub const SCALE: i32 = 400;

/// A quantised network, as read from its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// Where it came from (a path, or `nets/chess.nnue`), for messages.
    pub source: String,
    /// The variants (names or aliases) it serves.
    pub variants: Vec<String>,
    pub features: FeatureSet,
    /// The kinds' FEN letters, in the variant's order (checked against a variant).
    pub letters: Vec<char>,
    pub hidden: usize,
    /// Input weights, input-major: input `i`'s column is `w1[i * hidden..][..hidden]`.
    pub w1: Vec<i16>,
    pub b1: Vec<i16>,
    /// Output weights: the side to move's `hidden`, then the other side's.
    pub w2: Vec<i16>,
    pub b2: i32,
}

impl Network {
    /// Whether the network names this variant (by name or alias).
    pub fn applies_to(&self, variant: &Variant) -> bool {
        self.variants.iter().any(|n| variant.answers_to(n))
    }

    /// Whether the network's inputs fit a variant's rules: same board, same kinds in the
    /// same order, hands exactly where the variant has them.
    pub fn fits<B: Bitboard>(&self, rules: &Rules<B>) -> Result<(), String> {
        let want = FeatureSet::for_rules(rules);
        let name = &rules.variant.name;
        let (f, r) = (self.features.geo.files(), self.features.geo.ranks());
        if (f, r) != (want.geo.files(), want.geo.ranks()) {
            return Err(format!(
                "{}: the network is for a {f}x{r} board, {name} is played on {}x{}",
                self.source,
                want.geo.files(),
                want.geo.ranks()
            ));
        }
        let letters: Vec<char> = rules.kinds.iter().map(|k| k.letter).collect();
        if letters != self.letters {
            return Err(format!(
                "{}: the network's pieces are {}, {name}'s are {}",
                self.source,
                self.letters.iter().collect::<String>(),
                letters.iter().collect::<String>()
            ));
        }
        if (self.features.hand_slots > 0) != (want.hand_slots > 0) {
            return Err(format!(
                "{}: the network {} hands, {name} {}",
                self.source,
                if self.features.hand_slots > 0 {
                    "has"
                } else {
                    "has no"
                },
                if want.hand_slots > 0 {
                    "has"
                } else {
                    "has none"
                }
            ));
        }
        Ok(())
    }

    /// The accumulator of `persp` from scratch: bias plus the column of every input.
    pub fn refresh<B: Bitboard>(
        &self,
        pos: &crate::position::Position<B>,
        persp: Color,
        acc: &mut [i16],
        scratch: &mut Vec<usize>,
    ) {
        self.features.active_in(pos, persp, scratch);
        acc.copy_from_slice(&self.b1);
        for &i in scratch.iter() {
            self.add(acc, i);
        }
    }

    /// Adds input `i`'s column to an accumulator.
    #[inline(always)]
    pub fn add(&self, acc: &mut [i16], i: usize) {
        let col = &self.w1[i * self.hidden..(i + 1) * self.hidden];
        for (a, &w) in acc.iter_mut().zip(col) {
            *a = a.wrapping_add(w);
        }
    }

    /// Subtracts input `i`'s column from an accumulator.
    #[inline(always)]
    pub fn sub(&self, acc: &mut [i16], i: usize) {
        let col = &self.w1[i * self.hidden..(i + 1) * self.hidden];
        for (a, &w) in acc.iter_mut().zip(col) {
            *a = a.wrapping_sub(w);
        }
    }

    /// The score in centipawns for the side whose accumulator is `us`.
    #[inline]
    pub fn output(&self, us: &[i16], them: &[i16]) -> i32 {
        let (w_us, w_them) = self.w2.split_at(self.hidden);
        let sum = dot_crelu(us, w_us) + dot_crelu(them, w_them) + self.b2;
        // Widened: the sum may reach 2 * hidden * QA * 32767.
        (sum as i64 * SCALE as i64 / (QA * QB) as i64) as i32
    }

    /// A position's score from scratch (both accumulators refreshed), for the side to
    /// move.
    pub fn evaluate<B: Bitboard>(&self, pos: &crate::position::Position<B>) -> i32 {
        let mut white = vec![0i16; self.hidden];
        let mut black = vec![0i16; self.hidden];
        let mut scratch = Vec::new();
        self.refresh(pos, WHITE, &mut white, &mut scratch);
        self.refresh(pos, !WHITE, &mut black, &mut scratch);
        if pos.side_to_move() == WHITE {
            self.output(&white, &black)
        } else {
            self.output(&black, &white)
        }
    }
}

/// `Σ clamp(a, 0, QA) · w` in 32 bits (each product fits: 255 · 32767).
#[inline(always)]
fn dot_crelu(acc: &[i16], w: &[i16]) -> i32 {
    acc.iter()
        .zip(w)
        .map(|(&a, &w)| i32::from(a).clamp(0, QA) * i32::from(w))
        .fold(0i32, i32::wrapping_add)
}
