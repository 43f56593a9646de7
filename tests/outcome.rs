//! Game end under the orthodox rules: mate, stalemate, the 50-move rule, threefold
//! repetition and insufficient material, each on its own position.

use protean::engine::Game;
use protean::position::{EndReason, GameResult, Outcome};
use protean::variant::{BLACK, WHITE};

fn outcome(fen: &str, moves: &[&str]) -> Option<Outcome> {
    let mut g = Game::by_name("chess", Some(fen)).unwrap();
    for m in moves {
        g.play_uci(m).unwrap();
    }
    g.outcome()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn checkmate() {
    let o = outcome(START, &["f2f3", "e7e5", "g2g4", "d8h4"]).unwrap();
    assert_eq!(o.result, GameResult::Win(BLACK));
    assert_eq!(o.reason, EndReason::Checkmate);
    assert_eq!(o.to_string(), "0-1 {Black mates}");
    // Back-rank mate by White.
    let o = outcome("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", &["a1a8"]).unwrap();
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Win(WHITE), EndReason::Checkmate)
    );
    assert_eq!(o.to_string(), "1-0 {White mates}");
}

#[test]
fn stalemate_is_a_draw() {
    let o = outcome("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", &[]).unwrap();
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Draw, EndReason::Stalemate)
    );
    assert_eq!(o.to_string(), "1/2-1/2 {Stalemate}");
}

#[test]
fn fifty_move_rule() {
    let fen = |clock: u32| format!("4k3/8/8/8/8/8/4P3/R3K3 w - - {clock} 80");
    assert_eq!(outcome(&fen(99), &[]), None);
    let o = outcome(&fen(100), &[]).unwrap();
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Draw, EndReason::MoveRule)
    );
    // 99 plies, then a quiet rook move completes the hundredth.
    assert_eq!(
        outcome(&fen(99), &["a1a2"]).unwrap().reason,
        EndReason::MoveRule
    );
    // A pawn move resets the clock.
    assert_eq!(outcome(&fen(99), &["e2e4"]), None);
    // Mate on the hundredth ply is mate, not a draw.
    let o = outcome("7k/8/6K1/8/8/8/8/R7 w - - 99 80", &["a1a8"]).unwrap();
    assert_eq!(o.reason, EndReason::Checkmate);
}

#[test]
fn threefold_repetition() {
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    // Start position occurs for the second time: not yet.
    assert_eq!(outcome(START, &shuffle), None);
    let mut twice = shuffle.to_vec();
    twice.extend(shuffle);
    let o = outcome(START, &twice).unwrap();
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Draw, EndReason::Repetition)
    );
    assert_eq!(o.to_string(), "1/2-1/2 {Draw by repetition}");
    // Positions equal on the board but with different castling rights do not repeat:
    // after the king's round trip White can no longer castle.
    let mut kings = vec!["e2e4", "e7e5", "e1e2", "e8e7", "e2e1", "e7e8"];
    kings.extend(["e1e2", "e8e7", "e2e1", "e7e8"]);
    assert_eq!(outcome(START, &kings), None);
    kings.extend(["e1e2", "e8e7", "e2e1", "e7e8"]);
    assert_eq!(
        outcome(START, &kings).unwrap().reason,
        EndReason::Repetition
    );
}

#[test]
fn insufficient_material() {
    let dead = [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",     // K v K
        "8/8/4k3/8/8/3KB3/8/8 w - - 0 1",    // K+B v K
        "8/8/4k3/8/8/3KN3/8/8 b - - 0 1",    // K+N v K
        "8/8/3bk3/8/8/3KB3/8/8 w - - 0 1",   // bishops on one colour (d6, e3: dark)
        "8/8/4k3/8/8/3K4/2B1B3/8 w - - 0 1", // two bishops on one colour (c2, e2: light)
    ];
    for fen in dead {
        let o = outcome(fen, &[]).unwrap_or_else(|| panic!("{fen} not drawn"));
        assert_eq!(
            (o.result, o.reason),
            (GameResult::Draw, EndReason::InsufficientMaterial),
            "{fen}"
        );
    }
    let alive = [
        "8/8/2b1k3/8/8/3KB3/8/8 w - - 0 1", // bishops on opposite colours (c6 light, e3 dark)
        "8/8/4k3/8/8/3KN3/4N3/8 w - - 0 1", // two knights
        "8/8/4k3/8/8/3KB3/4N3/8 w - - 0 1", // bishop and knight
        "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1",  // a pawn
        "8/8/4k3/8/8/3K4/3R4/8 w - - 0 1",  // a rook
        "8/8/2n1k3/8/8/3KB3/8/8 w - - 0 1", // bishop v knight
    ];
    for fen in alive {
        assert_eq!(outcome(fen, &[]), None, "{fen}");
    }
}

#[test]
fn capture_into_bare_kings_ends_the_game() {
    let o = outcome("8/8/4k3/8/8/3K4/4q3/8 w - - 0 1", &["d3e2"]).unwrap();
    assert_eq!(o.reason, EndReason::InsufficientMaterial);
}
