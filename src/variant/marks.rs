//! Promoted pieces that stay marked as promoted: Crazyhouse's `Q~` (a promoted pawn,
//! which returns to hand as a pawn) and shogi-style `+B` (a piece created by a kind's
//! own promotion, [`super::KindPromotion`], written `+` and the letter of the kind that
//! promoted). Shogi-style marks are kept in games without hands too, as
//! Fairy-Stockfish writes them (Sho-shogi's `+B`, and `+E` for the crown prince, which
//! is the king's kind). [`PromotionMarks`] is the compiled form the position reads.

use super::rules::{KindRules, RulesError};
use super::Variant;
use crate::board::Bitboard;

/// Which pieces the position marks as promoted, and what a mark stands for.
pub struct PromotionMarks {
    /// Per kind, whether a piece of it can be marked promoted and the kind it then
    /// stands for (and returns to hand as): its unpromoted kind after a shogi-style
    /// promotion, else [`super::Hands::promoted_return_as`].
    pub promoted_return: Vec<Option<usize>>,
    /// FEN's `~` marker is allowed (the variant sets
    /// [`super::Hands::promoted_return_as`]).
    pub tilde_marks: bool,
    /// Several kinds promote into one (Shogi's gold): the position keeps, per promoted
    /// piece, the kind it came from (`Position::origin`), in its key too.
    pub tracks_origin: bool,
}

impl PromotionMarks {
    /// The marks of a variant with hands (whose promoted pieces return unpromoted) or
    /// with a shogi-style promotion; `None` for every other game, which pays nothing.
    pub fn new<B: Bitboard>(
        variant: &Variant,
        kinds: &[KindRules<B>],
    ) -> Result<Option<PromotionMarks>, RulesError> {
        let shogi_style = kinds.iter().any(|k| k.unpromoted.is_some());
        let chess_return = match &variant.hands {
            None if !shogi_style => return Ok(None),
            None => None,
            Some(h) => h
                .promoted_return_as
                .map(|l| {
                    variant.kind_by_letter(l).ok_or_else(|| {
                        RulesError(format!("variant {}: no piece '{l}'", variant.name))
                    })
                })
                .transpose()?,
        };
        let promoted_return = kinds
            .iter()
            .map(|k| k.unpromoted.or(chess_return))
            .collect();
        let tracks_origin = (0..kinds.len()).any(|t| {
            kinds
                .iter()
                .filter(|k| {
                    k.promotion
                        .as_ref()
                        .is_some_and(|p| p.target[0] as usize == t)
                })
                .count()
                > 1
        });
        Ok(Some(PromotionMarks {
            promoted_return,
            tilde_marks: chess_return.is_some(),
            tracks_origin,
        }))
    }
}
