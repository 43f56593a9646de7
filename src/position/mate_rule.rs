//! Fairy-Stockfish's `shatarMateRule` (Mongolian Shatar): whether a checkmate wins.
//! A mate given by knights alone may not be given: the mated side wins (as after
//! Shogi's forbidden pawn-drop mate); otherwise the mate wins only if, in the
//! run of checks the mating side gave on its turns up to the mate (back through the
//! moves played, every second ply, while the mated side stood in check, stopping at a
//! null move or the first position known), one check came from a knight, rook or bers
//! (a "shak"); a run without one ends in a draw. A FEN alone has no earlier moves, so
//! there the mate's own checkers decide. Asked only at a mate, so its cost is nothing.

use super::{kind_of, Move, Position};
use crate::board::Bitboard;
use crate::variant::ini::pieces::type_name_of;

/// What a checkmate gives under the shatar mate rule.
pub(super) enum ShatarMate {
    /// The mating side wins.
    Wins,
    /// Knights alone gave it: the mated side wins.
    ByKnights,
    /// No shak in the run of checks: a draw.
    WithoutShak,
}

impl<B: Bitboard> Position<B> {
    /// The kinds (a bit set) of the pieces giving check to the side to move.
    fn checker_kinds(&self) -> u32 {
        let us = self.side;
        let Some(k) = self.royal_square(us) else {
            return 0;
        };
        self.attackers(k, !us, self.occupied())
            .squares()
            .fold(0, |m, sq| m | 1 << kind_of(self.board[sq]))
    }

    /// The verdict on the checkmate of the side to move under the shatar mate rule.
    pub(super) fn shatar_mate(&self) -> ShatarMate {
        let kinds = |types: &[&str]| {
            self.rules
                .variant
                .pieces
                .iter()
                .enumerate()
                .filter(|(_, p)| types.contains(&type_name_of(p).as_str()))
                .fold(0u32, |m, (i, _)| m | 1 << i)
        };
        let knights = kinds(&["knight"]);
        let shak = kinds(&["knight", "rook", "bers"]);
        if self.checker_kinds() & !knights == 0 {
            return ShatarMate::ByKnights;
        }
        self.with_copy(|p| loop {
            let checkers = p.checker_kinds();
            if checkers == 0 {
                return ShatarMate::WithoutShak;
            }
            if checkers & shak != 0 {
                return ShatarMate::Wins;
            }
            let n = p.history.len();
            if n < 2 || p.history[n - 1].mv == Move::NONE || p.history[n - 2].mv == Move::NONE {
                return ShatarMate::WithoutShak;
            }
            p.unmake_move();
            p.unmake_move();
        })
    }
}
