//! What having no legal move means, beyond checkmate and the stalemate result of
//! [`crate::variant::DrawRules`]: decided by `Position::outcome` when the legal list is
//! empty (the rule book's `end.turn-start` verdicts on an empty list).

use super::super::Variant;

/// The verdict on a side with no legal move that is not in check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMoveRule {
    /// The variant's stalemate result.
    Stalemate,
    /// The side loses when a capture that the capture permissions forbid would be
    /// legal otherwise: it is "forced" into a forbidden capture (Society); otherwise the
    /// stalemate result.
    ForbiddenCaptureLoses,
    /// The side loses when it has FIDE-legal moves, all of them checks the variant's
    /// check rule forbids (Triple Check).
    IllegalChecksLose,
    /// The side loses when a move was ruled out only by keeping two kinds in different
    /// quadrants (Separation's forced separation); otherwise the stalemate result.
    QuadrantRuleLoses,
    /// The side passes (`0000`, its one legal move) and the game goes on (Lines of
    /// Action); two passes in a row repeat the position. Or, where
    /// `PalaceRules::pass_on_stalemate` says so for the side, it passes as
    /// Fairy-Stockfish's `passOnStalemate` has it (written on a square, two passes in a
    /// row end the game).
    Pass,
}

impl NoMoveRule {
    pub fn of(variant: &Variant) -> NoMoveRule {
        if variant.goal.forbidden_capture_loses {
            NoMoveRule::ForbiddenCaptureLoses
        } else if variant.goal.pass_when_stuck || variant.palace.pass_on_stalemate.contains(&true) {
            NoMoveRule::Pass
        } else if variant.goal.supported_checks {
            NoMoveRule::IllegalChecksLose
        } else if variant.goal.quadrants_apart.is_some() {
            NoMoveRule::QuadrantRuleLoses
        } else {
            NoMoveRule::Stalemate
        }
    }
}
