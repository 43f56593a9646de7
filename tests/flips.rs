//! Flipping captures, enclosing drops, passes on a stone and the end by count
//! (`variant::flip`; Fairy-Stockfish's `flipEnclosedPieces`, `enclosingDrop`,
//! `freeDrops`, `passOnStalemate`, `stalematePieceCount`, `materialCounting =
//! unweighted`, `adjudicateFullBoard`): one rule per test, each expectation derived in
//! the comment beside it and the same as pyffish 0.0.90 gives.

use super::common::{fen_after, game_after, game_at, has_move, sorted_moves, verdict};
use protean::position::EndReason;

/// Ataxx: a jump (a leap of two, `g1e1`) leaves its square and keeps counting the move
/// clock; a clone (a drop next to an own stone, `P@f1`: the hand is never spent, so the
/// FEN has no holdings) keeps the stone it came from and resets the clock.
#[test]
fn ataxx_jump_leaves_its_square_and_a_clone_does_not() {
    let start = "P5p/7/7/7/7/7/p5P w 0 1";
    assert_eq!(
        fen_after("ataxx", start, &["g1e1"]),
        "P5p/7/7/7/7/7/p3P2 b - - 1 1"
    );
    assert_eq!(
        fen_after("ataxx", start, &["P@f1"]),
        "P5p/7/7/7/7/7/p4PP b - - 0 1"
    );
    // Sixteen moves: five jumps and three clones from each white stone.
    assert_eq!(game_at("ataxx", start).legal_moves_uci().len(), 16);
}

/// Ataxx: the stones around the square reached turn, by a clone and by a jump alike;
/// a stone two squares away does not. White a1, d3; Black a3, b2, c1, c3.
#[test]
fn ataxx_flips_the_stones_around_the_square_reached() {
    let fen = "7/7/7/7/p1pP3/1p5/P1p4 w - - 0 1";
    // b1's neighbours: a1 (White), a2, b2 (Black), c2, c1 (Black): b2 and c1 turn;
    // a3 and c3 are two squares away and stay.
    assert_eq!(
        fen_after("ataxx", fen, &["P@b1"]),
        "7/7/7/7/p1pP3/1P5/PPP4 b - - 0 1"
    );
    // The jump d3-b1 turns the same two; d3 is left empty.
    assert_eq!(
        fen_after("ataxx", fen, &["d3b1"]),
        "7/7/7/7/p1p4/1P5/PPP4 b - - 1 1"
    );
    // A step to an adjacent square is a clone, never a move.
    let g = game_at("ataxx", fen);
    assert!(!has_move(&g, "a1b1"));
    assert!(has_move(&g, "P@b1"));
}

/// Ataxx: a side whose stones have no empty square within two passes, written on its
/// lowest-numbered stone (`a1a1`), as its one legal move; the pass counts on the move
/// clock.
#[test]
fn ataxx_a_stuck_side_passes_on_its_stone() {
    let fen = "7/7/7/7/ppp4/ppp4/Ppp4 w - - 0 1";
    let g = game_at("ataxx", fen);
    assert_eq!(sorted_moves(&g), vec!["a1a1".to_string()]);
    assert_eq!(verdict(&g), "ongoing");
    assert_eq!(
        fen_after("ataxx", fen, &["a1a1"]),
        "7/7/7/7/ppp4/ppp4/Ppp4 b - - 1 1"
    );
    // White's lowest stone is b4 (a4 and every square below hold Black's).
    let g = game_at(
        "ataxx",
        "ppppppP/ppPPPpP/pPPPPPP/pPPPPpP/ppppppp/ppppppp/pppp1pp w - - 1 69",
    );
    assert_eq!(sorted_moves(&g), vec!["b4b4".to_string()]);
}

/// Ataxx: one empty square, g1, reached by the clone from f2 and the jumps from e2,
/// e3, f3 and g3 (e1 is Black's): five moves, each of which fills the board (the clone)
/// or leaves the jump's square to refill. pyffish's counts to depth 4.
#[test]
fn ataxx_one_empty_square() {
    let fen = "PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPp/pppppp1 w - - 0 1";
    let mut g = game_at("ataxx", fen);
    assert_eq!(
        sorted_moves(&g),
        ["P@g1", "e2g1", "e3g1", "f3g1", "g3g1"].map(String::from)
    );
    for (depth, n) in [(1, 5), (2, 8), (3, 38), (4, 107)] {
        assert_eq!(g.perft(depth), n, "depth {depth}");
    }
}

/// Ataxx: the end by count. A full board ends the game and the side with more stones
/// wins; a side with no stone (and so no pass) has no move and loses to the side with
/// stones; no stones at all is a draw; a repetition is decided by the count too.
#[test]
fn ataxx_ends_by_counting_stones() {
    // White 41 stones, Black 8, no empty square.
    let full = "PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPP/PPPPPPp/ppppppp";
    let g = game_at("ataxx", &format!("{full} w - - 0 1"));
    assert_eq!(verdict(&g), "win");
    assert_eq!(g.outcome().unwrap().reason, EndReason::FullBoard);
    assert!(g.legal_moves_uci().is_empty());
    assert_eq!(
        verdict(&game_at("ataxx", &format!("{full} b - - 0 1"))),
        "loss"
    );
    // Black has no stone: no move, no pass; 0 stones against 1 loses.
    let g = game_at("ataxx", "P6/7/7/7/7/7/7 b - - 0 1");
    assert!(g.legal_moves_uci().is_empty());
    assert_eq!(verdict(&g), "loss");
    assert_eq!(
        verdict(&game_at("ataxx", "7/7/7/7/7/7/7 w - - 0 1")),
        "draw"
    );
    // Jumps back and forth: the start position's third occurrence, White (1 stone
    // against Black's 3) to move, loses.
    let g = game_after(
        "ataxx",
        "P5p/7/7/7/7/7/pp5 w - - 0 1",
        &[
            "a7a5", "b1b3", "a5a7", "b3b1", "a7a5", "b1b3", "a5a7", "b3b1",
        ],
    );
    assert_eq!(verdict(&g), "loss");
    assert_eq!(g.outcome().unwrap().reason, EndReason::Repetition);
}
