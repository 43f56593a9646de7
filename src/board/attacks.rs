//! Per-board-shape tables: masks, rays, slider back end, `between` and `line` sets, and
//! leaper tables built from move vectors.

use super::bitboard::Bitboard;
use super::geometry::{Geometry, Square};
use super::magic::{Rays, Sliders, DIRECTIONS};

pub struct Tables<B: Bitboard> {
    pub geo: Geometry,
    /// Every square of the board.
    pub board: B,
    pub files: Vec<B>,
    pub ranks: Vec<B>,
    pub rays: Rays<B>,
    sliders: B::Sliders,
    /// `between[a * n + b]`: squares strictly between two aligned squares, else empty.
    between: Vec<B>,
    /// `line[a * n + b]`: the whole board line through two aligned squares, else empty.
    line: Vec<B>,
}

impl<B: Bitboard> Tables<B> {
    pub fn new(geo: Geometry) -> Tables<B> {
        Tables::shaped(geo, B::EMPTY)
    }

    /// The tables of a board whose `walls` (static walls: Gustav III's, Omicron's) are
    /// no squares of it: out of `board`, never reached by a ray, a `between` or a
    /// `line`, so sliders stop before them as at the edge and every generator (the
    /// pin-aware one too) sees the shape without a wall test. `files` and `ranks`
    /// stay whole (they clip shifts).
    pub fn shaped(geo: Geometry, walls: B) -> Tables<B> {
        assert!(
            geo.squares() <= B::CAPACITY,
            "a {}x{} board does not fit this bitboard",
            geo.files,
            geo.ranks
        );
        let n = geo.squares();
        let board = B::first_n(n) & !walls;
        let files = (0..geo.files())
            .map(|f| (0..geo.ranks()).fold(B::EMPTY, |b, r| b | B::from_square(geo.square(f, r))))
            .collect();
        let ranks = (0..geo.ranks())
            .map(|r| (0..geo.files()).fold(B::EMPTY, |b, f| b | B::from_square(geo.square(f, r))))
            .collect();
        let rays = Rays::shaped(geo, walls);
        let sliders = B::Sliders::build(geo, &rays);
        let mut between = vec![B::EMPTY; n * n];
        let mut line = vec![B::EMPTY; n * n];
        for a in 0..n {
            for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                let opposite = (d + 2) % 4 + if d >= 4 { 4 } else { 0 };
                let full = rays.rays[d][a] | rays.rays[opposite][a] | B::from_square(a);
                let mut gap = B::EMPTY;
                let mut cur = a;
                while let Some(b) = geo.offset(cur, dx, dy).filter(|&b| !walls.has(b)) {
                    between[a * n + b] = gap;
                    line[a * n + b] = full;
                    gap |= B::from_square(b);
                    cur = b;
                }
            }
        }
        Tables {
            geo,
            board,
            files,
            ranks,
            rays,
            sliders,
            between,
            line,
        }
    }

    #[inline(always)]
    pub fn orthogonal(&self, sq: Square, occ: B) -> B {
        self.sliders.orthogonal(&self.rays, sq, occ)
    }

    #[inline(always)]
    pub fn diagonal(&self, sq: Square, occ: B) -> B {
        self.sliders.diagonal(&self.rays, sq, occ)
    }

    #[inline(always)]
    pub fn between(&self, a: Square, b: Square) -> B {
        self.between[a * self.geo.squares() + b]
    }

    #[inline(always)]
    pub fn line(&self, a: Square, b: Square) -> B {
        self.line[a * self.geo.squares() + b]
    }

    /// For every square, the destinations of leaps by the given vectors.
    pub fn leaps(&self, vectors: &[(i32, i32)]) -> Vec<B> {
        (0..self.geo.squares())
            .map(|sq| {
                vectors
                    .iter()
                    .filter_map(|&(dx, dy)| self.geo.offset(sq, dx, dy))
                    .filter(|&t| self.board.has(t))
                    .fold(B::EMPTY, |b, t| b | B::from_square(t))
            })
            .collect()
    }

    /// Shifts a whole set by (dx, dy), dropping squares that would leave the board.
    pub fn shift(&self, b: B, dx: i32, dy: i32) -> B {
        let mut src = b;
        for f in 0..self.geo.files() as i32 {
            if f + dx < 0 || f + dx >= self.geo.files() as i32 {
                src &= !self.files[f as usize];
            }
        }
        let offset = dy * self.geo.files() as i32 + dx;
        let moved = if offset >= 0 {
            src.shl(offset as u32)
        } else {
            src.shr((-offset) as u32)
        };
        moved & self.board
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::bitboard::Wide;

    fn names<B: Bitboard>(t: &Tables<B>, b: B) -> Vec<String> {
        b.squares().map(|s| t.geo.square_name(s)).collect()
    }

    fn set<B: Bitboard>(t: &Tables<B>, names: &[&str]) -> B {
        names.iter().fold(B::EMPTY, |b, n| {
            b | B::from_square(t.geo.parse_square(n).unwrap())
        })
    }

    /// Masks, shifts and slider attacks on the largest board each instance serves.
    fn largest_board<B: Bitboard>(files: usize, ranks: usize) {
        let geo = Geometry::new(files, ranks).unwrap();
        let t = Tables::<B>::new(geo);
        let n = geo.squares();
        assert_eq!(t.board.count() as usize, n);
        assert!(t.files.iter().all(|f| f.count() as usize == ranks));
        assert!(t.ranks.iter().all(|r| r.count() as usize == files));
        let top_right = n - 1;
        let last_file = files - 1;
        // Shifts drop what leaves the board instead of wrapping to the next rank.
        assert_eq!(t.shift(t.files[last_file], 1, 0), B::EMPTY);
        assert_eq!(t.shift(t.files[0], -1, 0), B::EMPTY);
        assert_eq!(t.shift(t.files[0], 1, 0), t.files[1]);
        assert_eq!(t.shift(t.ranks[ranks - 1], 0, 1), B::EMPTY);
        assert_eq!(t.shift(t.ranks[0], 0, 1), t.ranks[1]);
        assert_eq!(t.shift(B::from_square(0), 1, 1), B::from_square(files + 1));
        assert_eq!(
            t.shift(B::from_square(top_right), -1, -1),
            B::from_square(top_right - files - 1)
        );
        // A rook in the corner on an empty board sees its file and rank.
        let rook = t.orthogonal(0, B::EMPTY);
        assert_eq!(rook, (t.files[0] | t.ranks[0]) & !B::from_square(0));
        // Blockers stop the ray and are included.
        let blocker = geo.square(0, ranks - 2);
        let rook = t.orthogonal(0, B::from_square(blocker));
        assert_eq!(rook.count() as usize, (ranks - 2) + (files - 1));
        assert!(rook.has(blocker) && !rook.has(geo.square(0, ranks - 1)));
        // Bishop from the top-right corner with a blocker on the long diagonal.
        let diag_len = files.min(ranks) - 1;
        assert_eq!(t.diagonal(top_right, B::EMPTY).count() as usize, diag_len);
        let mid = geo.square(last_file - 2, ranks - 3);
        assert_eq!(
            t.diagonal(top_right, B::from_square(mid)),
            B::from_square(mid) | B::from_square(geo.square(last_file - 1, ranks - 2))
        );
        // between / line.
        let a = geo.square(0, 0);
        let b = geo.square(0, 3);
        assert_eq!(t.between(a, b).count(), 2);
        assert_eq!(t.line(a, b), t.files[0]);
        assert!(t.between(a, geo.square(1, 2)).is_empty());
        assert!(t.line(a, geo.square(1, 2)).is_empty());
        // Leapers near the far corner.
        let knight = t.leaps(&[
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ]);
        assert_eq!(knight[top_right].count(), 2);
        assert_eq!(knight[0].count(), 2);
    }

    #[test]
    fn u64_on_8x8() {
        largest_board::<u64>(8, 8);
        let t = Tables::<u64>::new(Geometry::CHESS);
        let occ = set(&t, &["d6", "f4", "b4", "d2"]);
        let d4 = t.geo.parse_square("d4").unwrap();
        let mut rook = names(&t, t.orthogonal(d4, occ));
        rook.sort();
        assert_eq!(rook, ["b4", "c4", "d2", "d3", "d5", "d6", "e4", "f4"]);
        let mut bishop = names(&t, t.diagonal(d4, set(&t, &["f6", "b2"])));
        bishop.sort();
        assert_eq!(
            bishop,
            ["a7", "b2", "b6", "c3", "c5", "e3", "e5", "f2", "f6", "g1"]
        );
    }

    #[test]
    fn u128_on_largest_boards() {
        largest_board::<u128>(16, 8);
        largest_board::<u128>(11, 11);
        largest_board::<u128>(10, 10);
        largest_board::<u128>(10, 8);
        largest_board::<u128>(9, 10);
    }

    #[test]
    fn u128_sliders_by_name_on_the_large_variant_boards() {
        // Grand (10x10): ranks 9 and 10 are two-digit names; a rook on e5 stops at
        // the blockers it captures.
        let t = Tables::<u128>::new(Geometry::new(10, 10).unwrap());
        let e5 = t.geo.parse_square("e5").unwrap();
        let mut rook = names(&t, t.orthogonal(e5, set(&t, &["e9", "b5", "e2", "j5"])));
        rook.sort();
        assert_eq!(
            rook,
            [
                "b5", "c5", "d5", "e2", "e3", "e4", "e6", "e7", "e8", "e9", "f5", "g5", "h5", "i5",
                "j5"
            ]
        );
        // Capablanca (10x8): the long diagonal from a1 ends at h8, not on the j-file.
        let t = Tables::<u128>::new(Geometry::new(10, 8).unwrap());
        let a1 = t.geo.parse_square("a1").unwrap();
        let bishop = names(&t, t.diagonal(a1, 0));
        assert_eq!(bishop, ["b2", "c3", "d4", "e5", "f6", "g7", "h8"]);
        let j1 = t.geo.parse_square("j1").unwrap();
        let mut anti = names(&t, t.diagonal(j1, set(&t, &["f5"])));
        anti.sort();
        assert_eq!(anti, ["f5", "g4", "h3", "i2"]);
        // Xiangqi (9x10): a chariot on e1 sees the whole e-file up to e10.
        let t = Tables::<u128>::new(Geometry::new(9, 10).unwrap());
        let e1 = t.geo.parse_square("e1").unwrap();
        assert!(names(&t, t.orthogonal(e1, 0)).contains(&"e10".to_string()));
        assert_eq!(t.orthogonal(e1, 0).count(), 9 + 8);
    }

    #[test]
    fn wide_on_19x19() {
        largest_board::<Wide>(19, 19);
        largest_board::<Wide>(13, 13);
    }
}
