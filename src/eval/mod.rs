//! Static evaluation behind one interface. [`Evaluator`] is what the search calls; the
//! only implementation so far is [`material::MaterialEval`], material and piece-square
//! terms derived from the variant's data (the tuned per-variant evaluation from parameter
//! files under `nets/` will be another implementation of the same trait).

pub mod material;
pub mod tafl;

use crate::board::Bitboard;
use crate::position::Position;

pub use material::MaterialEval;

/// A static evaluation: centipawns from the side to move's point of view.
pub trait Evaluator<B: Bitboard>: Send + Sync {
    fn evaluate(&self, pos: &Position<B>) -> i32;

    /// A kind's value in centipawns (move ordering, futility margins). Royal kinds and
    /// kinds that cannot be captured report 0.
    fn piece_value(&self, kind: usize) -> i32;
}
