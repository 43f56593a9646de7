//! Move ordering. Alpha-beta cuts most when the best move comes first, so moves are
//! tried in this order: the transposition table's move, captures and promotions by
//! MVV-LVA (most valuable victim, then least valuable attacker), the two killer moves of
//! the ply, the counter-move to the opponent's last move, quiet moves by their history
//! score, and last the captures that lose material by static exchange. Moves are picked one at a time
//! (selection sort): after a cut-off the rest never needs sorting.
//!
//! Captures that lose material by static exchange ([`super::see`]) go after the quiet
//! moves, where the variant's rules allow judging exchanges.

use super::history::History;
use super::see::Exchange;
use crate::board::Bitboard;
use crate::eval::Evaluator;
use crate::position::{kind_of, Move, MoveKind, MoveList, Position, NO_PIECE};
use std::mem::MaybeUninit;

const TT_MOVE: i32 = 1 << 30;
const GOOD_CAPTURE: i32 = 1 << 24;
const KILLER_1: i32 = 1 << 22;
const KILLER_2: i32 = KILLER_1 - 1;
const COUNTER: i32 = KILLER_2 - 1;
/// Captures that lose material by static exchange: after every quiet move.
const BAD_CAPTURE: i32 = -(1 << 24);
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

/// The moves of one node, handed out best first.
pub struct MovePicker {
    moves: [MaybeUninit<Scored>; MoveList::CAPACITY],
    len: usize,
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
            moves: [const { MaybeUninit::uninit() }; MoveList::CAPACITY],
            len: 0,
            next: 0,
        };
        for &m in list.as_slice() {
            p.moves[p.len].write(Scored {
                mv: m,
                score: score(m),
            });
            p.len += 1;
        }
        p
    }

    #[inline]
    fn at(&self, i: usize) -> Scored {
        debug_assert!(i < self.len);
        // SAFETY: entries below `len` were written in `build`.
        unsafe { self.moves[i].assume_init() }
    }

    /// The best remaining move.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Move> {
        self.next_scored().map(|(m, _)| m)
    }

    /// The best remaining move with its ordering score.
    pub fn next_scored(&mut self) -> Option<(Move, i32)> {
        if self.next >= self.len {
            return None;
        }
        let mut best = self.next;
        let mut best_score = self.at(best).score;
        for i in self.next + 1..self.len {
            let s = self.at(i).score;
            if s > best_score {
                best = i;
                best_score = s;
            }
        }
        self.moves.swap(self.next, best);
        let picked = self.at(self.next);
        self.next += 1;
        Some((picked.mv, picked.score))
    }
}
