//! The network's inputs (feature set 1): for each perspective (White's and Black's), one
//! input per (piece colour relative to the perspective, piece kind, square) and, in games
//! with hands, one per (relative colour, kind, slot) meaning "at least slot+1 pieces of
//! this kind in hand". Black's perspective sees the board with its ranks flipped, so a
//! position and its colour-mirrored twin give the same inputs to the swapped
//! perspectives. Sized from the variant's board and kinds; nothing here knows a variant.

use crate::board::{Bitboard, Geometry};
use crate::position::{color_of, kind_of, PieceCode, Position};
use crate::variant::rules::{Rules, MAX_KINDS};
use crate::variant::{Color, BLACK, WHITE};

/// The feature set this module computes (written in the file header).
pub const FEATURE_SET: u16 = 1;
/// Hand slots per kind and colour in drop games: counts above this all read as this.
pub const HAND_SLOTS: usize = 16;

/// The shape of the inputs for one board and set of kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureSet {
    pub geo: Geometry,
    pub kinds: usize,
    /// 0 in games without hands.
    pub hand_slots: usize,
}

/// Hand counts per colour and kind, as `Position` keeps them.
pub type Hands = [[u8; MAX_KINDS]; 2];

impl FeatureSet {
    pub fn for_rules<B: Bitboard>(rules: &Rules<B>) -> FeatureSet {
        FeatureSet {
            geo: rules.geo,
            kinds: rules.kinds.len(),
            hand_slots: if rules.hands.is_some() { HAND_SLOTS } else { 0 },
        }
    }

    /// Inputs per perspective.
    pub fn count(&self) -> usize {
        2 * self.kinds * (self.geo.squares() + self.hand_slots)
    }

    /// The input of a `color` piece of `kind` on `sq`, seen from `persp`.
    #[inline(always)]
    pub fn piece(&self, persp: Color, color: Color, kind: usize, sq: usize) -> usize {
        let rel = usize::from(color != persp);
        let sq = if persp == WHITE {
            sq
        } else {
            self.geo.flip_rank(sq)
        };
        (rel * self.kinds + kind) * self.geo.squares() + sq
    }

    /// The input of a piece code on `sq`, seen from `persp`.
    #[inline(always)]
    pub fn code(&self, persp: Color, p: PieceCode, sq: usize) -> usize {
        self.piece(persp, color_of(p), kind_of(p), sq)
    }

    /// The input "at least `slot + 1` pieces of `kind` in `color`'s hand", from `persp`.
    #[inline(always)]
    pub fn hand(&self, persp: Color, color: Color, kind: usize, slot: usize) -> usize {
        let rel = usize::from(color != persp);
        2 * self.kinds * self.geo.squares() + (rel * self.kinds + kind) * self.hand_slots + slot
    }

    /// Every active input of `persp` for pieces `(square, kind, color)` and hands.
    pub fn active(
        &self,
        persp: Color,
        pieces: impl Iterator<Item = (usize, usize, Color)>,
        hands: &Hands,
        out: &mut Vec<usize>,
    ) {
        out.clear();
        for (sq, kind, color) in pieces {
            out.push(self.piece(persp, color, kind, sq));
        }
        if self.hand_slots > 0 {
            for color in [WHITE, BLACK] {
                for (kind, &count) in hands[color][..self.kinds].iter().enumerate() {
                    let n = (count as usize).min(self.hand_slots);
                    out.extend((0..n).map(|s| self.hand(persp, color, kind, s)));
                }
            }
        }
    }

    /// Every active input of `persp` in a position.
    pub fn active_in<B: Bitboard>(&self, pos: &Position<B>, persp: Color, out: &mut Vec<usize>) {
        let pieces = pos.occupied().squares().map(|sq| {
            let p = pos.piece_at(sq);
            (sq, kind_of(p), color_of(p))
        });
        self.active(persp, pieces, &pos.hand, out);
    }
}
