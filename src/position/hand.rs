//! Pieces in hand: counts per colour and kind, drops in make/unmake, pieces captured
//! into the capturer's hand, promoted pieces (`Q~`, shogi-style `+F`) that return
//! unpromoted, their Zobrist keys, and FEN holdings as Fairy-Stockfish writes them
//! (`[QNPqp]` after the board; the lichess form, holdings as one more `/` rank, is read
//! too).

use super::fen::FenError;
use super::marks::captured_origin;
use super::{color_of, kind_of, piece_code, Move, MoveKind, Position, Undo, NO_PIECE};
use crate::board::{Bitboard, Square};
use crate::variant::hands::MAX_IN_HAND;
use crate::variant::rules::MAX_KINDS;
use crate::variant::{Color, BLACK, WHITE};

/// The undo record's flag: the captured piece went back to its owner's pool.
const RETURNED: u8 = 8;

impl<B: Bitboard> Position<B> {
    /// Pieces of `kind` in `color`'s hand.
    #[inline(always)]
    pub fn hand_count(&self, color: Color, kind: usize) -> u32 {
        self.hand[color][kind] as u32
    }

    #[inline(always)]
    pub(super) fn hand_key(&self, color: Color, kind: usize, n: u8) -> u64 {
        self.rules.zobrist.hand[(color.index() * MAX_KINDS + kind) * MAX_IN_HAND + n as usize]
    }

    /// Whether the last move was a drop of a kind whose drop may not mate
    /// (`HandRules::drop_mate_loses`; read when the side to move is mated).
    pub(crate) fn mated_by_forbidden_drop(&self) -> bool {
        let Some(hands) = &self.rules.hands else {
            return false;
        };
        self.history.last().is_some_and(|u| {
            u.mv.kind() == MoveKind::Drop
                && !u.mv.is_promoted_drop()
                && hands.drop_mate_loses >> u.mv.promoted_kind() & 1 != 0
        })
    }

    /// Key of both hands (0 without hands).
    pub(crate) fn hands_key(&self) -> u64 {
        if self.rules.hands.is_none() {
            return 0;
        }
        let mut k = 0;
        for c in Color::both() {
            for kind in 0..self.rules.kinds.len() {
                k ^= self.hand_key(c, kind, self.hand[c][kind]);
            }
        }
        k
    }

    #[inline]
    pub(super) fn add_to_hand(&mut self, color: Color, kind: usize) {
        let n = self.hand[color][kind];
        if (n as usize) < MAX_IN_HAND - 1 {
            self.key ^= self.hand_key(color, kind, n) ^ self.hand_key(color, kind, n + 1);
            self.hand[color][kind] = n + 1;
        }
    }

    /// A piece from the hand onto its (empty) square. Drops reset the move clock, as
    /// in Fairy-Stockfish.
    #[inline]
    pub(super) fn make_drop(&mut self, mv: Move, undo: &mut Undo) {
        let us = self.side;
        let kind = mv.promoted_kind();
        let free = self.rules.hands.as_ref().is_some_and(|h| h.free_drops);
        if !free {
            let n = self.hand[us][kind];
            debug_assert!(n > 0, "drop of a kind not in hand");
            self.key ^= self.hand_key(us, kind, n) ^ self.hand_key(us, kind, n.saturating_sub(1));
            self.hand[us][kind] = n.saturating_sub(1);
        }
        let placed = self.placed_kind(mv);
        let p = piece_code(placed, us);
        self.put(mv.to(), p);
        if placed != kind {
            self.mark_dropped_promoted(mv.to(), kind);
        }
        undo.moved = p;
        self.halfmove = 0;
        if let Some(king_file) = self.rules.hands.as_ref().and_then(|h| h.castling_king_file) {
            self.castling_after_drop(mv.to(), king_file);
        }
        if self.rules.capture.flip().is_some() {
            undo.exploded = self.flip_after(mv.to(), true);
        }
    }

    /// The kind the drop `mv` puts on the board: the kind from the hand, or for a
    /// promoted drop the kind its promotion makes.
    #[inline]
    pub fn placed_kind(&self, mv: Move) -> usize {
        let kind = mv.promoted_kind();
        if !mv.is_promoted_drop() {
            return kind;
        }
        self.rules
            .hands
            .as_ref()
            .and_then(|h| h.promoted_drop[kind])
            .unwrap_or(kind)
    }

    /// Placement: a king on `king_file` of its castling rank and a castling rook on a
    /// corner of it, one of them just dropped on `to`, give the castling right on the
    /// rook's side. The squares are fixed, so a right given here always has the same
    /// rook and king (what `unmake` leaves in the castling tables stays true).
    fn castling_after_drop(&mut self, to: Square, king_file: usize) {
        let Some(castling) = &self.rules.castling else {
            return;
        };
        let (king_kind, rook_kinds) = (castling.king_kind, castling.rook_kinds);
        let geo = self.rules.geo;
        let us = self.side;
        let rank = if us == WHITE {
            castling.rank
        } else {
            geo.ranks() - 1 - castling.rank
        };
        if geo.rank_of(to) != rank {
            return;
        }
        let king = geo.square(king_file, rank);
        if self.board[king] != piece_code(king_kind, us) {
            return;
        }
        let before = self.castling;
        for rook in [geo.square(geo.files() - 1, rank), geo.square(0, rank)] {
            let p = self.board[rook];
            let is_rook = p != NO_PIECE && color_of(p) == us && rook_kinds >> kind_of(p) & 1 != 0;
            if is_rook && (to == king || to == rook) {
                self.add_castling_right(us, king, rook);
            }
        }
        if self.castling != before {
            self.key ^= self.castling_key(before) ^ self.castling_key(self.castling);
        }
    }

    /// After a board move (not a drop) and [`Position::marks_after_move`]: the
    /// captured piece goes to the mover's hand (unpromoted if it was promoted), or back
    /// to its owner's pool.
    #[inline]
    pub(super) fn hands_after_move(&mut self, undo: &mut Undo) {
        if undo.captured == NO_PIECE {
            return;
        }
        let us = self.side;
        let hands = self.rules.hands.as_ref().expect("hands");
        let returns = hands.returns_to_owner[kind_of(undo.captured)];
        if hands.captures_to_hand {
            let kind = self.returning_kind(undo);
            self.add_to_hand(us, kind);
        }
        if let Some(needs) = returns {
            // Back to its owner's pool, as the kind it now is, while the owner has
            // the kind it needs on the board after the capture (Donnybrook).
            let owner = !us;
            if needs.is_none_or(|k| self.pieces_of(k, owner).any()) {
                self.add_to_hand(owner, kind_of(undo.captured));
                undo.hand_flags |= RETURNED;
            }
        }
    }

    /// The kind the captured piece of `undo` joins the capturer's hand as.
    #[inline(always)]
    fn returning_kind(&self, undo: &Undo) -> usize {
        self.hand_kind(
            kind_of(undo.captured),
            undo.hand_flags & 1 != 0,
            captured_origin(undo),
        )
    }

    /// The kind a piece of `kind` taken off the board joins a hand as: a promoted one
    /// (`promoted`) as the kind it came from (`origin`, where the position tracks
    /// origins), another as `HandRules::captured_as` says.
    #[inline(always)]
    pub(super) fn hand_kind(&self, kind: usize, promoted: bool, origin: usize) -> usize {
        let marks = self.rules.marks.as_ref().expect("hands have marks");
        match marks.promoted_return[kind] {
            Some(_) if promoted && marks.tracks_origin => origin,
            Some(k) if promoted => k,
            _ => self.rules.hands.as_ref().expect("hands").captured_as[kind],
        }
    }

    /// Undoes [`Position::hands_after_move`] (the key is restored by `unmake`).
    #[inline]
    pub(super) fn hands_before_unmake(&mut self, undo: &Undo) {
        if undo.captured == NO_PIECE {
            return;
        }
        let us = self.side;
        if undo.hand_flags & RETURNED != 0 {
            let n = &mut self.hand[!us][kind_of(undo.captured)];
            *n = n.saturating_sub(1);
        }
        if self.rules.hands.as_ref().expect("hands").captures_to_hand {
            let kind = self.returning_kind(undo);
            let n = &mut self.hand[us][kind];
            *n = n.saturating_sub(1);
        }
    }

    pub(super) fn capture_square(&self, mv: Move, capturer: Color) -> Square {
        if mv.kind() == MoveKind::EnPassant {
            self.ep_victim(mv.to(), capturer).unwrap_or(mv.to())
        } else {
            mv.to()
        }
    }

    /// Reads FEN holdings (`QNPqp`, `-` or empty for none) into the hands.
    pub(super) fn parse_holdings(&mut self, field: &str) -> Result<(), FenError> {
        if self.rules.end.tracks_captured() {
            return self.parse_captured_kinds(field);
        }
        let variant = &self.rules.variant;
        if self.rules.hands.is_none() {
            if field.is_empty() || field == "-" {
                return Ok(());
            }
            return Err(FenError(format!(
                "holdings [{field}] in variant {}, which has no pieces in hand",
                variant.name
            )));
        }
        if self.rules.hands.as_ref().is_some_and(|h| h.per_owner_fen) {
            return self.parse_owner_holdings(field);
        }
        for c in field.chars().filter(|&c| c != '-') {
            let kind = variant.kind_by_letter(c).ok_or_else(|| {
                FenError(format!(
                    "unknown piece letter '{c}' in the holdings for variant {}",
                    variant.name
                ))
            })?;
            let setup_phase = self.rules.hands.as_ref().is_some_and(|h| h.must_drop);
            // A blast that sends what it removes to hand sends a royal too, ending the
            // game (Fairy-Stockfish writes it so: Atomic Zh's `[Kq]`).
            let blasted_royals = self.rules.capture.blasts_to_hand();
            if self.rules.kinds[kind].royal && !setup_phase && !blasted_royals {
                return Err(FenError(format!("a royal piece '{c}' in hand")));
            }
            let color = if c.is_ascii_uppercase() { WHITE } else { BLACK };
            if self.hand[color][kind] as usize >= MAX_IN_HAND - 1 {
                return Err(FenError(format!("too many '{c}' in hand")));
            }
            self.hand[color][kind] += 1;
        }
        Ok(())
    }

    /// Reads holdings written per owner, `south|north` (White's, a bar, Black's; `-`
    /// or empty: none), each letter in the colour the piece will have on the board:
    /// for its owner, the kind written with that letter whose case flag matches
    /// (Reentrant: `R` in South's hand is an e-h rook, `r` an a-d one).
    fn parse_owner_holdings(&mut self, field: &str) -> Result<(), FenError> {
        if field.is_empty() || field == "-" {
            return Ok(());
        }
        let Some((south, north)) = field.split_once('|') else {
            return Err(FenError(format!(
                "holdings [{field}] are written per owner in variant {}: [white's|black's]",
                self.rules.variant.name
            )));
        };
        for (owner, part) in [(WHITE, south), (BLACK, north)] {
            for c in part.chars().filter(|&c| c != '-') {
                let case = if c.is_ascii_uppercase() { WHITE } else { BLACK };
                let other_case = case != owner;
                let upper = c.to_ascii_uppercase();
                let kind = self
                    .rules
                    .kinds
                    .iter()
                    .position(|k| k.written == upper && k.other_case == other_case)
                    .ok_or_else(|| {
                        FenError(format!(
                            "'{c}' in {}'s holdings is no piece of variant {}",
                            owner.name(),
                            self.rules.variant.name
                        ))
                    })?;
                let second_royal = self.rules.filters.second_royal() == Some(kind);
                if self.rules.kinds[kind].royal || second_royal {
                    return Err(FenError(format!("a royal piece '{c}' in hand")));
                }
                if self.hand[owner][kind] as usize >= MAX_IN_HAND - 1 {
                    return Err(FenError(format!("too many '{c}' in hand")));
                }
                self.hand[owner][kind] += 1;
            }
        }
        Ok(())
    }

    /// The holdings field, brackets included (empty when the variant has no hands).
    pub(super) fn holdings_field(&self) -> String {
        if self.rules.end.tracks_captured() {
            return self.captured_kinds_field();
        }
        let Some(hands) = self.rules.hands.as_ref().filter(|h| !h.free_drops) else {
            return String::new();
        };
        let mut s = String::from("[");
        for c in Color::both() {
            if hands.per_owner_fen {
                // Per owner: upper case first, each case in the holdings order.
                if c == BLACK {
                    s.push('|');
                }
                for upper in [true, false] {
                    for &k in &hands.fen_order {
                        let letter = self.piece_char(piece_code(k, c));
                        if letter.is_ascii_uppercase() == upper {
                            s.extend(std::iter::repeat_n(letter, self.hand[c][k] as usize));
                        }
                    }
                }
                continue;
            }
            for &k in &hands.fen_order {
                let letter = self.piece_char(piece_code(k, c));
                for _ in 0..self.hand[c][k] {
                    s.push(letter);
                }
            }
        }
        s.push(']');
        s
    }

    /// Reads the kinds each side has captured (Zoo), written like holdings in the
    /// capturer's colour: `[PNBq]`; a repeated letter counts once.
    fn parse_captured_kinds(&mut self, field: &str) -> Result<(), FenError> {
        for c in field.chars().filter(|&c| c != '-') {
            let kind = self.rules.variant.kind_by_letter(c).ok_or_else(|| {
                FenError(format!(
                    "unknown piece letter '{c}' in the captured kinds for variant {}",
                    self.rules.variant.name
                ))
            })?;
            let color = if c.is_ascii_uppercase() { WHITE } else { BLACK };
            self.captured_kinds[color] |= 1 << kind;
        }
        Ok(())
    }

    /// The captured kinds, brackets included, White's then Black's, each in the
    /// variant's kind order (`[]` when nothing has been captured).
    fn captured_kinds_field(&self) -> String {
        let mut s = String::from("[");
        for c in Color::both() {
            for k in 0..self.rules.kinds.len() {
                if self.captured_kinds[c] >> k & 1 != 0 {
                    s.push(self.piece_char(piece_code(k, c)));
                }
            }
        }
        s.push(']');
        s
    }
}
