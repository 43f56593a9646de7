//! Board geometry: a rectangle of `files` x `ranks` squares.
//!
//! Squares are numbered rank by rank from White's side: `index = rank * files + file`,
//! so `a1` is 0 and moving one file right adds 1. Every board up to 19x19 (361 squares)
//! uses the same numbering; only the bitboard type that holds a set of squares changes.

use std::fmt;

pub const MAX_FILES: usize = 19;
pub const MAX_RANKS: usize = 19;
pub const MAX_SQUARES: usize = MAX_FILES * MAX_RANKS;

/// A square index on some board (`rank * files + file`).
pub type Square = usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    pub files: u8,
    pub ranks: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeometryError(pub String);

impl fmt::Display for GeometryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GeometryError {}

impl Geometry {
    pub const CHESS: Geometry = Geometry { files: 8, ranks: 8 };

    pub fn new(files: usize, ranks: usize) -> Result<Geometry, GeometryError> {
        if !(1..=MAX_FILES).contains(&files) || !(1..=MAX_RANKS).contains(&ranks) {
            return Err(GeometryError(format!(
                "board {files}x{ranks} is outside 1x1..{MAX_FILES}x{MAX_RANKS}"
            )));
        }
        Ok(Geometry {
            files: files as u8,
            ranks: ranks as u8,
        })
    }

    #[inline(always)]
    pub fn files(self) -> usize {
        self.files as usize
    }

    #[inline(always)]
    pub fn ranks(self) -> usize {
        self.ranks as usize
    }

    #[inline(always)]
    pub fn squares(self) -> usize {
        self.files() * self.ranks()
    }

    #[inline(always)]
    pub fn square(self, file: usize, rank: usize) -> Square {
        rank * self.files() + file
    }

    #[inline(always)]
    pub fn file_of(self, sq: Square) -> usize {
        sq % self.files()
    }

    #[inline(always)]
    pub fn rank_of(self, sq: Square) -> usize {
        sq / self.files()
    }

    /// The square reached from `sq` by moving `dx` files and `dy` ranks, if on the board.
    #[inline]
    pub fn offset(self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        let f = self.file_of(sq) as i32 + dx;
        let r = self.rank_of(sq) as i32 + dy;
        if f < 0 || r < 0 || f >= self.files as i32 || r >= self.ranks as i32 {
            None
        } else {
            Some(self.square(f as usize, r as usize))
        }
    }

    /// The square with the same file seen from the other side (rank mirrored).
    #[inline]
    pub fn flip_rank(self, sq: Square) -> Square {
        self.square(self.file_of(sq), self.ranks() - 1 - self.rank_of(sq))
    }

    /// Square name in Fairy-Stockfish's style: file letter, then the rank number
    /// (`a1`, `i10`, `s19`).
    pub fn square_name(self, sq: Square) -> String {
        let mut s = String::with_capacity(3);
        self.push_square_name(&mut s, sq);
        s
    }

    /// Appends the square's name to `s`: no allocation where `s` has room (a search
    /// report writes each move of its line this way).
    pub fn push_square_name(self, s: &mut String, sq: Square) {
        s.push((b'a' + self.file_of(sq) as u8) as char);
        let rank = self.rank_of(sq) + 1;
        if rank >= 10 {
            s.push((b'0' + (rank / 10) as u8) as char);
        }
        s.push((b'0' + (rank % 10) as u8) as char);
    }

    /// Parses a square name such as `e4` or `a10`; `None` if malformed or off the board.
    pub fn parse_square(self, text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        if bytes.len() < 2 || !bytes[0].is_ascii_lowercase() {
            return None;
        }
        let file = (bytes[0] - b'a') as usize;
        let digits = &text[1..];
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let rank: usize = digits.parse().ok()?;
        if file >= self.files() || rank == 0 || rank > self.ranks() {
            return None;
        }
        Some(self.square(file, rank - 1))
    }

    /// Reads a square name from the front of `text`; returns it and the bytes consumed.
    /// Used for move strings like `a10b10` where names have no separator.
    pub fn parse_square_prefix(self, text: &str) -> Option<(Square, usize)> {
        let bytes = text.as_bytes();
        if bytes.is_empty() || !bytes[0].is_ascii_lowercase() {
            return None;
        }
        let mut end = 1;
        while end < bytes.len() && bytes[end].is_ascii_digit() && end < 3 {
            end += 1;
        }
        // Prefer the longest rank number that is on the board ("a10" on 10 ranks,
        // but "a1" followed by "0..." can never happen since ranks do not start with 0).
        while end > 1 {
            if let Some(sq) = self.parse_square(&text[..end]) {
                return Some((sq, end));
            }
            end -= 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_numbering_and_names() {
        let g = Geometry::CHESS;
        assert_eq!(g.square(0, 0), 0);
        assert_eq!(g.square(7, 7), 63);
        assert_eq!(g.square_name(g.square(4, 3)), "e4");
        assert_eq!(g.parse_square("e4"), Some(28));
        assert_eq!(g.parse_square("i1"), None);
        assert_eq!(g.parse_square("a9"), None);
        assert_eq!(g.parse_square("a0"), None);
        assert_eq!(g.parse_square("a01"), None);
        let big = Geometry::new(19, 19).unwrap();
        assert_eq!(big.squares(), 361);
        assert_eq!(big.square_name(360), "s19");
        assert_eq!(big.parse_square("s19"), Some(360));
        assert_eq!(
            big.parse_square_prefix("a10b10"),
            Some((big.square(0, 9), 3))
        );
        assert_eq!(big.parse_square_prefix("a1b2"), Some((0, 2)));
        let xq = Geometry::new(9, 10).unwrap();
        assert_eq!(xq.parse_square_prefix("e10"), Some((xq.square(4, 9), 3)));
        assert_eq!(xq.parse_square_prefix("e1e2"), Some((4, 2)));
    }

    #[test]
    fn offsets_stay_on_board() {
        let g = Geometry::new(10, 8).unwrap();
        assert_eq!(g.offset(0, -1, 0), None);
        assert_eq!(g.offset(9, 1, 0), None);
        assert_eq!(g.offset(0, 1, 2), Some(21));
        assert_eq!(g.flip_rank(0), 70);
        assert!(Geometry::new(20, 8).is_err());
        assert!(Geometry::new(0, 8).is_err());
    }
}
