//! Line-count movement (Lines of Action), compiled for one board: a piece moves along
//! a rank, file or diagonal exactly as many squares as there are pieces (both sides,
//! the mover included) on that whole line, may pass over its own pieces but not over
//! an enemy one, and captures by landing on an enemy piece. Which kinds move so is
//! variant data (`GoalRules::line_count_moves`, the `proteanLineCountMoves` key); this
//! module holds the tables and the one function the generator calls.
//!
//! The tables: per square and axis, every square of the line through it (the count is
//! one popcount); per square, direction and distance, the destination (or none, off
//! the board). The squares passed over come from the board's `between` table.

use super::betza::{Atom, Hop};
use super::{Color, WHITE};
use crate::board::{Bitboard, Square, Tables};

/// The eight directions, as pairs along the four axes: rank, file, diagonal,
/// anti-diagonal.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// The directions (bits in [`DIRECTIONS`] order) a line-count kind moves along, for
/// `color`: those of its Betza atoms, which must be unlimited riders along the eight
/// unit lines that move and capture (`Q` for all eight, `R`, `B`, `fR`, ...).
pub fn directions(atoms: &[Atom], color: Color) -> Result<u8, String> {
    let flip = if color == WHITE { 1 } else { -1 };
    let mut dirs = 0u8;
    for a in atoms {
        let v = (a.dx as i32 * flip, a.dy as i32 * flip);
        let rider = a.max_steps == 0
            && a.hop == Hop::None
            && a.can_move
            && a.can_capture
            && !a.lame
            && !a.initial_only;
        match DIRECTIONS.iter().position(|&d| d == v) {
            Some(i) if rider => dirs |= 1 << i,
            _ => {
                return Err("a line-count piece's Betza may only name riders along the \
                            eight lines that move and capture (Q, R, B, fR, ...)"
                    .into())
            }
        }
    }
    if dirs == 0 {
        return Err("a line-count piece needs its directions as Betza riders (Q, R, B)".into());
    }
    Ok(dirs)
}

/// No square: the step leaves the board.
const OFF: u16 = u16::MAX;

pub struct LineCount<B> {
    /// `lines[sq * 4 + axis]`: the squares of the line through `sq` on that axis.
    lines: Vec<B>,
    /// `dest[(sq * 8 + dir) * stride + n]`: the square `n` steps from `sq` in
    /// direction `dir`, or `OFF` off the board.
    dest: Vec<u16>,
    stride: usize,
}

impl<B: Bitboard> LineCount<B> {
    pub fn new(tables: &Tables<B>) -> LineCount<B> {
        let geo = tables.geo;
        let n = geo.squares();
        let stride = geo.files().max(geo.ranks()) + 1;
        let mut lines = vec![B::EMPTY; n * 4];
        let mut dest = vec![OFF; n * 8 * stride];
        for sq in 0..n {
            for (dir, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                let mut at = sq;
                lines[sq * 4 + dir / 2] |= B::from_square(sq);
                for steps in 1..stride {
                    let Some(next) = geo.offset(at, dx, dy) else {
                        break;
                    };
                    at = next;
                    lines[sq * 4 + dir / 2] |= B::from_square(at);
                    dest[(sq * 8 + dir) * stride + steps] = at as u16;
                }
            }
        }
        LineCount {
            lines,
            dest,
            stride,
        }
    }

    /// The squares a line-count mover on `from` reaches along `dirs`: `occ` every
    /// piece, `enemy` the pieces it may not pass over, `landing` the squares it may
    /// stop on (empty or enemy).
    #[inline]
    pub fn targets(
        &self,
        tables: &Tables<B>,
        from: Square,
        dirs: u8,
        occ: B,
        enemy: B,
        landing: B,
    ) -> B {
        let mut t = B::EMPTY;
        for axis in 0..4 {
            if dirs >> (2 * axis) & 3 == 0 {
                continue;
            }
            let n = (self.lines[from * 4 + axis] & occ).count() as usize;
            for dir in [2 * axis, 2 * axis + 1] {
                if dirs >> dir & 1 == 0 {
                    continue;
                }
                let to = self.dest[(from * 8 + dir) * self.stride + n];
                if to == OFF {
                    continue;
                }
                let to = to as Square;
                if landing.has(to) && (tables.between(from, to) & enemy).is_empty() {
                    t |= B::from_square(to);
                }
            }
        }
        t
    }
}
