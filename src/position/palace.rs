//! The position's side of the palace rules (`variant::palace`): royals that face each
//! other (bikjang), the passes just played, and the verdict by counting points.
//!
//! Read by the bikjang move filter (`movegen`), the end conditions `RoyalsStillFace`
//! and `TwoPasses` and the outcome's counted endings (`position::outcome`).

use super::outcome::GameResult;
use super::{kind_of, Move, Position, NO_PIECE};
use crate::board::{Bitboard, Square};
use crate::variant::{BLACK, WHITE};

impl<B: Bitboard> Position<B> {
    /// Whether the two royals stand on one file with nothing between them, on the
    /// occupancy `occ`.
    fn royals_face_on(&self, a: Square, b: Square, occ: B) -> bool {
        let files = self.rules.geo.files();
        a % files == b % files && (self.rules.tables.between(a, b) & occ).is_empty()
    }

    /// Whether the royals face each other now.
    pub(crate) fn royals_face(&self) -> bool {
        match (self.royal_square(WHITE), self.royal_square(BLACK)) {
            (Some(a), Some(b)) => self.royals_face_on(a, b, self.occupied()),
            _ => false,
        }
    }

    /// Whether the royals faced each other before the last move (from the moves
    /// played; `None` without one, or after a null move).
    pub(crate) fn royals_faced_before(&self) -> Option<bool> {
        let u = self.history.last()?;
        if u.mv == Move::NONE {
            return None;
        }
        if u.mv.is_pass() {
            return Some(self.royals_face());
        }
        let (from, to) = (u.mv.from(), u.mv.to());
        let mut occ = (self.occupied() & !B::from_square(to)) | B::from_square(from);
        if u.captured != NO_PIECE {
            occ |= B::from_square(to);
        }
        let mover = !self.side;
        let moved_royal =
            u.moved != NO_PIECE && Some(kind_of(u.moved)) == self.rules.royalty.kind();
        let mine = if moved_royal {
            Some(from)
        } else {
            self.royal_square(mover)
        };
        Some(match (mine, self.royal_square(self.side)) {
            (Some(a), Some(b)) => self.royals_face_on(a, b, occ),
            _ => false,
        })
    }

    /// The bikjang filter, after a move is made: royals that faced each other before
    /// it must be parted by it.
    pub(crate) fn bikjang_parted(&self) -> bool {
        !self.royals_face() || self.royals_faced_before() != Some(true)
    }

    /// Bikjang's end: the royals faced each other before the last move and still do.
    pub(crate) fn royals_still_face(&self) -> bool {
        self.royals_face() && self.royals_faced_before() == Some(true)
    }

    /// Whether the side to move passes when it has no other legal move (and is not in
    /// check): Lines of Action's pass, or Fairy-Stockfish's `passOnStalemate` for it.
    pub(crate) fn passes_when_stuck(&self) -> bool {
        let v = &self.rules.variant;
        // Fairy-Stockfish writes the pass on a piece: a side without one has none.
        v.goal.pass_when_stuck
            || (v.palace.pass_on_stalemate[self.side] && self.by_color[self.side].any())
    }

    /// The square a pass is written on (`e2e2`, SAN `Ke2`) where the variant writes it
    /// as a piece's move to its own square, as Fairy-Stockfish does: the royal's, else the
    /// mover's lowest-numbered piece; `None` where the pass is `0000`.
    pub(crate) fn pass_square(&self) -> Option<Square> {
        if !self.rules.variant.palace.passes_on_a_square() {
            return None;
        }
        self.royal_square(self.side)
            .or_else(|| self.by_color[self.side].squares().next())
    }

    /// A pass written on a piece's square is that piece's move for the move clock, as
    /// in Fairy-Stockfish: a pawn's pass (`passOnStalemate`) resets it.
    #[inline(never)]
    pub(crate) fn pass_clock(&mut self) {
        if let Some(sq) = self.pass_square() {
            if self.rules.kinds[kind_of(self.board[sq])].resets_clock {
                self.halfmove = 0;
            }
        }
    }

    /// Whether the last two moves were passes.
    pub(crate) fn two_passes(&self) -> bool {
        let n = self.history.len();
        n >= 2 && self.history[n - 1].mv.is_pass() && self.history[n - 2].mv.is_pass()
    }

    /// The result by the variant's points (`PalaceRules::points`), if it counts them.
    pub(crate) fn points_result(&self) -> Option<GameResult> {
        let points = self.rules.variant.palace.points.as_ref()?;
        let lead = points.white_lead_halves(|letter, side| {
            let color = if side == 0 { WHITE } else { BLACK };
            self.rules
                .variant
                .kind_by_letter(letter)
                .map_or(0, |k| self.pieces_of(k, color).count())
        });
        Some(match lead.signum() {
            1 => GameResult::Win(WHITE),
            -1 => GameResult::Win(BLACK),
            _ => GameResult::Draw,
        })
    }
}
