//! End conditions: the rules that end a game from the position alone, checked in one
//! place (`Position::variant_end`) before any move is generated; a position they end
//! has no legal moves. Mate, stalemate and the draw rules that need the move list or
//! the history (repetition, the move rule) are decided in `position::outcome`.

use super::super::rules::{kinds_mask, RulesError};
use super::super::{Color, Variant};
use super::capture::CaptureRule;
use crate::board::{Bitboard, Geometry};

/// One end condition.
pub enum EndCondition<B> {
    /// A side that has lost every piece of some kind of `kinds` (a bit set; 0: all its
    /// pieces together) loses, or wins where `extinct_side_wins` (antichess).
    Extinction { kinds: u32, extinct_side_wins: bool },
    /// A side that has lost its piece of `kind` loses: the tafl king, which only
    /// `side` has.
    KingLost { kind: usize, side: Color },
    /// A piece of these kinds on its side's goal squares wins.
    Goal(GoalSquares<B>),
    /// The side that has given this many checks wins (1..=15).
    CheckLimit(u32),
    /// A draw with this many pieces or fewer on the board (both sides together).
    DrawAtPieces(u32),
}

/// Compiled goal rule (see [`crate::variant::Goal`]).
pub struct GoalSquares<B> {
    /// Bit set of the kinds that win by arriving.
    pub kinds: u32,
    /// Goal squares per colour.
    pub zones: [B; 2],
    /// When White arrives first, Black may answer by arriving too (a draw).
    pub second_player_replies: bool,
}

/// A variant's end conditions, in the order they are checked.
pub struct EndConditions<B> {
    list: Vec<EndCondition<B>>,
    /// The check limit of the `CheckLimit` condition, if any: the position counts
    /// checks (in its key and FEN) only then.
    check_limit: Option<u32>,
}

impl<B: Bitboard> EndConditions<B> {
    /// The end conditions of `variant`, with the one its capture rule brings (the tafl
    /// king's loss).
    pub fn compile(
        variant: &Variant,
        geo: Geometry,
        capture: &CaptureRule<B>,
    ) -> Result<Self, RulesError> {
        let end = &variant.end;
        let mut list = Vec::new();
        if let Some(e) = &end.extinction {
            list.push(EndCondition::Extinction {
                kinds: kinds_mask(variant, &e.kinds)?,
                extinct_side_wins: e.extinct_side_wins,
            });
        }
        match capture {
            CaptureRule::Custodian(c) => list.push(EndCondition::KingLost {
                kind: c.king,
                side: c.king_side,
            }),
            CaptureRule::Replacement | CaptureRule::Explosion(_) => {}
        }
        if let Some(g) = &end.goal {
            let mut zones = [B::EMPTY; 2];
            for (zone, names) in zones.iter_mut().zip(&g.squares) {
                for name in names {
                    let sq = geo.parse_square(name).ok_or_else(|| {
                        RulesError(format!(
                            "variant {}: goal square '{name}' is off the board",
                            variant.name
                        ))
                    })?;
                    *zone |= B::from_square(sq);
                }
            }
            list.push(EndCondition::Goal(GoalSquares {
                kinds: kinds_mask(variant, &g.kinds)?,
                zones,
                second_player_replies: g.second_player_replies,
            }));
        }
        if let Some(n) = end.check_limit {
            if n == 0 || n >= 16 {
                return Err(RulesError(format!(
                    "variant {}: check limit must be 1..15",
                    variant.name
                )));
            }
            list.push(EndCondition::CheckLimit(n));
        }
        if variant.draws.draw_at_pieces > 0 {
            list.push(EndCondition::DrawAtPieces(variant.draws.draw_at_pieces));
        }
        Ok(EndConditions {
            list,
            check_limit: end.check_limit,
        })
    }
}

impl<B> EndConditions<B> {
    /// Whether no condition can end the game from the position alone.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, EndCondition<B>> {
        self.list.iter()
    }

    /// The check limit, where checks are counted.
    #[inline(always)]
    pub fn check_limit(&self) -> Option<u32> {
        self.check_limit
    }

    /// The goal rule, if any.
    pub fn goal(&self) -> Option<&GoalSquares<B>> {
        self.list.iter().find_map(|c| match c {
            EndCondition::Goal(g) => Some(g),
            _ => None,
        })
    }

    /// The extinction rule, if any: (kinds, whether the extinct side wins).
    pub fn extinction(&self) -> Option<(u32, bool)> {
        self.list.iter().find_map(|c| match *c {
            EndCondition::Extinction {
                kinds,
                extinct_side_wins,
            } => Some((kinds, extinct_side_wins)),
            _ => None,
        })
    }
}
