//! Correction history of the static evaluation (Stockfish's idea, 2024): after a node's
//! search, how far the search's score lay from the static evaluation is learned into a
//! small table indexed by the side to move and a hash of the pawn structure, and later
//! static evaluations of positions with the same pawns are corrected by the table's
//! entry before any pruning reads them. An evaluation that misjudges a pawn structure
//! (a blocked centre, a far passed pawn) tends to misjudge it in every position of the
//! game that has it, and the search finds that out at the first of them.
//!
//! The pawns are the kinds the evaluation groups as pawns: the promoting kinds that are
//! not royal (`RuleFacts::pawn_kinds`). A variant without them (Xiangqi, whose soldier
//! does not promote; Janggi; shogi-style games, whose kinds promote by their own rule;
//! tafl) gets no correction: its key would be one entry per side, a single running
//! average of the evaluation's error that knows nothing about the position.
//!
//! The key is computed from the pawns' square sets when a node needs it (a few
//! multiplications per pawn kind and colour), not kept by `make_move`: the move
//! generator and perft pay nothing, and there is no incremental state to go wrong.
//!
//! The table lives in the game's [`super::SearchMemory`] with the move histories
//! (cleared by `ucinewgame`), one per group of threads.

use super::history::gravity;
use crate::board::{mix64, Bitboard};
use crate::position::Position;
use crate::variant::kind_bits::kinds_in;
use crate::variant::Color;
use std::sync::atomic::{AtomicI16, Ordering::Relaxed};

/// Entries per side (Stockfish's `CORRECTION_HISTORY_SIZE`).
pub const CORRECTION_SIZE: usize = 16384;
/// Entries stay within `±CORRECTION_LIMIT` (Stockfish's `CORRECTION_HISTORY_LIMIT`).
pub const CORRECTION_LIMIT: i32 = 1024;
/// An entry's weight: the correction is `entry / CORRECTION_GRAIN` centipawns, so at
/// most 32 (Stockfish's first form divided its entry by 32 in its units, about two to
/// a centipawn; this is its later bound of about 64 of them).
pub const CORRECTION_GRAIN: i32 = 32;
/// The largest correction, in centipawns.
pub const MAX_CORRECTION: i32 = CORRECTION_LIMIT / CORRECTION_GRAIN;

/// The hash of the pawn structure of `pos`: where each colour's pieces of each kind of
/// `pawn_kinds` stand. The same for every position with the same pawns, whatever else
/// is on the board, in the hands or to move.
#[inline]
pub fn pawn_key<B: Bitboard>(pos: &Position<B>, pawn_kinds: u32) -> u64 {
    let mut key = 0;
    for k in kinds_in(pawn_kinds) {
        for c in Color::both() {
            let seed = mix64(2 * k as u64 + c.index() as u64);
            key ^= pos.pieces_of(k, c).digest(seed);
        }
    }
    key
}

/// What a node's search teaches the table: the distance from the (corrected) static
/// evaluation to the score, weighted by the depth (Stockfish's `(bestValue -
/// staticEval) * depth / 8` in its units, twice ours), within a quarter of the limit.
#[inline]
pub fn correction_bonus(score: i32, static_eval: i32, depth: i32) -> i32 {
    ((score - static_eval) * depth / 4).clamp(-CORRECTION_LIMIT / 4, CORRECTION_LIMIT / 4)
}

/// The correction table: `[side to move][pawn key]`.
pub struct CorrectionHistory {
    table: Vec<AtomicI16>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory::new()
    }
}

impl CorrectionHistory {
    pub fn new() -> CorrectionHistory {
        CorrectionHistory {
            table: (0..2 * CORRECTION_SIZE)
                .map(|_| AtomicI16::new(0))
                .collect(),
        }
    }

    pub const fn bytes() -> usize {
        2 * 2 * CORRECTION_SIZE
    }

    #[inline]
    fn index(side: Color, key: u64) -> usize {
        side.index() * CORRECTION_SIZE + (key as usize & (CORRECTION_SIZE - 1))
    }

    /// The correction, in centipawns, for `side` to move with pawn key `key`.
    #[inline]
    pub fn correction(&self, side: Color, key: u64) -> i32 {
        self.table[Self::index(side, key)].load(Relaxed) as i32 / CORRECTION_GRAIN
    }

    /// Moves the entry toward `±CORRECTION_LIMIT` by `bonus`, slower as it nears it.
    #[inline]
    pub fn update(&self, side: Color, key: u64, bonus: i32) {
        gravity(&self.table[Self::index(side, key)], bonus, CORRECTION_LIMIT);
    }

    pub fn clear(&self) {
        for e in &self.table {
            e.store(0, Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::rules::Rules;
    use crate::variant::{BLACK, WHITE};
    use std::sync::Arc;

    fn position(variant: &str, fen: &str) -> Position<u64> {
        let v = crate::variant::find_variant(variant).unwrap();
        Position::from_fen(Arc::new(Rules::new(v).unwrap()), fen).unwrap()
    }

    const PAWN: u32 = 1; // chess's kind 0 is the pawn

    #[test]
    fn the_pawn_key_is_the_pawns_and_nothing_else() {
        let start = position(
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        );
        assert_eq!(start.rules().kinds[0].letter, 'P');
        let key = pawn_key(&start, PAWN);
        // Pieces elsewhere, another side to move: the same pawns, the same key.
        let other = position("chess", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 b - - 0 1");
        assert_eq!(pawn_key(&other, PAWN), key);
        // A pawn moved, a pawn gone, the colours swapped on a file: another key.
        let moved = position("chess", "4k3/pppppppp/8/8/4P3/8/PPPP1PPP/4K3 b - - 0 1");
        let gone = position("chess", "4k3/pppppppp/8/8/8/8/PPPP1PPP/4K3 b - - 0 1");
        let swapped = position("chess", "4k3/ppppPppp/8/8/8/8/PPPPpPPP/4K3 b - - 0 1");
        for p in [&moved, &gone, &swapped] {
            assert_ne!(pawn_key(p, PAWN), key);
        }
        // The key follows the moves of a game: playing to a position gives the key of
        // that position read from its FEN.
        let mut game = start.clone();
        for uci in ["e2e4", "g8f6", "e4e5", "d7d5", "e5d6", "c7d6", "g1f3"] {
            let m = game.parse_uci_move(uci).unwrap();
            game.make_move(m);
        }
        let fen = position("chess", &game.to_fen());
        assert_eq!(pawn_key(&game, PAWN), pawn_key(&fen, PAWN));
        assert_ne!(pawn_key(&game, PAWN), key);
    }

    #[test]
    fn entries_stay_within_the_limit_and_each_side_has_its_own() {
        let t = CorrectionHistory::new();
        for _ in 0..200 {
            t.update(WHITE, 12345, 10_000);
            t.update(BLACK, 12345, -10_000);
        }
        assert_eq!(t.correction(WHITE, 12345), MAX_CORRECTION);
        assert_eq!(t.correction(BLACK, 12345), -MAX_CORRECTION);
        // A bonus is at most a quarter of the limit, whatever the error and depth.
        assert_eq!(correction_bonus(30_000, -30_000, 60), CORRECTION_LIMIT / 4);
        assert_eq!(correction_bonus(-300, 0, 1), -75);
        t.clear();
        assert_eq!(t.correction(WHITE, 12345), 0);
    }
}
