//! Royalty: which piece kind, if any, a side may not leave attacked. Checkmate, check
//! and the legality test "own royal not attacked" exist only where a kind is royal.

use super::super::rules::{KindRules, RulesError};
use super::super::Variant;
use crate::board::Bitboard;

/// Which kind is royal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Royalty {
    /// No kind is royal: nothing is ever in check, and the end conditions alone decide
    /// (Antichess, Extinction, the tafl games).
    None,
    /// One royal kind, of which each side has exactly one piece.
    One(usize),
    /// One royal kind that a side may lack (Horde's pawns, a king that can be taken
    /// under an extinction rule); a side without one cannot be in check.
    Optional(usize),
}

impl Royalty {
    /// The royalty of `variant` from its compiled kinds; more than one royal kind is an
    /// error.
    pub fn compile<B: Bitboard>(
        variant: &Variant,
        kinds: &[KindRules<B>],
    ) -> Result<Royalty, RulesError> {
        let mut royals = (0..kinds.len()).filter(|&k| kinds[k].royal);
        let Some(kind) = royals.next() else {
            return Ok(Royalty::None);
        };
        if royals.next().is_some() {
            return Err(RulesError(format!(
                "variant {}: more than one royal kind",
                variant.name
            )));
        }
        Ok(if variant.royal_optional {
            Royalty::Optional(kind)
        } else {
            Royalty::One(kind)
        })
    }

    /// The royal kind, if any.
    #[inline(always)]
    pub fn kind(&self) -> Option<usize> {
        match *self {
            Royalty::None => None,
            Royalty::One(k) | Royalty::Optional(k) => Some(k),
        }
    }
}
