//! Move ordering. Alpha-beta cuts most when the best move comes first, so moves are
//! handed out in stages: the transposition table's move, captures and promotions by
//! MVV-LVA (most valuable victim, then least valuable attacker) that do not lose
//! material by static exchange, the two killer moves of the ply, the counter-move to
//! the opponent's last move, quiet moves by their history scores (the move's own and
//! its continuation histories), and last the captures that lose material. Captures are
//! ordered by the victim's value corrected by the capture history. Each stage's moves are scored only when the stage is reached,
//! and picked one at a time (selection sort), so after a cut-off the rest is never
//! scored or sorted; a capture's static exchange is judged only when it is picked.
//!
//! Captures that lose material by static exchange ([`super::see`]) go after the quiet
//! moves, where the variant's rules allow judging exchanges.

use super::history::{moved_piece, ThreadMemory, NO_CONTINUATION};
use super::see::Exchange;
use crate::board::Bitboard;
use crate::eval::Evaluator;
use crate::position::{kind_of, Move, MoveKind, MoveList, Position, NO_PIECE};

/// Whether a move is "tactical": a capture or a promotion (what quiescence searches).
#[inline]
pub fn is_tactical<B: Bitboard>(pos: &Position<B>, m: Move) -> bool {
    m.kind() == MoveKind::Promotion || pos.is_capture(m)
}

/// The material a capture or promotion wins before any answer: the victim's value plus
/// the promoted piece's (0 for a quiet move). MVV-LVA's "most valuable victim", shared by
/// the move picker and the root's first-iteration order.
#[inline]
pub fn material_gained<B: Bitboard>(pos: &Position<B>, eval: &dyn Evaluator<B>, m: Move) -> i32 {
    let victim = pos.captured_piece(m);
    let mut value = if victim == NO_PIECE {
        0
    } else {
        eval.piece_value(kind_of(victim))
    };
    if m.kind() == MoveKind::Promotion {
        value += eval.piece_value(m.promoted_kind());
    }
    value
}

/// What scoring a stage needs, lent by the search for each pick (the picker itself
/// holds no borrow of the position, which the search changes between picks).
pub struct Context<'a, B: Bitboard> {
    pub pos: &'a Position<B>,
    pub eval: &'a dyn Evaluator<B>,
    pub exchange: &'a Exchange,
    /// The histories that order quiet moves and captures.
    pub mem: &'a ThreadMemory,
    /// The piece-square indices of the moves one, two and four plies back
    /// (`NO_CONTINUATION` where there is none), for the continuation histories.
    pub earlier: [usize; 3],
}

impl<B: Bitboard> Context<'_, B> {
    /// A capture's or promotion's score: the victim's (and the promoted piece's) value,
    /// corrected by how such captures fared before (Stockfish's capture ordering).
    #[inline]
    fn capture_score(&self, m: Move) -> i32 {
        let pos = self.pos;
        let value = material_gained(pos, self.eval, m);
        let ps = self.mem.piece_squares.index(moved_piece(pos, m), m.to());
        12 * value + self.mem.tables.captures.get(ps, pos.captured_piece(m))
    }

    /// A quiet move's score: its history plus twice its continuation histories.
    #[inline]
    fn quiet_score(&self, m: Move) -> i32 {
        let pos = self.pos;
        let now = self.mem.piece_squares.of_move(pos, m);
        let mut score = self.mem.tables.history.get(pos.side_to_move(), m);
        for &e in &self.earlier {
            if e != NO_CONTINUATION {
                score += 2 * self.mem.tables.continuation.get(e, now);
            }
        }
        score
    }
}

#[derive(Clone, Copy)]
struct Scored {
    mv: Move,
    score: i32,
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    TtMove,
    ScoreCaptures,
    GoodCaptures,
    /// The captures are done and the quiet moves are not on the stack yet (see
    /// `DEFER_QUIETS_ABOVE`): `next` says none until `add_quiets` brings them.
    AwaitQuiets,
    Killer1,
    Killer2,
    Counter,
    ScoreQuiets,
    Quiets,
    BadCaptures,
    Done,
}

/// A picked move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pick {
    pub mv: Move,
    /// A capture that loses material by static exchange (the last stage).
    pub losing: bool,
}

/// The moves of one node, handed out stage by stage, best first within a stage.
///
/// Scores its moves on the thread's [`PickStack`], above the moves of the nodes that
/// called it; the search lends the stack to each `next`. Layout of the node's `len`
/// entries from `base`: `[0, bad)` captures found losing when picked, `[bad, captures)`
/// the captures and promotions not yet picked, `[captures, len)` the quiet moves (the
/// killers and the counter-move among them, skipped when their stage comes).
pub struct MovePicker {
    base: usize,
    len: usize,
    captures: usize,
    bad: usize,
    cursor: usize,
    stage: Stage,
    tt_move: Move,
    killers: [Move; 2],
    counter: Move,
    /// Quiet moves are searched (main search, or evasions in quiescence).
    quiets: bool,
    /// The quiet moves are left off the stack until the captures are done.
    deferred: bool,
}

/// A node with more moves than this puts only its captures on the stack at first, and
/// its quiet moves when the captures are done (generated again then: the children
/// reuse the generation list). Most nodes cut off on the table move or a capture, and
/// while those are searched the quiet moves would only hold room: in the placement and
/// drop games a line of such nodes held thousands of quiet moves a ply. Generation is a
/// function of the position, so the moves, their order and their scores (taken when
/// their stage comes, as before) are the same either way. Chess never has this many
/// moves (at most 218), so it never generates twice.
const DEFER_QUIETS_ABOVE: usize = MoveList::INLINE;

/// The scored moves of every node on a thread's current line, in one stack: a node
/// puts its moves on top, its children put theirs above, and each node's caller takes
/// them off when it returns (`mark`, then `release_to`). So a thread holds what its line
/// holds at once. (A buffer per ply, kept from node to node, grew to the most moves any
/// node at its ply ever had: in the placement games, where nodes have thousands of
/// moves, that was the sum of every ply's largest node, 48 KB a thread in Donnybrook at
/// 256 threads; docs/reliability.md, "Memory".)
#[derive(Default)]
pub struct PickStack(Vec<Scored>);

impl PickStack {
    /// The stack's height now, to `release_to` when the node returns.
    #[inline(always)]
    pub fn mark(&self) -> usize {
        self.0.len()
    }

    /// Takes off every move put on since `mark`.
    #[inline(always)]
    pub fn release_to(&mut self, mark: usize) {
        self.0.truncate(mark);
    }

    /// Room for `n` more moves.
    #[inline(always)]
    fn reserve(&mut self, n: usize) {
        if self.0.capacity() - self.0.len() < n {
            self.grow(n);
        }
    }

    /// Grows by at least a quarter (few reallocations as the line deepens; at most a
    /// quarter more room than the deepest line needed), or to exactly what is needed.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) {
        let target = (self.0.len() + n).max(self.0.capacity() + self.0.capacity() / 4);
        self.0.reserve_exact(target - self.0.len());
    }
}

impl MovePicker {
    /// A full-width node: every move of `list`.
    pub fn new<B: Bitboard>(
        stack: &mut PickStack,
        pos: &Position<B>,
        list: &MoveList,
        tt_move: Move,
        killers: [Move; 2],
        counter: Move,
    ) -> MovePicker {
        Self::build(stack, pos, list, tt_move, killers, counter, true)
    }

    /// Quiescence: the captures and promotions of `list`, or every move when `all`
    /// (evasions), without killers or counter-moves.
    pub fn quiescence<B: Bitboard>(
        stack: &mut PickStack,
        pos: &Position<B>,
        list: &MoveList,
        tt_move: Move,
        all: bool,
    ) -> MovePicker {
        let none = [Move::NONE; 2];
        let tt_move = if all || is_tactical(pos, tt_move) {
            tt_move
        } else {
            Move::NONE
        };
        Self::build(stack, pos, list, tt_move, none, Move::NONE, all)
    }

    fn build<B: Bitboard>(
        stack: &mut PickStack,
        pos: &Position<B>,
        list: &MoveList,
        tt_move: Move,
        killers: [Move; 2],
        counter: Move,
        quiets: bool,
    ) -> MovePicker {
        let moves = list.as_slice();
        let mut deferred = false;
        if quiets && moves.len() > DEFER_QUIETS_ABOVE {
            // Deferring pays only when something is searched before the quiet moves.
            let tactical = moves.iter().filter(|&&m| is_tactical(pos, m)).count();
            deferred = tactical > 0 || (tt_move != Move::NONE && moves.contains(&tt_move));
            stack.reserve(if deferred { tactical } else { moves.len() });
        } else {
            stack.reserve(moves.len());
        }
        let base = stack.mark();
        let mut p = MovePicker {
            base,
            len: 0,
            captures: 0,
            bad: 0,
            cursor: 0,
            stage: Stage::TtMove,
            tt_move: Move::NONE,
            killers,
            counter,
            quiets,
            deferred,
        };
        // Captures first, then quiet moves, each in generation order (so that equal
        // scores are picked in the same order whatever the stage layout).
        let entries = &mut stack.0;
        for &m in moves {
            if m == tt_move {
                p.tt_move = m;
            }
            if is_tactical(pos, m) {
                entries.push(Scored { mv: m, score: 0 });
            }
        }
        p.captures = entries.len() - base;
        if quiets && !deferred {
            push_quiets(entries, pos, moves);
        }
        p.len = entries.len() - base;
        if p.tt_move == Move::NONE {
            p.stage = Stage::ScoreCaptures;
        }
        p
    }

    /// Whether `next` stopped for the quiet moves: the caller generates the node's
    /// moves again and gives them to `add_quiets`.
    #[inline]
    pub fn awaits_quiets(&self) -> bool {
        self.stage == Stage::AwaitQuiets
    }

    /// The quiet moves of `list` (the node's legal moves, generated again), put on the
    /// stack behind the captures, where `build` would have put them.
    #[cold]
    #[inline(never)]
    pub fn add_quiets<B: Bitboard>(
        &mut self,
        stack: &mut PickStack,
        pos: &Position<B>,
        list: &MoveList,
    ) {
        debug_assert!(self.awaits_quiets());
        debug_assert_eq!(
            stack.mark(),
            self.base + self.len,
            "a child left moves on the stack"
        );
        stack.reserve(list.len().saturating_sub(self.captures));
        push_quiets(&mut stack.0, pos, list.as_slice());
        self.len = stack.mark() - self.base;
        self.deferred = false;
        self.stage = Stage::Killer1;
    }

    /// Whether `m` was or will be handed out by a stage of its own.
    #[inline]
    fn special(&self, m: Move) -> bool {
        m == self.tt_move
            || (self.quiets && (m == self.killers[0] || m == self.killers[1] || m == self.counter))
    }

    /// A killer or counter-move to hand out: a quiet move of the list, not handed out
    /// before.
    fn refutation(&self, moves: &[Scored], m: Move, earlier: &[Move]) -> bool {
        m != Move::NONE
            && m != self.tt_move
            && !earlier.contains(&m)
            && moves[self.captures..].iter().any(|s| s.mv == m)
    }

    /// The next move, or `None` when every move has been handed out. `stack` is the one
    /// the picker was built on, with this node's moves on top.
    #[allow(clippy::should_implement_trait)]
    pub fn next<B: Bitboard>(
        &mut self,
        cx: &Context<'_, B>,
        stack: &mut PickStack,
    ) -> Option<Pick> {
        debug_assert_eq!(
            stack.mark(),
            self.base + self.len,
            "a child left moves on the stack"
        );
        let moves = &mut stack.0[self.base..self.base + self.len];
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::ScoreCaptures;
                    return Some(Pick {
                        mv: self.tt_move,
                        losing: false,
                    });
                }
                Stage::ScoreCaptures => {
                    for s in &mut moves[..self.captures] {
                        s.score = cx.capture_score(s.mv);
                    }
                    self.cursor = 0;
                    self.stage = Stage::GoodCaptures;
                }
                Stage::GoodCaptures => {
                    if self.cursor >= self.captures {
                        self.stage = if self.deferred {
                            Stage::AwaitQuiets
                        } else if self.quiets {
                            Stage::Killer1
                        } else {
                            Stage::BadCaptures
                        };
                        self.cursor = 0;
                        continue;
                    }
                    let s = select(moves, self.cursor, self.captures);
                    self.cursor += 1;
                    if s.mv == self.tt_move {
                        continue;
                    }
                    if !cx.exchange.see_ge(cx.pos, s.mv, 0) {
                        // Keep it for the last stage, in the order it was found.
                        moves.swap(self.bad, self.cursor - 1);
                        self.bad += 1;
                        continue;
                    }
                    return Some(Pick {
                        mv: s.mv,
                        losing: false,
                    });
                }
                Stage::AwaitQuiets => return None,
                Stage::Killer1 => {
                    self.stage = Stage::Killer2;
                    let k = self.killers[0];
                    if self.refutation(moves, k, &[]) {
                        return Some(Pick {
                            mv: k,
                            losing: false,
                        });
                    }
                }
                Stage::Killer2 => {
                    self.stage = Stage::Counter;
                    let k = self.killers[1];
                    if self.refutation(moves, k, &[self.killers[0]]) {
                        return Some(Pick {
                            mv: k,
                            losing: false,
                        });
                    }
                }
                Stage::Counter => {
                    self.stage = Stage::ScoreQuiets;
                    let c = self.counter;
                    if self.refutation(moves, c, &self.killers) {
                        return Some(Pick {
                            mv: c,
                            losing: false,
                        });
                    }
                }
                Stage::ScoreQuiets => {
                    for s in &mut moves[self.captures..] {
                        s.score = cx.quiet_score(s.mv);
                    }
                    self.cursor = self.captures;
                    self.stage = Stage::Quiets;
                }
                Stage::Quiets => {
                    if self.cursor >= self.len {
                        self.stage = Stage::BadCaptures;
                        self.cursor = 0;
                        continue;
                    }
                    let s = select(moves, self.cursor, self.len);
                    self.cursor += 1;
                    if self.special(s.mv) {
                        continue;
                    }
                    return Some(Pick {
                        mv: s.mv,
                        losing: false,
                    });
                }
                Stage::BadCaptures => {
                    if self.cursor >= self.bad {
                        self.stage = Stage::Done;
                        continue;
                    }
                    let s = select(moves, self.cursor, self.bad);
                    self.cursor += 1;
                    return Some(Pick {
                        mv: s.mv,
                        losing: true,
                    });
                }
                Stage::Done => return None,
            }
        }
    }
}

/// The quiet moves of `moves`, in generation order, unscored.
#[inline]
fn push_quiets<B: Bitboard>(entries: &mut Vec<Scored>, pos: &Position<B>, moves: &[Move]) {
    for &m in moves {
        if !is_tactical(pos, m) {
            entries.push(Scored { mv: m, score: 0 });
        }
    }
}

/// Moves the best-scored entry of `moves[from..to]` to `from` and returns it (the first
/// of equal scores).
#[inline]
fn select(moves: &mut [Scored], from: usize, to: usize) -> Scored {
    let moves = &mut moves[from..to];
    let mut best = 0;
    let mut best_score = moves[0].score;
    for (i, s) in moves.iter().enumerate().skip(1) {
        if s.score > best_score {
            best = i;
            best_score = s.score;
        }
    }
    moves.swap(0, best);
    moves[0]
}
