//! Placement from the pool (Donnybrook, [`crate::variant::parts::TurnRule::PlaceFromPool`]):
//! a side whose pool (its hand) holds a unit places it on the compound move's part
//! square, then makes the move's regular part, which `make_move` and `unmake_move` run
//! through their ordinary arms as the move this module derives (en passant, a double
//! step, a promotion to the tagged target). Captured pieces return to their owner's
//! pool in `hand.rs`. Games without the rule never come here.

use super::fen::FenError;
use super::{kind_of, piece_code, Move, MoveKind, Position, Undo, NO_PIECE};
use crate::board::{Bitboard, Square};
use crate::variant::parts::TurnRule;
use crate::variant::Color;

impl<B: Bitboard> Position<B> {
    /// A FEN's pools, once the side to move is known: one capture a turn, placed at the
    /// start of the owner's next, so only the side to move's pool may hold a unit, at
    /// most one, of a kind that returns to its owner.
    pub(super) fn check_pools(&self) -> Result<(), FenError> {
        if self.rules.turn != TurnRule::PlaceFromPool {
            return Ok(());
        }
        let units = |c: Color| self.hand[c].iter().map(|&n| u32::from(n)).sum::<u32>();
        if units(self.side) > 1 || units(!self.side) > 0 {
            return Err(FenError(
                "only the side to move's pool may hold a unit, and at most one".into(),
            ));
        }
        let returns = self.rules.hands.as_ref().map(|h| &h.returns_to_owner);
        if let Some(kind) = self.pool_kind(self.side) {
            if returns.is_none_or(|r| r[kind].is_none()) {
                return Err(FenError(format!(
                    "a '{}' in the pool: captured pieces of that kind leave the game",
                    self.rules.kinds[kind].letter
                )));
            }
        }
        Ok(())
    }

    /// The kind in `color`'s pool (its one unit), if any.
    pub(crate) fn pool_kind(&self, color: Color) -> Option<usize> {
        self.hand[color].iter().position(|&n| n != 0)
    }

    /// The regular part of the pool turn `mv` as a plain move of this position (the
    /// side to move's, before anything of `mv` is made); `ep` is the en-passant square
    /// the turn starts with.
    pub(crate) fn pool_regular_move(&self, mv: Move, ep: u16) -> Move {
        let (from, to) = (mv.from(), mv.to());
        let us = self.side;
        let kind = kind_of(self.board[from]);
        let rules = &self.rules.kinds[kind];
        let geo = self.rules.geo;
        if rules.promotes {
            if let Some(p) = self.rules.promotion.as_ref().filter(|p| p.zone[us].has(to)) {
                if let Some(&k) = p.targets[us].get(mv.part_tag()) {
                    return Move::promotion(from, to, k);
                }
            }
            if from.abs_diff(to) == 2 * geo.files() {
                return Move::new(from, to, MoveKind::DoubleStep);
            }
        }
        if rules.en_passant
            && ep as usize == to
            && self.board[to] == NO_PIECE
            && geo.file_of(from) != geo.file_of(to)
        {
            return Move::new(from, to, MoveKind::EnPassant);
        }
        Move::new(from, to, MoveKind::Normal)
    }

    /// `make_move`'s pool turn `mv`: the placement, then the regular part through the
    /// plain arms; returns that part, which the rest of `make_move` then sees.
    #[cold]
    #[inline(never)]
    pub(super) fn make_pool_turn(&mut self, mv: Move, undo: &mut Undo) -> Move {
        let regular = self.pool_regular_move(mv, undo.ep);
        self.place_from_pool(mv.part());
        match regular.kind() {
            MoveKind::EnPassant => self.make_en_passant(regular, undo),
            kind => self.make_plain(regular, kind, undo),
        }
        regular
    }

    /// `unmake_move`'s pool turn: the regular part, then the placement.
    #[cold]
    #[inline(never)]
    pub(super) fn unmake_pool_turn(&mut self, undo: &Undo) {
        let regular = self.pool_regular_unmade(undo.mv, undo.moved, undo.captured, undo.ep);
        let (from, to) = (regular.from(), regular.to());
        match regular.kind() {
            MoveKind::EnPassant => self.unmake_en_passant(from, to, undo.captured),
            _ => self.unmake_plain(from, to, undo),
        }
        self.unplace_to_pool(undo.mv.part());
    }

    /// Puts the pool's unit of the side to move on `sq` (the placement of a pool turn).
    fn place_from_pool(&mut self, sq: Square) {
        let us = self.side;
        let Some(kind) = self.pool_kind(us) else {
            return;
        };
        let n = self.hand[us][kind];
        self.key ^= self.hand_key(us, kind, n) ^ self.hand_key(us, kind, n - 1);
        self.hand[us][kind] = n - 1;
        self.put(sq, piece_code(kind, us));
    }

    /// Takes the placed unit back into the pool (`self.side` is the mover again; the
    /// key comes back from the undo record).
    fn unplace_to_pool(&mut self, sq: Square) {
        let p = self.lift(sq);
        self.hand[self.side][kind_of(p)] += 1;
    }

    /// The regular part of the pool turn `mv` that `unmake_move` undoes, after the
    /// turn (`moved` and `captured` from its undo record, `ep` the square the turn
    /// started with): en passant is the only form it undoes differently.
    fn pool_regular_unmade(&self, mv: Move, moved: u8, captured: u8, ep: u16) -> Move {
        let (from, to) = (mv.from(), mv.to());
        // A capture onto the en-passant square (always empty) can only be en passant.
        if captured != NO_PIECE
            && ep as usize == to
            && self.rules.kinds[kind_of(moved)].en_passant
            && self.rules.geo.file_of(from) != self.rules.geo.file_of(to)
        {
            Move::new(from, to, MoveKind::EnPassant)
        } else {
            Move::new(from, to, MoveKind::Normal)
        }
    }

    /// Pool turns' placements and moves for the generator: puts `kind` of the side to
    /// move on `sq` (out of the pool) without passing the turn, or takes it back.
    pub(crate) fn pool_trial(&mut self, kind: usize, sq: Square, on: bool) {
        let us = self.side;
        if on {
            self.hand[us][kind] -= 1;
            self.place(sq, piece_code(kind, us));
        } else {
            self.lift(sq);
            self.hand[us][kind] += 1;
        }
    }
}
