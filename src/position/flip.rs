//! The position's side of flipping captures and enclosing drops (`variant::flip`):
//! which enemy pieces a move or drop turns, and where an enclosing drop may go.

use super::{kind_of, piece_code, Position, Removed};
use crate::board::{Bitboard, Square};
use crate::variant::flip::DIRECTIONS;
use crate::variant::hands::HandRules;
use crate::variant::{Color, EnclosingDrop, Flip};

impl<B: Bitboard> Position<B> {
    /// After the side to move's piece has landed on `to` (by a move, or a drop where
    /// `dropped`), the enemy pieces its flipping rule turns become its own, each
    /// recorded for `unmake_move` as a removed piece. Returns how many turned. The
    /// move clock is left alone (Fairy-Stockfish's flips do not reset it).
    #[cold]
    #[inline(never)]
    pub(super) fn flip_after(&mut self, to: Square, dropped: bool) -> u8 {
        let Some(flip) = self.rules.capture.flip() else {
            return 0;
        };
        let us = self.side;
        let them = self.by_color[!us];
        let around = flip.around[to];
        let victims = match flip.rule {
            Flip::Reversi => self.reversi_flips(to, us),
            Flip::Ataxx => around & them,
            Flip::Quadwrangle if dropped && (around & self.by_color[us]).is_empty() => B::EMPTY,
            Flip::Quadwrangle => around & them,
        };
        let mut n = 0;
        for sq in victims.squares() {
            let p = self.remove(sq);
            self.exploded.push(Removed {
                sq: sq as u16,
                piece: p,
                mark: 0,
            });
            self.put(sq, piece_code(kind_of(p), us));
            n += 1;
        }
        n
    }

    /// The enemy pieces a piece of `us` on `sq` encloses: on each of the eight lines
    /// from `sq`, an unbroken run of enemy pieces ended by a piece of `us` (Reversi).
    pub(crate) fn reversi_flips(&self, sq: Square, us: Color) -> B {
        let geo = self.rules.geo;
        let (own, them) = (self.by_color[us], self.by_color[!us]);
        let mut flips = B::EMPTY;
        for (dx, dy) in DIRECTIONS {
            let mut line = B::EMPTY;
            let mut at = sq;
            while let Some(next) = geo.offset(at, dx, dy) {
                if them.has(next) {
                    line |= B::from_square(next);
                    at = next;
                } else {
                    if own.has(next) {
                        flips |= line;
                    }
                    break;
                }
            }
        }
        flips
    }

    /// The squares of `empty` an enclosing drop rule leaves open to the side to move:
    /// in the opening phase the empty squares of the start region, while it has any;
    /// then next to an own piece (Ataxx) or where the drop flips a line (Reversi).
    pub(crate) fn enclosing_targets(&self, hands: &HandRules<B>, empty: B) -> B {
        let start = hands.enclosing_start & empty;
        if start.any() {
            return start;
        }
        let us = self.side;
        match hands.enclosing {
            None => empty,
            Some(EnclosingDrop::Ataxx) => {
                let near = self.by_color[us]
                    .squares()
                    .fold(B::EMPTY, |b, sq| b | hands.around[sq]);
                near & empty
            }
            Some(EnclosingDrop::Reversi) => {
                let near = self.by_color[!us]
                    .squares()
                    .fold(B::EMPTY, |b, sq| b | hands.around[sq]);
                let mut targets = B::EMPTY;
                for sq in (near & empty).squares() {
                    if self.reversi_flips(sq, us).any() {
                        targets |= B::from_square(sq);
                    }
                }
                targets
            }
        }
    }
}
