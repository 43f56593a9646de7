//! The line goals compiled for one board ([`crate::variant::LineGoal`]: Fairy-Stockfish's
//! `connectN`, `connectNxN` and `collinearN`): whether a set of pieces holds a run of
//! squares in a row, a filled square block, or enough pieces on one line.

use crate::board::{Bitboard, Geometry};
use crate::variant::rules::Shift;
use crate::variant::LineValue;

/// The directions a line may run in, as (file, rank) steps: along the rank, along the
/// file, and the two diagonals (each line is found from one of its two ends).
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A compiled [`crate::variant::LineGoal`].
pub struct LineRule<B> {
    /// The kinds whose pieces count (a bit per kind; `None`: every kind).
    pub kinds: Option<u32>,
    /// Squares in a row that make a line (0: off), and per allowed direction the shift
    /// that moves a set one square back against it.
    run: u32,
    run_shifts: Vec<Shift<B>>,
    /// The side of a filled block (0: off), and the three shifts that move a set one
    /// square west, south and south-west: a square stays in `b & w(b) & s(b) & sw(b)`
    /// when the 2x2 block it is the south-west corner of is filled.
    block: u32,
    block_shifts: [Shift<B>; 3],
    /// Pieces on one line that count (0: off), and per allowed direction and square the
    /// whole line through the square (the square included).
    collinear: u32,
    lines: Vec<Vec<B>>,
    /// What the line gives the side that made it.
    pub value: LineValue,
}

/// The shift of a whole set one square along (`dx`, `dy`): squares whose neighbour
/// that way is on the board move there.
fn shift<B: Bitboard>(geo: Geometry, dx: i32, dy: i32) -> Shift<B> {
    let sources = (0..geo.squares())
        .filter(|&sq| geo.offset(sq, dx, dy).is_some())
        .fold(B::EMPTY, |b, sq| b | B::from_square(sq));
    Shift {
        delta: dy as isize * geo.files() as isize + dx as isize,
        sources,
    }
}

impl<B: Bitboard> LineRule<B> {
    /// The rule of `goal` (active) for a board `geo`, counting the kinds `kinds`.
    pub fn compile(goal: &crate::variant::LineGoal, geo: Geometry, kinds: Option<u32>) -> Self {
        let allowed: Vec<(i32, i32)> = DIRECTIONS
            .into_iter()
            .filter(|&(dx, dy)| match (dx, dy) {
                (_, 0) => goal.horizontal,
                (0, _) => goal.vertical,
                _ => goal.diagonal,
            })
            .collect();
        let lines = if goal.collinear == 0 {
            Vec::new()
        } else {
            allowed
                .iter()
                .map(|&(dx, dy)| {
                    (0..geo.squares())
                        .map(|sq| {
                            let mut line = B::from_square(sq);
                            for sign in [1, -1] {
                                let mut at = sq;
                                while let Some(next) = geo.offset(at, sign * dx, sign * dy) {
                                    line |= B::from_square(next);
                                    at = next;
                                }
                            }
                            line
                        })
                        .collect()
                })
                .collect()
        };
        LineRule {
            kinds,
            run: goal.run,
            run_shifts: allowed
                .iter()
                .map(|&(dx, dy)| shift(geo, -dx, -dy))
                .collect(),
            block: goal.square,
            block_shifts: [shift(geo, -1, 0), shift(geo, 0, -1), shift(geo, -1, -1)],
            collinear: goal.collinear,
            lines,
            value: goal.value,
        }
    }

    /// Whether `pieces` (one side's pieces of the counted kinds) make a line of any
    /// form the rule has.
    pub fn made_by(&self, pieces: B) -> bool {
        self.run_in(pieces) || self.block_in(pieces) || self.collinear_in(pieces)
    }

    /// `run` pieces next to each other along one allowed direction: a square stays in
    /// the set after k rounds of "and its neighbour ahead is in the set" when the k
    /// squares ahead of it are pieces too.
    fn run_in(&self, pieces: B) -> bool {
        self.run > 0
            && self.run_shifts.iter().any(|s| {
                let mut b = pieces;
                for _ in 1..self.run {
                    if b.is_empty() {
                        break;
                    }
                    b &= s.apply(b);
                }
                b.any()
            })
    }

    /// A filled `block` x `block` square: each round keeps the squares that are the
    /// south-west corner of a filled 2x2 block of the previous set.
    fn block_in(&self, pieces: B) -> bool {
        if self.block == 0 {
            return false;
        }
        let mut b = pieces;
        for _ in 1..self.block {
            if b.is_empty() {
                break;
            }
            let [w, s, sw] = &self.block_shifts;
            b = b & w.apply(b) & s.apply(b) & sw.apply(b);
        }
        b.any()
    }

    /// `collinear` pieces on one line of an allowed direction, gaps allowed.
    fn collinear_in(&self, pieces: B) -> bool {
        self.collinear > 0
            && pieces.count() >= self.collinear
            && self.lines.iter().any(|per_square| {
                pieces
                    .squares()
                    .any(|sq| (per_square[sq] & pieces).count() >= self.collinear)
            })
    }
}
