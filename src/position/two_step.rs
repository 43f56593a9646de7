//! Two-step turns in the position (Deadline's answer to a check,
//! [`crate::variant::parts::TurnRule::TwoStepEvasions`]): one unit moves from `from` to
//! the move's part square and on to `to`, as one ply. The first step's victim (on the
//! part square, or the pawn it takes en passant) is kept on the explosion stack, the
//! second's in the undo record, so `unmake_move` restores both with the code every
//! capture uses. Neither step leaves an en-passant square. Games without the rule never
//! come here.

use super::{kind_of, piece_code, Move, PieceCode, Position, Undo, NO_PIECE};
use crate::board::{Bitboard, Square};

impl<B: Bitboard> Position<B> {
    /// The kind the piece `p` of the side to move becomes on `sq` in the two-step turn
    /// `mv`: the tagged promotion target where a promoting kind lands on its zone, else
    /// its own piece.
    pub(crate) fn two_step_piece(&self, mv: Move, p: PieceCode, sq: Square) -> PieceCode {
        let us = self.side;
        match &self.rules.promotion {
            Some(pr) if self.rules.kinds[kind_of(p)].promotes && pr.zone[us].has(sq) => {
                match pr.targets[us].get(mv.part_tag()) {
                    Some(&k) => piece_code(k as usize, us),
                    None => p,
                }
            }
            _ => p,
        }
    }

    /// Makes the two steps of `mv` (the side stays; `make_move` passes the turn after).
    pub(super) fn make_two_step(&mut self, mv: Move, undo: &mut Undo) {
        let (from, mid, to) = (mv.from(), mv.part(), mv.to());
        let us = self.side;
        let moving = self.remove(from);
        let pawn = self.rules.kinds[kind_of(moving)].promotes;
        // The first step: a capture on the part square, or en passant onto it.
        let first_victim = if self.board[mid] != NO_PIECE {
            Some(mid)
        } else if pawn
            && undo.ep as usize == mid
            && self.rules.kinds[kind_of(moving)].en_passant
            && self.rules.geo.file_of(mid) != self.rules.geo.file_of(from)
        {
            self.ep_victim(mid, us)
        } else {
            None
        };
        if let Some(v) = first_victim {
            undo.exploded = self.remove_recorded(B::from_square(v));
        }
        let piece = self.two_step_piece(mv, moving, mid);
        // The second step, by the unit as the first left it.
        if self.board[to] != NO_PIECE {
            undo.captured = self.remove(to);
        }
        let piece = self.two_step_piece(mv, piece, to);
        self.put(to, piece);
        if pawn || first_victim.is_some() || undo.captured != NO_PIECE {
            self.halfmove = 0;
        }
    }

    /// Takes back the two steps of the turn `undo` records, after the first step's
    /// victim is back on the board.
    pub(super) fn unmake_two_step(&mut self, undo: &Undo) {
        let (from, to) = (undo.mv.from(), undo.mv.to());
        self.lift(to);
        self.place(from, undo.moved);
        if undo.captured != NO_PIECE {
            self.place(to, undo.captured);
        }
    }
}
