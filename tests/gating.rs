//! Seirawan gating, each rule on its own position (expected values from pyffish,
//! Fairy-Stockfish 230826): gated moves in UCI and SAN, gating rights in the FEN and how
//! they are lost, castling with gating on either square (and in Chess960 notation),
//! legality as Fairy-Stockfish judges it, promotion to hawk and elephant, Shouse's drops
//! and gating of captured pieces, and the rights in the key.

use protean::engine::Game;

const SEIRAWAN_START: &str =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
const CASTLING: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[EHeh] w KQkq - 0 1";

use crate::common;
use common::{fen_after as after, game_at as game, sorted_moves};

#[test]
fn start_position_gates_with_each_first_rank_move() {
    let g = Game::by_name("seirawan", None).unwrap();
    assert_eq!(g.fen(), SEIRAWAN_START.replace("[HEhe]", "[EHeh]"));
    let moves = sorted_moves(&g);
    assert_eq!(moves.len(), 28);
    for m in ["b1c3h", "b1c3e", "b1a3h", "g1f3e", "g1h3h"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    assert_eq!(
        after("seirawan", SEIRAWAN_START, &["b1c3h"]),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Eeh] b KQCDFGkqbcdfg - 1 1"
    );
}

#[test]
fn a_right_goes_when_its_piece_moves_without_gating() {
    assert_eq!(
        after(
            "seirawan",
            SEIRAWAN_START,
            &["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"]
        ),
        "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[EHeh] w KQBCDkqcdg - 4 4"
    );
    // The king moves: castling goes, the rooks' squares stay gates and are written.
    assert_eq!(
        after("seirawan", SEIRAWAN_START, &["e2e4", "e7e5", "e1e2"]),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR[EHeh] b ABCDFGHkqbcdfg - 1 2"
    );
}

#[test]
fn a_right_goes_when_its_piece_is_captured() {
    assert_eq!(
        after(
            "seirawan",
            SEIRAWAN_START,
            &["g1f3", "b7b6", "e2e3", "c8b7", "f1e2", "b7f3", "e2f3"]
        ),
        "rn1qkbnr/p1pppppp/1p6/8/8/4PB2/PPPP1PPP/RNBQK2R[EHeh] b KQBCDkqbdfg - 0 4"
    );
    // The captured rook takes castling with it; the king's square stays a gate.
    assert_eq!(
        after(
            "seirawan",
            "r3k3/8/8/8/8/8/8/RN2K3[Hh] w ABq - 0 1",
            &["a1a8"]
        ),
        "R3k3/8/8/8/8/8/8/1N2K3[Hh] b Be - 0 1"
    );
}

#[test]
fn an_empty_hand_ends_gating_unless_captures_refill_it() {
    let fen = "4k3/8/8/8/8/8/8/RN2K3[H] w AB - 0 1";
    assert_eq!(
        after("seirawan", fen, &["b1c3h"]),
        "4k3/8/8/8/8/2N5/8/RH2K3[] b - - 1 1"
    );
    assert_eq!(
        after("seirawan", fen, &["b1c3"]),
        "4k3/8/8/8/8/2N5/8/R3K3[H] b A - 1 1"
    );
    assert_eq!(
        after("shouse", fen, &["b1c3h"]),
        "4k3/8/8/8/8/2N5/8/RH2K3[] b A - 1 1"
    );
    // The gates of every white piece are spent at once.
    assert_eq!(
        after("seirawan", SEIRAWAN_START, &["b1c3h", "g8f6e", "g1f3e"]),
        "rnbqkber/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/RHBQKBER[h] b KQkqbcdf - 3 2"
    );
}

#[test]
fn castling_gates_on_the_king_or_the_rook_square() {
    let g = game("seirawan", CASTLING);
    let moves = sorted_moves(&g);
    for m in ["e1g1", "e1g1h", "e1g1e", "h1e1h", "h1e1e", "e1c1e", "a1e1h"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    assert!(!moves.contains(&"h1e1".to_string()));
    assert_eq!(moves.len(), 47);
    for (m, fen) in [
        (
            "e1g1h",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3HRK1[Eeh] b Akq - 1 1",
        ),
        (
            "h1e1h",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKH[Eeh] b Akq - 1 1",
        ),
        (
            "e1c1e",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KRE2R[Heh] b Hkq - 1 1",
        ),
        (
            "a1e1e",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/E1KR3R[Heh] b Hkq - 1 1",
        ),
    ] {
        assert_eq!(after("seirawan", CASTLING, &[m]), fen, "{m}");
    }
}

#[test]
fn chess960_notation_gates_castling_king_takes_rook() {
    let mut g = game("seirawan", CASTLING);
    g.set_chess960(true);
    assert_eq!(
        g.fen(),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[EHeh] w KQkq - 0 1",
        "X-FEN in Chess960 mode too: K and Q name the king's gate as well"
    );
    let moves = sorted_moves(&g);
    for m in ["e1h1", "e1h1h", "e1a1e", "h1e1h", "a1e1e"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    assert!(!moves.contains(&"e1g1h".to_string()));
    g.play_uci("e1h1h").unwrap();
    assert_eq!(
        g.fen(),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3HRK1[Eeh] b Akq - 1 1"
    );
    // Read back in either notation, the rights are the same.
    let reread = game("seirawan", &g.fen());
    assert_eq!(reread.key(), g.key());
}

#[test]
fn fen_rights_read_as_fairy_stockfish_reads_them() {
    // A king on a gate and no castling right: each rook on a gate castles (X-FEN the
    // way Fairy-Stockfish writes Chess960 rights).
    for (given, written) in [
        ("HAEhae", "KQkq"),
        ("EH", "K"),
        ("E", "E"),
        ("H", "H"),
        ("KA", "KA"),
    ] {
        let fen = CASTLING.replace("KQkq", given);
        assert_eq!(
            game("seirawan", &fen).fen(),
            CASTLING.replace("KQkq", written),
            "{given}"
        );
    }
    // With empty hands Seirawan's file letters are Shredder-FEN castling rights.
    assert_eq!(
        game(
            "seirawan",
            "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w HAha - 0 1"
        )
        .fen(),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w KQkq - 0 1"
    );
    // A gate needs a piece of its side on the square.
    let Err(err) = Game::by_name(
        "seirawan",
        Some("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[H] w KQBkq - 0 1"),
    ) else {
        panic!("a gate on an empty square was accepted");
    };
    assert!(err.contains("gating right 'B'"), "{err}");
}

#[test]
fn a_gated_move_is_legal_when_the_plain_move_is() {
    // The knight is pinned: gating a hawk behind it would close the line, but, as in
    // Fairy-Stockfish, the gate does not count as a blocker.
    assert_eq!(
        sorted_moves(&game("seirawan", "4k3/8/8/8/8/8/8/rN2K3[H] w B - 0 1")),
        ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    // In check along the first rank the king may not step to f1 even with a gate.
    assert_eq!(
        sorted_moves(&game("seirawan", "4k3/8/8/8/8/8/8/r3K3[H] w E - 0 1")),
        ["e1d2", "e1d2h", "e1e2", "e1e2h", "e1f2", "e1f2h"]
    );
}

#[test]
fn pawns_promote_to_hawk_and_elephant() {
    let g = game("seirawan", "4k3/P7/8/8/8/8/8/4K3[H] w - - 0 1");
    assert_eq!(
        sorted_moves(&g)[..6],
        ["a7a8b", "a7a8e", "a7a8h", "a7a8n", "a7a8q", "a7a8r"]
    );
    assert_eq!(g.san_line(&["a7a8e".into()]), ["a8=E+"]);
    // In Shouse the promoted piece is marked and returns to hand as a pawn.
    assert_eq!(
        after("shouse", "4k3/P7/8/8/8/8/8/4K3[H] w - - 0 1", &["a7a8h"]),
        "H~3k3/8/8/8/8/8/8/4K3[H] b - - 0 1"
    );
}

#[test]
fn san_writes_the_gate_after_a_slash() {
    let g = Game::by_name("seirawan", None).unwrap();
    assert_eq!(g.san_line(&["b1c3h".into()]), ["Nc3/H"]);
    let g = game("seirawan", CASTLING);
    assert_eq!(g.san_line(&["e1g1h".into()]), ["O-O/He1"]);
    assert_eq!(g.san_line(&["h1e1h".into()]), ["O-O/Hh1"]);
    assert_eq!(g.san_line(&["a1e1e".into()]), ["O-O-O/Ea1"]);
    assert_eq!(g.san_line(&["a1d1h".into()]), ["Rd1/H"]);
    // The check comes after the gate.
    let g = game("seirawan", "3k4/8/8/8/8/8/8/3NK3[E] w D - 0 1");
    assert_eq!(g.san_line(&["d1c3e".into()]), ["Nc3/E+"]);
}

#[test]
fn shouse_drops_and_gates_captured_pieces() {
    let g = Game::by_name("shouse", None).unwrap();
    let moves = sorted_moves(&g);
    assert_eq!(moves.len(), 92);
    assert!(moves.contains(&"H@e4".to_string()) && moves.contains(&"b1c3e".to_string()));
    // Seirawan has no drops.
    let s = Game::by_name("seirawan", None).unwrap();
    assert!(s.legal_moves_uci().iter().all(|m| !m.contains('@')));
    // A captured queen may be gated, a pawn may not (pawns never drop on rank 1).
    let g = game("shouse", "4k3/8/8/8/8/8/8/RN2K3[QP] w AB - 0 1");
    let moves = sorted_moves(&g);
    assert!(moves.contains(&"b1c3q".to_string()) && moves.contains(&"a1a8q".to_string()));
    assert!(!moves.iter().any(|m| m.len() == 5 && m.ends_with('p')));
    assert_eq!(moves.len(), 133);
    assert_eq!(
        after(
            "shouse",
            "r3k3/8/8/8/8/8/8/RN2K3[Qq] w ABq - 0 1",
            &["a1a8"]
        ),
        "R3k3/8/8/8/8/8/8/1N2K3[QRq] b Be - 0 1"
    );
}

#[test]
fn gating_rights_and_hands_are_in_the_key() {
    let base = "4k3/8/8/8/8/8/8/RN2K3[H] w AB - 0 1";
    let keys = [
        game("seirawan", base).key(),
        game("seirawan", &base.replace("AB", "A")).key(),
        game("seirawan", &base.replace("AB", "B")).key(),
        game("seirawan", &base.replace("AB", "-")).key(),
        game("seirawan", &base.replace("[H]", "[E]")).key(),
    ];
    for i in 0..keys.len() {
        for j in i + 1..keys.len() {
            assert_ne!(keys[i], keys[j], "{i} {j}");
        }
    }
    // A move and its gated form lead to different positions; unplayed they agree.
    let mut a = game("seirawan", base);
    let mut b = game("seirawan", base);
    a.play_uci("b1c3").unwrap();
    b.play_uci("b1c3h").unwrap();
    assert_ne!(a.key(), b.key());
}

/// A pawn in hand (only a FEN can put one there in Seirawan) gates nowhere: pawns keep
/// off their first rank, where every gate is. pyffish: 24 moves here (20 plain, 4 with
/// the hawk), in Seirawan and with drops in Shouse 88, none of them a pawn gate.
#[test]
fn a_pawn_in_hand_does_not_gate() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[PHhe] w KQBCDFGkqbcdfg - 0 1";
    for (variant, count) in [("seirawan", 24), ("shouse", 88)] {
        let moves = sorted_moves(&game(variant, fen));
        assert_eq!(moves.len(), count, "{variant}");
        assert!(
            !moves.iter().any(|m| m.ends_with('p')),
            "{variant}: {moves:?}"
        );
    }
}
