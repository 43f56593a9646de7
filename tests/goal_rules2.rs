//! One test per rule of each GOAL variant of part 2 (rule book `GOAL-VARIANTS.md`,
//! batch 3: capture side effects, drops and compound turns), on the book's positions
//! and our own, with the derivation beside each case. Part 1's games are in
//! `goal_rules.rs`; the independent reference's data is checked in `goal_reference.rs`.

use crate::common::{
    fen_after, game_after as after, game_at, has_move as has, sorted_moves, verdict,
};

use protean::engine::Game;
use protean::position::EndReason;

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
    // No castling (a FEN may not even claim the rights), and captures are optional:
    // quiet moves stay legal beside the capture a1a8.
    assert!(Game::by_name("shrapnel", Some("r3k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")).is_err());
    let g = game_at("shrapnel", "r3k3/8/8/8/8/8/8/R3K2R w - - 0 1");
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

// --- 28. Tyrant ----------------------------------------------------------------------

#[test]
fn tyrant_only_kings_and_queens_capture() {
    // Book test 1: Rd1 may not take d5: its 6 moves are d2-d4 and c1-a1.
    let g = game_at("tyrant", "3qk3/8/8/3p4/8/8/8/3RK3 w - - 0 1");
    let rook: Vec<String> = sorted_moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("d1"))
        .collect();
    assert_eq!(rook, ["d1a1", "d1b1", "d1c1", "d1d2", "d1d3", "d1d4"]);
    // Our own: pawns have no diagonal moves, and a double step next to an enemy pawn
    // leaves no en-passant square (no pawn could take there): d4 only steps to d3.
    let g = after("tyrant", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", &["e2e4"]);
    assert_eq!(g.fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1");
    assert!(has(&g, "d4d3") && !has(&g, "d4e3"));
    let g = game_at("tyrant", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert!(!has(&g, "e4d5") && has(&g, "e4e5"));
}

#[test]
fn tyrant_a_captured_monarch_is_placed_on_a_safe_square() {
    // Book test 2: Qd1xd5 comes in 30 forms: 59 empty squares after the capture (64
    // less Qd5, Ke1, Ke8, a2, h7), of which 29 are attacked by Qd5 or Ke1.
    let fen = "4k3/7p/8/3q4/8/8/P7/3QK3 w - - 0 1";
    let g = game_at("tyrant", fen);
    let takes: Vec<String> = sorted_moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("d1d5"))
        .collect();
    assert_eq!(takes.len(), 30);
    // Never the plain capture, never an attacked square: d8 (Qd5's file), e2 (Ke1),
    // g8 (Qd5's diagonal); d1, the square the queen left, is on Qd5's file too.
    for m in ["d1d5", "d1d5@d8", "d1d5@e2", "d1d5@g8", "d1d5@d1"] {
        assert!(!has(&g, m), "{m}");
    }
    assert_eq!(
        fen_after("tyrant", fen, &["d1d5@h8"]),
        "4k2q/7p/8/3Q4/8/8/P7/4K3 b - - 0 1"
    );
    // The turn is one move: perft counts it once, and the placement undoes with it.
    let mut g = game_at("tyrant", fen);
    let n = g.perft(1);
    assert_eq!(n as usize, g.legal_moves_uci().len());
    assert_eq!(g.fen(), fen);
}

#[test]
fn tyrant_a_capture_without_a_safe_square_is_illegal() {
    // Our own: a full board but for nothing. Qa1xb1 would leave only a1 empty, next to
    // the queen on b1: no safe square, so no capture; nothing else of White's can move
    // (knights and pawns may not capture, everything is blocked): stalemate, a draw.
    let full = "rnbqkbnr/pppppppp/nnnnnnnn/PPPPPPPP/pppppppp/NNNNNNNN/PPPPPPPP/QqBBRRNK w - - 0 1";
    let g = game_at("tyrant", full);
    assert!(g.legal_moves_uci().is_empty());
    assert_eq!(verdict(&g), "draw");
    // With h6 empty too, h6 is out of the queen's reach from b1 (b2 and c2 block):
    // one placement, beside the pawn's step into h6.
    let g = game_at(
        "tyrant",
        "rnbqkbnr/pppppppp/nnnnnnn1/PPPPPPPP/pppppppp/NNNNNNNN/PPPPPPPP/QqBBRRNK w - - 0 1",
    );
    assert_eq!(sorted_moves(&g), ["a1b1@h6", "h5h6"]);
}

#[test]
fn tyrant_a_king_capture_is_placed_too() {
    // Our own: White's Kd1 takes the black king on e2 and must put him back. After the
    // capture Qh1 sweeps rank 1 (the king has left d1), the h-file and the long
    // diagonal: a1 and a8 are not offered; d1 and e3 are next to Ke2; b8 is safe.
    let fen = "8/p7/8/8/8/8/P3k3/3K3Q w - - 0 1";
    let g = game_at("tyrant", fen);
    assert!(has(&g, "d1e2@b8"));
    for m in ["d1e2", "d1e2@a1", "d1e2@a8", "d1e2@d1", "d1e2@e3"] {
        assert!(!has(&g, m), "{m}");
    }
    assert_eq!(
        fen_after("tyrant", fen, &["d1e2@b8"]),
        "1k6/p7/8/8/8/8/P3K3/7Q b - - 0 1"
    );
}

#[test]
fn tyrant_only_monarchs_left_loses() {
    // Book test 3: Qxd5 takes Black's last non-monarch: Black, to move, has lost.
    let g = after("tyrant", "q3k3/8/8/3n4/8/8/P7/3QK3 w - - 0 1", &["d1d5"]);
    assert_eq!(verdict(&g), "loss");
    assert_eq!(g.outcome().unwrap().reason, EndReason::Material);
    // Book test 4: both sides have only monarchs in a set-up position: the side to
    // move is the loser, and the game is over (perft 0).
    let mut g = game_at("tyrant", "4k3/8/8/3q4/8/8/8/3QK3 w - - 0 1");
    assert_eq!(verdict(&g), "loss");
    assert_eq!(g.perft(1), 0);
}

#[test]
fn tyrant_notation_and_start_counts() {
    // The compound turn is one UCI token and reads back; a malformed part is refused.
    let mut g = game_at("tyrant", "4k3/7p/8/3q4/8/8/P7/3QK3 w - - 0 1");
    assert!(g.play_uci("d1d5@z9").is_err());
    assert!(g.play_uci("d1d5@d8").is_err());
    assert_eq!(
        g.san_line(&["d1d5@h8".to_string()]),
        ["Qxd5@h8".to_string()]
    );
    g.play_uci("d1d5@h8").unwrap();
    // The start: 20 and 400 as in chess (nothing can capture in two plies); at ply 3,
    // 8,870 = chess's 8,902 less its 34 captures (python-chess), plus the two of them a
    // queen makes (1.e3 h5 2.Qxh5 and 1.e4 h5 2.Qxh5), the rest being by pawns,
    // knights and bishops. No check changes anything this early (every pseudo-legal
    // chess move at ply 3 is legal).
    let mut s = game_at(
        "tyrant",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    );
    assert_eq!(s.perft(1), 20);
    assert_eq!(s.perft(2), 400);
    assert_eq!(s.perft(3), 8870);
}
