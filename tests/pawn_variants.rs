//! Fairy-Stockfish's pawn variations (pawnsideways, berolina, pawnback): what their
//! custom pawns change beyond the moves (the perft, game-end and FEN suites compare the
//! rest with pyffish). The en-passant field lists the square passed and the one reached,
//! whatever can capture; a quiet pawn move that could be undone keeps the move clock;
//! SAN names the pawn by its letter. Every expected text here is pyffish 0.0.90's
//! (`get_fen`, `get_san`, `legal_moves`, `is_optional_game_end`).

use crate::common::{has_move, moves_from, sorted_moves};
use protean::engine::Game;

fn after(variant: &str, fen: Option<&str>, moves: &[&str]) -> Game {
    let mut g = Game::by_name(variant, fen).unwrap();
    for m in moves {
        g.play_uci(m)
            .unwrap_or_else(|e| panic!("{variant} {m}: {e}"));
    }
    g
}

fn ep_and_clock(g: &Game) -> String {
    let fen = g.fen();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    fields[3..5].join(" ")
}

#[test]
fn a_custom_pawns_double_step_lists_the_square_passed_and_the_one_reached() {
    // Nothing can capture on e3 or g3, and the field is written all the same.
    for (variant, mv, field) in [
        ("pawnsideways", "e2e4", "e3e4 0"),
        ("pawnback", "e2e4", "e3e4 1"),
        ("berolina", "f2h4", "g3h4 0"),
        ("berolina", "d2b4", "c3b4 0"),
    ] {
        let g = after(variant, None, &[mv]);
        assert_eq!(ep_and_clock(&g), field, "{variant} {mv}");
        // Read back, the field and the moves are the same.
        let back = Game::by_name(variant, Some(&g.fen())).unwrap();
        assert_eq!(back.fen(), g.fen(), "{variant}");
        assert_eq!(back.key(), g.key(), "{variant}");
        assert_eq!(sorted_moves(&back), sorted_moves(&g), "{variant}");
    }
    // The orthodox pawn keeps its single square, and only where a capture is possible.
    let g = after("chess", None, &["e2e4"]);
    assert_eq!(ep_and_clock(&g), "- 0");
}

#[test]
fn berolina_takes_en_passant_on_the_square_passed() {
    // 1.a2c4 passes b3; the pawn on b4 takes it there (straight ahead), or moves.
    let fen = "rnbqkbnr/pppppppp/8/8/1p6/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let g = after("berolina", Some(fen), &["a2c4"]);
    assert_eq!(
        g.fen(),
        "rnbqkbnr/pppppppp/8/8/1pP5/8/1PPPPPPP/RNBQKBNR b KQkq b3c4 0 1"
    );
    assert_eq!(moves_from(&g, "b4"), ["b4a3", "b4b3", "b4c3"]);
    assert_eq!(
        after("berolina", Some(&g.fen()), &["b4b3"]).fen(),
        "rnbqkbnr/pppppppp/8/8/8/1p6/1PPPPPPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(g.san_line(&["b4b3".into(), "b4c3".into()]), ["Pxb3"]);
    let start = Game::by_name("berolina", Some(fen)).unwrap();
    assert_eq!(start.san_line(&["a2c4".into()]), ["Pac4"]);
}

#[test]
fn pawnsideways_takes_en_passant_and_writes_pawns_by_letter() {
    let fen = "rnbqkbnr/ppp1pppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let g = after("pawnsideways", Some(fen), &["d2d4"]);
    assert_eq!(
        g.fen(),
        "rnbqkbnr/ppp1pppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3d4 0 1"
    );
    assert_eq!(g.san_line(&["e4d3".into()]), ["Pxd3"]);
    assert_eq!(
        after("pawnsideways", Some(&g.fen()), &["e4d3"]).fen(),
        "rnbqkbnr/ppp1pppp/8/8/8/3p4/PPP1PPPP/RNBQKBNR w KQkq - 0 2"
    );
    let two = Game::by_name("pawnsideways", Some("4k3/8/8/8/8/8/2P1P3/4K3 w - - 0 1")).unwrap();
    assert_eq!(two.san_line(&["c2d2".into()]), ["Pcd2"]);
    let back = Game::by_name("pawnback", Some("4k3/8/8/8/8/3P4/8/4K3 w - - 0 1")).unwrap();
    assert_eq!(back.san_line(&["d3d2".into()]), ["Pd2"]);
}

#[test]
fn quiet_pawn_moves_that_can_be_undone_keep_the_move_clock() {
    // Pawn Sideways: forward resets, sideways does not (the pawn can step back).
    let g = after("pawnsideways", None, &["a2a3", "a7a6", "a3b3"]);
    assert_eq!(ep_and_clock(&g), "- 1");
    let g = after("pawnsideways", None, &["g1f3", "a7a6", "a2a3"]);
    assert_eq!(ep_and_clock(&g), "- 0");
    // Pawnback: no pawn move resets it (nMoveRuleTypes = -), a capture does.
    let g = after("pawnback", None, &["e2e4", "d7d5", "e4e3", "d5d4"]);
    assert_eq!(ep_and_clock(&g), "- 4");
    let g = after("pawnback", None, &["e2e4", "d7d5", "e4d5"]);
    assert_eq!(ep_and_clock(&g), "- 0");
    // and the pawns never step back onto their own first rank.
    let g = after("pawnback", None, &["g1h3", "e7e6"]);
    assert!(!has_move(&g, "g2g1"));
}

#[test]
fn a_listed_field_on_one_file_keys_as_none_as_in_fairy_stockfish() {
    // Fairy-Stockfish keys each listed square by its file, so `e3e4` cancels out: after
    // 1.e4 (field e3e4) and two knight round trips, pyffish sees a threefold repetition
    // (the position after 1.e4 counts), while Berolina's `g3h4` does not cancel.
    let cycle = ["g8f6", "g1f3", "f6g8", "f3g1"];
    let mut moves = vec!["e2e4"];
    moves.extend(cycle);
    let once = after("pawnback", None, &moves);
    moves.extend(cycle);
    let twice = after("pawnback", None, &moves);
    assert!(once.outcome().is_none());
    assert!(twice.outcome().is_some(), "{}", twice.fen());
    let first = after("pawnback", None, &["e2e4"]);
    let later = after("pawnback", None, &["e2e3", "a7a6", "e3e4", "a6a7"]);
    assert_eq!(first.fen().split(' ').nth(3), Some("e3e4"));
    assert_eq!(
        first.key(),
        Game::by_name("pawnback", Some(&first.fen().replace("e3e4", "-")))
            .unwrap()
            .key()
    );
    assert!(later.fen().contains(" - "));
    let bero = after("berolina", None, &["f2h4"]);
    assert_ne!(
        bero.key(),
        Game::by_name("berolina", Some(&bero.fen().replace("g3h4", "-")))
            .unwrap()
            .key()
    );
}

#[test]
fn impossible_listed_fields_are_errors() {
    let base = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq";
    for (variant, field) in [
        ("pawnsideways", "e3e5"),   // e5 holds nothing
        ("pawnsideways", "e3e4e5"), // three squares
        ("pawnsideways", "d3e4"),   // e4's pawn did not pass d3
        ("chess", "e3e4"),          // the orthodox pawn's field is one square
        ("pawnsideways", "e3e4x"),
    ] {
        let fen = format!("{base} {field} 0 1");
        assert!(
            Game::by_name(variant, Some(&fen)).is_err(),
            "{variant}: {fen} accepted"
        );
    }
    // Out of board order, it is read and written in order (as pyffish does).
    let g = Game::by_name("pawnsideways", Some(&format!("{base} e4e3 0 1"))).unwrap();
    assert_eq!(g.fen(), format!("{base} e3e4 0 1"));
}
