//! Protean: a multi-variant chess engine. Every game is data run by one shared machine.
//!
//! Layers, from the bottom: `board` (geometry, bitboards, attack tables), `variant`
//! (the data model and Betza parser), `position` (state, make/unmake, FEN, Zobrist),
//! `movegen` (legal moves, perft), `eval` (static evaluation), `search`, `engine` (the
//! game a front end drives, over every bitboard instance), `protocol` (UCI text) and
//! `tune` (self-play data and parameter fitting).

pub mod board;
pub mod engine;
pub mod eval;
pub mod hidden;
pub mod movegen;
pub mod position;
pub mod protocol;
pub mod search;
pub mod tune;
pub mod variant;
