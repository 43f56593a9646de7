//! Walls of the board (`variant::shape`): Gustav III's a and j files between the back
//! ranks are no squares of its board. Expected moves and FENs are pyffish 0.0.90's
//! (`legal_moves`, `get_fen`); where Protean is stricter (a FEN that puts a piece or an
//! empty square on a wall: Fairy-Stockfish's walls belong to the position, Protean's to
//! the board) the error is the test.

use crate::common::{game_at, moves_from, sorted_moves};
use protean::engine::Game;

fn moves(fen: &str) -> Vec<String> {
    sorted_moves(&game_at("gustav3", fen))
}

#[test]
fn slides_stop_before_a_wall_and_leaps_jump_it() {
    // The amazon on f4 slides to b4 (a4 is a wall) and i4, and leaps like a knight.
    let fen = "k9/*8*/*8*/*8*/*4A3*/*8*/*8*/K9 w - - 0 1";
    let expected: Vec<&str> = "a1b1 a1b2 f4b4 f4b8 f4c1 f4c4 f4c7 f4d2 f4d3 f4d4 f4d5 f4d6 \
        f4e2 f4e3 f4e4 f4e5 f4e6 f4f1 f4f2 f4f3 f4f5 f4f6 f4f7 f4f8 f4g2 f4g3 f4g4 f4g5 \
        f4g6 f4h2 f4h3 f4h4 f4h5 f4h6 f4i1 f4i4 f4i7 f4j8"
        .split_whitespace()
        .collect();
    assert_eq!(moves(fen), expected);
    // From the corner the amazon neither slides up the walled file nor stands on it.
    let corner = "k9/*8*/*8*/*8*/*8*/*8*/*8*/A4K4 w - - 0 1";
    let expected: Vec<&str> = "a1b1 a1b2 a1b3 a1c1 a1c2 a1c3 a1d1 a1d4 a1e1 a1e5 a1f6 a1g7 \
        a1h8 f1e1 f1e2 f1f2 f1g1 f1g2"
        .split_whitespace()
        .collect();
    assert_eq!(moves(corner), expected);
}

#[test]
fn a_rook_behind_a_wall_gives_no_check() {
    // The rook on a8 and the king on a1 face each other across a2-a7, all walls.
    // With Black to move the position is legal: White's king is not in check.
    assert!(Game::by_name("gustav3", Some("r8k/*8*/*8*/*8*/*8*/*8*/*8*/K9 b - - 0 1")).is_ok());
    // Without the walls (Capablanca's 10x8) the same placement is refused.
    assert!(Game::by_name("capablanca", Some("r8k/10/10/10/10/10/10/K9 b - - 0 1")).is_err());
    // The rook's file stops at a7: its moves are along the eighth rank only.
    let g = Game::by_name("gustav3", Some("r8k/*8*/*8*/*8*/*8*/*8*/*8*/K9 b - - 0 1")).unwrap();
    assert_eq!(
        moves_from(&g, "a8"),
        ["a8b8", "a8c8", "a8d8", "a8e8", "a8f8", "a8g8", "a8h8", "a8i8"]
    );
}

#[test]
fn fens_give_every_wall_as_a_star() {
    let start = "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1";
    let mut g = Game::by_name("gustav3", None).unwrap();
    assert_eq!(g.fen(), start);
    g.play_uci("b2b4").unwrap();
    assert_eq!(
        g.fen(),
        "arnbqkbnra/*pppppppp*/*8*/*8*/*P7*/*8*/*1PPPPPPP*/ARNBQKBNRA b KQkq - 0 1"
    );
    for (bad, square) in [
        // A pawn on a2, a wall.
        ("r8k/*8*/*8*/*8*/*8*/*8*/P8*/K9 w - - 0 1", "a2"),
        // An empty run over a2.
        ("r8k/*8*/*8*/*8*/*8*/*8*/9*/K9 w - - 0 1", "a2"),
    ] {
        let err = Game::by_name("gustav3", Some(bad))
            .err()
            .expect(bad)
            .to_string();
        assert!(
            err.contains(&format!("{square} is a wall of this board")),
            "{bad}: {err}"
        );
    }
    // A star where the board has a square is no wall in a game without placed walls.
    assert!(Game::by_name(
        "gustav3",
        Some("r8k/*8*/*8*/*4*3*/*8*/*8*/*8*/K9 w - - 0 1")
    )
    .is_err());
}
