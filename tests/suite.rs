//! Every integration test, as one test binary: each file beside this one is a module
//! (`cargo test --release perft_suite::` runs one of them). One binary instead of one per
//! file because the release profile links with fat LTO, and twenty links cost CI more
//! than the tests themselves.

mod common;

mod allocations;
mod board_walls;
mod cheshirecat;
mod counting;
mod end_sequences;
mod eval;
mod fen_interop;
mod flips;
mod fuzz_corpus;
mod game_end;
mod gating;
mod generator_paths;
mod goal_reference;
mod goal_rules;
mod goal_rules2;
mod goal_rules3;
mod goal_rules4;
mod goal_rules5;
mod goal_rules6;
mod hands;
mod hidden;
mod hidden2;
mod hidden3;
mod hidden4;
mod hidden5;
mod hidden6;
mod hidden7;
mod hidden8;
mod janggi;
mod loa;
mod match_runner;
mod more_reference;
mod nnue;
mod outcome;
mod pawn_variants;
mod perft_suite;
mod placement;
mod position;
mod pseudo_royal;
mod regions;
mod search;
mod shogun;
mod tafl;
mod threads;
mod uci;
mod uci_fuzz;
mod variant_tactics;
mod variants_ini;
mod xboard;
mod xboard_fuzz;
mod xiangqi;
