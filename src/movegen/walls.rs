//! Walls in the generator ([`crate::variant::parts::TurnRule::Walling`]): after any
//! generator has listed the legal moves, each move becomes one move per square where
//! the side may put its wall after it ([`Move::with_wall`]), in square order, and a
//! move with no such square goes. Where the wall may go, by the variant's rule, with
//! the board as the move leaves it, inside the side's walling region:
//! - `arrow`: a square the moved piece could move to from where it landed;
//! - `duck`: any empty square but the duck's own (the duck must move);
//! - `past`: the square the piece left;
//! - `static`: any empty square.
//!
//! Games without walls never come here (`GeneratorPlan::expands`).

use crate::board::{Bitboard, Square};
use crate::position::{kind_of, Move, MoveKind, MoveList, Position};
use crate::variant::walls::WallingRule;

impl<B: Bitboard> Position<B> {
    /// Replaces every move in `list` by its walled forms.
    #[cold]
    #[inline(never)]
    pub(super) fn expand_walls(&mut self, list: &mut MoveList, rule: WallingRule) {
        // The walled forms go behind the plain moves, which then go.
        let plain = list.len();
        let region = self.rules.walling_region[self.side];
        for i in 0..plain {
            let m = list.as_slice()[i];
            let (occ, landed) = self.after_move(m);
            // Empty after the move: not a piece, not a wall (the duck's square is one).
            let empty = self.rules.tables.board & !occ & !self.walls;
            let walls = match rule {
                WallingRule::Duck | WallingRule::Static => empty,
                WallingRule::Past => B::from_square(m.from()) & empty,
                WallingRule::Arrow => self.arrow_squares(m, landed, occ | self.walls) & empty,
            } & region;
            for sq in walls.squares() {
                list.push(m.with_wall(sq));
            }
        }
        list.drop_front(plain);
    }

    /// The occupancy after the plain move `m` and the square its piece lands on.
    fn after_move(&self, m: Move) -> (B, Square) {
        let (from, to) = (m.from(), m.to());
        let occ = self.occupied();
        match m.kind() {
            MoveKind::Castle => {
                let (kto, rto) = self.castling_destinations(from, to);
                let occ = occ & !B::from_square(from) & !B::from_square(to);
                (occ | B::from_square(kto) | B::from_square(rto), kto)
            }
            MoveKind::EnPassant => {
                let victim = self
                    .ep_victim(to, self.side)
                    .map_or(B::EMPTY, B::from_square);
                (
                    (occ & !B::from_square(from) & !victim) | B::from_square(to),
                    to,
                )
            }
            MoveKind::Drop => (occ | B::from_square(to), to),
            MoveKind::Pass => (occ, from),
            MoveKind::Normal | MoveKind::Promotion | MoveKind::DoubleStep | MoveKind::Compound => {
                ((occ & !B::from_square(from)) | B::from_square(to), to)
            }
        }
    }

    /// The squares the piece `m` moves (as it is after the move: a promotion's new
    /// kind) could move to without capturing from `at`, over the occupancy `occ`.
    fn arrow_squares(&self, m: Move, at: Square, occ: B) -> B {
        let kind = if matches!(m.kind(), MoveKind::Promotion | MoveKind::Drop) {
            m.promoted_kind()
        } else {
            kind_of(self.piece_at(m.from()))
        };
        let moves = &self.rules.kinds[kind].moves[self.side];
        let empty = !occ & self.rules.tables.board;
        self.piece_targets(moves, at, occ, &[B::EMPTY, empty, B::EMPTY, empty])
    }
}
