//! Correction history of the static evaluation (Stockfish's idea, 2024): after a node's
//! search, how far the search's score lay from the static evaluation is learned into
//! small tables indexed by the side to move and a hash of part of the position, and
//! later static evaluations of positions that share that part are corrected by the
//! tables' entries before any pruning reads them. An evaluation that misjudges a pawn
//! structure (a blocked centre, a far passed pawn), or a set of pieces (a king's cover,
//! a misplaced knight), tends to misjudge it in every position of the game that has it,
//! and the search finds that out at the first of them.
//!
//! Two kinds of table, each keyed by where some pieces stand:
//! - **pawn**: the kinds the evaluation groups as pawns, the promoting kinds that are
//!   not royal (`RuleFacts::pawn_kinds`), both colours in one key. A variant without
//!   them (Xiangqi, whose soldier does not promote; Janggi; shogi-style games, whose
//!   kinds promote by their own rule; tafl) has no pawn table: its key would be one
//!   entry per side, a running average of the evaluation's error that knows nothing
//!   about the position.
//! - **non-pawn**: one table per colour, keyed by that colour's other pieces (its royal
//!   included), so every variant has them, those without pawns too.
//!
//! The corrections are summed with weights (Stockfish's). The keys are computed from
//! the square sets when a node needs them (one SplitMix64 round per 64-bit word of each
//! occupied kind and colour), not kept by `make_move`: the move generator and perft pay
//! nothing, and there is no incremental state to go wrong.
//!
//! The tables live in the game's [`super::SearchMemory`] with the move histories
//! (cleared by `ucinewgame`), one set per group of threads.

use super::history::gravity;
use crate::board::{mix64, Bitboard};
use crate::position::Position;
use crate::variant::kind_bits::kinds_in;
use crate::variant::Color;
use std::sync::atomic::{AtomicI16, Ordering::Relaxed};

/// Entries per side and table (Stockfish's `CORRECTION_HISTORY_SIZE`).
pub const CORRECTION_SIZE: usize = 16384;
/// Entries stay within `±CORRECTION_LIMIT` (Stockfish's `CORRECTION_HISTORY_LIMIT`).
pub const CORRECTION_LIMIT: i32 = 1024;
/// The correction is the weighted sum of the entries divided by this (Stockfish's
/// 131072).
const WEIGHT_SCALE: i32 = 131072;
/// The pawn table's weight: its entry counts `entry / 32` centipawns, at most 32
/// (Stockfish's first form divided its entry by 32 in its units, about two to a
/// centipawn; this is its later bound of about 64 of them).
const PAWN_WEIGHT: i32 = WEIGHT_SCALE / 32;
/// Each colour's non-pawn table's weight: Stockfish 17.1 weighs its pawn entry 7685
/// and each non-pawn entry 9144; the same ratio to ours.
const NON_PAWN_WEIGHT: i32 = PAWN_WEIGHT * 9144 / 7685;
/// The largest correction, in centipawns: every table at its limit.
pub const MAX_CORRECTION: i32 =
    CORRECTION_LIMIT * (PAWN_WEIGHT + 2 * NON_PAWN_WEIGHT) / WEIGHT_SCALE;

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

/// The hash of where `color`'s pieces of the kinds of `kinds` stand (its non-pawn
/// pieces, given the kinds that are not pawns). The same for every position where that
/// colour has the same such pieces, whatever else is on the board. Kinds the colour has
/// none of add nothing, so that a variant with many kinds pays for those on the board.
#[inline]
pub fn pieces_key<B: Bitboard>(pos: &Position<B>, kinds: u32, color: Color) -> u64 {
    let mut key = 0;
    for k in kinds_in(kinds) {
        let set = pos.pieces_of(k, color);
        if set.any() {
            key ^= set.digest(mix64(2 * k as u64 + color.index() as u64));
        }
    }
    key
}

/// The keys of one position into the correction tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CorrectionKeys {
    /// The pawn structure's, where the variant has pawns.
    pub pawn: Option<u64>,
    /// Each colour's non-pawn pieces', by colour.
    pub non_pawn: [u64; 2],
}

impl CorrectionKeys {
    /// The keys of `pos`, given the variant's pawn kinds (none: no pawn key) and the
    /// other kinds.
    #[inline]
    pub fn of<B: Bitboard>(pos: &Position<B>, pawn_kinds: u32, non_pawn_kinds: u32) -> Self {
        CorrectionKeys {
            pawn: (pawn_kinds != 0).then(|| pawn_key(pos, pawn_kinds)),
            non_pawn: Color::both().map(|c| pieces_key(pos, non_pawn_kinds, c)),
        }
    }
}

/// What a node's search teaches the tables: the distance from the (corrected) static
/// evaluation to the score, weighted by the depth (Stockfish's `(bestValue -
/// staticEval) * depth / 8` in its units, twice ours), within a quarter of the limit.
#[inline]
pub fn correction_bonus(score: i32, static_eval: i32, depth: i32) -> i32 {
    ((score - static_eval) * depth / 4).clamp(-CORRECTION_LIMIT / 4, CORRECTION_LIMIT / 4)
}

/// The correction tables: pawn `[side to move][pawn key]`, non-pawn `[colour of the
/// pieces][side to move][that colour's key]`.
pub struct CorrectionHistory {
    pawn: Vec<AtomicI16>,
    non_pawn: Vec<AtomicI16>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory::new()
    }
}

fn zeroed(n: usize) -> Vec<AtomicI16> {
    (0..n).map(|_| AtomicI16::new(0)).collect()
}

impl CorrectionHistory {
    pub fn new() -> CorrectionHistory {
        CorrectionHistory {
            pawn: zeroed(2 * CORRECTION_SIZE),
            non_pawn: zeroed(4 * CORRECTION_SIZE),
        }
    }

    pub const fn bytes() -> usize {
        2 * 6 * CORRECTION_SIZE
    }

    #[inline]
    fn pawn_index(side: Color, key: u64) -> usize {
        side.index() * CORRECTION_SIZE + (key as usize & (CORRECTION_SIZE - 1))
    }

    #[inline]
    fn non_pawn_index(pieces: Color, side: Color, key: u64) -> usize {
        (2 * pieces.index() + side.index()) * CORRECTION_SIZE
            + (key as usize & (CORRECTION_SIZE - 1))
    }

    /// The correction, in centipawns, for `side` to move in a position with `keys`.
    #[inline]
    pub fn correction(&self, side: Color, keys: &CorrectionKeys) -> i32 {
        let pawn = keys.pawn.map_or(0, |k| {
            self.pawn[Self::pawn_index(side, k)].load(Relaxed) as i32
        });
        let non_pawn: i32 = Color::both()
            .into_iter()
            .map(|c| {
                self.non_pawn[Self::non_pawn_index(c, side, keys.non_pawn[c.index()])].load(Relaxed)
                    as i32
            })
            .sum();
        (PAWN_WEIGHT * pawn + NON_PAWN_WEIGHT * non_pawn) / WEIGHT_SCALE
    }

    /// Moves each entry of the position toward `±CORRECTION_LIMIT` by `bonus`, slower
    /// as it nears it.
    #[inline]
    pub fn update(&self, side: Color, keys: &CorrectionKeys, bonus: i32) {
        if let Some(k) = keys.pawn {
            gravity(
                &self.pawn[Self::pawn_index(side, k)],
                bonus,
                CORRECTION_LIMIT,
            );
        }
        for c in Color::both() {
            let i = Self::non_pawn_index(c, side, keys.non_pawn[c.index()]);
            gravity(&self.non_pawn[i], bonus, CORRECTION_LIMIT);
        }
    }

    pub fn clear(&self) {
        for e in self.pawn.iter().chain(&self.non_pawn) {
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
    fn a_colours_non_pawn_key_is_its_other_pieces_and_nothing_else() {
        let start = position(
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        );
        let others = !PAWN & 0b11_1111;
        let keys = CorrectionKeys::of(&start, PAWN, others);
        assert_eq!(keys.pawn, Some(pawn_key(&start, PAWN)));
        assert_ne!(keys.non_pawn[WHITE.index()], keys.non_pawn[BLACK.index()]);
        // White's pieces where they were, Black's pawns and pieces moved, Black to
        // move: White's key is the same, Black's is not.
        let black_moved = position(
            "chess",
            "r1bqkb1r/pp1ppppp/2n2n2/2p5/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        );
        let k = CorrectionKeys::of(&black_moved, PAWN, others);
        assert_eq!(k.non_pawn[WHITE.index()], keys.non_pawn[WHITE.index()]);
        assert_ne!(k.non_pawn[BLACK.index()], keys.non_pawn[BLACK.index()]);
        // Only pawns moved: both non-pawn keys stay, the pawn key does not.
        let pawns_moved = position(
            "chess",
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
        );
        let k = CorrectionKeys::of(&pawns_moved, PAWN, others);
        assert_eq!(k.non_pawn, keys.non_pawn);
        assert_ne!(k.pawn, keys.pawn);
        // A piece's kind counts, not only its square: a knight where a bishop was.
        let swapped = position(
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNNQKBBR w KQkq - 0 1",
        );
        let k = CorrectionKeys::of(&swapped, PAWN, others);
        assert_ne!(k.non_pawn[WHITE.index()], keys.non_pawn[WHITE.index()]);
        // Without pawn kinds there is no pawn key, and the non-pawn keys remain.
        let k = CorrectionKeys::of(&start, 0, others);
        assert_eq!((k.pawn, k.non_pawn), (None, keys.non_pawn));
    }

    #[test]
    fn entries_stay_within_the_limit_and_each_side_has_its_own() {
        let t = CorrectionHistory::new();
        let keys = CorrectionKeys {
            pawn: Some(12345),
            non_pawn: [678, 91011],
        };
        for _ in 0..200 {
            t.update(WHITE, &keys, 10_000);
            t.update(BLACK, &keys, -10_000);
        }
        assert_eq!(t.correction(WHITE, &keys), MAX_CORRECTION);
        assert_eq!(t.correction(BLACK, &keys), -MAX_CORRECTION);
        // Without a pawn key, the non-pawn entries alone.
        let no_pawns = CorrectionKeys { pawn: None, ..keys };
        let non_pawn = t.correction(WHITE, &no_pawns);
        assert!(non_pawn > 0 && non_pawn < MAX_CORRECTION, "{non_pawn}");
        // Another set of non-pawn pieces for one colour: that colour's entry is another.
        let other = CorrectionKeys {
            non_pawn: [679, 91011],
            ..no_pawns
        };
        let c = t.correction(WHITE, &other);
        assert!(c > 0 && c < non_pawn, "{c} against {non_pawn}");
        // A bonus is at most a quarter of the limit, whatever the error and depth.
        assert_eq!(correction_bonus(30_000, -30_000, 60), CORRECTION_LIMIT / 4);
        assert_eq!(correction_bonus(-300, 0, 1), -75);
        t.clear();
        assert_eq!(t.correction(WHITE, &keys), 0);
    }
}
