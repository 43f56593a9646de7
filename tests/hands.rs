//! Pieces in hand, each rule on its own position (expected values from pyffish,
//! Fairy-Stockfish 230826): FEN holdings and promoted markers, drops in UCI and SAN,
//! drop zones, interpositions, double steps of dropped pawns, castling rights, drop
//! mates, captured promoted pieces returning as pawns, and the hand in the key.

use protean::engine::variant_file::parse_variants;
use protean::engine::Game;
use protean::position::GameResult;
use protean::search::{Limits, Settings, TranspositionTable};
use std::sync::Arc;

use crate::common;
use common::sorted_moves;

fn game(fen: &str) -> Game {
    common::game_at("crazyhouse", fen)
}

fn after(fen: &str, moves: &[&str]) -> String {
    common::fen_after("crazyhouse", fen, moves)
}

#[test]
fn holdings_and_promoted_markers_round_trip() {
    for fen in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "1n1q1knr/3rp2p/b2n4/2pP2B1/P7/2P2P2/3R1P1P/2q~BK2R[PPPPqbnpp] b K - 0 20",
        "4k1nb/2p1p2r/1p3ppp/3B4/1P1n1P2/5PP1/r3PN1B/3RKr~R1[QQPPPPbn] w - - 0 27",
        "4k3/8/8/8/8/8/8/R~3K3[] b Q - 0 1",
    ] {
        assert_eq!(game(fen).fen(), fen);
    }
    // Holdings are written in Fairy-Stockfish's order, whatever order they came in;
    // the lichess form (holdings as a ninth rank) is read too.
    assert_eq!(
        game("rQ~2k3/8/8/8/8/8/8/4K3[pnqNNbbPPq] b - - 0 1").fen(),
        "rQ~2k3/8/8/8/8/8/8/4K3[NNPPqqbbnp] b - - 0 1"
    );
    assert_eq!(
        game("4k3/8/8/8/8/8/8/4K3/Pq w - - 0 1").fen(),
        "4k3/8/8/8/8/8/8/4K3[Pq] w - - 0 1"
    );
}

#[test]
fn bad_holdings_get_clear_errors() {
    let bad = [
        (
            "crazyhouse",
            "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1",
            "unknown piece letter",
        ),
        ("crazyhouse", "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1", "royal"),
        ("crazyhouse", "4k3/8/8/8/8/8/8/4K3[Q w - - 0 1", "holdings"),
        (
            "crazyhouse",
            "4k3/8/8/8/8/8/8/4K3[Q]] w - - 0 1",
            "holdings",
        ),
        (
            "crazyhouse",
            "4k3/8/8/8/8/8/8/~4K3[] w - - 0 1",
            "unknown piece letter",
        ),
        (
            "chess",
            "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1",
            "no pieces in hand",
        ),
        (
            "chess",
            "4k3/8/8/8/8/8/8/Q~3K3 w - - 0 1",
            "promoted marker",
        ),
    ];
    for (variant, fen, words) in bad {
        let err = Game::by_name(variant, Some(fen)).err().unwrap_or_default();
        assert!(err.contains(words), "{fen}: '{err}' lacks '{words}'");
    }
    // An empty hand in a game without hands is harmless.
    assert!(Game::by_name("chess", Some("4k3/8/8/8/8/8/8/4K3[] w - - 0 1")).is_ok());
}

#[test]
fn drops_in_uci_and_san() {
    let fen = "r1bqkbnr/ppp2ppp/2np4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pn] b KQkq - 0 4";
    // Fairy-Stockfish writes the letter upper case for both sides; lower case is read.
    assert_eq!(
        after(fen, &["N@d4"]),
        "r1bqkbnr/ppp2ppp/2np4/4p3/3nP3/5N2/PPPP1PPP/RNBQKB1R[P] w KQkq - 0 5"
    );
    assert_eq!(after(fen, &["n@d4"]), after(fen, &["N@d4"]));
    let g = game(fen);
    assert!(g.legal_moves_uci().contains(&"N@g1".to_string()));
    assert!(
        g.check_moves(&["P@d4".into()]).is_err(),
        "Black holds no pawn"
    );
    assert!(g.check_moves(&["N@e4".into()]).is_err(), "e4 is occupied");
    assert_eq!(
        game("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1").san_line(&["Q@e7".into()]),
        ["Q@e7+"]
    );
    assert_eq!(
        game("6k1/5ppp/8/8/8/8/8/4K3[R] w - - 0 1").san_line(&["R@e8".into()]),
        ["R@e8#"]
    );
    // Drops reset the move clock, as in Fairy-Stockfish.
    assert_eq!(
        after("r3k3/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 5 10", &["N@e4"]),
        "r3k3/8/8/8/4N3/8/8/4K3[QRBPqrbnp] b - - 0 10"
    );
}

#[test]
fn pawns_drop_only_between_the_first_and_last_ranks() {
    // 48 squares of ranks 2..7 and five king moves.
    let g = game("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    let drops: Vec<String> = g
        .legal_moves_uci()
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(drops.len(), 48);
    assert!(drops.iter().all(|m| !m.ends_with('1') && !m.ends_with('8')));
    // Pieces drop on the last rank too.
    let g = game("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    assert!(g.legal_moves_uci().contains(&"N@a8".to_string()));
}

#[test]
fn drops_interpose_against_a_slider_check_only() {
    let g = game("r3k3/8/8/8/8/8/8/K7[N] w - - 0 1");
    assert_eq!(
        sorted_moves(&g),
        ["N@a2", "N@a3", "N@a4", "N@a5", "N@a6", "N@a7", "a1b1", "a1b2"]
    );
    // A knight's check cannot be blocked: king moves only.
    let g = game("4k3/8/8/8/8/8/2n5/K7[QRBNP] w - - 0 1");
    assert!(g.legal_moves_uci().iter().all(|m| !m.contains('@')));
}

#[test]
fn a_pawn_dropped_on_its_second_rank_may_double_step() {
    let fen = "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1";
    let mut g = game(fen);
    g.play_uci("P@d2").unwrap();
    g.play_uci("e8d8").unwrap();
    assert_eq!(
        sorted_moves(&g),
        ["d2d3", "d2d4", "e1d1", "e1e2", "e1f1", "e1f2"]
    );
}

#[test]
fn a_dropped_rook_cannot_castle() {
    let mut g = game("4k3/8/8/8/8/8/8/4K3[R] w - - 0 1");
    g.play_uci("R@h1").unwrap();
    g.play_uci("e8d8").unwrap();
    assert!(!g.legal_moves_uci().contains(&"e1g1".to_string()));
    // Nor does a rook dropped back on its square after the right is lost.
    assert_eq!(
        after("r3k2r/8/8/8/8/8/8/R3K3[R] w Qkq - 0 1", &["R@h1"]),
        "r3k2r/8/8/8/8/8/8/R3K2R[] b Qkq - 0 1"
    );
}

#[test]
fn a_drop_may_mate() {
    let mut g = game("6k1/5ppp/8/8/8/8/8/4K3[R] w - - 0 1");
    g.play_uci("R@e8").unwrap();
    assert!(g.legal_moves_uci().is_empty());
    let outcome = g.outcome().expect("mate");
    assert_eq!(outcome.result, GameResult::Win(protean::variant::WHITE));
}

#[test]
fn captured_pieces_change_sides_and_promoted_ones_return_as_pawns() {
    assert_eq!(
        after("1r2k3/P7/8/8/8/8/8/4K3[] w - - 0 1", &["a7b8q"]),
        "1Q~2k3/8/8/8/8/8/8/4K3[R] b - - 0 1"
    );
    assert_eq!(
        after("q3k3/8/8/8/8/8/8/Q~3K3[] b - - 0 1", &["a8a1"]),
        "4k3/8/8/8/8/8/8/q3K3[p] w - - 0 2"
    );
    // The marker moves with the piece.
    assert_eq!(
        after(
            "1r2k3/P7/8/8/8/8/8/4K3[] w - - 0 1",
            &["a7b8q", "e8d7", "b8a8", "d7c7"]
        ),
        "Q~7/2k5/8/8/8/8/8/4K3[R] w - - 3 3"
    );
}

#[test]
fn the_hand_is_part_of_the_key() {
    let a = game("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    let b = game("4k3/8/8/8/8/8/8/4K3[B] w - - 0 1");
    let c = game("4k3/8/8/8/8/8/8/4K3[n] w - - 0 1");
    let d = game("4k3/8/8/8/8/8/8/4K3[NN] w - - 0 1");
    let e = game("4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    let keys = [a.key(), b.key(), c.key(), d.key(), e.key()];
    for i in 0..keys.len() {
        for j in i + 1..keys.len() {
            assert_ne!(keys[i], keys[j], "{i} {j}");
        }
    }
    // A promoted queen is not the same position as a queen.
    assert_ne!(
        game("4k3/8/8/8/8/8/8/Q3K3[] w - - 0 1").key(),
        game("4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1").key()
    );
}

/// A user's 19x19 crazyhouse with the two kings in opposite corners and a queen, rook,
/// bishop and knight in each hand. White to move has 1,439 legal moves, more than a
/// move list holds inline (1,024), and must get every one:
/// - drops: 19 x 19 = 361 squares, less the two kings' = 359 empty squares, each
///   taking any of the 4 kinds in hand: 359 x 4 = 1,436 (no piece drop is restricted,
///   and White is not in check, so none is illegal);
/// - the king on a1: a2, b1 and b2, none attacked by the king on s19: 3.
///
/// 1,436 + 3 = 1,439, counted in bulk (perft), listed (divide) and searched.
#[test]
fn a_giant_board_with_full_hands_lists_every_move() {
    // The promotion zones are restated for 19 ranks (Crazyhouse's are on ranks 8 and 1).
    let ini = "[bigdrop:crazyhouse]\nmaxRank = 19\nmaxFile = 19\n\
               promotionRegionWhite = *19\npromotionRegionBlack = *1\n\
               startFen = 18k/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/K18[QRBNqrbn] w - - 0 1\n";
    let loaded = parse_variants(ini, "bigdrop.ini")
        .require_all()
        .unwrap_or_else(|e| panic!("{e}"));
    let variant = Arc::new(loaded.variants[0].clone());
    let mut game = Game::new(&variant, None).unwrap();
    assert_eq!(game.perft(1), 1439);
    let divided = game.divide(1);
    assert_eq!(divided.len(), 1439);
    let mut names: Vec<&str> = divided.iter().map(|(m, _)| m.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), 1439, "distinct moves");
    for m in ["Q@j10", "N@s1", "R@a19", "B@b2", "a1b2"] {
        assert!(names.contains(&m), "{m}");
    }
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let tt = TranspositionTable::new(1);
    let result = common::search_once(&game, &limits, &Settings::default(), &tt);
    let best = result.best.expect("a move");
    assert!(names.contains(&best.as_str()), "{best}");
}

/// Kyoto shogi's flips in UCI, SAN and FEN, as pyffish 0.0.90 writes them: a silver's
/// move promotes it to a bishop (`+`, SAN `=B`), a promoted lance's demotes it to a
/// lance (`-`, SAN `Ga2=L`), a piece in hand drops as itself (`S@a1`) or promoted
/// (`+S@a1`, a bishop, SAN `B@a1`, FEN `+S`), and each FEN reads back as written. The
/// flips keep the move clock (pyffish: 5 to 6), captures and drops reset it.
#[test]
fn kyoto_shogi_flips_and_promoted_drops_in_uci_san_and_fen() {
    let v = "kyotoshogi";
    let start = "p+nks+l/5/5/5/+LSK+NP[] w - - 5 1";
    assert_eq!(
        common::fen_after(v, start, &["b1b2+"]),
        "p+nks+l/5/5/1+S3/+L1K+NP[] b - - 6 1"
    );
    assert_eq!(
        common::fen_after(v, start, &["a1a2-"]),
        "p+nks+l/5/5/L4/1SK+NP[] b - - 6 1"
    );
    let g = common::game_at(v, start);
    // Every move of a piece with another side flips it: no plain `b1b2` or `a1a2`.
    let legal = g.legal_moves_uci();
    for m in ["b1b2+", "a1a2-", "d1d2-", "e1e2+", "c1c2"] {
        assert!(legal.contains(&m.to_string()), "{m} in {legal:?}");
    }
    for m in ["b1b2", "a1a2", "a1a2+", "c1c2+"] {
        assert!(!legal.contains(&m.to_string()), "{m} in {legal:?}");
    }
    assert_eq!(g.san_line(&["a1a2-".into()]), ["Ga2=L"]);
    assert_eq!(g.san_line(&["b1b2+".into()]), ["Sb2=B"]);
    let fen = "+L4/3+l1/k+n1+N1/4+P/1K1s1[Sp] w - - 0 12";
    let g = common::game_at(v, fen);
    assert_eq!(g.fen(), fen);
    assert_eq!(g.san_line(&["+S@a1".into()]), ["B@a1"]);
    assert_eq!(g.san_line(&["S@a1".into()]), ["S@a1"]);
    assert_eq!(g.san_line(&["d3c3-".into()]), ["Gc3=N"]);
    let dropped = common::fen_after(v, fen, &["+S@a1"]);
    assert_eq!(dropped, "+L4/3+l1/k+n1+N1/4+P/+SK1s1[p] b - - 0 12");
    assert_eq!(common::game_at(v, &dropped).fen(), dropped);
    // The dropped bishop is a promoted silver: it goes back to hand as a silver.
    let taken = common::fen_after(v, "k4/5/5/p4/+S3K[] b - - 0 1", &["a2a1+"]);
    assert_eq!(taken, "k4/5/5/5/+p3K[s] w - - 0 2");
}
