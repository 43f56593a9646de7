//! Move ordering. Alpha-beta cuts most when the best move comes first, so moves are
//! tried in this order: the transposition table's move, captures and promotions by
//! MVV-LVA (most valuable victim, then least valuable attacker), the two killer moves of
//! the ply, the counter-move to the opponent's last move, quiet moves by their history
//! score, and last the captures that lose material by static exchange. Moves are picked one at a time
//! (selection sort): after a cut-off the rest never needs sorting.
//!
//! Captures that lose material by static exchange ([`super::see`]) go after the quiet
//! moves, where the variant's rules allow judging exchanges.

use super::see::Exchange;
use crate::board::Bitboard;
use crate::eval::Evaluator;
use crate::position::moves::{SpillList, INLINE_MOVES};
use crate::position::{kind_of, Move, MoveKind, MoveList, Position, NO_PIECE};
use crate::variant::rules::MAX_KINDS;
use crate::variant::Color;

const TT_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 24;
const KILLER_1: i32 = 1 << 22;
const KILLER_2: i32 = KILLER_1 - 1;
const COUNTER: i32 = KILLER_2 - 1;
/// Captures that lose material by static exchange: after every quiet move.
const BAD_CAPTURE: i32 = -(1 << 24);
/// History scores stay within this bound (gravity formula in `History::update`).
pub const HISTORY_MAX: i32 = 1 << 14;

/// Quiet-move history: how often a (colour, from, to) move caused a cut-off.
pub struct History {
    squares: usize,
    table: Vec<i32>,
}

impl History {
    pub fn new(squares: usize) -> History {
        History {
            squares,
            table: vec![0; 2 * squares * squares],
        }
    }

    #[inline]
    fn index(&self, color: Color, m: Move) -> usize {
        (color.index() * self.squares + m.from()) * self.squares + m.to()
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
}

/// Whether a move is "tactical": a capture or a promotion (what quiescence searches).
#[inline]
pub fn is_tactical<B: Bitboard>(pos: &Position<B>, m: Move) -> bool {
    m.kind() == MoveKind::Promotion || pos.is_capture(m)
}

/// MVV-LVA (plus the promoted piece's value) for a tactical move.
#[inline]
pub fn tactical_score<B: Bitboard>(pos: &Position<B>, eval: &dyn Evaluator<B>, m: Move) -> i32 {
    let victim = pos.captured_piece(m);
    let victim_value = if victim == NO_PIECE {
        0
    } else {
        eval.piece_value(kind_of(victim))
    };
    let promo = if m.kind() == MoveKind::Promotion {
        eval.piece_value(m.promoted_kind())
    } else {
        0
    };
    let attacker = eval.piece_value(kind_of(pos.piece_at(m.from())));
    (victim_value + promo) * 16 - attacker / 8
}

/// A tactical move's ordering score: MVV-LVA above the quiet moves when it does not
/// lose material by static exchange, below them when it does.
#[inline]
fn capture_score<B: Bitboard>(
    pos: &Position<B>,
    eval: &dyn Evaluator<B>,
    exchange: &Exchange,
    m: Move,
) -> i32 {
    let base = if exchange.see_ge(pos, m, 0) {
        GOOD_CAPTURE
    } else {
        BAD_CAPTURE
    };
    base + tactical_score(pos, eval, m)
}

/// Whether a picked move's score marks a capture that loses material by static exchange.
#[inline]
pub fn is_losing_capture(score: i32) -> bool {
    score < BAD_CAPTURE / 2
}

#[derive(Clone, Copy)]
struct Scored {
    mv: Move,
    score: i32,
}

/// The moves of one node, handed out best first (as many as the move list holds).
pub struct MovePicker {
    moves: SpillList<Scored, INLINE_MOVES>,
    next: usize,
}

impl MovePicker {
    /// Scores `list` for a full-width node.
    #[allow(clippy::too_many_arguments)]
    pub fn new<B: Bitboard>(
        pos: &Position<B>,
        eval: &dyn Evaluator<B>,
        exchange: &Exchange,
        list: &MoveList,
        tt_move: Move,
        killers: [Move; 2],
        counter: Move,
        history: &History,
    ) -> MovePicker {
        let us = pos.side_to_move();
        Self::build(list, |m| {
            if m == tt_move {
                TT_MOVE
            } else if is_tactical(pos, m) {
                capture_score(pos, eval, exchange, m)
            } else if m == killers[0] {
                KILLER_1
            } else if m == killers[1] {
                KILLER_2
            } else if m == counter {
                COUNTER
            } else {
                history.get(us, m)
            }
        })
    }

    /// Scores only captures and promotions (quiescence).
    pub fn tactical<B: Bitboard>(
        pos: &Position<B>,
        eval: &dyn Evaluator<B>,
        exchange: &Exchange,
        list: &MoveList,
        tt_move: Move,
    ) -> MovePicker {
        Self::build(list, |m| {
            if m == tt_move {
                TT_MOVE
            } else if is_tactical(pos, m) {
                capture_score(pos, eval, exchange, m)
            } else {
                0
            }
        })
    }

    fn build(list: &MoveList, mut score: impl FnMut(Move) -> i32) -> MovePicker {
        let mut p = MovePicker {
            moves: SpillList::new(),
            next: 0,
        };
        for &m in list.as_slice() {
            p.moves.push(Scored {
                mv: m,
                score: score(m),
            });
        }
        p
    }

    /// The best remaining move.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Move> {
        self.next_scored().map(|(m, _)| m)
    }

    /// The best remaining move with its ordering score.
    pub fn next_scored(&mut self) -> Option<(Move, i32)> {
        let moves = self.moves.as_mut_slice();
        let rest = moves.get_mut(self.next..).filter(|r| !r.is_empty())?;
        let mut best = 0;
        let mut best_score = rest[0].score;
        for (i, s) in rest.iter().enumerate().skip(1) {
            if s.score > best_score {
                best = i;
                best_score = s.score;
            }
        }
        rest.swap(0, best);
        let picked = rest[0];
        self.next += 1;
        Some((picked.mv, picked.score))
    }
}
