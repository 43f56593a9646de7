//! Seirawan gating in the position: the gating rights (`gates`, per colour a set of
//! first-rank squares), their Zobrist keys, the gated piece in make/unmake, and the
//! rights in the FEN's castling field as Fairy-Stockfish writes them
//! (`KQBCDFGkqbcdfg`: `K`/`Q` are castling rights that also hold the gates of the king
//! and that rook, the file letters are the other gates).
//!
//! A right is lost when its piece leaves the square or is captured on it; where
//! captures do not go to hand (Seirawan), a side whose hand is empty can never gate
//! again, so its rights are dropped then (Fairy-Stockfish stops writing them), which
//! keeps equal positions at equal keys and FENs.

use super::fen::FenError;
use super::{piece_code, Move, MoveKind, Position, Undo, NO_PIECE};
use crate::board::{Bitboard, Square};
use crate::variant::{Color, BLACK, WHITE};

/// Undo flag (in `Undo::hand_flags`): the move changed the gating rights, whose old
/// value is on `Position::gate_history`.
pub(super) const GATES_CHANGED: u8 = 4;

impl<B: Bitboard> Position<B> {
    /// `color`'s gating rights: squares a piece from its hand may be gated onto when
    /// the piece there moves.
    pub fn gates(&self, color: Color) -> B {
        self.gates[color]
    }

    /// Whether the variant gates (Seirawan).
    #[inline(always)]
    pub(crate) fn has_gating(&self) -> bool {
        self.rules.hands.as_ref().is_some_and(|h| h.gating)
    }

    /// Key of both sides' gating rights.
    pub(super) fn gates_key(&self) -> u64 {
        let n = self.rules.geo.squares();
        let mut k = 0;
        for c in Color::both() {
            for sq in self.gates[c].squares() {
                k ^= self.rules.zobrist.gates[c.index() * n + sq];
            }
        }
        k
    }

    /// The side to move's gate squares onto which some piece in its hand may go now
    /// (empty when nothing can be gated: the generator's fast path).
    #[inline(always)]
    pub(crate) fn active_gates(&self) -> B {
        let Some(h) = self.rules.hands.as_ref().filter(|h| h.gating) else {
            return B::EMPTY;
        };
        let us = self.side;
        let gates = self.gates[us];
        if gates.is_empty() {
            return B::EMPTY;
        }
        let mut zone = B::EMPTY;
        for (k, z) in h.drop_zone.iter().enumerate() {
            if self.hand[us][k] != 0 {
                zone |= z[us];
            }
        }
        gates & zone
    }

    /// Calls `f` with each gated form of the legal move `m` (a piece from the hand on
    /// the square it leaves), given `gates` = [`Position::active_gates`]. As in
    /// Fairy-Stockfish, a gated move is legal exactly when the move without the gate
    /// is: the gated piece is not counted as a new blocker.
    #[inline]
    pub(crate) fn for_each_gated(&self, m: Move, gates: B, mut f: impl FnMut(Move)) {
        let squares: [(Square, bool); 2] = match m.kind() {
            MoveKind::Drop => return,
            MoveKind::Castle => [(m.from(), false), (m.to(), true)],
            _ => [(m.from(), false), (usize::MAX, false)],
        };
        let h = self.rules.hands.as_ref().expect("gating needs hands");
        let us = self.side;
        for (sq, on_rook) in squares {
            if sq == usize::MAX || !gates.has(sq) {
                continue;
            }
            if m.kind() == MoveKind::Castle {
                // The square must be empty after castling (not so in a Chess960 array
                // where king or rook ends where the other started).
                let (kto, rto) = self.castling_destinations(m.from(), m.to());
                if sq == kto || sq == rto {
                    continue;
                }
            }
            for (k, zone) in h.drop_zone.iter().enumerate() {
                if self.hand[us][k] != 0 && zone[us].has(sq) {
                    f(m.with_gate(k as u8, on_rook));
                }
            }
        }
    }

    /// Appends the gated forms of the moves in `list` (all legal).
    pub(crate) fn add_gated_moves(&self, list: &mut super::MoveList) {
        let gates = self.active_gates();
        if gates.is_empty() {
            return;
        }
        for i in 0..list.len() {
            let m = list.as_slice()[i];
            if m.kind() == MoveKind::Castle || gates.has(m.from()) {
                self.for_each_gated(m, gates, |g| list.push(g));
            }
        }
    }

    /// After a move (its piece movement and captures done): the gated piece goes on
    /// its square, and the rights of the squares the move emptied or captured on go.
    #[inline]
    pub(super) fn gate_after_move(&mut self, mv: Move, undo: &mut Undo) {
        let us = self.side;
        let old = self.gates;
        if old[WHITE].is_empty() && old[BLACK].is_empty() {
            return;
        }
        let mut new = old;
        if mv.kind() != MoveKind::Drop {
            new[us] &= !B::from_square(mv.from());
            if mv.kind() == MoveKind::Castle {
                new[us] &= !B::from_square(mv.to());
            }
            if undo.captured != NO_PIECE {
                new[!us] &= !B::from_square(self.capture_square(mv, us));
            }
        }
        if let Some(k) = mv.gate() {
            let n = self.hand[us][k];
            debug_assert!(n > 0, "gating a kind not in hand");
            self.key ^= self.hand_key(us, k, n) ^ self.hand_key(us, k, n - 1);
            self.hand[us][k] = n - 1;
            self.put(mv.gate_square(), piece_code(k, us));
        }
        let h = self.rules.hands.as_ref().expect("gating needs hands");
        if !h.captures_to_hand && self.hand[us].iter().all(|&n| n == 0) {
            new[us] = B::EMPTY;
        }
        self.set_gates(old, new, undo);
    }

    /// Cambodia's gate rights after a move (`Variant::cambodian_moves`, no hand): the
    /// right of the square the move left and that of the square it captured on go, and
    /// a rook that lands on the enemy royal's rank or file takes the royal's right.
    /// Called from `make_move`'s departure step; undone by [`Position::ungate_departure`].
    pub(super) fn gates_after_departure(&mut self, mv: Move, undo: &mut Undo) {
        let us = self.side;
        let old = self.gates;
        let mut new = old;
        new[us] &= !B::from_square(mv.from());
        if undo.captured != NO_PIECE {
            new[!us] &= !B::from_square(self.capture_square(mv, us));
        }
        if let (Some((_, _, rooks)), Some(royal)) =
            (self.rules.modes.gate_moves(), self.royal_square(!us))
        {
            let geo = self.rules.geo;
            let to = mv.to();
            if rooks >> super::kind_of(self.board[to]) & 1 != 0
                && (geo.file_of(to) == geo.file_of(royal) || geo.rank_of(to) == geo.rank_of(royal))
            {
                new[!us] &= !B::from_square(royal);
            }
        }
        self.set_gates(old, new, undo);
    }

    /// Replaces the gate rights `old` by `new` where they differ: the key's gate terms,
    /// the old rights kept for unmake, and the undo record's flag.
    fn set_gates(&mut self, old: [B; 2], new: [B; 2], undo: &mut Undo) {
        if new == old {
            return;
        }
        let n = self.rules.geo.squares();
        for c in Color::both() {
            for sq in (old[c] ^ new[c]).squares() {
                self.key ^= self.rules.zobrist.gates[c.index() * n + sq];
            }
        }
        self.gate_history.push(old);
        self.gates = new;
        undo.hand_flags |= GATES_CHANGED;
    }

    /// Undoes [`Position::gates_after_departure`] (the key is restored by `unmake`).
    pub(super) fn ungate_departure(&mut self, undo: &Undo) {
        if undo.hand_flags & GATES_CHANGED != 0 {
            self.gates = self.gate_history.pop().expect("gating rights recorded");
        }
    }

    /// Cambodia's castling field (`DEde`): a file letter is a gate right on that file
    /// of the side's first rank, which must hold a piece of that side; `K`/`Q` are
    /// castling rights (an error where the variant does not castle).
    pub(super) fn parse_gate_field(&mut self, field: &str) -> Result<(), FenError> {
        let geo = self.rules.geo;
        for c in field.chars() {
            let lower = c.to_ascii_lowercase();
            if lower == 'k' || lower == 'q' || !lower.is_ascii_lowercase() {
                self.parse_castling_right(c)?;
                continue;
            }
            let file = (lower as u8 - b'a') as usize;
            if file >= geo.files() {
                return Err(FenError(format!("gate right '{c}' off the board")));
            }
            self.add_gate_right(c, file, "gate right")?;
        }
        Ok(())
    }

    /// A file letter of the FEN's castling field as a gate right: the square of that
    /// file on the letter's side's first rank, which must hold a piece of that side.
    /// `what` names the right in the error ("gate right", "gating right").
    fn add_gate_right(&mut self, c: char, file: usize, what: &str) -> Result<(), FenError> {
        let geo = self.rules.geo;
        let color = if c.is_ascii_uppercase() { WHITE } else { BLACK };
        let rank = if color == WHITE { 0 } else { geo.ranks() - 1 };
        let sq = geo.square(file, rank);
        let p = self.board[sq];
        if p == NO_PIECE || super::color_of(p) != color {
            return Err(FenError(format!(
                "{what} '{c}' on {}, which holds no piece of that side",
                geo.square_name(sq)
            )));
        }
        self.gates[color] |= B::from_square(sq);
        Ok(())
    }

    /// Undoes [`Position::gate_after_move`] before the move itself is undone (the key
    /// is restored by `unmake`). `self.side` is the mover again.
    #[inline]
    pub(super) fn ungate(&mut self, undo: &Undo) {
        if let Some(k) = undo.mv.gate() {
            self.lift(undo.mv.gate_square());
            self.hand[self.side][k] += 1;
        }
        if undo.hand_flags & GATES_CHANGED != 0 {
            self.gates = self.gate_history.pop().expect("gating rights recorded");
        }
    }

    /// The castling field of a gating variant, read as Fairy-Stockfish reads it: `K`
    /// and `Q` are castling rights (outermost rook) that also give the king's and the
    /// rook's squares gates; a file letter is a gate on that file of the side's first
    /// rank, except for a side with an empty hand in a game where captures do not go
    /// to hand, for which it is a Shredder-FEN castling right. A side whose king
    /// square is a gate and that has no castling right gets one with each castling
    /// rook on a gate (how Fairy-Stockfish writes Chess960 rights: `HAEhae`).
    pub(super) fn parse_gating_castling(&mut self, field: &str) -> Result<(), FenError> {
        let captures_to_hand = self
            .rules
            .hands
            .as_ref()
            .is_some_and(|h| h.captures_to_hand);
        let holds = |p: &Self, c: Color| captures_to_hand || p.hand[c].iter().any(|&n| n > 0);
        let geo = self.rules.geo;
        let first_rank = |c: Color| if c == WHITE { 0 } else { geo.ranks() - 1 };
        for c in field.chars().filter(|&c| c != '-') {
            let color = if c.is_ascii_uppercase() { WHITE } else { BLACK };
            let lower = c.to_ascii_lowercase();
            if lower == 'k' || lower == 'q' {
                let (king, rook) = self.parse_castling_right(c)?;
                self.gates[color] |= B::from_square(king) | B::from_square(rook);
            } else if lower.is_ascii_lowercase()
                && ((lower as u8 - b'a') as usize) < geo.files()
                && holds(self, color)
            {
                self.add_gate_right(c, (lower as u8 - b'a') as usize, "gating right")?;
            } else {
                self.parse_castling_right(c)?;
            }
        }
        let rules = self.rules.castling.as_ref().expect("gating needs castling");
        let (king_kind, rook_kinds) = (rules.king_kind, rules.rook_kinds);
        for color in Color::both() {
            if !holds(self, color) {
                self.gates[color] = B::EMPTY;
                continue;
            }
            let rank = self.rules.tables.ranks[first_rank(color)];
            let kings = self.pieces_of(king_kind, color) & rank & self.gates[color];
            if self.castling >> (2 * color.index()) & 3 != 0
                || kings.is_empty()
                || kings.more_than_one()
            {
                continue;
            }
            let king = kings.lsb();
            for rook in (self.gates[color] & rank & self.by_color[color]).squares() {
                let kind = super::kind_of(self.board[rook]);
                let side = usize::from(geo.file_of(rook) < geo.file_of(king));
                if rook_kinds >> kind & 1 != 0
                    && self.castling >> (2 * color.index() + side) & 1 == 0
                {
                    self.add_castling_right(color, king, rook);
                }
            }
        }
        Ok(())
    }

    /// The gate letters written after `color`'s castling rights: every gate but those
    /// the rights already name (the castling rooks' squares, and the king's where a
    /// right is written `K` or `Q`).
    pub(super) fn gate_letters(&self, color: Color) -> String {
        let geo = self.rules.geo;
        let rights = self.castling >> (2 * color.index()) & 3;
        let mut named = B::EMPTY;
        let mut king_named = false;
        for side in 0..2 {
            if rights >> side & 1 != 0 {
                let rook = self.castle_rooks[2 * color.index() + side] as Square;
                named |= B::from_square(rook);
                king_named |= self.is_outermost_rook(color, rook, side);
            }
        }
        if king_named {
            named |= B::from_square(self.castle_kings[color] as Square);
        }
        let mut files: Vec<usize> = (self.gates[color] & !named)
            .squares()
            .map(|sq| geo.file_of(sq))
            .collect();
        files.sort_unstable();
        files
            .into_iter()
            .map(|f| {
                let c = (b'a' + f as u8) as char;
                if color == WHITE {
                    c.to_ascii_uppercase()
                } else {
                    c
                }
            })
            .collect()
    }
}
