//! Static evaluation behind one interface. [`Evaluator`] is what the search calls; its
//! implementation is [`Eval`]: material, rank and file tables, mobility, king safety,
//! pawn structure and the terms a variant's rules call for, with parameters from a file
//! under `nets/` (embedded), from a file given at run time (UCI `EvalFile`), or derived
//! from the variant's data when it has no table. `docs/eval.md` describes the terms,
//! the file format and the tuning pipeline.
//!
//! - [`layout`]: which parameters a variant has (chosen from its compiled rules);
//! - [`material`]: the generic parameters, computed from the variant's data;
//! - [`file`]: the parameter file format;
//! - [`embedded`]: the files compiled in from `nets/`;
//! - [`terms`]: the evaluation itself, and the trace the tuner fits;
//! - [`nnue`]: the network evaluation that replaces the tables where a network exists.

pub mod connection;
pub mod embedded;
pub mod file;
pub mod layout;
pub mod material;
pub mod nnue;
pub mod tafl;
pub mod terms;

use crate::board::Bitboard;
use crate::position::Position;
use crate::variant::Color;

pub use file::ParamFile;
pub use layout::{Layout, Pair, Section};
pub use terms::Eval;

/// The data-derived evaluation under its earlier name: `MaterialEval::new(rules)` is
/// the generic evaluation of the variant.
pub type MaterialEval<B> = Eval<B>;

/// A static evaluation: centipawns from the side to move's point of view.
pub trait Evaluator<B: Bitboard>: Send + Sync {
    fn evaluate(&self, pos: &Position<B>) -> i32;

    /// A kind's value in centipawns (move ordering, futility margins). Royal kinds and
    /// kinds that cannot be captured report 0.
    fn piece_value(&self, kind: usize) -> i32;

    /// A kind's value for one side, where the two sides' pieces of one kind are worth
    /// different amounts (tafl's men, weighted so that the armies start level); the
    /// custodian exchange (`search::see`) weighs what each side loses by it.
    fn side_value(&self, kind: usize, _color: Color) -> i32 {
        self.piece_value(kind)
    }
}
