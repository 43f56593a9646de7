//! What the search learns about moves during a game, kept from one search to the next:
//! the quiet-move ("butterfly") history, the continuation histories (how good a move was
//! right after a given move one, two and four plies earlier), the capture history, the
//! killer moves of each ply and the counter-moves. The
//! caller (the protocol's engine state) owns one [`SearchMemory`] for the whole game,
//! passes it to every search and calls [`SearchMemory::clear`] for a new game; each
//! search thread has its own tables in it (Lazy SMP threads share only the
//! transposition table).
//!
//! The tables are sized from the variant's board; a search in another variant than the
//! last one starts from empty tables.

use crate::board::Bitboard;
use crate::position::{color_of, kind_of, piece_code, Move, PieceCode, Position, NO_PIECE};
use crate::variant::rules::MAX_KINDS;
use crate::variant::{Color, Variant};
use std::sync::Arc;

use super::MAX_PLY;

/// History scores stay within this bound (gravity formula in `History::update`;
/// Stockfish's range for its butterfly history).
pub const HISTORY_MAX: i32 = 10692;
/// Bound of the continuation and capture histories (Stockfish's ranges).
pub const CONTINUATION_MAX: i32 = 29952;
pub const CAPTURE_MAX: i32 = 10692;

/// "No earlier move" for the continuation histories (the root, a null move).
pub const NO_CONTINUATION: usize = usize::MAX;

/// Continuation histories larger than this many entries are not kept (the piece-square
/// pairs of very large boards): 16 MB of `i16` per thread.
const CONTINUATION_LIMIT: usize = 8 << 20;

/// The history bonus for a result at `depth` (Stockfish's `stat_bonus`).
#[inline]
pub fn stat_bonus(depth: i32) -> i32 {
    if depth > 13 {
        29
    } else {
        17 * depth * depth + 134 * depth - 134
    }
}

/// Moves `e` toward `±max` by `bonus`, slower as it nears the bound.
#[inline]
fn gravity(e: &mut i16, bonus: i32, max: i32) {
    let b = bonus.clamp(-max, max);
    let v = *e as i32;
    *e = (v + b - v * b.abs() / max) as i16;
}

/// Indexes pieces on squares compactly: `(kind + kinds * colour) * squares + square`,
/// over the variant's own kinds only, so the tables of a six-kind 8x8 game stay small.
#[derive(Clone, Copy)]
pub struct PieceSquares {
    squares: usize,
    kinds: usize,
}

impl PieceSquares {
    pub fn count(&self) -> usize {
        2 * self.kinds * self.squares
    }

    /// The index of `piece` (not empty) on `sq`.
    #[inline]
    pub fn index(&self, piece: PieceCode, sq: usize) -> usize {
        (kind_of(piece) + self.kinds * color_of(piece).index()) * self.squares + sq
    }

    /// The index of the piece that makes legal move `m` of `pos` and its destination.
    #[inline]
    pub fn of_move<B: Bitboard>(&self, pos: &Position<B>, m: Move) -> usize {
        self.index(moved_piece(pos, m), m.to())
    }
}

/// The piece that makes legal move `m` of `pos` (the dropped piece for a drop).
#[inline]
pub fn moved_piece<B: Bitboard>(pos: &Position<B>, m: Move) -> PieceCode {
    if m.is_drop() {
        piece_code(m.promoted_kind(), pos.side_to_move())
    } else if m.is_pass() {
        // A pass moves no piece; its statistics go under the side's first kind (it is
        // played only as a side's one legal move, so nothing is ordered by them).
        piece_code(0, pos.side_to_move())
    } else {
        pos.piece_at(m.from())
    }
}

/// Continuation history: `[earlier piece-square][piece-square]`, the success of a move
/// (by its piece and destination) following an earlier move (likewise). One table
/// serves the moves one, two and four plies back, as in Stockfish.
pub struct ContinuationHistory {
    n: usize,
    table: Vec<i16>,
}

impl ContinuationHistory {
    fn new(ps: PieceSquares) -> ContinuationHistory {
        let n = ps.count();
        let size = n * n;
        ContinuationHistory {
            n,
            table: if size <= CONTINUATION_LIMIT {
                vec![0; size]
            } else {
                Vec::new()
            },
        }
    }

    /// `earlier` and `now` are piece-square indices.
    #[inline]
    pub fn get(&self, earlier: usize, now: usize) -> i32 {
        self.table
            .get(earlier * self.n + now)
            .map_or(0, |&v| v as i32)
    }

    #[inline]
    pub fn update(&mut self, earlier: usize, now: usize, bonus: i32) {
        if let Some(e) = self.table.get_mut(earlier * self.n + now) {
            gravity(e, bonus, CONTINUATION_MAX);
        }
    }

    fn clear(&mut self) {
        self.table.fill(0);
    }
}

/// Capture history: `[piece-square][captured kind]`, how often a capture (or a
/// promotion, with "nothing" as the victim) caused a cut-off.
pub struct CaptureHistory {
    victims: usize,
    table: Vec<i16>,
}

impl CaptureHistory {
    fn new(ps: PieceSquares) -> CaptureHistory {
        let victims = ps.kinds + 1;
        CaptureHistory {
            victims,
            table: vec![0; ps.count() * victims],
        }
    }

    #[inline]
    fn index(&self, piece_square: usize, victim: PieceCode) -> usize {
        let v = if victim == NO_PIECE {
            self.victims - 1
        } else {
            kind_of(victim)
        };
        piece_square * self.victims + v
    }

    #[inline]
    pub fn get(&self, piece_square: usize, victim: PieceCode) -> i32 {
        self.table[self.index(piece_square, victim)] as i32
    }

    #[inline]
    pub fn update(&mut self, piece_square: usize, victim: PieceCode, bonus: i32) {
        let i = self.index(piece_square, victim);
        gravity(&mut self.table[i], bonus, CAPTURE_MAX);
    }

    fn clear(&mut self) {
        self.table.fill(0);
    }
}

/// The origin of a move for the history tables: the square it leaves, or for a drop one
/// virtual square per dropped kind past the end of the board (a drop's `from` is its
/// destination, so without this every drop onto a square would share one entry).
#[inline]
fn origin(m: Move, squares: usize) -> usize {
    if m.is_drop() {
        squares + m.promoted_kind()
    } else {
        m.from()
    }
}

/// Quiet-move history: how often a (colour, origin, destination) move caused a cut-off.
pub struct History {
    squares: usize,
    table: Vec<i32>,
}

impl History {
    pub fn new(squares: usize) -> History {
        History {
            squares,
            table: vec![0; 2 * (squares + MAX_KINDS) * squares],
        }
    }

    #[inline]
    fn index(&self, color: Color, m: Move) -> usize {
        (color.index() * (self.squares + MAX_KINDS) + origin(m, self.squares)) * self.squares
            + m.to()
    }

    #[inline]
    pub fn get(&self, color: Color, m: Move) -> i32 {
        self.table[self.index(color, m)]
    }

    /// Moves the entry toward `±HISTORY_MAX` by `bonus`, slower as it nears the bound.
    pub fn update(&mut self, color: Color, m: Move, bonus: i32) {
        let i = self.index(color, m);
        let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let e = &mut self.table[i];
        *e += b - *e * b.abs() / HISTORY_MAX;
    }

    pub fn clear(&mut self) {
        self.table.fill(0);
    }
}

/// Counter-moves: the quiet move that last refuted each previous move, indexed by the
/// piece that made the previous move and the square it went to (Uiterwijk's
/// counter-move heuristic, as Stockfish indexes it). A refutation often answers the
/// same move wherever it is played.
pub struct CounterMoves {
    squares: usize,
    table: Vec<Move>,
}

impl CounterMoves {
    pub fn new(squares: usize) -> CounterMoves {
        CounterMoves {
            squares,
            table: vec![Move::NONE; (1 + 2 * MAX_KINDS) * squares],
        }
    }

    /// The index of the previous move of `pos` (none at the root or after a null move).
    #[inline]
    pub fn slot<B: Bitboard>(&self, pos: &Position<B>) -> Option<usize> {
        let prev = pos.last_move().filter(|&m| m != Move::NONE)?;
        Some(pos.piece_at(prev.to()) as usize * self.squares + prev.to())
    }

    #[inline]
    pub fn get(&self, slot: Option<usize>) -> Move {
        slot.map_or(Move::NONE, |i| self.table[i])
    }

    #[inline]
    pub fn set(&mut self, slot: Option<usize>, m: Move) {
        if let Some(i) = slot {
            self.table[i] = m;
        }
    }

    pub fn clear(&mut self) {
        self.table.fill(Move::NONE);
    }
}

/// One search thread's tables.
pub struct ThreadMemory {
    pub piece_squares: PieceSquares,
    pub history: History,
    pub continuation: ContinuationHistory,
    pub captures: CaptureHistory,
    pub counter_moves: CounterMoves,
    /// Two killer moves per ply from the root.
    pub killers: Vec<[Move; 2]>,
}

impl ThreadMemory {
    fn new(squares: usize, kinds: usize) -> ThreadMemory {
        let ps = PieceSquares { squares, kinds };
        ThreadMemory {
            piece_squares: ps,
            history: History::new(squares),
            continuation: ContinuationHistory::new(ps),
            captures: CaptureHistory::new(ps),
            counter_moves: CounterMoves::new(squares),
            killers: vec![[Move::NONE; 2]; MAX_PLY + 2],
        }
    }

    fn clear(&mut self) {
        self.history.clear();
        self.continuation.clear();
        self.captures.clear();
        self.counter_moves.clear();
        self.killers.fill([Move::NONE; 2]);
    }

    /// The root moved `plies` further into the game: a killer of ply `p + plies` in the
    /// last search belongs to ply `p` now.
    fn shift_killers(&mut self, plies: usize) {
        let n = self.killers.len();
        if plies >= n {
            self.killers.fill([Move::NONE; 2]);
        } else {
            self.killers.copy_within(plies.., 0);
            self.killers[n - plies..].fill([Move::NONE; 2]);
        }
    }
}

/// The search's memory of a game: one [`ThreadMemory`] per search thread.
#[derive(Default)]
pub struct SearchMemory {
    /// The variant the tables were made for.
    variant: Option<Arc<Variant>>,
    /// The game ply of the last search's root (for shifting the killers).
    root_ply: usize,
    threads: Vec<ThreadMemory>,
}

impl SearchMemory {
    pub fn new() -> SearchMemory {
        SearchMemory::default()
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        for t in &mut self.threads {
            t.clear();
        }
    }

    /// The tables of `threads` search threads for a search from `pos`: kept from the
    /// last search when it was in the same variant, else new.
    pub(super) fn prepare<B: Bitboard>(
        &mut self,
        pos: &Position<B>,
        threads: usize,
    ) -> &mut [ThreadMemory] {
        let variant = &pos.rules().variant;
        let same = self
            .variant
            .as_ref()
            .is_some_and(|v| Arc::ptr_eq(v, variant) || **v == **variant);
        if !same {
            self.threads.clear();
            self.variant = Some(variant.clone());
        }
        let squares = pos.rules().geo.squares();
        let kinds = pos.rules().kinds.len();
        while self.threads.len() < threads {
            self.threads.push(ThreadMemory::new(squares, kinds));
        }
        // Plies from the game's start (a FEN's move number counts).
        let root_ply = 2 * pos.fullmove_number() as usize + pos.side_to_move().index();
        if same && root_ply > self.root_ply {
            let plies = root_ply - self.root_ply;
            for t in &mut self.threads {
                t.shift_killers(plies);
            }
        }
        self.root_ply = root_ply;
        &mut self.threads[..threads]
    }
}
