//! The turn rule: what a player does in one turn. Today every game has one move per
//! turn; compound turns (double moves, a relocation before the move, a capture then a
//! placement) are further arms, each deciding in [`super::plan`] which generators stay
//! exact and in the position how a turn is made and unmade.

use super::super::Variant;

/// What one turn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnRule {
    /// One move (a piece move, a drop, castling), then the other side moves.
    OneMove,
}

impl TurnRule {
    /// The turn rule of `variant` (every variant has one move per turn).
    pub fn of(_variant: &Variant) -> TurnRule {
        TurnRule::OneMove
    }
}
