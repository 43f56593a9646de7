//! One test per rule of each GOAL variant of part 2 (rule book `GOAL-VARIANTS.md`,
//! batch 3: capture side effects, drops and compound turns), on the book's positions
//! and our own, with the derivation beside each case. Part 1's games are in
//! `goal_rules.rs`; the independent reference's data is checked in `goal_reference.rs`.

use crate::common::{fen_after, game_at, sorted_moves};

use protean::engine::Game;
use protean::position::{EndReason, GameResult};
use protean::variant::Color;

/// `fen` with the moves played.
fn after(variant: &str, fen: &str, moves: &[&str]) -> Game {
    let mut g = game_at(variant, fen);
    for m in moves {
        g.play_uci(m).unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
    }
    g
}

/// The result for the side to move: "win", "loss", "draw" or "ongoing".
fn verdict(g: &Game) -> &'static str {
    let stm = Color::white_if(g.white_to_move());
    match g.outcome().map(|o| o.result) {
        None => "ongoing",
        Some(GameResult::Draw) => "draw",
        Some(GameResult::Win(c)) if c == stm => "win",
        Some(GameResult::Win(_)) => "loss",
    }
}

fn has(g: &Game, m: &str) -> bool {
    g.legal_moves_uci().iter().any(|x| x == m)
}

// --- 22. Shrapnel --------------------------------------------------------------------

#[test]
fn shrapnel_an_orthogonal_capture_clears_the_diagonal_rays() {
    // Book test 1: Rxa5 (along the a-file) removes the first unit on each diagonal ray
    // from a5: b6 (NE) and c3 (SE); c7 and d2 stand behind them and stay.
    assert_eq!(
        fen_after(
            "shrapnel",
            "4k3/2p5/1p6/n7/8/2P5/3P4/R6K w - - 0 1",
            &["a1a5"]
        ),
        "4k3/2p5/8/R7/8/8/3P4/7K b - - 0 1"
    );
    // Our own: a king's orthogonal capture (Ke1xe2) throws along the diagonals too:
    // d3 (NW, White's own pawn), h5 (NE, past the empty f3 and g4), d1 (SW) and f1
    // (SE) go; Ng1 is on no diagonal of e2 and stays.
    assert_eq!(
        fen_after(
            "shrapnel",
            "4k3/8/8/7p/8/3P4/4p3/3nKBN1 w - - 0 1",
            &["e1e2"]
        ),
        "4k3/8/8/8/8/8/4K3/6N1 b - - 0 1"
    );
}

#[test]
fn shrapnel_a_diagonal_capture_clears_the_orthogonal_rays_and_can_win() {
    // Book test 2: dxe5 (a diagonal pawn capture) removes Ke8 (N), White's own Ke1 (S)
    // and Rh5 (E): Black has nothing left, so Black, to move, has lost.
    let g = after("shrapnel", "4k3/8/8/4p2r/3P4/8/8/4K3 w - - 0 1", &["d4e5"]);
    assert_eq!(g.fen(), "8/8/8/4P3/8/8/8/8 b - - 0 1");
    assert_eq!(verdict(&g), "loss");
    assert_eq!(g.outcome().unwrap().reason, EndReason::Material);
    // A finished game has no legal moves: perft 0.
    let mut g = g;
    assert_eq!(g.perft(1), 0);
    // Our own: a queen's diagonal capture (Qa1xd4) throws along the rank and file.
    // From d4: N ray d5 (first unit; d8 stays), S ray d2, W ray b4 (a4 stays), E ray
    // empty. Qa1 is the capturer and survives.
    assert_eq!(
        fen_after(
            "shrapnel",
            "3k4/8/8/3p4/pp1p4/8/3P4/Q6K w - - 0 1",
            &["a1d4"]
        ),
        "3k4/8/8/8/p2Q4/8/8/7K b - - 0 1"
    );
}

#[test]
fn shrapnel_a_knight_capture_removes_only_its_victim() {
    // Book test 3: Nxe5 is a leap: the pawn goes and nothing else.
    assert_eq!(
        fen_after("shrapnel", "4k3/8/8/4p2r/8/3N4/8/4K3 w - - 0 1", &["d3e5"]),
        "4k3/8/8/4N2r/8/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn shrapnel_en_passant_throws_from_the_landing_square() {
    // Book test 4: exd6 e.p. takes d5; the rays start at d6: Kd8 (N) and White's Kd1
    // (S, through the emptied d5) go; E and W are empty, so Rh5 (on d5's rank, not d6's)
    // survives and the game goes on.
    let g = after("shrapnel", "3k4/8/8/3pP2r/8/8/8/3K4 w - d6 0 1", &["e5d6"]);
    assert_eq!(g.fen(), "8/8/3P4/7r/8/8/8/8 b - - 0 1");
    assert_eq!(verdict(&g), "ongoing");
}

#[test]
fn shrapnel_a_promotion_capture_throws_like_a_diagonal_move() {
    // bxa8=Q: diagonal, so the orthogonal rays from a8: S ray a7 (first; a6 stays),
    // E ray c8 (first; e8 stays). The promoted queen stays.
    assert_eq!(
        fen_after(
            "shrapnel",
            "r1n1k3/pP6/p7/8/8/8/8/4K3 w - - 0 1",
            &["b7a8q"]
        ),
        "Q3k3/8/p7/8/8/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn shrapnel_no_check_no_castling_and_optional_captures() {
    // No castling (the rights in the FEN are ignored), and captures are optional:
    // quiet moves stay legal beside the capture a1a8.
    let g = game_at("shrapnel", "r3k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!has(&g, "e1g1") && !has(&g, "e1c1"));
    assert!(has(&g, "a1a8") && has(&g, "a1a2") && has(&g, "e1d1"));
    // The king is an ordinary unit: it may step onto the file Re8 attacks.
    let g = game_at("shrapnel", "4r1k1/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert!(has(&g, "e1e2"));
}

#[test]
fn shrapnel_units_without_a_move_draw_and_no_units_lose() {
    // White's a2 pawn is blocked by a3 and has no capture: White has a unit but no
    // legal move, a draw (book decision).
    let g = game_at("shrapnel", "7k/8/8/8/8/p7/P7/8 w - - 0 1");
    assert_eq!(verdict(&g), "draw");
    // A side with no units has lost, even in a set-up position.
    let mut g = game_at("shrapnel", "4k3/8/8/8/8/8/8/8 w - - 0 1");
    assert_eq!(verdict(&g), "loss");
    assert_eq!(g.perft(2), 0);
}

#[test]
fn shrapnel_start_position_counts() {
    // No capture is possible in two plies, so the counts are chess's: 20, 400; at
    // ply 3, chess's 8,902 counts captures (34) whose shrapnel changes nothing yet.
    let mut g = game_at(
        "shrapnel",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    );
    assert_eq!(g.perft(1), 20);
    assert_eq!(g.perft(2), 400);
    assert_eq!(g.perft(3), 8902);
    assert_eq!(sorted_moves(&g).len(), 20);
}
