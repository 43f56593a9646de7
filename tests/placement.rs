//! Set-up-phase games, each rule on its own position: Placement (expected values from
//! pyffish, Fairy-Stockfish 230826), Screen and Crazy Screen (our rules; where they
//! agree with Fairy-Stockfish's `screen` section the values are pyffish's, the others
//! are counted by hand in the comments). The perft suites (engine-tests/perft) and the
//! random-game key test (tests/position.rs) cover the same games more broadly.

use protean::engine::Game;
use protean::search::{Limits, Settings, TranspositionTable};

fn game(variant: &str, fen: &str) -> Game {
    Game::by_name(variant, Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn after(variant: &str, fen: &str, moves: &[&str]) -> Game {
    let mut g = game(variant, fen);
    for m in moves {
        g.play_uci(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

fn sorted_moves(g: &Game) -> Vec<String> {
    let mut v = g.legal_moves_uci();
    v.sort();
    v
}

const PLACEMENT: &str = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1";
const SCREEN: &str = "8/8/8/8/8/8/8/8[KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] w - - 0 1";

#[test]
fn start_positions_and_holdings_round_trip() {
    for (variant, fen) in [
        ("placement", PLACEMENT),
        ("screen", SCREEN),
        ("crazyscreen", SCREEN),
    ] {
        let g = Game::by_name(variant, None).unwrap();
        assert_eq!(g.fen(), fen);
    }
    for (variant, fen) in [
        (
            "placement",
            "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QBBNNqrbbnn] b KQq - 0 3",
        ),
        (
            "screen",
            "8/8/8/8/8/8/4P3/8[KQRRBBNNPPPPPPPkqrrbbnnpppppppp] b - - 0 1",
        ),
        ("crazyscreen", "4k3/8/8/8/8/8/8/P3K3[P] w - - 0 1"),
    ] {
        assert_eq!(game(variant, fen).fen(), fen);
    }
}

#[test]
fn kings_in_hand_only_in_set_up_games_and_one_per_side() {
    assert!(Game::by_name("crazyhouse", Some("8/8/8/8/8/8/8/8[Kk] w - - 0 1")).is_err());
    // A king on the board and one in hand are two kings.
    let err = Game::by_name("screen", Some("4k3/8/8/8/8/8/8/4K3[K] w - - 0 1"))
        .err()
        .unwrap();
    assert!(err.contains("2 kings"), "{err}");
    let err = Game::by_name("screen", Some("8/8/8/8/8/8/8/8[Qk] w - - 0 1"))
        .err()
        .unwrap();
    assert!(err.contains("White has no king"), "{err}");
}

#[test]
fn placement_drops_only_on_the_first_rank_before_any_move() {
    let g = Game::by_name("placement", None).unwrap();
    let moves = g.legal_moves_uci();
    // K, Q, R, B, N on each of the 8 first-rank squares; no pawn move.
    assert_eq!(moves.len(), 40);
    assert!(moves.iter().all(|m| m.contains('@') && m.ends_with('1')));
    let g = after("placement", PLACEMENT, &["K@e1"]);
    assert!(g.legal_moves_uci().iter().all(|m| m.ends_with('8')));
    // Black's drops are written with the upper-case letter, as Fairy-Stockfish does.
    assert!(g.legal_moves_uci().contains(&"K@e8".to_string()));
}

#[test]
fn placement_second_bishop_goes_on_the_other_colour() {
    let bishops = |fen: &str| -> Vec<String> {
        sorted_moves(&game("placement", fen))
            .into_iter()
            .filter(|m| m.starts_with("B@"))
            .collect()
    };
    let light = ["B@b1", "B@d1", "B@f1", "B@h1"];
    let all = [
        "B@a1", "B@b1", "B@c1", "B@d1", "B@e1", "B@f1", "B@g1", "B@h1",
    ];
    // c1 is dark: the last bishop goes on a light square.
    assert_eq!(
        bishops("8/pppppppp/8/8/8/8/PPPPPPPP/2B5[KBkb] w - - 0 1"),
        light
    );
    // The first of two bishops goes anywhere.
    assert_eq!(
        bishops("8/pppppppp/8/8/8/8/PPPPPPPP/8[KBBkb] w - - 0 1"),
        all
    );
    // One on each colour already: the third goes anywhere (pyffish agrees).
    assert_eq!(
        bishops("8/pppppppp/8/8/8/8/PPPPPPPP/2B2B2[KBkb] w - - 0 1"),
        ["B@a1", "B@b1", "B@d1", "B@e1", "B@g1", "B@h1"]
    );
    // Two dark ones with two in hand: both remaining must be light to even up
    // as far as possible (pyffish: light only).
    assert_eq!(
        bishops("8/pppppppp/8/8/8/8/PPPPPPPP/2B1B3[KBBkb] w - - 0 1"),
        light
    );
}

#[test]
fn other_pieces_leave_a_bishop_its_colour() {
    // Two bishops to come and c1 the last dark square: neither king nor queen may take
    // it (pyffish's moves).
    let g = game(
        "placement",
        "8/pppppppp/8/8/8/8/PPPPPPPP/R3N1NQ[KQBBkb] w - - 0 5",
    );
    assert_eq!(
        sorted_moves(&g),
        ["B@b1", "B@c1", "B@d1", "B@f1", "K@b1", "K@d1", "K@f1", "Q@b1", "Q@d1", "Q@f1"]
    );
    // One bishop in all: it may go anywhere, so may the king.
    let g = game(
        "placement",
        "8/pppppppp/8/8/8/8/PPPPPPPP/R3N1NQ[KBkb] w - - 0 5",
    );
    assert_eq!(g.legal_moves_uci().len(), 8);
    // The bishop on b1 needs a dark partner and no dark square is free: no drop at all,
    // White moves instead.
    let g = game(
        "placement",
        "8/pppppppp/8/8/8/8/PPPPPPPP/RBR1N1NQ[KBkb] w - - 0 5",
    );
    assert!(g.legal_moves_uci().iter().all(|m| !m.contains('@')));
}

#[test]
fn placement_gives_castling_rights_to_a_dropped_king_and_rook_on_their_squares() {
    // Either order; the FEN shows the right as soon as both stand (pyffish's FENs).
    let g = after("placement", PLACEMENT, &["K@e1", "K@e8", "R@h1"]);
    assert_eq!(
        g.fen(),
        "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K2R[QRBBNNqrrbbnn] b K - 0 2"
    );
    let g = after(
        "placement",
        PLACEMENT,
        &["R@h1", "R@a8", "K@e1", "K@e8", "R@a1", "R@h8"],
    );
    assert_eq!(
        g.fen(),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QBBNNqbbnn] w KQkq - 0 4"
    );
    // A king dropped on d1 never castles.
    let g = after(
        "placement",
        PLACEMENT,
        &["R@h1", "R@a8", "K@d1", "K@e8", "R@a1", "R@h8"],
    );
    assert_eq!(
        g.fen(),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R[QBBNNqbbnn] w kq - 0 4"
    );
    // After the placement the rights are used as usual.
    let g = after(
        "placement",
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3[Rr] w Qq - 0 8",
        &["R@h1", "R@h8"],
    );
    let moves = g.legal_moves_uci();
    assert!(moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
}

#[test]
fn a_side_with_no_legal_drop_moves_instead() {
    // The bishop must go on a light square and b1, d1, f1, h1 are taken (as pyffish).
    let g = game(
        "placement",
        "3qk3/pppppppp/8/8/8/8/PPPPPPPP/1NBQ1K1R[Bb] w - - 0 1",
    );
    let moves = sorted_moves(&g);
    assert_eq!(moves.len(), 22);
    assert!(moves.iter().all(|m| !m.contains('@')));
    // Screen: the a-file is full below the fifth rank and the other files hold pawns,
    // so the last pawn cannot be dropped.
    let g = game("screen", "4k3/8/8/8/NPPPPPPP/B7/N7/4K3[P] w - - 0 1");
    assert!(g.legal_moves_uci().iter().all(|m| !m.contains('@')));
}

#[test]
fn screen_drops_stay_in_the_own_half_pawns_off_the_first_rank() {
    let g = Game::by_name("screen", None).unwrap();
    let moves = g.legal_moves_uci();
    // K, Q, R, B, N on 32 squares (5 x 32) and pawns on ranks 2-4 (24): 184.
    assert_eq!(moves.len(), 184);
    assert!(!moves.contains(&"P@e1".to_string()));
    assert!(moves.contains(&"P@e4".to_string()) && !moves.contains(&"Q@e5".to_string()));
    let g = after("screen", SCREEN, &["P@e2"]);
    let moves = g.legal_moves_uci();
    assert!(moves.contains(&"P@e5".to_string()) && !moves.contains(&"P@e8".to_string()));
    assert!(!moves.contains(&"Q@e4".to_string()));
}

#[test]
fn screen_pawns_on_different_files() {
    // a- to g-files hold pawns: h2, h3, h4 only (3).
    let g = game("screen", "4k3/8/8/8/8/8/PPPPPPP1/4K3[P] w - - 0 1");
    assert_eq!(sorted_moves(&g), ["P@h2", "P@h3", "P@h4"]);
}

#[test]
fn screen_bishops_on_opposite_colours() {
    // c1 is dark: the 16 light squares of ranks 1-4.
    let g = game("screen", "4k3/8/8/8/8/8/8/2B1K3[B] w - - 0 1");
    assert_eq!(g.legal_moves_uci().len(), 16);
}

#[test]
fn checks_during_the_set_up() {
    // A king may not be dropped where it is attacked: 32 - d1..d4 - h4 = 27.
    let g = game("screen", "3qk3/8/8/8/8/8/8/8[K] w - - 0 1");
    let moves = g.legal_moves_uci();
    assert_eq!(moves.len(), 27);
    assert!(!moves.contains(&"K@d3".to_string()) && !moves.contains(&"K@h4".to_string()));
    // A drop may give check.
    let g = after("screen", "4k3/8/8/8/8/8/8/4K3[r] b - - 0 1", &["R@e5"]);
    assert_eq!(g.legal_moves_uci().len(), 4);
    // In check from a slider, drops interpose and, one being legal, the king stays.
    let g = game("screen", "4k3/8/8/8/8/8/8/r3K3[Q] w - - 0 1");
    assert_eq!(sorted_moves(&g), ["Q@b1", "Q@c1", "Q@d1"]);
    // A knight's check no drop can meet: the king moves (f2 is attacked).
    let g = game("screen", "4k3/8/8/8/8/3n4/8/4K3[Q] w - - 0 1");
    assert_eq!(sorted_moves(&g), ["e1d1", "e1d2", "e1e2", "e1f1"]);
    // No escape at all: checkmate during the set-up.
    let g = game("screen", "4k3/8/8/8/8/1n6/7r/K6r[Q] w - - 0 1");
    assert!(g.legal_moves_uci().is_empty());
    assert!(g.outcome().is_some());
}

#[test]
fn screen_has_no_castling_and_no_en_passant() {
    assert!(Game::by_name("screen", Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")).is_err());
    let g = after("screen", "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", &["e2e4"]);
    assert_eq!(g.fen(), "4k3/8/8/8/3pP3/8/8/4K3[] b - - 0 1");
    assert!(!g.legal_moves_uci().contains(&"d4e3".to_string()));
}

#[test]
fn crazyscreen_pawns_anywhere_in_the_own_half() {
    // 30 empty squares of ranks 1-4, first rank and an occupied file included.
    let g = game("crazyscreen", "4k3/8/8/8/8/8/8/P3K3[P] w - - 0 1");
    let moves = g.legal_moves_uci();
    assert_eq!(moves.len(), 30);
    assert!(moves.contains(&"P@a2".to_string()) && moves.contains(&"P@b1".to_string()));
    // Bishops of one colour and doubled pawns: 29 squares each.
    let g = game("crazyscreen", "4k3/8/8/8/8/8/4P3/2B1K3[BP] w - - 0 1");
    assert_eq!(g.legal_moves_uci().len(), 58);
}

#[test]
fn crazyscreen_first_rank_pawns_step_second_rank_pawns_double_step() {
    let g = game("crazyscreen", "4k3/8/8/8/8/8/1P6/P3K3 w - - 0 1");
    assert_eq!(
        sorted_moves(&g),
        ["a1a2", "b2b3", "b2b4", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    // A pawn that stepped from the first to the second rank may then double-step.
    let g = after(
        "crazyscreen",
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        &["a1a2", "e8d8"],
    );
    assert!(g.legal_moves_uci().contains(&"a2a4".to_string()));
}

#[test]
fn no_draw_by_material_while_pieces_are_in_hand() {
    for (variant, fen) in [
        ("screen", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"),
        ("placement", PLACEMENT),
    ] {
        assert!(game(variant, fen).outcome().is_none(), "{variant} {fen}");
    }
}

/// The searcher plays a whole game from the empty board: through the set-up (drops
/// until both hands are empty) into ordinary moves.
#[test]
fn the_search_plays_through_the_set_up_into_play() {
    for variant in ["screen", "crazyscreen", "placement"] {
        let mut g = Game::by_name(variant, None).unwrap();
        let tt = TranspositionTable::new(16);
        let limits = Limits {
            nodes: Some(3_000),
            ..Limits::default()
        };
        let search =
            |g: &Game| crate::common::search_once(g, &limits, &Settings::default(), &tt).best;
        let mut plies = 0;
        while !g.fen().contains("[]") {
            let best = search(&g).unwrap_or_else(|| panic!("{variant}: stuck in {}", g.fen()));
            g.play_uci(&best).unwrap();
            plies += 1;
            assert!(
                plies <= 40,
                "{variant}: set-up not over after 40 plies: {}",
                g.fen()
            );
        }
        for _ in 0..6 {
            let best = search(&g).unwrap_or_else(|| panic!("{variant}: no move in {}", g.fen()));
            assert!(!best.contains('@'), "{variant}: {best}");
            g.play_uci(&best).unwrap();
        }
    }
}
