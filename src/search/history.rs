//! What the search learns about moves during a game, kept from one search to the next:
//! the quiet-move ("butterfly") history, the continuation histories (how good a move was
//! right after a given move one, two and four plies earlier), the capture history, the
//! killer moves of each ply, the counter-moves, and the correction history of the static
//! evaluation (`correction.rs`). The
//! caller (the protocol's engine state) owns one [`SearchMemory`] for the whole game,
//! passes it to every search and calls [`SearchMemory::clear`] for a new game.
//!
//! Each search thread has its own killers. The history tables ([`Tables`]) belong to
//! groups of threads: as many groups as [`TABLES_BUDGET`] holds, at most one per thread.
//! The main thread owns group 0 alone; helper `t` uses group `1 + (t - 1) mod (K - 1)`
//! (or group 0 when only one fits), so up to `K` threads each have their own tables,
//! as before, and with more threads the helpers share, racily, through relaxed atomics
//! (as Lazy SMP threads share the transposition table). This keeps the memory of
//! `Threads` 256 within the budget of docs/search.md.
//!
//! The tables are sized from the variant's board and piece kinds; a search in another
//! variant than the last one starts from empty tables.

use crate::board::Bitboard;
use crate::position::{color_of, kind_of, piece_code, Move, PieceCode, Position, NO_PIECE};
use crate::variant::rules::MAX_KINDS;
use crate::variant::{Color, Variant};
use std::sync::atomic::{AtomicI16, AtomicI32, AtomicU32, Ordering::Relaxed};
use std::sync::Arc;

use super::correction::CorrectionHistory;
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
/// pairs of very large boards): 16 MB of `i16` per group of threads.
const CONTINUATION_LIMIT: usize = 8 << 20;

/// The bytes that the history tables of all groups together may take (at least one
/// group is always made, whatever its size).
pub const TABLES_BUDGET: usize = 8 << 20;

/// `n` zeroed atomics (written, so the memory is resident from the start: `clear`
/// writes it at every new game anyway, and the budget counts it).
fn zeroed<T: Default>(n: usize) -> Vec<T> {
    (0..n).map(|_| T::default()).collect()
}

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
pub(super) fn gravity(e: &AtomicI16, bonus: i32, max: i32) {
    let b = bonus.clamp(-max, max);
    let v = e.load(Relaxed) as i32;
    // A racing thread's update in between is lost, as in a shared table of any engine.
    e.store((v + b - v * b.abs() / max) as i16, Relaxed);
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
        pos.moving_piece(m)
    }
}

/// Continuation history: `[earlier piece-square][piece-square]`, the success of a move
/// (by its piece and destination) following an earlier move (likewise). One table
/// serves the moves one, two and four plies back, as in Stockfish.
pub struct ContinuationHistory {
    n: usize,
    table: Vec<AtomicI16>,
}

impl ContinuationHistory {
    fn new(ps: PieceSquares) -> ContinuationHistory {
        let n = ps.count();
        let size = n * n;
        ContinuationHistory {
            n,
            table: if size <= CONTINUATION_LIMIT {
                zeroed(size)
            } else {
                Vec::new()
            },
        }
    }

    fn bytes(ps: PieceSquares) -> usize {
        let size = ps.count() * ps.count();
        if size <= CONTINUATION_LIMIT {
            2 * size
        } else {
            0
        }
    }

    /// `earlier` and `now` are piece-square indices.
    #[inline]
    pub fn get(&self, earlier: usize, now: usize) -> i32 {
        self.table
            .get(earlier * self.n + now)
            .map_or(0, |v| v.load(Relaxed) as i32)
    }

    #[inline]
    pub fn update(&self, earlier: usize, now: usize, bonus: i32) {
        if let Some(e) = self.table.get(earlier * self.n + now) {
            gravity(e, bonus, CONTINUATION_MAX);
        }
    }

    fn clear(&self) {
        clear(&self.table);
    }
}

/// Capture history: `[piece-square][captured kind]`, how often a capture (or a
/// promotion, with "nothing" as the victim) caused a cut-off.
pub struct CaptureHistory {
    victims: usize,
    table: Vec<AtomicI16>,
}

impl CaptureHistory {
    fn new(ps: PieceSquares) -> CaptureHistory {
        let victims = ps.kinds + 1;
        CaptureHistory {
            victims,
            table: zeroed(ps.count() * victims),
        }
    }

    fn bytes(ps: PieceSquares) -> usize {
        2 * ps.count() * (ps.kinds + 1)
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
        self.table[self.index(piece_square, victim)].load(Relaxed) as i32
    }

    #[inline]
    pub fn update(&self, piece_square: usize, victim: PieceCode, bonus: i32) {
        gravity(
            &self.table[self.index(piece_square, victim)],
            bonus,
            CAPTURE_MAX,
        );
    }

    fn clear(&self) {
        clear(&self.table);
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
    table: Vec<AtomicI32>,
}

impl History {
    pub fn new(squares: usize) -> History {
        History {
            squares,
            table: zeroed(History::entries(squares)),
        }
    }

    fn entries(squares: usize) -> usize {
        2 * (squares + MAX_KINDS) * squares
    }

    #[inline]
    fn index(&self, color: Color, m: Move) -> usize {
        (color.index() * (self.squares + MAX_KINDS) + origin(m, self.squares)) * self.squares
            + m.to()
    }

    #[inline]
    pub fn get(&self, color: Color, m: Move) -> i32 {
        self.table[self.index(color, m)].load(Relaxed)
    }

    /// Moves the entry toward `±HISTORY_MAX` by `bonus`, slower as it nears the bound.
    pub fn update(&self, color: Color, m: Move, bonus: i32) {
        let e = &self.table[self.index(color, m)];
        let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let v = e.load(Relaxed);
        e.store(v + b - v * b.abs() / HISTORY_MAX, Relaxed);
    }

    pub fn clear(&self) {
        clear(&self.table);
    }
}

/// Counter-moves: the quiet move that last refuted each previous move, indexed by the
/// piece that made the previous move and the square it went to (Uiterwijk's
/// counter-move heuristic, as Stockfish indexes it). A refutation often answers the
/// same move wherever it is played.
pub struct CounterMoves {
    squares: usize,
    /// [`Move::bits`].
    table: Vec<AtomicU32>,
}

impl CounterMoves {
    pub fn new(squares: usize) -> CounterMoves {
        CounterMoves {
            squares,
            table: zeroed(CounterMoves::entries(squares)),
        }
    }

    fn entries(squares: usize) -> usize {
        (1 + 2 * MAX_KINDS) * squares
    }

    /// The index of the previous move of `pos` (none at the root or after a null move).
    #[inline]
    pub fn slot<B: Bitboard>(&self, pos: &Position<B>) -> Option<usize> {
        let prev = pos.last_move().filter(|&m| m != Move::NONE)?;
        Some(pos.piece_at(prev.to()) as usize * self.squares + prev.to())
    }

    #[inline]
    pub fn get(&self, slot: Option<usize>) -> Move {
        slot.map_or(Move::NONE, |i| Move::from_bits(self.table[i].load(Relaxed)))
    }

    #[inline]
    pub fn set(&self, slot: Option<usize>, m: Move) {
        if let Some(i) = slot {
            self.table[i].store(m.bits(), Relaxed);
        }
    }

    pub fn clear(&self) {
        debug_assert_eq!(Move::NONE.bits(), 0);
        clear(&self.table);
    }
}

/// Zeroes a table of atomics.
fn clear<T: Zero>(table: &[T]) {
    for e in table {
        e.zero();
    }
}

/// An atomic that can be set to zero (for [`clear`]).
trait Zero {
    fn zero(&self);
}

impl Zero for AtomicI16 {
    fn zero(&self) {
        self.store(0, Relaxed);
    }
}

impl Zero for AtomicI32 {
    fn zero(&self) {
        self.store(0, Relaxed);
    }
}

impl Zero for AtomicU32 {
    fn zero(&self) {
        self.store(0, Relaxed);
    }
}

/// The history tables of one group of threads (see the module comment).
pub struct Tables {
    pub history: History,
    pub continuation: ContinuationHistory,
    pub captures: CaptureHistory,
    pub counter_moves: CounterMoves,
    pub correction: CorrectionHistory,
}

impl Tables {
    fn new(ps: PieceSquares) -> Tables {
        Tables {
            history: History::new(ps.squares),
            continuation: ContinuationHistory::new(ps),
            captures: CaptureHistory::new(ps),
            counter_moves: CounterMoves::new(ps.squares),
            correction: CorrectionHistory::new(),
        }
    }

    /// What one group's tables take, in bytes.
    pub fn bytes(ps: PieceSquares) -> usize {
        4 * History::entries(ps.squares)
            + ContinuationHistory::bytes(ps)
            + CaptureHistory::bytes(ps)
            + 4 * CounterMoves::entries(ps.squares)
            + CorrectionHistory::bytes()
    }

    fn clear(&self) {
        self.history.clear();
        self.continuation.clear();
        self.captures.clear();
        self.counter_moves.clear();
        self.correction.clear();
    }
}

/// How many groups of tables `threads` threads get when one group takes `bytes`: as
/// many as [`TABLES_BUDGET`] holds, at least one, at most one per thread.
pub fn groups(threads: usize, bytes: usize) -> usize {
    (TABLES_BUDGET / bytes.max(1)).clamp(1, threads.max(1))
}

/// The group of thread `id` among `groups`: the main thread (0) alone in group 0, the
/// helpers spread over the others (all in group 0 when there is only one).
pub fn group_of(id: usize, groups: usize) -> usize {
    if id == 0 || groups <= 1 {
        0
    } else {
        1 + (id - 1) % (groups - 1)
    }
}

/// One search thread's memory: its killers and its group's tables.
pub struct ThreadMemory {
    pub piece_squares: PieceSquares,
    pub tables: Arc<Tables>,
    /// Two killer moves per ply from the root.
    pub killers: Vec<[Move; 2]>,
}

impl ThreadMemory {
    fn new(piece_squares: PieceSquares, tables: Arc<Tables>) -> ThreadMemory {
        ThreadMemory {
            piece_squares,
            tables,
            killers: vec![[Move::NONE; 2]; MAX_PLY + 2],
        }
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

/// The search's memory of a game: the groups' tables and one [`ThreadMemory`] per
/// search thread.
#[derive(Default)]
pub struct SearchMemory {
    /// The variant the tables were made for.
    variant: Option<Arc<Variant>>,
    /// The game ply of the last search's root (for shifting the killers).
    root_ply: usize,
    groups: Vec<Arc<Tables>>,
    threads: Vec<ThreadMemory>,
}

impl SearchMemory {
    pub fn new() -> SearchMemory {
        SearchMemory::default()
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        for g in &self.groups {
            g.clear();
        }
        for t in &mut self.threads {
            t.killers.fill([Move::NONE; 2]);
        }
    }

    /// How many groups of tables the last search used.
    pub fn group_count(&self) -> usize {
        self.groups.len()
    }

    /// The memory of `threads` search threads for a search from `pos`: kept from the
    /// last search when it was in the same variant, else new. A group kept keeps its
    /// number, so with as many threads as before every thread keeps its tables.
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
            self.groups.clear();
            self.variant = Some(variant.clone());
        }
        let ps = PieceSquares {
            squares: pos.rules().geo.squares(),
            kinds: pos.rules().kinds.len(),
        };
        let threads = threads.max(1);
        let k = groups(threads, Tables::bytes(ps));
        self.groups.truncate(k);
        while self.groups.len() < k {
            self.groups.push(Arc::new(Tables::new(ps)));
        }
        self.threads.truncate(threads);
        for (id, t) in self.threads.iter_mut().enumerate() {
            t.tables = self.groups[group_of(id, k)].clone();
        }
        while self.threads.len() < threads {
            let group = self.groups[group_of(self.threads.len(), k)].clone();
            self.threads.push(ThreadMemory::new(ps, group));
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
        &mut self.threads
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_fit_the_budget_and_give_each_of_few_threads_its_own() {
        let chess = PieceSquares {
            squares: 64,
            kinds: 6,
        };
        let bytes = Tables::bytes(chess);
        let k = groups(256, bytes);
        assert!(
            k > 2 && k * bytes <= TABLES_BUDGET,
            "{k} groups of {bytes} bytes"
        );
        assert_eq!(groups(1, bytes), 1);
        assert_eq!(groups(2, bytes), 2);
        // Up to k threads, thread t owns group t; the main thread is always alone.
        for t in 0..k {
            assert_eq!(group_of(t, k), t);
        }
        for t in k..256 {
            let g = group_of(t, k);
            assert!(g >= 1 && g < k, "thread {t} in group {g}");
        }
        // A group larger than the budget is still made, once.
        assert_eq!(groups(256, TABLES_BUDGET + 1), 1);
        assert_eq!(group_of(200, 1), 0);
    }

    #[test]
    fn shared_updates_are_seen_by_every_thread_of_the_group() {
        let ps = PieceSquares {
            squares: 64,
            kinds: 6,
        };
        let t = Tables::new(ps);
        t.continuation.update(3, 5, 1000);
        t.captures.update(7, NO_PIECE, -500);
        assert!(t.continuation.get(3, 5) > 0);
        assert!(t.captures.get(7, NO_PIECE) < 0);
        t.clear();
        assert_eq!(t.continuation.get(3, 5), 0);
        assert_eq!(t.captures.get(7, NO_PIECE), 0);
    }
}
