//! Shogun chess, each rule on its own position (expected values from pyffish,
//! Fairy-Stockfish 230826, with the `[shogun:crazyhouse]` section of its variants.ini):
//! `+` pieces in FEN, drop regions, the promotion zone entered or left, compulsory
//! promotion of a pawn on the last rank, promotion limits, pieces returning to hand
//! unpromoted, no promotion by en passant, UCI and SAN, and the marker in the key.

use protean::engine::Game;

use crate::common;
use common::sorted_moves;

fn game(fen: &str) -> Game {
    common::game_at("shogun", fen)
}

fn after(fen: &str, moves: &[&str]) -> String {
    common::fen_after("shogun", fen, moves)
}

fn promotions(fen: &str) -> Vec<String> {
    let mut v: Vec<String> = game(fen)
        .legal_moves_uci()
        .into_iter()
        .filter(|m| m.ends_with('+'))
        .collect();
    v.sort();
    v
}

#[test]
fn promoted_pieces_are_written_with_a_plus() {
    let start = "rnb+fkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+FKBNR[] w KQkq - 0 1";
    assert_eq!(Game::by_name("shogun", None).unwrap().fen(), start);
    for fen in [
        start,
        "r1b1k2r/1+P6/2+n5/8/3+B4/8/6+p1/R3K2+R[FNPbp] w Qkq - 0 1",
        // A plain letter is a piece that was never promoted (it returns to hand as it is).
        "4k3/8/8/8/8/8/8/A3K2q[] w - - 0 1",
    ] {
        assert_eq!(game(fen).fen(), fen);
    }
    // Holdings in Fairy-Stockfish's order.
    assert_eq!(
        game("4k3/8/8/8/8/8/8/4K3[AGCMQFRBNPagcmqfrbnp] w - - 0 1").fen(),
        "4k3/8/8/8/8/8/8/4K3[GCMAFQRBNPgcmafqrbnp] w - - 0 1"
    );
    for (fen, words) in [
        ("4k3/8/8/8/8/8/8/+K7[] w - - 0 1", "does not promote"),
        ("4k3/8/8/8/8/8/8/+C3K3[] w - - 0 1", "does not promote"),
        ("4k3/8/8/8/8/8/8/4K2+[] w - - 0 1", "without a piece letter"),
        ("4k3/8/8/8/8/8/8/+X3K3[] w - - 0 1", "unknown piece letter"),
        ("4k3/8/8/8/8/8/8/Q~3K3[] w - - 0 1", "promoted marker"),
    ] {
        let err = Game::by_name("shogun", Some(fen)).err().unwrap_or_default();
        assert!(err.contains(words), "{fen}: '{err}' lacks '{words}'");
    }
}

#[test]
fn pieces_drop_on_the_first_five_ranks_pawns_too() {
    let drops = |fen: &str| -> Vec<String> {
        let mut v: Vec<String> = game(fen)
            .legal_moves_uci()
            .into_iter()
            .filter(|m| m.contains('@'))
            .collect();
        v.sort();
        v
    };
    // 40 squares less the king's.
    let white = drops("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    assert_eq!(white.len(), 39);
    assert!(white.contains(&"P@a1".to_string()) && white.contains(&"P@h5".to_string()));
    assert!(white.iter().all(|m| "12345".contains(&m[3..])));
    let black = drops("4k3/8/8/8/8/8/8/4K3[p] b - - 0 1");
    assert_eq!(black.len(), 39);
    assert!(black.iter().all(|m| "45678".contains(&m[3..])));
    // A pawn dropped on the first rank steps to the second and may then double-step.
    let fen = "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1";
    let mut g = game(fen);
    for m in ["P@d1", "e8d8", "d1d2", "d8e8"] {
        g.play_uci(m).unwrap();
    }
    assert_eq!(
        sorted_moves(&g),
        ["d2d3", "d2d4", "e1d1", "e1e2", "e1f1", "e1f2"]
    );
}

#[test]
fn moves_into_or_out_of_the_zone_may_promote() {
    // Into the zone (f6, g7, h8) only, from b2.
    assert_eq!(
        promotions("4k3/8/8/8/8/8/1B6/4K3[] w - - 0 1"),
        ["b2f6+", "b2g7+", "b2h8+"]
    );
    // From inside the zone every move may promote, leaving it too.
    assert_eq!(
        promotions("4k3/1B6/8/8/8/8/8/4K3[] w - - 0 1"),
        ["b7a6+", "b7a8+", "b7c6+", "b7c8+", "b7d5+", "b7e4+", "b7f3+", "b7g2+", "b7h1+"]
    );
    // Promotion is optional: the plain move is there too.
    let g = game("4k3/1B6/8/8/8/8/8/4K3[] w - - 0 1");
    assert!(g.legal_moves_uci().contains(&"b7h1".to_string()));
    // Drops never promote; Black's zone is ranks 3..1.
    assert_eq!(
        promotions("4k3/8/8/8/8/8/1K6/8[p] b - - 0 1"),
        Vec::<String>::new()
    );
    assert_eq!(promotions("4k3/8/8/8/8/3p4/8/K7[] b - - 0 1"), ["d3d2+"]);
}

#[test]
fn a_pawn_must_promote_on_the_last_rank() {
    assert_eq!(
        sorted_moves(&game("4k3/P7/8/8/8/8/8/4K3[] w - - 0 1")),
        ["a7a8+", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    // On the sixth and seventh ranks it may stay a pawn.
    assert_eq!(promotions("4k3/8/8/1P6/8/8/8/4K3[] w - - 0 1"), ["b5b6+"]);
    assert!(game("4k3/8/8/1P6/8/8/8/4K3[] w - - 0 1")
        .legal_moves_uci()
        .contains(&"b5b6".to_string()));
}

#[test]
fn one_of_each_promoted_major_piece_per_side() {
    // An archbishop on a1, promoted or not, stops the bishop promoting.
    assert!(promotions("4k3/1B6/8/8/8/8/8/+B3K3[] w - - 0 1").is_empty());
    assert!(promotions("4k3/1B6/8/8/8/8/8/A3K3[] w - - 0 1").is_empty());
    // The queen on the board stops the duchess; the captain has no limit.
    assert!(promotions("4k3/1F6/8/8/8/8/8/3+FK3[] w - - 0 1").is_empty());
    assert_eq!(promotions("4k3/1P6/8/8/8/8/+P7/4K3[] w - - 0 1"), ["b7b8+"]);
    // The enemy's archbishop does not count.
    assert_eq!(
        promotions("4k3/8/8/8/8/8/1B6/+b3K3[] w - - 0 1"),
        ["b2f6+", "b2g7+", "b2h8+"]
    );
}

#[test]
fn captured_pieces_return_to_hand_unpromoted() {
    // A captured queen becomes a duchess, a captain a pawn, a mortar... a rook.
    assert_eq!(
        after("3+fk3/8/8/8/8/8/8/3QK3[] w - - 0 1", &["d1d8"]),
        "3Qk3/8/8/8/8/8/8/4K3[F] b - - 0 1"
    );
    assert_eq!(
        after("4k3/8/8/8/8/8/1+p6/1R2K3[] w - - 0 1", &["b1b2"]),
        "4k3/8/8/8/8/8/1R6/4K3[P] b - - 0 1"
    );
    assert_eq!(
        after("4k3/8/8/8/8/1+n6/8/1R2K3[] w - - 0 1", &["b1b3"]),
        "4k3/8/8/8/8/1R6/8/4K3[N] b - - 0 1"
    );
    // Pieces that were never promoted keep their kind (as in Fairy-Stockfish).
    assert_eq!(
        after("3qk3/8/8/8/8/8/8/3+FK3[] w - - 0 1", &["d1d8"]),
        "3+Fk3/8/8/8/8/8/8/4K3[Q] b - - 0 1"
    );
    assert_eq!(
        after("4k3/8/8/8/8/8/1m6/1R2K3[] w - - 0 1", &["b1b2"]),
        "4k3/8/8/8/8/8/1R6/4K3[M] b - - 0 1"
    );
    // The marker travels with the piece.
    assert_eq!(
        after(
            "4k3/8/8/8/8/8/1+p6/R3K3[] w - - 0 1",
            &["a1a2", "e8d8", "a2b2"]
        ),
        "3k4/8/8/8/8/8/1R6/4K3[P] b - - 0 2"
    );
}

#[test]
fn en_passant_never_promotes() {
    assert_eq!(
        sorted_moves(&game("4k3/8/8/3Pp3/8/8/8/4K3[] w - e6 0 1")),
        ["d5d6", "d5d6+", "d5e6", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
}

#[test]
fn promotions_in_uci_and_san() {
    let cases = [
        (
            "4k3/1B6/8/8/8/8/8/+R3K3[] w - - 0 1",
            "b7c8+",
            "Bc8=A",
            "2+B1k3/8/8/8/8/8/8/+R3K3[] b - - 0 1",
        ),
        (
            "4k3/P7/8/8/8/8/8/4K3[] w - - 0 1",
            "a7a8+",
            "a8=C",
            "+P3k3/8/8/8/8/8/8/4K3[] b - - 0 1",
        ),
        (
            "4k3/1B6/8/8/8/8/8/+R3K3[] w - - 0 1",
            "a1a5",
            "Ma5",
            "4k3/1B6/8/+R7/8/8/8/4K3[] b - - 1 1",
        ),
        (
            "4k3/8/8/8/8/8/8/3+FK3[] w - - 0 1",
            "d1d5",
            "Qd5",
            "4k3/8/8/3+F4/8/8/8/4K3[] b - - 1 1",
        ),
        (
            "4k3/8/8/8/8/8/1+P6/4K3[] w - - 0 1",
            "b2b3",
            "Cb3",
            "4k3/8/8/8/8/1+P6/8/4K3[] b - - 1 1",
        ),
        (
            "4k3/8/8/8/8/8/1+N6/4K3[] w - - 0 1",
            "b2c4",
            "Gc4",
            "4k3/8/8/8/2+N5/8/8/4K3[] b - - 1 1",
        ),
    ];
    for (fen, uci, san, next) in cases {
        assert_eq!(game(fen).san_line(&[uci.to_string()]), [san], "{fen} {uci}");
        assert_eq!(after(fen, &[uci]), next, "{fen} {uci}");
    }
    // A promotion the position does not allow is an illegal move, not a malformed one.
    let err = game("4k3/8/8/8/8/8/1B6/4K3[] w - - 0 1")
        .check_moves(&["b2c3+".into()])
        .unwrap_err();
    assert!(err.contains("illegal"), "{err}");
}

#[test]
fn the_promoted_marker_is_part_of_the_key() {
    assert_ne!(
        game("4k3/8/8/8/8/8/8/3+FK3[] w - - 0 1").key(),
        game("4k3/8/8/8/8/8/8/3QK3[] w - - 0 1").key()
    );
    assert_ne!(
        game("4k3/8/8/8/8/8/8/+B3K3[] w - - 0 1").key(),
        game("4k3/8/8/8/8/8/8/A3K3[] w - - 0 1").key()
    );
}
