//! Geometry, square sets and attack tables for boards from tiny up to 19x19.

pub mod attacks;
pub mod bitboard;
pub mod geometry;
pub mod magic;

pub use attacks::Tables;
pub use bitboard::{mix64, Bitboard, Squares, Wide};
pub use geometry::{Geometry, Square, MAX_FILES, MAX_RANKS, MAX_SQUARES};
