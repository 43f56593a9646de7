//! Pseudo-royal pieces (Fairy-Stockfish's `extinctionPseudoRoyal`, compiled into
//! [`MoveFilter::PseudoRoyal`](crate::variant::parts::MoveFilter)): while a side has at
//! most `limit` pieces of a pseudo-royal kind, each of them is treated like a king. A
//! move may not leave one attacked, even one that takes a pseudo-royal piece; with `duple_check` (Spartan), a move may not leave every piece of the
//! kinds attacked at once, however many there are. Being so attacked is a check
//! (`Position::in_extra_check`): with no legal move it is mate.
//!
//! Which pieces are pseudo-royal is decided by the counts before the move, as in
//! Fairy-Stockfish: a promotion that makes the count exceed the limit takes the kind's
//! royalty away at once, and a dropped piece of the kind is pseudo-royal on arrival.

use super::{kind_of, MoveKind, Position};
use crate::board::Bitboard;
use crate::variant::kind_bits::kinds_in;
use crate::variant::parts::PseudoRoyals;
use crate::variant::Color;

impl<B: Bitboard> Position<B> {
    /// After a move: the mover left none of its pseudo-royal pieces attacked and, with
    /// `duple_check`, not all of its pieces of the kinds. (Fairy-Stockfish waives the
    /// first test for a move after which an enemy pseudo-royal piece is gone from the
    /// board, which only an explosion does; explosions are refused with these pieces.)
    pub(crate) fn pseudo_royals_safe(&self, p: PseudoRoyals) -> bool {
        let them = self.side;
        let mover = !them;
        let occ = self.occupied();
        let last = self.last_move_pieces();
        let mut royals = B::EMPTY;
        let mut candidates = B::EMPTY;
        for k in kinds_in(p.kinds) {
            let pieces = self.pieces_of(k, mover);
            candidates |= pieces;
            let n = pieces.count();
            royals |= match last {
                Some((m, _, _)) if m.kind() == MoveKind::Promotion && m.promoted_kind() == k => {
                    // A promotion that would exceed the limit ends the kind's royalty.
                    if n <= p.limit {
                        pieces
                    } else {
                        B::EMPTY
                    }
                }
                Some((m, _, _)) if m.kind() == MoveKind::Drop && m.promoted_kind() == k => {
                    let dropped = B::from_square(m.to());
                    if n - 1 <= p.limit {
                        pieces
                    } else {
                        dropped
                    }
                }
                Some((m, moved, _)) if m.kind() == MoveKind::Promotion && kind_of(moved) == k => {
                    // A pseudo-royal piece that promoted away stays one for this move.
                    if n < p.limit {
                        pieces | B::from_square(m.to())
                    } else {
                        B::EMPTY
                    }
                }
                _ if n <= p.limit => pieces,
                _ => B::EMPTY,
            };
        }
        let attacked = |s| self.attackers(s, them, occ).any();
        if royals.squares().any(attacked) {
            return false;
        }
        !(p.duple_check && candidates.any() && candidates.squares().all(attacked))
    }

    /// Whether `color` is in check by its pseudo-royal pieces: one of them attacked, or
    /// with `duple_check` every piece of the kinds.
    pub(crate) fn pseudo_royal_checked(&self, color: Color) -> bool {
        let Some(p) = self.rules.filters.pseudo_royals() else {
            return false;
        };
        let occ = self.occupied();
        let attacked = |s| self.attackers(s, !color, occ).any();
        let mut candidates = B::EMPTY;
        for k in kinds_in(p.kinds) {
            let pieces = self.pieces_of(k, color);
            candidates |= pieces;
            if pieces.count() <= p.limit && pieces.squares().any(attacked) {
                return true;
            }
        }
        p.duple_check && candidates.any() && candidates.squares().all(attacked)
    }

    /// Whether `color`'s pieces of `kind` are pseudo-royal now (the castling king's
    /// path is then checked as a royal king's is).
    pub(crate) fn is_pseudo_royal(&self, kind: usize, color: Color) -> bool {
        self.rules.filters.pseudo_royals().is_some_and(|p| {
            p.kinds >> kind & 1 != 0 && self.pieces_of(kind, color).count() <= p.limit
        })
    }
}
