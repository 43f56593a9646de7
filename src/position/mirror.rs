//! Mirror turns in the position (Concurrent, [`crate::variant::parts::TurnRule::Mirror`]):
//! a compound move whose part square holds the unit mirrored first (to the same rank,
//! file `f` to `files - 1 - f`), then the regular move from `from` to `to`, which
//! `make_move` and `unmake_move` run through their plain arms (a promotion to the
//! tagged target where a promoting kind reaches its zone). The regular move may be the
//! mirrored unit's own. UCI `c6f6,a8b7`; SAN the mirror as the unit's letter (none for
//! a pawn) and both squares, a comma and the regular move's SAN in the mirrored
//! position (`c6f6,Kb7`). Games without the rule never come here.

use super::{kind_of, Move, MoveKind, PieceCode, Position, Undo, NO_PIECE};
use crate::board::{Bitboard, Square};
use crate::variant::parts::TurnRule;

impl<B: Bitboard> Position<B> {
    /// The square a unit on `sq` is mirrored to: the same rank, the mirrored file.
    #[inline]
    pub(crate) fn mirror_square(&self, sq: Square) -> Square {
        let geo = self.rules.geo;
        geo.square(geo.files() - 1 - geo.file_of(sq), geo.rank_of(sq))
    }

    /// Moves the unit on `from` to `to` without a ply (the generator's trial mirror, and
    /// its undoing); the key is left as it was.
    pub(crate) fn mirror_trial(&mut self, from: Square, to: Square) {
        let p = self.lift(from);
        self.place(to, p);
    }

    /// The unit a compound move with an empty origin moves: the mirrored one, where
    /// the turn is a mirror whose regular part it makes (`NO_PIECE` otherwise).
    #[cold]
    #[inline(never)]
    pub(super) fn mirrored_mover(&self, mv: Move) -> PieceCode {
        match self.rules.turn {
            TurnRule::Mirror(_) if mv.from() == self.mirror_square(mv.part()) => {
                self.board[mv.part()]
            }
            _ => NO_PIECE,
        }
    }

    /// The regular part of the mirror turn `mv` as a move of the mirrored position: a
    /// promotion to the tagged target where the moving kind promotes and lands on its
    /// zone, else a plain move (a mirror game has no castling, drops or en passant).
    pub(crate) fn mirror_regular_move(&self, mv: Move) -> Move {
        let (from, to, src) = (mv.from(), mv.to(), mv.part());
        let moving = if from == self.mirror_square(src) {
            self.board[src]
        } else {
            self.board[from]
        };
        let us = self.side;
        if self.rules.kinds[kind_of(moving)].promotes {
            if let Some(p) = self.rules.promotion.as_ref().filter(|p| p.zone[us].has(to)) {
                if let Some(&k) = p.targets[us].get(mv.part_tag()) {
                    return Move::promotion(from, to, k);
                }
            }
        }
        Move::new(from, to, MoveKind::Normal)
    }

    /// `make_move`'s mirror turn: the mirror, then the regular part through the plain
    /// arm; returns that part, which the rest of `make_move` then sees.
    #[cold]
    #[inline(never)]
    pub(super) fn make_mirror_turn(&mut self, mv: Move, undo: &mut Undo) -> Move {
        let regular = self.mirror_regular_move(mv);
        let src = mv.part();
        let p = self.remove(src);
        self.put(self.mirror_square(src), p);
        // A pawn-like unit's mirror is a pawn move for the move clock.
        if self.rules.kinds[kind_of(p)].promotes && !self.rules.end.capture_clock() {
            self.halfmove = 0;
        }
        undo.moved = self.board[regular.from()];
        self.make_plain(regular, regular.kind(), undo);
        regular
    }

    /// `unmake_move`'s mirror turn: the regular part, then the mirror.
    #[cold]
    #[inline(never)]
    pub(super) fn unmake_mirror_turn(&mut self, undo: &Undo) {
        self.unmake_plain(undo.mv.from(), undo.mv.to(), undo);
        let src = undo.mv.part();
        self.mirror_trial(self.mirror_square(src), src);
    }

    /// A mirror turn in UCI: the mirror, a comma, the regular move (`c6f6,a8b7`,
    /// `c6f6,b7a8r`).
    pub(crate) fn mirror_to_uci(&self, mv: Move) -> String {
        let geo = self.rules.geo;
        let src = mv.part();
        let regular = self.mirror_regular_move(mv);
        let mut s = geo.square_name(src) + &geo.square_name(self.mirror_square(src)) + ",";
        s += &geo.square_name(regular.from());
        s += &geo.square_name(regular.to());
        if regular.kind() == MoveKind::Promotion {
            s.push(
                self.rules.kinds[regular.promoted_kind()]
                    .letter
                    .to_ascii_lowercase(),
            );
        }
        s
    }

    /// A mirror turn in SAN without its check suffix: the mirrored unit's letter (none
    /// for a pawn-like kind) and both squares, a comma, and the regular move as SAN of
    /// the mirrored position (`c6f6,Kb7`, `Bc3f3,Bxa8`).
    pub(crate) fn mirror_san(&self, mv: Move) -> String {
        let geo = self.rules.geo;
        let src = mv.part();
        let dst = self.mirror_square(src);
        let kind = &self.rules.kinds[kind_of(self.board[src])];
        let mut san = String::new();
        if !kind.promotes {
            san.push(kind.san_letter);
        }
        san += &geo.square_name(src);
        san += &geo.square_name(dst);
        san.push(',');
        let regular = self.mirror_regular_move(mv);
        let mut mid = self.clone();
        mid.mirror_trial(src, dst);
        san += &mid.san_without_suffix(regular);
        san
    }
}
