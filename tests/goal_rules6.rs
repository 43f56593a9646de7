//! One test per rule of Concurrent Chess (rule book `GOAL-VARIANTS.md`, section 3), on
//! the book's positions and our own, with the derivation beside each case. Every unit
//! is colour-bound: monarchs (K, Q) and pawns step diagonally, the rook moves 2, 4 or 6
//! squares along a line over empty squares or one diagonally, the knight is a lame
//! camel (three squares straight, corner included, then one aside). A turn may start
//! with a mirror (`c6f6,a8b7`). The reference data is checked in `goal_reference.rs`.

use crate::common::{analyse_best_move, search_once, verdict, Rng};
use crate::common::{fen_after, game_after as after, game_at, has_move as has, sorted_moves};

use protean::engine::Game;
use protean::position::EndReason;
use std::sync::Arc;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";

/// The plain moves (no mirror) of the unit on `square`.
fn moves_from(g: &Game, square: &str) -> Vec<String> {
    sorted_moves(g)
        .into_iter()
        .filter(|m| m.starts_with(square) && !m.contains(','))
        .collect()
}

/// The turns that start with the mirror `mirror` (`c6f6`).
fn after_mirror(g: &Game, mirror: &str) -> Vec<String> {
    sorted_moves(g)
        .into_iter()
        .filter(|m| m.starts_with(&format!("{mirror},")))
        .collect()
}

#[test]
fn concurrent_book_1_the_start_has_fourteen_pawn_steps() {
    // Every mirror square is occupied and every piece is blocked: the pawns' diagonal
    // steps are all, two per pawn but one for the a- and h-pawns.
    let g = game_at("concurrent", START);
    assert_eq!(
        sorted_moves(&g),
        [
            "a2b3", "b2a3", "b2c3", "c2b3", "c2d3", "d2c3", "d2e3", "e2d3", "e2f3", "f2e3", "f2g3",
            "g2f3", "g2h3", "h2g3"
        ]
    );
}

#[test]
fn concurrent_book_2_a_mirror_may_not_check() {
    // From f3 the bishop would check the black king on a8 along f3-e4-d5-c6-b7: no
    // turn starts with c3f3, the only mirror. The 14 turns are all plain: the bishop's
    // 10 moves (a1 b2 d2 b4 a5 d4 e5 f6 g7 h8) and the monarchs' steps (Qc2 Qe2 Kd2
    // Kf2).
    let g = game_at("concurrent", "k1q5/8/8/8/8/2B5/8/3QK3 w - - 0 1");
    assert!(after_mirror(&g, "c3f3").is_empty());
    assert_eq!(sorted_moves(&g).len(), 14);
    assert!(sorted_moves(&g).iter().all(|m| !m.contains(',')));
    // With the king moved off the diagonal the same mirror is allowed.
    let g = game_at("concurrent", "1kq5/8/8/8/8/2B5/8/3QK3 w - - 0 1");
    assert!(!after_mirror(&g, "c3f3").is_empty());
}

#[test]
fn concurrent_book_3_the_queen_is_royal_and_can_be_mated() {
    // Qh8 is checked by Ba1; its only step, g7, is still on the diagonal, and Black
    // has nothing to mirror: checkmate, White wins.
    let g = game_at("concurrent", "k6q/8/8/8/8/8/8/B2QK3 b - - 0 1");
    assert!(sorted_moves(&g).is_empty());
    assert_eq!(verdict(&g), "loss");
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Checkmate));
    // A black pawn on c6 mirrors to f6, blocking the diagonal; then the king's step,
    // the queen's step or the pawn's own step to e5 (still blocking) completes the
    // turn: exactly three turns.
    let g = game_at("concurrent", "k6q/8/2p5/8/8/8/8/B2QK3 b - - 0 1");
    assert_eq!(sorted_moves(&g), ["c6f6,a8b7", "c6f6,f6e5", "c6f6,h8g7"]);
}

#[test]
fn concurrent_rook_moves_an_even_distance_or_one_diagonal_step() {
    // Our own (also in the reference data). Ra1: a3 (two up; a4 at three blocks the
    // rest of the file), c1 (two right; Ke1 at four is its own), b2 (a diagonal step).
    let g = game_at("concurrent", "7k/8/8/8/p7/8/8/R3K3 w - - 0 1");
    assert_eq!(moves_from(&g, "a1"), ["a1a3", "a1b2", "a1c1"]);
    // On an open board it reaches 2, 4 and 6 squares away along both lines.
    let g = game_at("concurrent", "7k/8/8/8/8/8/8/R6K w - - 0 1");
    assert_eq!(
        moves_from(&g, "a1"),
        ["a1a3", "a1a5", "a1a7", "a1b2", "a1c1", "a1e1", "a1g1"]
    );
    // It captures at an even distance (a3) and not at an odd one (a4 above stays).
    let g = game_at("concurrent", "7k/8/8/8/8/n7/8/R3K3 w - - 0 1");
    assert!(has(&g, "a1a3"));
    let g = game_at("concurrent", "7k/8/8/8/n7/8/8/R3K3 w - - 0 1");
    assert!(!has(&g, "a1a4") && !has(&g, "a1a5") && has(&g, "a1a3"));
}

#[test]
fn concurrent_knight_is_a_lame_camel_that_needs_its_corner() {
    // Our own. Nb1 goes three squares up over b2, b3, b4 and turns to a4 or takes on
    // c4; to the right Ke1 is its third square (the corner), so nothing that way.
    let g = game_at("concurrent", "7k/8/8/8/2p5/8/8/1N2K3 w - - 0 1");
    assert_eq!(moves_from(&g, "b1"), ["b1a4", "b1c4"]);
    // A unit on b3 blocks the straight leg.
    let g = game_at("concurrent", "7k/8/8/8/8/1p6/8/1N2K3 w - - 0 1");
    assert!(moves_from(&g, "b1").is_empty());
    // A unit on the corner b4 blocks it too (Fairy-Stockfish's `nC` would pass over
    // only b2 and b3): the book's "over vacant squares" covers all three.
    let g = game_at("concurrent", "7k/8/8/8/1p6/8/8/1N2K3 w - - 0 1");
    assert!(moves_from(&g, "b1").is_empty());
    // Its attacks are its moves: Pb2's step to c3 opens b2, so the camel checks Ka4
    // over b2, b3, b4 ...
    let fen = "8/8/8/8/k7/8/1P6/1N2K2q w - - 0 1";
    assert_eq!(
        after("concurrent", fen, &[]).san_line(&["b2c3".into()]),
        ["c3+"]
    );
    // ... but not with a unit on its corner b4.
    let fen = "8/8/8/8/kp6/8/1P6/1N2K2q w - - 0 1";
    assert_eq!(
        after("concurrent", fen, &[]).san_line(&["b2c3".into()]),
        ["c3"]
    );
}

#[test]
fn concurrent_pawns_and_monarchs_step_diagonally_and_promote_to_r_b_n() {
    // Our own. Pe2 steps to d3 or f3, Ka1 to b2; the pawn may also be mirrored to d2
    // and then any of the three steps follows: six turns.
    let g = game_at("concurrent", "7k/8/8/8/8/8/4P3/K7 w - - 0 1");
    assert_eq!(
        sorted_moves(&g),
        [
            "a1b2",
            "e2d2,a1b2",
            "e2d2,d2c3",
            "e2d2,d2e3",
            "e2d3",
            "e2f3"
        ]
    );
    // Pb7 promotes to R, B or N on a8 or c8; its mirror to g7 would check Kh8.
    let g = game_at("concurrent", "7k/1P6/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(
        sorted_moves(&g),
        ["a1b2", "b7a8b", "b7a8n", "b7a8r", "b7c8b", "b7c8n", "b7c8r"]
    );
    // A promotion after a mirror: with the king on d8 instead (attacked from neither
    // b7 nor g7), the pawn mirrored to g7 promotes on f8 or h8 (six turns), or Kh1
    // steps to g2 after the mirror; the new rook on h8 checks Kd8 four squares away
    // over g8, f8, e8.
    let fen = "3k4/1P6/8/8/8/8/8/7K w - - 0 1";
    let g = game_at("concurrent", fen);
    assert_eq!(
        after_mirror(&g, "b7g7"),
        [
            "b7g7,g7f8b",
            "b7g7,g7f8n",
            "b7g7,g7f8r",
            "b7g7,g7h8b",
            "b7g7,g7h8n",
            "b7g7,g7h8r",
            "b7g7,h1g2"
        ]
    );
    assert_eq!(
        fen_after("concurrent", fen, &["b7g7,g7h8r"]),
        "3k3R/8/8/8/8/8/8/7K b - - 0 1"
    );
    assert_eq!(g.san_line(&["b7g7,g7h8r".into()]), ["b7g7,h8=R+"]);
}

#[test]
fn concurrent_a_mirror_may_discover_check_and_the_mirrored_unit_may_then_check() {
    // Our own. Nb2 mirrored to g2 opens Ba1's diagonal onto Kh8: a discovered check is
    // allowed (only the mirrored unit's own check is banned), but the move after it
    // may not take the king.
    let fen = "7k/8/8/8/8/8/1N6/B3K3 w - - 0 1";
    let g = game_at("concurrent", fen);
    assert!(has(&g, "b2g2,e1d2"));
    assert!(!has(&g, "b2g2,a1h8"));
    // Kh8's only step, g7, is on the same diagonal: mate.
    assert_eq!(g.san_line(&["b2g2,e1d2".into()]), ["Nb2g2,Kd2#"]);
    // The regular move may be the mirrored unit's and may give check: Ra1 mirrored to
    // h1 attacks h3, h5, h7, f1 and g2 but not Kg4; then Rh1-h3 stands diagonally
    // next to the king: check.
    let fen = "8/8/8/8/6k1/8/8/R3K3 w - - 0 1";
    let g = game_at("concurrent", fen);
    assert!(has(&g, "a1h1,h1h3"));
    assert_eq!(g.san_line(&["a1h1,h1h3".into()]), ["Ra1h1,Rh3+"]);
}

#[test]
fn concurrent_no_turn_may_leave_either_monarch_attacked() {
    // Our own. White's queen on d2 is attacked by Bb4 (b4-c3-d2). Her steps: c3 stays
    // on the diagonal and e1 is on it once she has left d2; c1 and e3 are safe. Kh1's
    // step to g2 would leave her attacked, and there is nothing to mirror: two turns.
    let g = game_at("concurrent", "k7/8/8/8/1b6/8/3Q4/7K w - - 0 1");
    assert_eq!(sorted_moves(&g), ["d2c1", "d2e3"]);
}

#[test]
fn concurrent_stalemate_is_a_draw_and_mate_of_the_king_wins() {
    // Ka8's only step b7 is attacked by Ba6, nothing to mirror: stalemate.
    let g = game_at("concurrent", "k7/8/B7/8/8/8/8/4K3 b - - 0 1");
    assert!(sorted_moves(&g).is_empty());
    assert_eq!(verdict(&g), "draw");
    // The king checkmated on the long diagonal by Bh1.
    let g = game_at("concurrent", "k7/8/8/8/8/8/8/4K2B b - - 0 1");
    assert_eq!(verdict(&g), "loss");
}

#[test]
fn concurrent_fen_round_trip_and_bad_fens_fail() {
    assert_eq!(game_at("concurrent", START).fen(), START);
    let fen = "k6q/8/2p5/8/8/8/8/B2QK3 b - - 0 1";
    assert_eq!(game_at("concurrent", fen).fen(), fen);
    for bad in [
        // No castling in this game.
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        // The side not to move has its queen attacked (Bb4 on Qd2, Black to move).
        "k7/8/8/8/1b6/8/3Q4/4K3 b - - 0 1",
        // A letter of no kind.
        "k7/8/8/8/8/8/8/4K2X w - - 0 1",
    ] {
        assert!(
            Game::by_name("concurrent", Some(bad)).is_err(),
            "{bad} should be refused"
        );
    }
}

#[test]
fn concurrent_notation_uci_and_san() {
    // The mirror, a comma, the regular move, as the book writes it; SAN names the
    // mirrored unit (none for a pawn) and both squares, then the move in the mirrored
    // position.
    let g = game_at("concurrent", "k6q/8/2p5/8/8/8/8/B2QK3 b - - 0 1");
    assert_eq!(g.san_line(&["c6f6,a8b7".to_string()]), ["c6f6,Kb7"]);
    assert_eq!(g.san_line(&["c6f6,f6e5".to_string()]), ["c6f6,e5"]);
    let g = game_at("concurrent", "8/8/8/8/6k1/8/8/R3K3 w - - 0 1");
    assert_eq!(g.san_line(&["a1h1,h1h3".to_string()]), ["Ra1h1,Rh3+"]);
    assert_eq!(g.san_line(&["a1c1".to_string()]), ["Rc1"]);
    // A mirror that is not legal, a bare mirror and a malformed token are refused and
    // leave the game as it was.
    let mut g = game_at("concurrent", "k1q5/8/8/8/8/2B5/8/3QK3 w - - 0 1");
    for bad in ["c3f3,c3d4", "c3f3,f3g4", "c3f3", "c3f3,", "d1e2,c3d4"] {
        assert!(g.play_uci(bad).is_err(), "{bad}");
    }
    assert_eq!(g.fen(), "k1q5/8/8/8/8/2B5/8/3QK3 w - - 0 1");
}

#[test]
fn concurrent_section_is_written_and_read_back() {
    use protean::engine::variant_file::parse_variants;
    use protean::variant::ini::write::to_ini;
    let v = protean::variant::find_variant("concurrent").expect("built in");
    let text = to_ini(&v).expect("written");
    for key in [
        "proteanMirror = pnbr",
        "proteanLameCorners = n",
        "proteanSecondRoyal = q",
        "nDD",
    ] {
        assert!(text.contains(key), "{key} in\n{text}");
    }
    let back = parse_variants(&text, "concurrent.ini")
        .require_all()
        .expect("reads back");
    assert!(back.variants[0] == *v, "{text}");
    let mut g = Game::new(&Arc::new(back.variants[0].clone()), None).unwrap();
    assert_eq!(g.perft(3), 9458);
    // A user's section with the mirror on a kind that does not exist, or lame corners
    // on a kind without lame leaps, is refused with a clear error.
    for (bad, why) in [
        ("[c1:concurrent]\nproteanMirror = z\n", "no piece"),
        ("[c2:concurrent]\nproteanLameCorners = b\n", "no lame leap"),
    ] {
        let r = parse_variants(bad, "bad.ini");
        let err = match r.require_all() {
            Err(e) => e.to_string(),
            Ok(back) => Game::new(&Arc::new(back.variants[0].clone()), None)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default(),
        };
        assert!(err.contains(why), "{bad}: {err}");
    }
}

#[test]
fn concurrent_xboard_gets_the_piece_table_and_the_start() {
    // XBoard does not know the game: the `setup` command sends the piece table and the
    // book's start FEN, and each kind's moves go as a `piece` command (the camel's
    // corner is ours, so a GUI's own move test would be wrong: legality testing off).
    let v = protean::variant::find_variant("concurrent").unwrap();
    let lines = protean::protocol::xboard::variants::setup_commands(&v);
    assert!(lines[0].starts_with("setup ("), "{lines:?}");
    assert!(lines[0].ends_with(START), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("piece") && l.contains("nDD")),
        "{lines:?}"
    );
}

#[test]
fn concurrent_search_finds_a_mate_that_needs_a_mirror() {
    // Our own. Black's lone Ka8 steps only to b7, and a check along the long diagonal
    // is mate (as in book test 3). White's bishop on c1 is on dark squares; mirrored to
    // f1 (light; from there it checks nothing) it goes on to g2: mate, the only one.
    let fen = "k7/8/8/8/8/8/8/2B1K3 w - - 0 1";
    assert_eq!(verdict(&after("concurrent", fen, &["c1f1,f1g2"])), "loss");
    let g = game_at("concurrent", fen);
    let limits = protean::search::Limits {
        depth: Some(3),
        ..protean::search::Limits::default()
    };
    let tt = protean::search::TranspositionTable::new(1);
    let r = search_once(&g, &limits, &protean::search::Settings::default(), &tt);
    assert_eq!(r.best.as_deref(), Some("c1f1,f1g2"));
    // `protean analyse` gives the turn in SAN and UCI with a mate score.
    let best = analyse_best_move("concurrent", fen, 3);
    assert!(
        best.contains("Bc1f1,Bg2#") && best.contains("c1f1,f1g2, score #1"),
        "{best}"
    );
}

#[test]
fn concurrent_random_play_keeps_the_key_and_the_fen() {
    // Seeded random games: after every turn, mirrors included, the key made move by
    // move equals the key of the position read from its own FEN.
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut mirrors = 0;
    for _ in 0..20 {
        let mut g = game_at("concurrent", START);
        for _ in 0..120 {
            let moves = g.legal_moves_uci();
            if moves.is_empty() {
                break;
            }
            let m = &moves[rng.below(moves.len())];
            mirrors += m.contains(',') as usize;
            g.play_uci(m).unwrap();
            let fen = g.fen();
            assert_eq!(
                game_at("concurrent", &fen).key(),
                g.key(),
                "{fen} after {m}"
            );
        }
    }
    assert!(mirrors > 0);
}
