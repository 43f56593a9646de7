//! Text protocols in front of the engine.

pub mod uci;
