//! Promoted pieces marked as such (see [`crate::variant::marks`]): the marker follows
//! its piece in make/unmake, is part of the key, and is written in FEN as Fairy-Stockfish
//! writes it (`Q~`, `+B`).

use super::fen::FenError;
use super::{
    color_of, kind_of, piece_code, Move, MoveKind, PieceCode, Position, Removed, Undo, NO_PIECE,
};
use crate::board::{Bitboard, Square};
use crate::variant::{BLACK, WHITE};

/// Where [`Undo::hand_flags`] keeps a captured promoted piece's origin kind (below 16).
const ORIGIN_SHIFT: u8 = 4;

/// The kind a captured promoted piece came from (where origins are tracked).
#[inline(always)]
pub(super) fn captured_origin(undo: &Undo) -> usize {
    (undo.hand_flags >> ORIGIN_SHIFT) as usize
}

impl<B: Bitboard> Position<B> {
    /// Whether the piece on `sq` was created by promotion (`Q~` or `+F` in FEN).
    pub fn is_promoted(&self, sq: Square) -> bool {
        self.promoted.has(sq)
    }

    /// Key of the promoted markers (0 where nothing is marked).
    pub(crate) fn marks_key(&self) -> u64 {
        self.promoted
            .squares()
            .fold(0, |k, sq| k ^ self.promoted_key(sq))
    }

    /// The key of the promoted marker on `sq`: with origins tracked, it also says which
    /// kind the piece came from.
    #[inline(always)]
    fn promoted_key(&self, sq: Square) -> u64 {
        let z = &self.rules.zobrist;
        match self.origin.get(sq) {
            Some(&o) => z.promoted[sq] ^ z.origin[o as usize * self.board.len() + sq],
            None => z.promoted[sq],
        }
    }

    /// Records the kind the promoted piece on `sq` came from (where origins are tracked).
    #[inline(always)]
    pub(super) fn set_origin(&mut self, sq: Square, kind: usize) {
        if let Some(o) = self.origin.get_mut(sq) {
            *o = kind as u8;
        }
    }

    #[inline]
    fn toggle_promoted(&mut self, sq: Square) {
        self.promoted ^= B::from_square(sq);
        self.key ^= self.promoted_key(sq);
    }

    /// The squares a board move takes a marker from and to: the mover's, or for
    /// castling the rook's (only the rook can carry a marker: a promoted rook may
    /// castle, as in Fairy-Stockfish).
    #[inline(always)]
    fn marker_path(&self, mv: Move) -> (Square, Square) {
        if mv.kind() == MoveKind::Castle {
            (mv.to(), self.castling_destinations(mv.from(), mv.to()).1)
        } else {
            (mv.from(), mv.to())
        }
    }

    /// After a board move (not a drop): a captured piece's marker goes (`Undo::hand_flags`
    /// bit 0 and its origin say it was there), the mover's follows it (bit 1), or a
    /// promotion sets one.
    #[inline]
    pub(super) fn marks_after_move(&mut self, mv: Move, undo: &mut Undo) {
        let (from, to) = self.marker_path(mv);
        if undo.captured != NO_PIECE {
            let at = self.capture_square(mv, self.side);
            if self.promoted.has(at) {
                if let Some(&o) = self.origin.get(at) {
                    undo.hand_flags |= o << ORIGIN_SHIFT;
                }
                self.toggle_promoted(at);
                undo.hand_flags |= 1;
            }
        }
        let marks = self.rules.marks.as_ref().expect("marks");
        if self.promoted.has(from) {
            self.toggle_promoted(from);
            if let Some(&o) = self.origin.get(from) {
                self.set_origin(to, o as usize);
            }
            // A promoted piece's promotion move is its demotion (Kyoto shogi): it
            // lands unmarked, as the kind it came from.
            let demoted =
                mv.kind() == MoveKind::Promotion && self.rules.kinds[kind_of(undo.moved)].demotes;
            if !demoted {
                self.toggle_promoted(to);
            }
            undo.hand_flags |= 2;
        } else if mv.kind() == MoveKind::Promotion
            && marks.promoted_return[mv.promoted_kind()].is_some()
        {
            self.set_origin(to, kind_of(undo.moved));
            self.toggle_promoted(to);
        }
    }

    /// After [`Position::hands_after_move`], where the move's capture rule took the
    /// last `n` recorded pieces off the board besides its victim (an explosion): their
    /// markers go with them (recorded for `unmake`; the mover's, on the square it
    /// reached, too), and where the blast sends what it removes to hand
    /// ([`crate::variant::parts::BlastRules::to_hand`]), each joins the hand of its
    /// owner's opponent as a captured piece joins the capturer's, a promoted one as
    /// the kind it came from.
    #[cold]
    pub(super) fn removed_after_move(&mut self, n: usize) {
        let to_hand = self.rules.capture.blasts_to_hand();
        let first = self.exploded.len() - n;
        for i in first..self.exploded.len() {
            let Removed { sq, piece, .. } = self.exploded[i];
            let sq = sq as usize;
            let marked = self.promoted.has(sq);
            let origin = self.origin.get(sq).copied().unwrap_or(0);
            if marked {
                self.exploded[i].mark = 1 + origin;
                self.toggle_promoted(sq);
            }
            if to_hand {
                let kind = self.hand_kind(kind_of(piece), marked, origin as usize);
                self.add_to_hand(!color_of(piece), kind);
            }
        }
    }

    /// Undoes [`Position::removed_after_move`] for the last `n` recorded removals,
    /// before `unmake` puts them back (it restores the key).
    pub(super) fn removed_before_unmake(&mut self, n: usize) {
        let to_hand = self.rules.capture.blasts_to_hand();
        let first = self.exploded.len() - n;
        for i in first..self.exploded.len() {
            let Removed { sq, piece, mark } = self.exploded[i];
            let sq = sq as usize;
            if mark != 0 {
                self.promoted |= B::from_square(sq);
                self.set_origin(sq, mark as usize - 1);
            }
            if to_hand {
                let kind =
                    self.hand_kind(kind_of(piece), mark != 0, mark.saturating_sub(1) as usize);
                let count = &mut self.hand[!color_of(piece)][kind];
                *count = count.saturating_sub(1);
            }
        }
    }

    /// Marks the piece just dropped promoted on `sq` as one promoted from `origin`.
    #[inline]
    pub(super) fn mark_dropped_promoted(&mut self, sq: Square, origin: usize) {
        self.set_origin(sq, origin);
        self.toggle_promoted(sq);
    }

    /// Undoes [`Position::marks_after_move`] (the key is restored by `unmake`).
    #[inline]
    pub(super) fn marks_before_unmake(&mut self, undo: &Undo) {
        let (from, to) = self.marker_path(undo.mv);
        self.promoted &= !B::from_square(to);
        if undo.hand_flags & 2 != 0 {
            self.promoted |= B::from_square(from);
            if !self.origin.is_empty() {
                // A demoted piece stands unmarked as the kind it came from (no origin
                // of its own kept on `to`, which a capture there may have overwritten).
                let demoted = undo.mv.kind() == MoveKind::Promotion
                    && self.rules.kinds[kind_of(undo.moved)].demotes;
                self.origin[from] = if demoted {
                    undo.mv.promoted_kind() as u8
                } else {
                    self.origin[to]
                };
            }
        }
        if undo.captured != NO_PIECE && undo.hand_flags & 1 != 0 {
            let at = self.capture_square(undo.mv, self.side);
            self.promoted |= B::from_square(at);
            self.set_origin(at, captured_origin(undo));
        }
    }

    /// Marks a piece just placed from the FEN as promoted (`~` after its letter).
    pub(super) fn mark_promoted(&mut self, sq: Square) -> Result<(), FenError> {
        let p: PieceCode = self.board[sq];
        let marks = self.rules.marks.as_ref().is_some_and(|m| m.tilde_marks);
        if p == NO_PIECE || !marks {
            return Err(FenError(format!(
                "promoted marker '~' in variant {}, which does not mark promoted pieces",
                self.rules.variant.name
            )));
        }
        self.promoted |= B::from_square(sq);
        if let Some(k) = self
            .rules
            .marks
            .as_ref()
            .and_then(|m| m.promoted_return[kind_of(p)])
        {
            self.set_origin(sq, k);
        }
        Ok(())
    }

    /// The piece a FEN's `+` and letter stands for: the shogi-style promotion of the
    /// letter's kind, of the letter's colour; and the letter's kind.
    pub(super) fn promoted_piece(&self, letter: char) -> Result<(PieceCode, usize), FenError> {
        let variant = &self.rules.variant;
        let kind = variant.kind_by_letter(letter).ok_or_else(|| {
            FenError(format!(
                "unknown piece letter '{letter}' after '+' for variant {}",
                variant.name
            ))
        })?;
        let promotion = self.rules.kinds[kind].promotion.as_ref().ok_or_else(|| {
            FenError(format!(
                "'+{letter}': a {} does not promote in variant {}",
                variant.pieces[kind].name, variant.name
            ))
        })?;
        let color = if letter.is_ascii_uppercase() {
            WHITE
        } else {
            BLACK
        };
        Ok((piece_code(promotion.target[0] as usize, color), kind))
    }

    /// A piece's FEN text: its letter, or `+` and its unpromoted letter when it was
    /// created by a shogi-style promotion, then `~` for other promoted pieces.
    pub(crate) fn piece_text(&self, sq: Square, out: &mut String) {
        let p = self.board[sq];
        let marked = self.promoted.has(sq);
        let origin = self.origin.get(sq).map(|&o| o as usize);
        match self.rules.kinds[kind_of(p)].unpromoted {
            Some(u) if marked => {
                let u = origin.unwrap_or(u);
                out.push('+');
                out.push(self.piece_char(piece_code(u, color_of(p))));
            }
            _ => {
                out.push(self.piece_char(p));
                if marked {
                    out.push('~');
                }
            }
        }
    }
}
