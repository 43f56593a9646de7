//! Pieces that change colour, and drops that must enclose: Fairy-Stockfish's
//! `flipEnclosedPieces` and `enclosingDrop` (Reversi/Othello, Ataxx, Quadwrangle).
//!
//! A flip is a capture rule ([`super::Capture::Flip`], compiled into
//! `parts::CaptureRule::Flip`): after a move or a drop, some enemy pieces near the
//! square reached turn into the mover's pieces of the same kind. The enclosing rule is a
//! drop rule ([`super::Hands::enclosing`]): where a drop may go, given the pieces
//! already on the board.

/// Which enemy pieces a move or drop turns into the mover's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flip {
    /// Every straight line (of the eight directions) of enemy pieces between the square
    /// reached and another own piece, with no gap (Reversi, Othello).
    Reversi,
    /// Every enemy piece on the eight squares around the square reached (Ataxx).
    Ataxx,
    /// As [`Flip::Ataxx`] after a move; after a drop only where the dropped piece lands
    /// next to an own piece (Quadwrangle).
    Quadwrangle,
}

/// Where a drop may go beyond its drop zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnclosingDrop {
    /// Where it flips at least one enemy piece as [`Flip::Reversi`] would.
    Reversi,
    /// Next to (one of the eight squares around) an own piece (Ataxx's clone).
    Ataxx,
}

/// The eight directions of [`Flip::Reversi`] lines, as (file, rank) steps.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
