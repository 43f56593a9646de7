//! One thread's alpha-beta search (the worker). Every thread of a Lazy SMP search runs
//! this same code on its own copy of the position; they cooperate only through the
//! shared transposition table.

use super::correction::{correction_bonus, CorrectionKeys};
use super::facts::{LosingChecks, RuleFacts};
use super::history::{stat_bonus, ThreadMemory, NO_CONTINUATION};
use super::movepick::{is_tactical, Context, MovePicker, Pick, PickStack};
use super::see::Exchange;
use super::tt::{TranspositionTable, TtHit, TtStore};
use super::{Bound, Control, INFINITE, MATE, MATE_BOUND, MAX_PLY};
use crate::board::Bitboard;
use crate::eval::nnue::{Accumulators, Network};
use crate::eval::Evaluator;
use crate::position::{kind_of, GameResult, Move, MoveKind, MoveList, Position, NO_PIECE};
use crate::variant::kind_bits::kinds_in;
use crate::variant::{RepetitionValue, BLACK, WHITE};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::OnceLock;

/// Quiescence skips captures that cannot reach alpha even with this much to spare.
const DELTA_MARGIN: i32 = 200;

/// A root move as every thread orders it: the move and its scores from this and the
/// previous iteration. 12 bytes, because every thread keeps its own copy of every root
/// move (2,176 in Amazons' start, times 256 threads); what only the reports need (the
/// line, its bound, the selective depth) the main thread keeps apart, in [`RootLine`]s.
#[derive(Clone, Copy, Debug)]
pub struct RootMove {
    pub mv: Move,
    /// `-INFINITE` until the move is proven better than alpha in this iteration.
    pub score: i32,
    pub prev_score: i32,
}

impl RootMove {
    pub fn new(mv: Move) -> RootMove {
        RootMove {
            mv,
            score: -INFINITE,
            prev_score: -INFINITE,
        }
    }

    /// The score to show: this iteration's if it has one, else the last one.
    pub fn shown_score(&self) -> i32 {
        if self.score == -INFINITE {
            self.prev_score
        } else {
            self.score
        }
    }
}

/// What the main thread keeps of a root move for its reports, once a search of the move
/// proved it better than alpha (or searched it first): the line found, whether its score
/// is a bound, and the selective depth. Helpers keep none.
#[derive(Clone, Debug)]
pub struct RootLine {
    pub mv: Move,
    pub pv: Vec<Move>,
    pub bound: Option<Bound>,
    pub seldepth: usize,
}

/// Late move reductions, `[depth][move number]`: `0.75 + ln(d) * ln(m) / 2.25`. One
/// table for every thread.
fn lmr_table() -> &'static [[i32; 64]] {
    static TABLE: OnceLock<Vec<[i32; 64]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..64)
            .map(|d| {
                let mut row = [0; 64];
                for (m, r) in row.iter_mut().enumerate() {
                    if d > 0 && m > 0 {
                        *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as i32;
                    }
                }
                row
            })
            .collect()
    })
}

/// Continuation-history pruning (Stockfish's): a quiet move whose continuation histories
/// (after the moves one, two and four plies up, summed) are below a bound that falls
/// with the depth did badly in this context often enough not to be tried near the
/// leaves, at a reduced depth `lmr_depth` under 5.
fn history_prunes(lmr_depth: i32, depth: i32, continuation: i32) -> bool {
    lmr_depth < 5 && continuation < -3000 * (depth - 1)
}

/// The exchange a quiet move may lose and still be tried, at reduced depth `lmr_depth`:
/// nothing at the leaves, more the more depth is left (Stockfish's
/// `-21·d² - 21·d` in its units, a pawn being 126; ours are centipawns).
fn quiet_see_margin(lmr_depth: i32) -> i32 {
    -17 * lmr_depth * (lmr_depth + 1)
}

/// Frames below the root, so that a node can look four plies back without a check.
const FRAME_OFFSET: usize = 4;

/// What a node leaves for the nodes below it to read. 16 bytes (every thread keeps
/// one per ply).
#[derive(Clone, Copy)]
struct Frame {
    /// The piece-square index of the move being searched from this node
    /// (`NO_CONT` for a null move or none yet; see `cont`).
    cont: u32,
    /// How many moves this node has picked so far (the move being searched included).
    move_count: u32,
    /// `-INFINITE` when in check.
    static_eval: i32,
    /// That move is a capture or a promotion.
    tactical: bool,
    /// The table had an entry for this node.
    tt_hit: bool,
}

/// `NO_CONTINUATION` as a frame stores it.
const NO_CONT: u32 = u32::MAX;

impl Frame {
    /// The piece-square index of the move searched from this node, or
    /// `NO_CONTINUATION`.
    #[inline(always)]
    fn cont(&self) -> usize {
        if self.cont == NO_CONT {
            NO_CONTINUATION
        } else {
            self.cont as usize
        }
    }
}

const EMPTY_FRAME: Frame = Frame {
    cont: NO_CONT,
    move_count: 0,
    static_eval: -INFINITE,
    tactical: false,
    tt_hit: false,
};

/// The generation list, built on the heap (not in a caller's frame and then copied).
#[cold]
#[inline(never)]
fn new_scratch() -> Box<MoveList> {
    Box::default()
}

/// A fail high by this much more than beta earns the larger history bonus.
const HISTORY_MARGIN: i32 = 100;

/// Limits the worker checks while it searches (the main thread only).
#[derive(Clone, Copy, Default)]
pub struct HardLimits {
    pub nodes: Option<u64>,
    /// Milliseconds after the clock start (see `Control`).
    pub maximum_ms: Option<u64>,
}

pub struct Worker<'a, B: Bitboard> {
    pub pos: Position<B>,
    pub id: usize,
    tt: &'a TranspositionTable,
    control: &'a Control,
    eval: &'a dyn Evaluator<B>,
    /// This thread's node counter, read by the main thread for reports and limits.
    counter: &'a AtomicU64,
    counters: &'a [super::thread::Counter],
    limits: HardLimits,
    pub nodes: u64,
    pub seldepth: usize,
    /// Set when the search was told to stop: every score from then on is meaningless.
    pub stopped: bool,
    pub root_moves: Vec<RootMove>,
    /// The main thread's lines of the root moves that have one (empty in helpers, which
    /// report nothing); looked up by move (see `line`).
    root_lines: Vec<RootLine>,
    /// History, killers and counter-moves: this thread's share of the game's memory.
    mem: &'a mut ThreadMemory,
    /// Triangular PV table: row `ply` holds the line from `ply` (its first
    /// `pv_len[ply] - ply` moves; rows are made as PV nodes reach their ply, and grow
    /// to the longest line they held).
    pv: Vec<Vec<Move>>,
    pv_len: Vec<usize>,
    /// Per ply, what the node there passes down (`FRAME_OFFSET` empty frames first).
    frames: Vec<Frame>,
    lmr: &'static [[i32; 64]],
    /// What the search needs to know of the variant's rules.
    facts: RuleFacts,
    exchange: Exchange,
    /// The network's accumulators, when a network evaluates (see `use_network`).
    net: Option<Accumulators<'a>>,
    /// The scored moves of the nodes on the current line, each node's above its
    /// caller's (see `PickStack`).
    picks: PickStack,
    /// Quiescence's quiet checks (its first ply, where the rules make checks drive the
    /// game), a stack as `picks` is.
    checks: Vec<Move>,
    /// Where a node generates its moves, before its picker takes them in (no child runs
    /// in between, so one list serves the whole line).
    scratch: Box<MoveList>,
}

impl<'a, B: Bitboard> Worker<'a, B> {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        pos: Position<B>,
        id: usize,
        tt: &'a TranspositionTable,
        control: &'a Control,
        eval: &'a dyn Evaluator<B>,
        counters: &'a [super::thread::Counter],
        limits: HardLimits,
        root_moves: Vec<RootMove>,
        mem: &'a mut ThreadMemory,
    ) -> Worker<'a, B> {
        let facts = RuleFacts::new(pos.rules());
        let exchange = Exchange::new(pos.rules(), eval);
        Worker {
            pos,
            id,
            tt,
            control,
            eval,
            counter: &counters[id].0,
            counters,
            limits,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            root_moves,
            root_lines: Vec::new(),
            mem,
            pv: Vec::new(),
            pv_len: vec![0; MAX_PLY + 2],
            frames: vec![EMPTY_FRAME; MAX_PLY + 2 + FRAME_OFFSET],
            lmr: lmr_table(),
            facts,
            exchange,
            net: None,
            picks: PickStack::default(),
            checks: Vec::new(),
            scratch: new_scratch(),
        }
    }

    /// Evaluates with `net` instead of the tables, from the current position on.
    pub fn use_network(&mut self, net: &'a Network) {
        self.net = Some(Accumulators::new(net, &self.pos));
    }

    #[inline]
    fn make_move(&mut self, m: Move) {
        self.pos.make_move(m);
        if let Some(a) = &mut self.net {
            a.push(&self.pos);
        }
    }

    #[inline]
    fn unmake_move(&mut self) {
        self.pos.unmake_move();
        if let Some(a) = &mut self.net {
            a.pop();
        }
    }

    #[inline]
    fn make_null_move(&mut self) {
        self.pos.make_null_move();
        if let Some(a) = &mut self.net {
            a.push_null();
        }
    }

    #[inline]
    fn unmake_null_move(&mut self) {
        self.pos.unmake_null_move();
        if let Some(a) = &mut self.net {
            a.pop();
        }
    }

    /// Counts a node and notices a stop request or an exhausted limit.
    #[inline]
    fn visit(&mut self, ply: usize) {
        self.nodes += 1;
        self.counter.store(self.nodes, Relaxed);
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.control.stopped() {
            self.stopped = true;
            return;
        }
        if self.id != 0 {
            return;
        }
        if let Some(n) = self.limits.nodes {
            let total = if self.counters.len() == 1 {
                self.nodes
            } else if self.nodes.is_multiple_of(512) {
                self.counters.iter().map(|c| c.0.load(Relaxed)).sum()
            } else {
                0
            };
            if total >= n {
                self.control.stop();
                self.stopped = true;
            }
        }
        if self.nodes.is_multiple_of(1024) {
            let total = self.counters.iter().map(|c| c.0.load(Relaxed)).sum();
            self.control.progress_nodes.store(total, Relaxed);
            if let Some(max) = self.limits.maximum_ms {
                if !self.control.pondering.load(Relaxed) && self.control.elapsed_ms() >= max {
                    self.control.stop();
                    self.stopped = true;
                }
            }
        }
    }

    pub fn tt(&self) -> &'a TranspositionTable {
        self.tt
    }

    pub fn control(&self) -> &'a Control {
        self.control
    }

    fn evaluate(&mut self) -> i32 {
        let score = match &mut self.net {
            Some(a) => a.evaluate(&self.pos),
            None => self.eval.evaluate(&self.pos),
        };
        score.clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// The static evaluation of the node, as evaluated and as corrected, and the score
    /// to prune with. The evaluation is the table's when it has one (else a fresh one,
    /// stored at once so that a later visit need not repeat it); the table keeps it
    /// raw. The corrected one adds the correction history's entries for the pawns and
    /// each colour's other pieces (`correction.rs`): it drives `improving` and is what the search's result is
    /// compared with to learn. The score to prune with is the corrected one, refined
    /// by the table's score where its bound says the true value lies beyond it. In
    /// check all three are `-INFINITE`.
    fn static_eval(
        &mut self,
        key: u64,
        hit: Option<TtHit>,
        in_check: bool,
        tt_pv: bool,
    ) -> (i32, i32, i32) {
        if in_check {
            return (-INFINITE, -INFINITE, -INFINITE);
        }
        let static_eval = match hit.and_then(|h| h.eval) {
            Some(e) => e,
            None => {
                let e = self.evaluate();
                if hit.is_none() {
                    let entry = TtStore {
                        mv: Move::NONE,
                        score: 0,
                        depth: -2,
                        bound: None,
                        eval: Some(e),
                        pv: tt_pv,
                    };
                    self.tt.store(key, entry, 0);
                }
                e
            }
        };
        let raw_eval = static_eval;
        let static_eval = (raw_eval + self.correction()).clamp(-MATE_BOUND + 1, MATE_BOUND - 1);
        let eval = match hit {
            Some(h)
                if h.score.abs() < MATE_BOUND
                    && match h.bound {
                        Some(Bound::Lower) => h.score > static_eval,
                        Some(Bound::Upper) => h.score < static_eval,
                        _ => false,
                    } =>
            {
                h.score
            }
            _ => static_eval,
        };
        (raw_eval, static_eval, eval)
    }

    /// The position's keys into the correction tables (`correction.rs`).
    #[inline]
    fn correction_keys(&self) -> CorrectionKeys {
        CorrectionKeys::of(&self.pos, self.facts.pawn_kinds, self.facts.non_pawn_kinds)
    }

    /// The correction history's correction of the static evaluation, in centipawns.
    #[inline]
    fn correction(&self) -> i32 {
        self.mem
            .tables
            .correction
            .correction(self.pos.side_to_move(), &self.correction_keys())
    }

    /// Teaches the correction history what a node's search found: `best` (bound
    /// `bound`, best move `best_move`) against the corrected static evaluation, at
    /// `depth`. Only where the difference is real: not in check, not a mate score, the
    /// best move quiet (a capture's gain is not the evaluation's error), and the bound
    /// on the side of the evaluation it proves (a fail high above it, a fail low below
    /// it, or exact). Stockfish's conditions.
    fn update_correction(
        &mut self,
        static_eval: i32,
        best: i32,
        bound: Bound,
        best_move: Move,
        depth: i32,
    ) {
        let real = match bound {
            Bound::Lower => best > static_eval,
            Bound::Upper => best < static_eval,
            Bound::Exact => true,
        };
        if static_eval == -INFINITE
            || best.abs() >= MATE_BOUND
            || !real
            || (best_move != Move::NONE && is_tactical(&self.pos, best_move))
        {
            return;
        }
        let bonus = correction_bonus(best, static_eval, depth);
        self.mem
            .tables
            .correction
            .update(self.pos.side_to_move(), &self.correction_keys(), bonus);
    }

    /// Whether the side to move's static evaluation is better than at its last node
    /// (two plies up, or four when it was in check there).
    fn improving(&mut self, ply: usize, static_eval: i32) -> bool {
        let f = ply + FRAME_OFFSET;
        self.frames[f].static_eval = static_eval;
        if static_eval == -INFINITE || ply < 2 {
            return false;
        }
        if self.frames[f - 2].static_eval != -INFINITE {
            static_eval > self.frames[f - 2].static_eval
        } else {
            ply >= 4 && static_eval > self.frames[f - 4].static_eval
        }
    }

    /// The picker's next move; a node whose quiet moves were deferred (a huge list, see
    /// `MovePicker::add_quiets`) generates them once its captures are done.
    #[inline(always)]
    fn next_pick(&mut self, picker: &mut MovePicker, earlier: [usize; 3]) -> Option<Pick> {
        loop {
            let cx = Context {
                pos: &self.pos,
                eval: self.eval,
                exchange: &self.exchange,
                mem: self.mem,
                earlier,
            };
            if let Some(pick) = picker.next(&cx, &mut self.picks) {
                return Some(pick);
            }
            if !picker.awaits_quiets() {
                return None;
            }
            self.scratch.clear();
            self.pos.generate_legal(&mut self.scratch);
            picker.add_quiets(&mut self.picks, &self.pos, &self.scratch);
        }
    }

    /// The piece-square indices of the moves one, two and four plies above `ply`.
    fn earlier_moves(&self, ply: usize) -> [usize; 3] {
        let f = ply + FRAME_OFFSET;
        [
            self.frames[f - 1].cont(),
            self.frames[f - 2].cont(),
            self.frames[f - 4].cont(),
        ]
    }

    /// Records the move about to be searched from `ply` for the nodes below.
    fn enter_move(&mut self, ply: usize, m: Move, tactical: bool, move_count: usize) {
        let cont = self.mem.piece_squares.of_move(&self.pos, m);
        let f = &mut self.frames[ply + FRAME_OFFSET];
        // Piece-square indices are below 2 · 16 kinds · 65,536 squares.
        f.cont = if cont == NO_CONTINUATION {
            NO_CONT
        } else {
            cont as u32
        };
        f.tactical = tactical;
        f.move_count = move_count as u32;
    }

    /// Adds `bonus` to the continuation histories of piece-square `now` after the
    /// moves one, two and four plies above `ply`.
    fn update_continuation(&mut self, ply: usize, now: usize, bonus: i32) {
        for earlier in self.earlier_moves(ply) {
            if earlier != NO_CONTINUATION {
                self.mem.tables.continuation.update(earlier, now, bonus);
            }
        }
    }

    /// A quiet move was best: it becomes a killer and the counter-move, and its
    /// histories gain `bonus`.
    fn update_quiet_stats(&mut self, ply: usize, m: Move, bonus: i32, counter: Option<usize>) {
        let k = &mut self.mem.killers[ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
        self.mem.tables.counter_moves.set(counter, m);
        let us = self.pos.side_to_move();
        self.mem.tables.history.update(us, m, bonus);
        let now = self.mem.piece_squares.of_move(&self.pos, m);
        self.update_continuation(ply, now, bonus);
    }

    /// The node's statistics after its moves: the best move (if it raised alpha) gains,
    /// the quiet moves and captures tried before it lose; the previous move, refuted
    /// early, loses too; a previous quiet move that left us no good reply gains.
    #[allow(clippy::too_many_arguments)]
    fn update_stats(
        &mut self,
        ply: usize,
        depth: i32,
        best_move: Move,
        best: i32,
        beta: i32,
        quiets: &[Move],
        captures: &[Move],
        counter: Option<usize>,
    ) {
        let prev = self.frames[ply + FRAME_OFFSET - 1];
        let prev_quiet = prev.cont != NO_CONT && !prev.tactical;
        if best_move == Move::NONE {
            if depth >= 3 && prev_quiet {
                self.update_continuation(ply - 1, prev.cont(), stat_bonus(depth));
            }
            return;
        }
        let bonus1 = stat_bonus(depth + 1);
        let bonus2 = if best > beta + HISTORY_MARGIN {
            bonus1
        } else {
            stat_bonus(depth)
        };
        let us = self.pos.side_to_move();
        if !is_tactical(&self.pos, best_move) {
            self.update_quiet_stats(ply, best_move, bonus2, counter);
            for &q in quiets {
                self.mem.tables.history.update(us, q, -bonus2);
                let now = self.mem.piece_squares.of_move(&self.pos, q);
                self.update_continuation(ply, now, -bonus2);
            }
        } else {
            let ps = self.mem.piece_squares.of_move(&self.pos, best_move);
            let victim = self.pos.captured_piece(best_move);
            self.mem.tables.captures.update(ps, victim, bonus1);
        }
        if prev_quiet && prev.move_count == 1 + u32::from(prev.tt_hit) {
            self.update_continuation(ply - 1, prev.cont(), -bonus1);
        }
        for &c in captures {
            let ps = self.mem.piece_squares.of_move(&self.pos, c);
            let victim = self.pos.captured_piece(c);
            self.mem.tables.captures.update(ps, victim, -bonus1);
        }
    }

    /// Draws by the variant's rules that the search recognises at a node (the position
    /// has been reached by a move): the move rule, repetition (a single repetition counts,
    /// as repeating can always be continued) and insufficient material.
    fn is_draw(&self) -> bool {
        let pos = &self.pos;
        if self.facts.draws.move_rule_plies > 0
            && pos.halfmove_clock() >= self.facts.draws.move_rule_plies
        {
            return true;
        }
        if pos.count_expired() {
            return true;
        }
        if self.facts.draws.repetition > 1 {
            let key = pos.key();
            if pos.previous_keys().skip(1).step_by(2).any(|k| k == key) {
                return true;
            }
        }
        self.facts.draws.insufficient_material && pos.insufficient_material()
    }

    /// The score of a draw that `is_draw` found: 0, or a win where the variant turns
    /// every draw into one side's win (Spartan-goal) or counts points for the move rule
    /// and repetition (Janggi: the side ahead on points wins), unless the side to move is mated:
    /// a mate on the move that completes a draw rule (the move rule, Makruk's count)
    /// stands, as in `Position::outcome`. The legal moves are generated only in check.
    fn draw_score(&mut self, ply: usize) -> i32 {
        let mate = MATE - ply as i32;
        if self.in_check() {
            self.scratch.clear();
            self.pos.generate_legal(&mut self.scratch);
            if self.scratch.is_empty() {
                return -mate;
            }
        }
        let winner = if self.facts.draws_counted && !self.insufficient_material_draw() {
            match self.pos.points_result() {
                Some(GameResult::Win(c)) => Some(c),
                _ => None,
            }
        } else {
            self.facts.draws_win_for
        };
        let Some(winner) = winner else {
            return 0;
        };
        if winner == self.pos.side_to_move() {
            mate
        } else {
            -mate
        }
    }

    /// Whether the draw found is by insufficient material (never decided by points).
    fn insufficient_material_draw(&self) -> bool {
        self.facts.draws.insufficient_material && self.pos.insufficient_material()
    }

    /// Under the perpetual-check rule (Xiangqi) a repetition in which one side checked
    /// with every move is lost by that side; a single repetition counts here, as for
    /// draws. `None` when the rule is off, there is no repetition, or nobody checked
    /// throughout (then the repetition is a draw).
    fn perpetual_check_score(&self, ply: usize) -> Option<i32> {
        if !self.facts.draws.perpetual_check_loses {
            return None;
        }
        let pos = &self.pos;
        let key = pos.key();
        if !pos.previous_keys().skip(1).step_by(2).any(|k| k == key) {
            return None;
        }
        let checker = pos.perpetual_checker()?;
        let mate = MATE - ply as i32;
        Some(if checker == pos.side_to_move() {
            -mate
        } else {
            mate
        })
    }

    /// A repetition that the variant scores as a win or a loss (`nFoldValue`, such as a
    /// first player who loses every repetition); a single repetition counts, as for draws.
    fn repetition_value_score(&self, ply: usize) -> Option<i32> {
        let draws = &self.facts.draws;
        let us = self.pos.side_to_move();
        let winner = match draws.repetition_value {
            RepetitionValue::Draw => return None,
            RepetitionValue::Win => us,
            RepetitionValue::Loss => !us,
            RepetitionValue::WhiteWins => WHITE,
            RepetitionValue::WhiteLoses => BLACK,
        };
        let key = self.pos.key();
        if draws.repetition <= 1
            || !self
                .pos
                .previous_keys()
                .skip(1)
                .step_by(2)
                .any(|k| k == key)
        {
            return None;
        }
        let mate = MATE - ply as i32;
        Some(if winner == us { mate } else { -mate })
    }

    /// The score of a position without legal moves: mate, stalemate as the variant
    /// scores it (draw, win, loss, fewer pieces...) or a variant's own game end
    /// (extinction, a goal reached, the check limit), all decided by
    /// `Position::outcome`, the one place that knows the rules. Terminal nodes are rare,
    /// so its cost does not matter.
    fn no_moves_score(&self, in_check: bool, ply: usize) -> i32 {
        let mate = MATE - ply as i32;
        match self.pos.outcome().map(|o| o.result) {
            Some(GameResult::Win(c)) if c == self.pos.side_to_move() => mate,
            Some(GameResult::Win(_)) => -mate,
            Some(GameResult::Draw) => 0,
            None if in_check => -mate,
            None => 0,
        }
    }

    /// A game end decided by the position alone (extinction, goal squares, the check
    /// limit: `Position::variant_end`, free when the variant has none), as a score.
    /// It comes before the draw rules, as in `Position::outcome`.
    fn variant_end_score(&self, ply: usize) -> Option<i32> {
        let o = self.pos.variant_end()?;
        let mate = MATE - ply as i32;
        Some(match o.result {
            GameResult::Win(c) if c == self.pos.side_to_move() => mate,
            GameResult::Win(_) => -mate,
            GameResult::Draw => 0,
        })
    }

    /// Whether the side to move is in check by the rules: its royal attacked, or a check
    /// of the kinds in `RuleFacts::extra_check` (free where the variant has none).
    #[inline(always)]
    fn in_check(&self) -> bool {
        self.pos.in_check() || (self.facts.extra_check && self.pos.in_extra_check())
    }

    /// Null move is unsound in zugzwang, which is common when a side has nothing but
    /// its royal piece and pawn-like pieces.
    fn has_non_pawn_material(&self) -> bool {
        let us = self.pos.side_to_move();
        kinds_in(self.facts.null_ok_kinds).any(|k| self.pos.pieces_of(k, us).any())
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        if self.pv.len() < ply + 2 {
            // Rows up to the deepest PV node reached, made when first needed.
            self.pv.resize_with(ply + 2, Vec::new);
        }
        let (rows, below) = self.pv.split_at_mut(ply + 1);
        let row = &mut rows[ply];
        row.clear();
        row.push(m);
        let child = self.pv_len[ply + 1].saturating_sub(ply + 1);
        row.extend_from_slice(&below[0][..child]);
        self.pv_len[ply] = ply + 1 + child;
    }

    /// The main thread's record of root move `mv`: its line (the move alone until a
    /// search of it set one), bound and selective depth.
    pub fn root_line(&self, mv: Move) -> Option<&RootLine> {
        self.root_lines.iter().find(|l| l.mv == mv)
    }

    /// The line to show for root move `rm`: the one found, else the move alone.
    pub fn line<'s>(&'s self, rm: &'s RootMove) -> &'s [Move] {
        match self.root_line(rm.mv) {
            Some(l) if !l.pv.is_empty() => &l.pv,
            _ => std::slice::from_ref(&rm.mv),
        }
    }

    /// Records what the main thread reports of root move `m`, just searched: the line
    /// in the PV table's first row, `bound` and the selective depth.
    fn record_root_line(&mut self, m: Move, bound: Option<Bound>) {
        let pv = &self.pv[0][..self.pv_len[0]];
        let seldepth = self.seldepth;
        match self.root_lines.iter_mut().find(|l| l.mv == m) {
            Some(l) => {
                l.pv.clear();
                l.pv.extend_from_slice(pv);
                l.bound = bound;
                l.seldepth = seldepth;
            }
            None => self.root_lines.push(RootLine {
                mv: m,
                pv: pv.to_vec(),
                bound,
                seldepth,
            }),
        }
    }

    /// Searches the root moves from `pv_idx` on (MultiPV: the earlier lines are fixed).
    /// Scores of moves proven better than alpha are stored on the root moves; the
    /// caller sorts them.
    pub fn root_search(&mut self, depth: i32, mut alpha: i32, beta: i32, pv_idx: usize) -> i32 {
        self.pv_len[0] = 0;
        let mut best = -INFINITE;
        for i in pv_idx..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            self.seldepth = 0;
            let tactical = is_tactical(&self.pos, m);
            self.enter_move(0, m, tactical, i + 1);
            self.make_move(m);
            let gives_check = self.in_check();
            let new_depth = depth - 1 + i32::from(gives_check);
            let mut score;
            if i == pv_idx {
                score = -self.search(new_depth, -beta, -alpha, 1, true);
            } else {
                score = -self.search(new_depth, -alpha - 1, -alpha, 1, true);
                if score > alpha && score < beta && !self.stopped {
                    score = -self.search(new_depth, -beta, -alpha, 1, true);
                }
            }
            self.unmake_move();
            if self.stopped {
                return best;
            }
            if score > best {
                best = score;
            }
            if i == pv_idx || score > alpha {
                self.root_moves[i].score = score;
                if self.id == 0 {
                    self.update_pv(0, m);
                    let bound = if score >= beta {
                        Some(Bound::Lower)
                    } else if score <= alpha {
                        Some(Bound::Upper)
                    } else {
                        None
                    };
                    self.record_root_line(m, bound);
                }
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            } else {
                self.root_moves[i].score = -INFINITE;
            }
        }
        best
    }

    /// Principal variation search below the root.
    pub fn search(
        &mut self,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        null_allowed: bool,
    ) -> i32 {
        let mark = self.picks.mark();
        let score = self.search_node(depth, alpha, beta, ply, null_allowed);
        self.picks.release_to(mark);
        score
    }

    /// `search`, leaving its moves on `picks` (`search` takes them off).
    fn search_node(
        &mut self,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_allowed: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = ply;
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply);
        }
        if let Some(score) = self.node_entry(ply) {
            return score;
        }
        // Mate distance pruning: no line from here can beat a shorter mate already found.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = self.in_check();
        let key = self.pos.key();
        let hit = self.tt.probe(key, ply);
        let tt_move = hit.map_or(Move::NONE, |h| h.mv);
        // On a principal variation now or when the entry was stored: such nodes are
        // searched with less reduction.
        let tt_pv = pv_node || hit.is_some_and(|h| h.pv);
        if let Some(h) = hit {
            if !pv_node && h.depth >= depth && h.cuts(alpha, beta) {
                return h.score;
            }
        }
        let (raw_eval, static_eval, eval) = self.static_eval(key, hit, in_check, tt_pv);
        let improving = self.improving(ply, static_eval);
        self.frames[ply + FRAME_OFFSET].tt_hit = hit.is_some();

        // Where captures are compulsory the moves are generated first: a node whose side
        // must capture has no free choice, so nothing that assumes one (a null move,
        // standing on the evaluation, pruning or reducing moves) is sound there.
        // The moves stay in `scratch` until the picker takes them in; only a null-move
        // search can run in between (and then they are generated again).
        let mut forced = false;
        let mut listed = false;
        if self.facts.captures_compulsory {
            self.scratch.clear();
            self.pos.generate_legal(&mut self.scratch);
            if self.scratch.is_empty() {
                return self.no_moves_score(in_check, ply);
            }
            forced = self.pos.is_capture(self.scratch.as_slice()[0]);
            listed = true;
        }
        if !pv_node && !in_check && !forced {
            // Reverse futility: far above beta with little depth left, a quiet move
            // will not bring the opponent back (with a wider margin where the
            // opponent's reply may be a forced series of captures).
            let margin = 90 * (1 + 2 * i32::from(self.facts.captures_compulsory));
            if depth <= 6
                && beta.abs() < MATE_BOUND
                && eval - margin * (depth - i32::from(improving)) >= beta
                && eval < MATE_BOUND
            {
                return eval;
            }
            // Null move: if passing still fails high, a real move will too.
            if null_allowed && depth >= 3 && eval >= beta && self.has_non_pawn_material() {
                let r = 3 + depth / 4;
                self.frames[ply + FRAME_OFFSET].cont = NO_CONT;
                self.make_null_move();
                let score = -self.search(depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.unmake_null_move();
                listed = false;
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        if !listed {
            self.scratch.clear();
            self.pos.generate_legal(&mut self.scratch);
            if self.scratch.is_empty() {
                return self.no_moves_score(in_check, ply);
            }
        }
        // A single legal capture that must be played is searched one ply deeper.
        let single_forced = forced && self.scratch.len() == 1;
        // Internal iterative reduction: without a table move this node was not searched
        // before and is probably not important.
        if tt_move == Move::NONE && depth >= 4 {
            depth -= 1;
        }
        let killers = self.mem.killers[ply];
        let counter_slot = self.mem.tables.counter_moves.slot(&self.pos);
        let counter = self.mem.tables.counter_moves.get(counter_slot);
        let mut picker = MovePicker::new(
            &mut self.picks,
            &self.pos,
            &self.scratch,
            tt_move,
            killers,
            counter,
        );
        let us = self.pos.side_to_move();
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        let mut searched = 0usize;
        // Quiet moves and captures searched and not best (for the histories).
        let mut quiets = [Move::NONE; 64];
        let mut quiet_count = 0usize;
        // Quiet moves tried, pruned by futility included (for late move pruning).
        let mut quiets_tried = 0usize;
        let mut captures = [Move::NONE; 32];
        let mut capture_count = 0usize;
        let mut move_count = 0usize;
        let earlier = self.earlier_moves(ply);
        let original_alpha = alpha;
        while let Some(pick) = self.next_pick(&mut picker, earlier) {
            let m = pick.mv;
            move_count += 1;
            let tactical = is_tactical(&self.pos, m);
            let mut futile = false;
            // Where captures are compulsory, a quiet move onto a square the opponent
            // attacks forces its reply: neither pruned nor reduced.
            let offers = self.facts.captures_compulsory
                && !tactical
                && self.pos.attackers(m.to(), !us, self.pos.occupied()).any();
            let prunable = !in_check && best > -MATE_BOUND && !forced && !offers;
            if prunable && !tactical {
                // Late move pruning: with little depth left, late quiet moves rarely
                // matter.
                let lmp_limit = (3 + depth * depth) as usize / if improving { 1 } else { 2 };
                if !pv_node && depth <= 4 && quiets_tried >= lmp_limit.max(2) {
                    continue;
                }
                // Futility: a quiet move cannot raise a hopeless static score enough.
                futile = !pv_node && depth <= 3 && eval + 80 + 100 * depth <= alpha;
                // A move that did badly after the last moves, or that loses material by
                // exchange, judged at the depth it would be searched to after LMR.
                if !futile {
                    let lmr_depth =
                        (depth - 1 - self.lmr[(depth as usize).min(63)][move_count.min(63)]).max(0);
                    let now = self.mem.piece_squares.of_move(&self.pos, m);
                    let continuation: i32 = earlier
                        .iter()
                        .filter(|&&e| e != NO_CONTINUATION)
                        .map(|&e| self.mem.tables.continuation.get(e, now))
                        .sum();
                    futile = history_prunes(lmr_depth, depth, continuation)
                        || !self
                            .exchange
                            .see_ge(&self.pos, m, quiet_see_margin(lmr_depth));
                }
            } else if prunable
                && !pv_node
                && depth <= 6
                && m.kind() != MoveKind::Promotion
                && !self.exchange.see_ge(&self.pos, m, -120 * depth)
            {
                // A capture that loses more than a margin by exchange, near the leaves.
                continue;
            }
            self.enter_move(ply, m, tactical, move_count);
            self.make_move(m);
            let gives_check = self.in_check();
            if !tactical {
                quiets_tried += 1;
            }
            if futile && !gives_check {
                self.unmake_move();
                continue;
            }
            searched += 1;
            // Check extension: checks are forcing and often hide short tactics; so is a
            // capture that is the only legal move.
            let extend = (gives_check || single_forced) && ply < 2 * MAX_PLY / 3;
            let new_depth = depth - 1 + i32::from(extend);
            let mut score;
            if searched == 1 {
                score = -self.search(new_depth, -beta, -alpha, ply + 1, true);
            } else {
                let mut r = 0;
                if depth >= 3 && !tactical && !in_check && !gives_check && !offers {
                    r = self.lmr[(depth as usize).min(63)][searched.min(63)];
                    r -= i32::from(pv_node);
                    // A former PV node (the table says so) is reduced less as well.
                    r -= i32::from(tt_pv && !pv_node);
                    r += i32::from(!improving);
                    r -= i32::from(m == killers[0] || m == killers[1]);
                    r -= self.mem.tables.history.get(us, m) / 8192;
                    r = r.clamp(0, (new_depth - 1).max(0));
                }
                score = -self.search(new_depth - r, -alpha - 1, -alpha, ply + 1, true);
                if score > alpha && r > 0 && !self.stopped {
                    score = -self.search(new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if score > alpha && score < beta && !self.stopped {
                    score = -self.search(new_depth, -beta, -alpha, ply + 1, true);
                }
            }
            self.unmake_move();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_move = m;
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        break;
                    }
                }
            }
            if m != best_move {
                if !tactical {
                    if quiet_count < quiets.len() {
                        quiets[quiet_count] = m;
                        quiet_count += 1;
                    }
                } else if capture_count < captures.len() {
                    captures[capture_count] = m;
                    capture_count += 1;
                }
            }
        }
        self.update_stats(
            ply,
            depth,
            best_move,
            best,
            beta,
            &quiets[..quiet_count],
            &captures[..capture_count],
            counter_slot,
        );
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.update_correction(static_eval, best, bound, best_move, depth);
        let stored_eval = (!in_check).then_some(raw_eval);
        let entry = TtStore {
            mv: best_move,
            score: best,
            depth,
            bound: Some(bound),
            eval: stored_eval,
            pv: tt_pv,
        };
        self.tt.store(key, entry, ply);
        best
    }

    /// What every node checks first, in main and quiescence search alike: counts the
    /// node, then returns a score at once when the search is stopped, the game has ended
    /// by the variant's rules, the position is drawn, or the ply limit is reached.
    fn node_entry(&mut self, ply: usize) -> Option<i32> {
        self.visit(ply);
        if self.stopped {
            return Some(0);
        }
        if let Some(score) = self.variant_end_score(ply) {
            return Some(score);
        }
        if let Some(score) = self.perpetual_check_score(ply) {
            return Some(score);
        }
        if let Some(score) = self.repetition_value_score(ply) {
            return Some(score);
        }
        if self.is_draw() {
            return Some(self.draw_score(ply));
        }
        if ply >= MAX_PLY {
            return Some(self.evaluate());
        }
        None
    }

    /// Quiescence: only captures and promotions (all moves when in check), so the
    /// static evaluation is taken in quiet positions. Every capture removes material and
    /// every promotion a promoting piece, so it terminates.
    pub fn qsearch(&mut self, alpha: i32, beta: i32, ply: usize) -> i32 {
        let checks = self.facts.quiet_checks_in_quiescence;
        self.qsearch_at(alpha, beta, ply, checks)
    }

    /// `qsearch`, with its first ply's quiet checks (`checks`) or without (deeper).
    fn qsearch_at(&mut self, alpha: i32, beta: i32, ply: usize, checks: bool) -> i32 {
        let (mark, checks_mark) = (self.picks.mark(), self.checks.len());
        let score = self.qsearch_node(alpha, beta, ply, checks);
        self.picks.release_to(mark);
        self.checks.truncate(checks_mark);
        score
    }

    /// `qsearch_at`, leaving its moves on `picks` and `checks` (`qsearch_at` takes them
    /// off).
    fn qsearch_node(&mut self, mut alpha: i32, beta: i32, ply: usize, checks: bool) -> i32 {
        self.pv_len[ply] = ply;
        if let Some(score) = self.node_entry(ply) {
            return score;
        }
        // A first ply that searches quiet checks stores depth 0, the deeper plies -1:
        // only an entry that saw the checks answers for a node that would search them.
        let qs_depth = if checks { 0 } else { -1 };
        let key = self.pos.key();
        let hit = self.tt.probe(key, ply);
        if let Some(h) = hit {
            if h.depth >= qs_depth && h.cuts(alpha, beta) {
                return h.score;
            }
        }
        let in_check = self.in_check();
        let tt_pv = hit.is_some_and(|h| h.pv);
        let (raw_eval, _, stand_pat) = self.static_eval(key, hit, in_check, tt_pv);
        if stand_pat >= beta {
            return stand_pat;
        }
        let original_alpha = alpha;
        alpha = alpha.max(stand_pat);
        let list = &mut self.scratch;
        list.clear();
        if in_check || (self.facts.stalemate_decides && self.facts.captures_compulsory) {
            // Evasions, or where captures are compulsory the legal moves (then the
            // captures, when there are any, are all of them): none means the game is over.
            self.pos.generate_legal(list);
            if list.is_empty() {
                return self.no_moves_score(in_check, ply);
            }
        } else {
            // Only captures and promotions are searched here. Where a stalemate is a draw
            // it goes unnoticed (the stand-pat score stands), as in Stockfish's
            // quiescence. Where it decides the game (Xiangqi loses it), a node without a
            // capture counts its legal moves: having none is then known, not guessed.
            self.pos.generate_tactical(list);
            if list.is_empty() && self.facts.stalemate_decides && self.pos.count_legal_in(list) == 0
            {
                return self.no_moves_score(false, ply);
            }
        }
        let tt_move = hit.map_or(Move::NONE, |h| h.mv);
        let mut picker =
            MovePicker::quiescence(&mut self.picks, &self.pos, &self.scratch, tt_move, in_check);
        let mut node = QBest {
            alpha,
            best: stand_pat,
            best_move: Move::NONE,
        };
        while let Some(pick) = self.next_pick(&mut picker, self.earlier_moves(ply)) {
            let m = pick.mv;
            if !in_check {
                // A capture that loses material by static exchange is not worth it
                // here, unless a check it gives counts toward the win or opens the
                // king to drops (`LosingChecks`).
                if pick.losing && node.best > -MATE_BOUND {
                    let bound = match self.facts.losing_checks {
                        LosingChecks::Skipped => continue,
                        LosingChecks::All => None,
                        LosingChecks::UpTo(loss) => Some(loss),
                    };
                    self.pos.make_move(m);
                    let check = self.pos.in_check();
                    self.pos.unmake_move();
                    if !check || bound.is_some_and(|b| !self.exchange.see_ge(&self.pos, m, -b)) {
                        continue;
                    }
                }
                // Delta pruning: even winning the victim for free leaves us below alpha.
                if m.kind() != MoveKind::Promotion && node.best > -MATE_BOUND {
                    let victim = self.pos.captured_piece(m);
                    let gain = if victim == NO_PIECE {
                        0
                    } else {
                        self.eval.piece_value(kind_of(victim))
                    };
                    if stand_pat + gain + DELTA_MARGIN <= node.alpha {
                        continue;
                    }
                }
            }
            let tactical = is_tactical(&self.pos, m);
            match self.qsearch_move(ply, m, tactical, beta, &mut node) {
                None => return 0,
                Some(true) => break,
                Some(false) => {}
            }
        }
        if checks && !in_check && node.best < beta {
            // The quiet moves that give check and lose nothing by exchange. Collected
            // first: the children reuse `scratch`.
            self.scratch.clear();
            self.pos.generate_legal(&mut self.scratch);
            let first = self.checks.len();
            for &m in self.scratch.as_slice() {
                if is_tactical(&self.pos, m) || !self.exchange.see_ge(&self.pos, m, 0) {
                    continue;
                }
                self.pos.make_move(m);
                let check = self.in_check();
                self.pos.unmake_move();
                if check {
                    self.checks.push(m);
                }
            }
            for i in first..self.checks.len() {
                match self.qsearch_move(ply, self.checks[i], false, beta, &mut node) {
                    None => return 0,
                    Some(true) => break,
                    Some(false) => {}
                }
            }
        }
        let bound = if node.best >= beta {
            Bound::Lower
        } else if node.alpha > original_alpha && node.best_move != Move::NONE {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let entry = TtStore {
            mv: node.best_move,
            score: node.best,
            depth: qs_depth,
            bound: Some(bound),
            eval: (!in_check).then_some(raw_eval),
            pv: tt_pv,
        };
        self.tt.store(key, entry, ply);
        node.best
    }

    /// One move of a quiescence node searched, and the node's running result raised by
    /// it: `None` when the search has stopped, else whether the move cut off.
    fn qsearch_move(
        &mut self,
        ply: usize,
        m: Move,
        tactical: bool,
        beta: i32,
        node: &mut QBest,
    ) -> Option<bool> {
        self.enter_move(ply, m, tactical, 0);
        self.make_move(m);
        let score = -self.qsearch_at(-beta, -node.alpha, ply + 1, false);
        self.unmake_move();
        if self.stopped {
            return None;
        }
        if score > node.best {
            node.best = score;
            if score > node.alpha {
                node.alpha = score;
                node.best_move = m;
                return Some(score >= beta);
            }
        }
        Some(false)
    }
}

/// A quiescence node's running result: the best score so far, alpha as raised by it,
/// and the move that raised it.
struct QBest {
    alpha: i32,
    best: i32,
    best_move: Move,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::MaterialEval;
    use crate::variant::rules::Rules;
    use std::sync::Arc;

    fn position(variant: &str, fen: &str) -> Position<u64> {
        let v = crate::variant::find_variant(variant).unwrap();
        Position::from_fen(Arc::new(Rules::new(v).unwrap()), fen).unwrap()
    }

    /// Whether quiet move `uci` of `fen` is skipped by the exchange test at `lmr_depth`.
    fn see_prunes(fen: &str, uci: &str, lmr_depth: i32) -> bool {
        see_prunes_in("chess", fen, uci, lmr_depth)
    }

    /// `see_prunes` in `variant`.
    fn see_prunes_in(variant: &str, fen: &str, uci: &str, lmr_depth: i32) -> bool {
        let pos = position(variant, fen);
        let ex = Exchange::new(pos.rules(), &MaterialEval::new(pos.rules()));
        let m = pos.parse_uci_move(uci).unwrap();
        !ex.see_ge(&pos, m, quiet_see_margin(lmr_depth))
    }

    /// Quiescence's score of `fen` from its first ply, with or without its quiet checks.
    fn qsearch_score(variant: &str, fen: &str, checks: bool) -> i32 {
        qsearch_run(variant, fen, checks, |_| {}).0
    }

    /// Quiescence's score of `fen` from its first ply and the nodes it visited, with or
    /// without its quiet checks, with the variant's rule facts as `tweak` leaves them.
    fn qsearch_run(
        variant: &str,
        fen: &str,
        checks: bool,
        tweak: impl FnOnce(&mut RuleFacts),
    ) -> (i32, u64) {
        let mut memory = super::super::history::SearchMemory::new();
        with_worker(&mut memory, position(variant, fen), |worker| {
            tweak(&mut worker.facts);
            let score = worker.qsearch_at(-INFINITE, INFINITE, 0, checks);
            (score, worker.nodes)
        })
    }

    /// A worker on `pos` with the table evaluation, one thread's share of `memory`.
    /// The raw static evaluation, and the score of an iterative search to depth 5.
    fn raw_and_searched<B: Bitboard>(w: &mut Worker<'_, B>) -> (i32, i32) {
        let raw = w.evaluate();
        let mut score = 0;
        for depth in 1..=5 {
            score = w.search(depth, -INFINITE, INFINITE, 0, true);
        }
        (raw, score)
    }

    /// The correction the static evaluation applies (checked to be the tables' sum).
    fn applied_correction<B: Bitboard>(w: &mut Worker<'_, B>) -> i32 {
        let (raw, corrected, _) = w.static_eval(w.pos.key(), None, false, false);
        assert_eq!(corrected - raw, w.correction());
        w.correction()
    }

    fn with_worker<B: Bitboard, R>(
        memory: &mut super::super::history::SearchMemory,
        pos: Position<B>,
        run: impl FnOnce(&mut Worker<'_, B>) -> R,
    ) -> R {
        let tt = TranspositionTable::new(1);
        let control = Control::new(false);
        let eval = MaterialEval::new(pos.rules());
        let counters = [super::super::thread::Counter::default()];
        let mem = &mut memory.prepare(&pos, 1)[0];
        let mut worker = Worker::new(
            pos,
            0,
            &tt,
            &control,
            &eval,
            &counters,
            HardLimits::default(),
            Vec::new(),
            mem,
        );
        run(&mut worker)
    }

    #[test]
    fn the_correction_history_learns_where_the_evaluation_is_too_low() {
        use super::super::correction::MAX_CORRECTION;
        // White: king g1, knight d5, pawns f2 g2 h2; Black: king e8, rook a8, pawns f7
        // g7 h7. By material White is a rook for a knight down, but Nc7+ (a quiet move)
        // forks king and rook, and after the king steps aside Nxa8 leaves White a
        // knight up: the search's score lies far above the static evaluation, with a
        // quiet best move, so the root's exact result teaches White's entry for these
        // pawns a positive correction.
        let fork = "r3k3/5ppp/8/3N4/8/8/5PPP/6K1 w - - 0 1";
        // Other pieces, the same pawns, White to move: the entry that applies.
        let same_pawns = "4k3/2q2ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1";
        let mut memory = super::super::history::SearchMemory::new();
        let before = with_worker(&mut memory, position("chess", same_pawns), |w| {
            w.correction()
        });
        assert_eq!(before, 0);
        let (raw, score) = with_worker(&mut memory, position("chess", fork), raw_and_searched);
        assert!(score > raw + 300, "search {score}, evaluation {raw}");
        let after = with_worker(
            &mut memory,
            position("chess", same_pawns),
            applied_correction,
        );
        assert!(after > 0 && after <= MAX_CORRECTION, "{after}");
        // However often the lesson is repeated, the correction stays within its clamp.
        for _ in 0..40 {
            let c = with_worker(&mut memory, position("chess", fork), |w| {
                for depth in 1..=4 {
                    w.search(depth, -INFINITE, INFINITE, 0, true);
                }
                w.correction()
            });
            assert!(c.abs() <= MAX_CORRECTION, "{c}");
        }
        let last = with_worker(&mut memory, position("chess", same_pawns), |w| {
            w.correction()
        });
        assert!(last >= after && last <= MAX_CORRECTION, "{after} -> {last}");
        // Black's entry for these pawns is another one, which did not learn White's
        // lesson; a new game forgets both.
        let black = with_worker(
            &mut memory,
            position("chess", "4k3/2q2ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1"),
            |w| w.correction(),
        );
        assert!(black < last, "{black} against {last}");
        memory.clear();
        let cleared = with_worker(&mut memory, position("chess", same_pawns), |w| {
            w.correction()
        });
        assert_eq!(cleared, 0);
    }

    #[test]
    fn without_pawns_the_non_pawn_tables_correct_the_evaluation() {
        use super::super::correction::MAX_CORRECTION;
        let xiangqi = |fen: &str| {
            let v = crate::variant::find_variant("xiangqi").unwrap();
            Position::<u128>::from_fen(Arc::new(Rules::new(v).unwrap()), fen).unwrap()
        };
        // Red: general d1, horse d7; Black: general e10, chariot a10. By material Red is
        // a chariot for a horse down, but Hc9+ (quiet) forks general and chariot, and
        // Hxa10 follows: the search's score lies far above the evaluation. Xiangqi has
        // no pawn kinds (its soldier does not promote), so only the tables of each
        // colour's pieces can learn it.
        let fork = "r3k4/9/9/3N5/9/9/9/9/9/3K5 w - - 0 1";
        // Red's pieces as in the fork, Black's other ones, Red to move.
        let same_red = "4k4/9/9/3N5/9/9/9/9/9/3K5 w - - 0 1";
        let mut memory = super::super::history::SearchMemory::new();
        let before = with_worker(&mut memory, xiangqi(same_red), |w| {
            assert_eq!(w.facts.pawn_kinds, 0);
            w.correction()
        });
        assert_eq!(before, 0);
        let (raw, score) = with_worker(&mut memory, xiangqi(fork), raw_and_searched);
        assert!(score > raw + 200, "search {score}, evaluation {raw}");
        let after = with_worker(&mut memory, xiangqi(same_red), applied_correction);
        assert!(after > 0 && after <= MAX_CORRECTION, "{after}");
        // A new game forgets it.
        memory.clear();
        let cleared = with_worker(&mut memory, xiangqi(same_red), |w| w.correction());
        assert_eq!(cleared, 0);
    }

    #[test]
    fn losing_checking_captures_are_searched_where_checks_count_or_drops_follow() {
        let facts = |variant: &str| {
            let v = crate::variant::find_variant(variant).unwrap();
            RuleFacts::new(&Rules::<u64>::new(v).unwrap()).losing_checks
        };
        assert_eq!(facts("3check"), LosingChecks::All);
        assert_eq!(facts("crazyhouse"), LosingChecks::UpTo(500));
        assert_eq!(facts("minishogi"), LosingChecks::UpTo(500));
        assert_eq!(facts("chess"), LosingChecks::Skipped);
        // Seirawan's hand only gates: no drops.
        assert_eq!(facts("seirawan"), LosingChecks::Skipped);
    }

    #[test]
    fn a_checking_sacrifice_that_deflects_the_king_is_seen_in_drop_games() {
        // Crazyhouse, White: king e1, queen d1, bishop c4; Black: king e8, rook d8, pawn
        // f7; hands empty. Both of White's captures lose by exchange: Qxd8+ Kxd8 (rook
        // for queen), Bxf7+ Kxf7 (pawn for bishop; only the king guards f7, the rook on
        // d8 does not reach it), so quiescence without them stands pat on the material.
        // Bxf7+ gives check, and Black has three answers (d7 is the queen's): Kxf7
        // leaves the rook d8 unguarded and Qxd8 wins it; Kf8 leaves it too, and Qxd8
        // comes with check; Ke7 guards it and attacks the bishop, and White, to move,
        // has won the pawn: off Black's board (105 in crazyhouse's table) and into
        // White's hand (161). So the sacrifice raises the score by the pawn's swing,
        // about 266, at least 100 whatever the position terms add. Its loss by exchange
        // (bishop for pawn) is within the drop games' bound of 500.
        let fen = "3rk3/5p2/8/8/2B5/8/8/3QK3[] w - - 0 1";
        let with = qsearch_score("crazyhouse", fen, false);
        let (without, _) = qsearch_run("crazyhouse", fen, false, |f| {
            f.losing_checks = LosingChecks::Skipped
        });
        assert!(with >= without + 100, "{with} vs {without}");
    }

    #[test]
    fn a_checking_capture_that_loses_more_than_the_bound_is_skipped_in_drop_games() {
        // Crazyhouse, White: king e1, queen e2; Black: king e8, pawn e7. White's only
        // capture, Qxe7+, gives check and loses the queen for a pawn (Kxe7): 869 - 105
        // in crazyhouse's table, beyond the bound of 500. Bounded, quiescence stands pat
        // at its first node; searching every losing check (as in n-check) visits the
        // capture and the recapture and, the sacrifice losing, finds the same score.
        let fen = "4k3/4p3/8/8/8/8/4Q3/4K3[] w - - 0 1";
        let (bounded, bounded_nodes) = qsearch_run("crazyhouse", fen, false, |_| {});
        let (all, all_nodes) = qsearch_run("crazyhouse", fen, false, |f| {
            f.losing_checks = LosingChecks::All
        });
        assert_eq!(bounded, all);
        assert_eq!(bounded_nodes, 1);
        assert!(all_nodes > 1, "{all_nodes}");
    }

    #[test]
    fn quiet_checks_in_quiescence_follow_the_rules() {
        let facts = |variant: &str| {
            let v = crate::variant::find_variant(variant).unwrap();
            RuleFacts::new(&Rules::<u64>::new(v).unwrap()).quiet_checks_in_quiescence
        };
        // A check-count end rule, or drops from the hand: checks drive the game.
        assert!(facts("3check"));
        assert!(facts("5check"));
        assert!(facts("crazyhouse"));
        // Neither: chess's quiescence is unchanged; Seirawan's hand only gates.
        assert!(!facts("chess"));
        assert!(!facts("seirawan"));
    }

    #[test]
    fn a_quiet_check_that_wins_is_seen_at_quiescence_first_ply() {
        // 3check, White has one check left to give: Ra8+ (quiet, and nothing takes the
        // rook on a8) wins at once, while by material alone White is a queen down
        // for a rook.
        let fen = "4k3/3ppp2/8/7q/8/8/8/R5K1 w - - 1+3 0 1";
        assert!(qsearch_score("3check", fen, true) >= MATE_BOUND);
        let without = qsearch_score("3check", fen, false);
        assert!(without < 0, "{without}");
    }

    #[test]
    fn continuation_pruning_needs_a_bad_history_and_little_depth() {
        // At depth 1 any bad record prunes; a neutral one does not.
        assert!(history_prunes(0, 1, -1));
        assert!(!history_prunes(0, 1, 0));
        // Deeper, the record must be worse.
        assert!(!history_prunes(2, 4, -8000));
        assert!(history_prunes(2, 4, -10000));
        // Not at a reduced depth of 5 or more, however bad.
        assert!(!history_prunes(5, 8, -90_000));
    }

    #[test]
    fn quiet_moves_that_lose_material_are_skipped_near_the_leaves() {
        // The knight to d5 is taken by the e6 pawn for nothing; to a4 it is safe.
        let fen = "4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1";
        assert!(see_prunes(fen, "c3d5", 0));
        assert!(!see_prunes(fen, "c3a4", 0));
        // With more depth left a loss is still skipped when it exceeds the margin...
        assert!(see_prunes(fen, "c3d5", 3));
        // ...but a pawn's loss is tried from a reduced depth of 2 on.
        let pawn = "4k3/8/8/3p4/8/4P3/8/4K3 w - - 0 1";
        assert!(see_prunes(pawn, "e3e4", 1));
        assert!(!see_prunes(pawn, "e3e4", 2));
        // Where captures explode, the answer's blast decides: in atomic Nb2-d3 stands
        // beside the bishop e4, so Rxe4 takes bishop and knight for the rook (see.rs,
        // `quiet_moves_lose_what_the_answering_blast_takes`); a king move beside it
        // (Kc2-d3 with the king) loses the game and is skipped at any depth.
        let atomic = "4r1k1/8/8/8/4B3/8/1N6/6K1 w - - 0 1";
        assert!(see_prunes_in("atomic", atomic, "b2d3", 0));
        assert!(!see_prunes_in("atomic", atomic, "b2c4", 0));
        let king = "4r1k1/8/8/8/4B3/8/2K5/8 w - - 0 1";
        assert!(see_prunes_in("atomic", king, "c2d3", 20));
        assert!(!see_prunes_in("atomic", king, "c2c1", 0));
    }
}
