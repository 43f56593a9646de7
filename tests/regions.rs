//! Castling on another rank than the first (`castlingRank`: Omicron, Shako), promotion
//! regions that are sets of squares (`promotionRegionWhite/Black`: Troitzky, Legan), and
//! Black's moves as White's turned half a circle (Legan's pawns). The perft, game-end
//! and FEN suites compare the rest with pyffish; every expected text here is pyffish
//! 0.0.90's (`get_fen`, `get_san`, `legal_moves`).

use crate::common::{game_at, has_move, moves_from, sorted_moves};
use protean::engine::Game;

fn after(variant: &str, fen: &str, mv: &str) -> (String, String) {
    let mut g = game_at(variant, fen);
    let san = g.san_line(&[mv.to_string()]).join(" ");
    g.play_uci(mv)
        .unwrap_or_else(|e| panic!("{variant} {mv}: {e}"));
    (san, g.fen())
}

#[test]
fn omicron_and_shako_castle_on_the_second_rank() {
    let fen = "w**********w/*crnbqkbnrc*/*p1p1pp1p1p*/*1B4p1p1*/*3p6*/*10*/*5P1PN1*/\
               *PPPPP1P1PP*/*CRNBQK2RC*/W**********W w KQkq - 0 5";
    let g = game_at("omicron", fen);
    assert_eq!(moves_from(&g, "g2"), ["g2g3", "g2h2", "g2i2"]);
    assert_eq!(
        after("omicron", fen, "g2i2"),
        (
            "O-O".to_string(),
            "w**********w/*crnbqkbnrc*/*p1p1pp1p1p*/*1B4p1p1*/*3p6*/*10*/*5P1PN1*/\
             *PPPPP1P1PP*/*CRNBQ1RK1C*/W**********W b kq - 1 5"
                .to_string()
        )
    );
    // Black castles long on its ninth rank: the king to d9, the rook from b9 to e9.
    let fen = "c3bq2c1/er3kb1re/p2ppppCp1/1ppn2n3/10/4P5/1P5E2/P1PPKPPPPP/ERN1Q1B1R1/\
               3CB4N b kq - 0 9";
    let g = game_at("shako", fen);
    assert_eq!(moves_from(&g, "f9"), ["f9d9", "f9e9", "f9g10"]);
    assert_eq!(
        after("shako", fen, "f9d9"),
        (
            "O-O-O".to_string(),
            "c3bq2c1/e2kr1b1re/p2ppppCp1/1ppn2n3/10/4P5/1P5E2/P1PPKPPPPP/ERN1Q1B1R1/\
             3CB4N w - - 1 10"
                .to_string()
        )
    );
}

#[test]
fn castling_rights_need_the_king_on_the_castling_rank() {
    // Shako's king on its first rank cannot hold a right (its castling rank is the 2nd).
    let err = Game::by_name(
        "shako",
        Some("5k4/10/10/10/10/10/10/10/10/1R3K2R1 w K - 0 1"),
    )
    .err()
    .expect("a castling right with the king on the first rank");
    assert!(err.contains("castling rank (2)"), "{err}");
    let g = game_at("shako", "5k4/10/10/10/10/10/10/10/1R3K2R1/10 w K - 0 1");
    assert!(has_move(&g, "f2h2"));
}

#[test]
fn troitzky_promotes_on_the_last_square_of_each_file() {
    // The a-file's last square is a6 (a7 and above are walls).
    let fen = "****1q****/**r1bbkr**/*1p2pp2*/*p2p3p*/n2p3p2/1P2n2P2/*2PPP2P*/*1P1B1PR1*/\
               **RN1QN1**/****1K**** w - - 0 12";
    let g = game_at("troitzky", fen);
    let promotions: Vec<String> = sorted_moves(&g)
        .into_iter()
        .filter(|m| m.len() > 4)
        .collect();
    assert_eq!(promotions, ["b5a6b", "b5a6n", "b5a6q", "b5a6r"]);
    assert_eq!(
        after("troitzky", fen, "b5a6q"),
        (
            "bxa6=Q".to_string(),
            "****1q****/**r1bbkr**/*1p2pp2*/*p2p3p*/Q2p3p2/4n2P2/*2PPP2P*/*1P1B1PR1*/\
             **RN1QN1**/****1K**** b - - 0 12"
                .to_string()
        )
    );
    // A pawn standing where it should have promoted cannot be set up.
    assert!(Game::by_name(
        "troitzky",
        Some("****k1****/**6**/*8*/*8*/P9/10/*8*/*8*/**6**/****K1**** w - - 0 1")
    )
    .is_err());
}

#[test]
fn legan_pawns_head_for_opposite_corners() {
    let start = "knbrp3/bqpp4/npp5/rp1p3P/p3P1PR/5PPN/4PPQB/3PRBNK w - - 0 1";
    let mut g = game_at("legan", start);
    assert_eq!(
        sorted_moves(&g),
        ["d1c2", "e2d3", "f2e3", "g3f4", "g4f5", "h3f4", "h3g5", "h5g6"]
    );
    // Black's pawns step down and to the right (White's moves turned half a circle).
    g.play_uci("h3f4").unwrap();
    assert_eq!(
        sorted_moves(&g),
        ["a4b3", "a6b4", "a6c5", "b5c4", "b6c5", "c7d6", "d7e6", "e8f7"]
    );
    // White promotes on b8, part of the L around a8; SAN names the custom pawn.
    let fen = "8/2PK4/8/2k5/8/8/8/8 w - - 1 95";
    assert_eq!(
        after("legan", fen, "c7b8q"),
        (
            "Pb8=Q".to_string(),
            "1Q6/3K4/8/2k5/8/8/8/8 b - - 0 95".to_string()
        )
    );
}
