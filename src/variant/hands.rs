//! Pieces in hand: the second axis of the variant model (after board size). A variant
//! with [`Hands`] gives each side a reserve of pieces, counted per kind, that it may
//! drop onto an empty square instead of moving (Crazyhouse and its relatives), or gate
//! onto the square a first-rank piece leaves on its first move (Seirawan).
//! [`HandRules`] is the compiled form the position and the move generator read.

use super::rules::{relative_ranks, RulesError, MAX_KINDS};
use super::{Color, Variant, BLACK, WHITE};
use crate::board::{Bitboard, Tables};

/// Pieces in hand, as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hands {
    /// A piece in hand may be dropped onto an empty square of its drop zone instead of
    /// a move (Crazyhouse); false where hand pieces only enter by gating (Seirawan).
    pub drops: bool,
    /// Seirawan gating: when a piece leaves a square whose gating right its side still
    /// holds (the first-rank pieces of the start position; rights in the FEN's
    /// castling field), a piece from the hand whose drop zone holds that square may be
    /// placed there as part of the same move; castling gates on the king's or the
    /// rook's square. A right is lost when its piece leaves or is captured, and, where
    /// captures do not go to hand, all of a side's rights go when its hand empties.
    pub gating: bool,
    /// A captured piece goes to the capturer's hand, changing colour (Crazyhouse).
    /// Otherwise hands hold only what the FEN puts there.
    pub captures_to_hand: bool,
    /// Pieces created by promotion are marked (`~` in FEN) and return to hand as this
    /// kind when captured (the pawn in Crazyhouse).
    pub promoted_return_as: Option<char>,
    /// Kinds dropped only on some ranks, relative to the dropping side (0 = its first
    /// rank); kinds not listed drop on any empty square.
    pub drop_ranks: Vec<(char, Vec<usize>)>,
    /// The order in which FEN holdings list the kinds (Fairy-Stockfish's, strongest
    /// first); kinds not listed follow in reverse declaration order.
    pub fen_order: Vec<char>,
}

/// Hands compiled for one bitboard instance.
pub struct HandRules<B> {
    pub drops: bool,
    pub gating: bool,
    pub captures_to_hand: bool,
    /// The kind a captured promoted piece returns to hand as.
    pub promoted_return: Option<usize>,
    /// Per kind and colour, the squares it may be dropped on.
    pub drop_zone: Vec<[B; 2]>,
    /// Kinds in FEN holdings order.
    pub fen_order: Vec<usize>,
}

/// The most pieces of one kind a hand may hold (the size of the Zobrist table).
pub const MAX_IN_HAND: usize = 64;

impl<B: Bitboard> HandRules<B> {
    pub fn new(variant: &Variant, tables: &Tables<B>) -> Result<Option<HandRules<B>>, RulesError> {
        let Some(h) = &variant.hands else {
            return Ok(None);
        };
        let kind = |l: char| {
            variant
                .kind_by_letter(l)
                .ok_or_else(|| RulesError(format!("variant {}: no piece '{l}'", variant.name)))
        };
        let promoted_return = h.promoted_return_as.map(kind).transpose()?;
        let mut drop_zone = vec![[tables.board; 2]; variant.pieces.len()];
        for (letter, ranks) in &h.drop_ranks {
            let k = kind(*letter)?;
            drop_zone[k] = [WHITE, BLACK].map(|c: Color| relative_ranks(tables, ranks, c));
        }
        let mut fen_order = Vec::new();
        for &l in &h.fen_order {
            fen_order.push(kind(l)?);
        }
        for k in (0..variant.pieces.len()).rev() {
            if !fen_order.contains(&k) {
                fen_order.push(k);
            }
        }
        debug_assert!(variant.pieces.len() <= MAX_KINDS);
        if h.gating && variant.castling.is_none() {
            return Err(RulesError(format!(
                "variant {}: gating rights live in the castling field, so gating needs castling rules",
                variant.name
            )));
        }
        Ok(Some(HandRules {
            drops: h.drops,
            gating: h.gating,
            captures_to_hand: h.captures_to_hand,
            promoted_return,
            drop_zone,
            fen_order,
        }))
    }
}
