//! The generator's less-travelled paths: the `u128` and `Wide` instances, the generic
//! pseudo-legal-then-filter strategy, and the Betza features no orthodox piece uses
//! (limited riders, nightriders, cannons, grasshoppers, lame leaps, initial moves,
//! move-only and capture-only pieces) on boards from 5x5 to 19x19.
//!
//! Counts are either the reference perft data of `engine-tests/perft/` or worked out by
//! hand; each hand count has its derivation next to it.

mod common;

use protean::board::{Bitboard, Wide};
use protean::movegen::perft::perft;
use protean::position::Position;
use protean::variant::rules::Rules;
use protean::variant::{find_variant, PieceKind, Variant};
use std::sync::Arc;

/// Largest reference count checked per position for the slower instances and paths.
const BUDGET: u64 = 200_000;

fn compile<B: Bitboard>(variant: Variant) -> Arc<Rules<B>> {
    let name = variant.name.clone();
    Arc::new(Rules::<B>::new(Arc::new(variant)).unwrap_or_else(|e| panic!("{name}: {e}")))
}

fn setup<B: Bitboard>(rules: &Arc<Rules<B>>, fen: &str) -> Position<B> {
    Position::from_fen(rules.clone(), fen)
        .unwrap_or_else(|e| panic!("{}: {fen}: {e}", rules.variant.name))
}

/// Checks every listed count up to `BUDGET` of `<file>.perft`; returns how many.
fn check_suite<B: Bitboard>(rules: &Arc<Rules<B>>, file: &str) -> usize {
    let cases = common::read_perft_file(&format!("{file}.perft"));
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in &cases {
        let mut pos = setup(rules, &case.fen);
        for &(depth, expected) in &case.counts {
            if expected > BUDGET && depth > 1 {
                continue;
            }
            checked += 1;
            let got = perft(&mut pos, depth);
            if got != expected {
                failures.push(format!(
                    "{file}.perft:{} depth {depth}: expected {expected}, got {got} ({})",
                    case.line, case.fen
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} ({}): {} mismatches:\n{}",
        rules.variant.name,
        std::any::type_name::<B>(),
        failures.len(),
        failures.join("\n")
    );
    checked
}

fn builtin(name: &str) -> Variant {
    (*find_variant(name).unwrap()).clone()
}

#[test]
fn chess_on_u128() {
    let rules = compile::<u128>(builtin("chess"));
    assert!(rules.pin_aware);
    assert_eq!(check_suite(&rules, "chess"), 0);
}

#[test]
fn chess_on_wide() {
    let rules = compile::<Wide>(builtin("chess"));
    assert!(rules.pin_aware);
    assert_eq!(check_suite(&rules, "chess"), 0);
}

#[test]
fn fischerandom_on_u128() {
    let rules = compile::<u128>(builtin("fischerandom"));
    assert_eq!(check_suite(&rules, "fischerandom"), 0);
}

#[test]
fn fischerandom_on_wide() {
    let rules = compile::<Wide>(builtin("fischerandom"));
    assert_eq!(check_suite(&rules, "fischerandom"), 0);
}

/// Chess plus a grasshopper that never appears: its hopper capture makes the variant
/// take the generic path, which must still count every chess position exactly.
fn chess_with_grasshopper() -> Variant {
    let mut v = builtin("chess");
    v.name = "chess-grasshopper".into();
    v.pieces.push(PieceKind::new("grasshopper", 'G', "gQ"));
    v
}

#[test]
fn generic_path_counts_chess() {
    let rules = compile::<u64>(chess_with_grasshopper());
    assert!(!rules.pin_aware);
    assert_eq!(check_suite(&rules, "chess"), 0);
}
