//! One test per rule of each GOAL variant (rule book `GOAL-VARIANTS.md`, its section
//! named in each test), on the book's positions and our own, with the derivation beside
//! each case. The independent reference's data is checked in `goal_reference.rs`.

use crate::common::{fen_after, game_at, sorted_moves};

use protean::engine::Game;
use protean::position::{EndReason, GameResult};
use protean::variant::Color;

/// `fen` (or a FEN plus ` moves ...`) with the moves played.
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

// --- 7. Decastellation ---------------------------------------------------------------

#[test]
fn decastellation_taking_the_last_rook_wins() {
    // Rxa2 leaves Black without a rook: Black, to move, has lost.
    let g = after(
        "decastellation",
        "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1",
        &["a1a2"],
    );
    assert_eq!(verdict(&g), "loss");
    assert_eq!(g.outcome().unwrap().reason, EndReason::Material);
}

#[test]
fn decastellation_the_king_is_captured_and_castling_ignores_attacks() {
    // Book test 2: Rxe1 takes the king (no check exists, so the position is legal).
    let g = after(
        "decastellation",
        "4k3/8/8/8/8/8/8/r3K2R b - - 0 1",
        &["a1e1"],
    );
    assert_eq!(verdict(&g), "loss");
    // Book test 3: Ke2 stands attacked by Rd2 and is legal: 5 king moves.
    let g = game_at("decastellation", "r3k3/8/8/8/8/8/3r4/R3K3 w - - 0 1");
    let king: Vec<String> = sorted_moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("e1"))
        .collect();
    assert_eq!(king, ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    // Castling has no attack conditions: Rf8 attacks f1, which the king passes.
    // (Black keeps a rook: a side without one has lost.)
    let g = game_at("decastellation", "r3kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(has(&g, "e1g1") && has(&g, "e1c1"));
}

// --- 31. Zoo -------------------------------------------------------------------------

#[test]
fn zoo_the_fourth_captured_kind_wins() {
    // Book test 1: White has taken P, N, B; Rxa2 takes a rook, the fourth kind.
    let g = after("zoo", "4k3/8/8/8/8/8/r7/R3K3[PNB] w - - 0 1", &["a1a2"]);
    assert_eq!(verdict(&g), "loss");
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/R7/4K3[PNBR] b - - 0 1");
    // The same sets as Black's captures: White's first capture, game on.
    let g = after("zoo", "4k3/8/8/8/8/8/r7/R3K3[pnb] w - - 0 1", &["a1a2"]);
    assert_eq!(verdict(&g), "ongoing");
    // Book test 2: a pawn, a kind already counted.
    let g = after("zoo", "4k3/8/8/8/8/8/p7/R3K3[PNB] w - - 0 1", &["a1a2"]);
    assert_eq!(verdict(&g), "ongoing");
    // Book test 3: the king is a kind like any other.
    let g = after("zoo", "4k3/8/8/8/8/8/8/4R1K1[PNB] w - - 0 1", &["e1e8"]);
    assert_eq!(verdict(&g), "loss");
}

#[test]
fn zoo_sets_are_in_the_key_and_fen() {
    let a = game_at("zoo", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    let b = game_at("zoo", "4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    assert_ne!(a.key(), b.key());
    // A repeated letter is the same as one; order is the kind order.
    assert_eq!(
        game_at("zoo", "4k3/8/8/8/8/8/8/4K3[qPPn] w - - 0 1").fen(),
        "4k3/8/8/8/8/8/8/4K3[Pnq] w - - 0 1"
    );
    assert!(Game::by_name("zoo", Some("4k3/8/8/8/8/8/8/4K3[X] w - - 0 1")).is_err());
    // Check does not exist: a king may stay attacked.
    let g = game_at("zoo", "4k3/8/8/8/8/8/8/r3K3[] w - - 0 1");
    assert!(has(&g, "e1d1"));
}

// --- 13. Junta -----------------------------------------------------------------------

#[test]
fn junta_knights_and_king_count() {
    // Book test 1: Black's last knight goes.
    assert_eq!(
        verdict(&after(
            "junta",
            "4k3/8/8/8/8/8/n7/R3K1N1 w - - 0 1",
            &["a1a2"]
        )),
        "loss"
    );
    // Book test 2: no king, and one knight left after Rxa2: king + knight captured.
    assert_eq!(
        verdict(&after(
            "junta",
            "8/8/8/8/8/8/n6n/R3K1N1 w - - 0 1",
            &["a1a2"]
        )),
        "loss"
    );
    // Book test 3: the king goes but two knights remain.
    let g = game_at("junta", "1n2k1n1/2P5/8/8/8/8/8/NN2R1K1 w - - 0 1");
    let promos: Vec<String> = sorted_moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("c7"))
        .collect();
    assert_eq!(
        promos,
        ["c7b8b", "c7b8q", "c7b8r", "c7c8b", "c7c8q", "c7c8r"]
    );
    assert_eq!(
        verdict(&after(
            "junta",
            "1n2k1n1/2P5/8/8/8/8/8/NN2R1K1 w - - 0 1",
            &["e1e8"]
        )),
        "ongoing"
    );
    // Book test 4: a side without knights has already lost (White, to move).
    let g = game_at("junta", "4k3/8/8/8/8/8/n7/R3K3 w - - 0 1");
    assert_eq!(verdict(&g), "loss");
    assert!(g.legal_moves_uci().is_empty());
}

// --- 2. Clerical ---------------------------------------------------------------------

#[test]
fn clerical_an_attacked_last_bishop_steps() {
    // Book test 1: Bc4 attacked by Rc8: b3 b5 d3 d5 only, plus 5 king moves.
    let g = game_at("clerical", "2r1k2b/7b/8/8/2B5/8/8/6K1 w - - 0 1");
    let b: Vec<String> = sorted_moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("c4"))
        .collect();
    assert_eq!(b, ["c4b3", "c4b5", "c4d3", "c4d5"]);
    assert_eq!(g.legal_moves_uci().len(), 9);
    // Book test 2: not attacked: all 11 bishop moves.
    let g = game_at("clerical", "4k2b/r6b/8/8/2B5/8/8/6K1 w - - 0 1");
    assert_eq!(
        g.legal_moves_uci()
            .iter()
            .filter(|m| m.starts_with("c4"))
            .count(),
        11
    );
    // Two bishops: no restriction even when attacked (Bc4 attacked by Rc8, Bf1 there;
    // Bf1 blocks c4-f1, so 10 of the 11 squares).
    let g = game_at("clerical", "2r1k2b/7b/8/8/2B5/8/8/5BK1 w - - 0 1");
    assert_eq!(
        g.legal_moves_uci()
            .iter()
            .filter(|m| m.starts_with("c4"))
            .count(),
        10
    );
}

#[test]
fn clerical_no_bishops_loses_and_kings_are_pieces() {
    // Book test 3: Rxd5 takes Black's last bishop.
    assert_eq!(
        verdict(&after(
            "clerical",
            "4k3/8/8/3b4/8/8/8/3R1BK1 w - - 0 1",
            &["d1d5"]
        )),
        "loss"
    );
    // Taking the king ends nothing.
    assert_eq!(
        verdict(&after(
            "clerical",
            "4k3/8/b6b/8/8/8/8/4RBK1 w - - 0 1",
            &["e1e8"]
        )),
        "ongoing"
    );
    // Promotion to a king (not royal), never to a bishop.
    let g = game_at("clerical", "4k2b/P6b/8/8/8/8/8/5BK1 w - - 0 1");
    let promos: Vec<String> = sorted_moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("a7"))
        .collect();
    assert_eq!(promos, ["a7a8k", "a7a8n", "a7a8q", "a7a8r"]);
}

// --- 11. Entourage -------------------------------------------------------------------

#[test]
fn entourage_capturing_next_to_the_king_wins() {
    // Book test 1: the rook on d7 stood next to Ke8.
    let g = after("entourage", "4k3/3r4/8/8/8/8/8/3RK3 w - - 0 1", &["d1d7"]);
    assert_eq!(verdict(&g), "loss");
    assert_eq!(g.outcome().unwrap().reason, EndReason::CaptureGoal);
    // Book test 2: d6 is not next to e8.
    assert_eq!(
        verdict(&after(
            "entourage",
            "4k3/8/3r4/8/8/8/8/3RK3 w - - 0 1",
            &["d1d6"]
        )),
        "ongoing"
    );
    // Book test 3: a pawn does not count.
    assert_eq!(
        verdict(&after(
            "entourage",
            "4k3/3p4/8/8/8/8/8/3RK3 w - - 0 1",
            &["d1d7"]
        )),
        "ongoing"
    );
    // The event comes from the move: the same board set up from FEN goes on.
    assert_eq!(
        verdict(&game_at("entourage", "3Rk3/8/8/8/8/8/8/4K3 b - - 0 1")),
        "ongoing"
    );
    // Capturing the king wins (material).
    assert_eq!(
        verdict(&after(
            "entourage",
            "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
            &["e1e8"]
        )),
        "loss"
    );
}

// --- 27. Twilight --------------------------------------------------------------------

#[test]
fn twilight_last_of_a_class_and_stalemate_win() {
    // Book test 1: Black's last pawn.
    assert_eq!(
        verdict(&after(
            "twilight",
            "1n2k2r/8/8/8/8/8/p7/R3K3 w - - 0 1",
            &["a1a2"]
        )),
        "loss"
    );
    // Book test 2: the evasion cxd3 takes Black's only minor piece.
    let fen = "r3k3/7p/8/8/8/3n4/2P5/4K2R w - - 0 1";
    assert_eq!(
        sorted_moves(&game_at("twilight", fen)),
        ["c2d3", "e1d1", "e1d2", "e1e2", "e1f1"]
    );
    assert_eq!(verdict(&after("twilight", fen, &["c2d3"])), "loss");
    assert_eq!(verdict(&after("twilight", fen, &["e1d1"])), "ongoing");
    // Book test 3: stalemating the opponent wins.
    let g = after("twilight", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", &["f1f7"]);
    assert_eq!(verdict(&g), "loss");
    assert_eq!(g.outcome().unwrap().reason, EndReason::Stalemate);
    // Promoting one's own last pawn does not lose.
    assert_eq!(
        verdict(&after(
            "twilight",
            "4k3/P7/8/8/8/8/7r/K7 w - - 0 1",
            &["a7a8q"]
        )),
        "ongoing"
    );
}

// --- 24. Spartan ---------------------------------------------------------------------

#[test]
fn spartan_start_and_move_limit() {
    // Book test 1: 16 pawn moves, Ng1's 2, and Qa1 Qb1 Qc1.
    assert_eq!(
        game_at(
            "spartan-goal",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/3QKBNR w Kkq - 0 1"
        )
        .legal_moves_uci()
        .len(),
        21
    );
    // Book test 2: past move 60 White wins; at Black's 60th move the game goes on.
    assert_eq!(
        verdict(&game_at("spartan-goal", "4k3/8/8/8/8/8/8/4K3 w - - 0 61")),
        "win"
    );
    let g = game_at("spartan-goal", "4k3/8/8/8/8/8/8/4K3 b - - 0 60");
    assert_eq!(verdict(&g), "ongoing");
    assert_eq!(
        verdict(&after(
            "spartan-goal",
            "4k3/8/8/8/8/8/8/4K3 b - - 0 60",
            &["e8e7"]
        )),
        "win"
    );
    // Book test 3: a stalemate is a White win, whoever is stalemated.
    assert_eq!(
        verdict(&game_at("spartan-goal", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 30")),
        "loss"
    );
    // Black's mate on his 60th move stands (fullmove 61, White mated: White lost).
    let g = after("spartan-goal", "8/8/8/8/8/5k2/3q4/7K b - - 0 60", &["d2g2"]);
    assert_eq!(verdict(&g), "loss", "{}", g.fen());
    assert_eq!(g.outcome().unwrap().reason, EndReason::Checkmate);
    // The fullmove number is part of the key.
    assert_ne!(
        game_at("spartan-goal", "4k3/8/8/8/8/8/8/4K3 w - - 0 20").key(),
        game_at("spartan-goal", "4k3/8/8/8/8/8/8/4K3 w - - 0 21").key()
    );
}

#[test]
fn spartan_the_search_scores_a_draw_rule_as_a_white_win() {
    // Our own: Black has a queen against a rook, but the move clock stands at 99:
    // any quiet White move completes the move rule, which Spartan makes a White win,
    // so the search sees a win at once (mate-in-1 score) rather than a draw (0) or
    // the material (a loss).
    let g = game_at("spartan-goal", "4k3/8/8/8/8/8/q7/4K2R w - - 99 30");
    let limits = protean::search::Limits::depth(4);
    let tt = protean::search::TranspositionTable::new(4);
    let r = crate::common::search_once(&g, &limits, &Default::default(), &tt);
    assert_eq!(r.score, Some(protean::search::Score::Mate(1)), "{r:?}");
    // The same with Black to move: every Black move completes the rule, a loss at
    // once (a mate score of 0 moves for the side to move).
    let g = game_at("spartan-goal", "4k3/8/8/8/8/8/q7/4K2R b - - 99 30");
    let r = crate::common::search_once(&g, &limits, &Default::default(), &tt);
    assert_eq!(r.score, Some(protean::search::Score::Mate(0)), "{r:?}");
}

// --- 23. Society ---------------------------------------------------------------------

#[test]
fn society_only_pawns_capture_or_are_captured() {
    // Book test 1: Bxd5 (bishop takes knight) is illegal, Bxa4 (takes a pawn) is legal.
    let g = game_at("society", "4k3/8/8/3n4/p7/1B6/8/4K3 w - - 0 1");
    assert!(!has(&g, "b3d5") && has(&g, "b3a4"));
    // Book test 2: White is in check from Rh2 and the only FIDE move Kxh2 is
    // forbidden: no legal move in check, White loses.
    let g = game_at("society", "4k3/8/8/8/8/8/4n2r/7K w - - 0 1");
    assert!(g.legal_moves_uci().is_empty());
    assert_eq!(verdict(&g), "loss");
    // Not in check: Kg1 and Kh2 are attacked by Rg2, and Kxg2 (the rook is
    // undefended, so FIDE-legal) is forbidden: White loses, it is not stalemate.
    let g = game_at("society", "k7/8/8/8/8/8/6r1/7K w - - 0 1");
    assert!(g.legal_moves_uci().is_empty());
    assert_eq!(verdict(&g), "loss");
    assert_eq!(g.outcome().unwrap().reason, EndReason::ForbiddenCapture);
    // Book test 3: check is geometric, so Ra8 mates.
    assert_eq!(
        verdict(&after(
            "society",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            &["a1a8"]
        )),
        "loss"
    );
    // A plain stalemate (no forbidden capture available) is still a draw.
    assert_eq!(
        verdict(&game_at("society", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")),
        "draw"
    );
}

// --- 10. Dynastic --------------------------------------------------------------------

#[test]
fn dynastic_monarchs_move_by_adjacency() {
    // Book test 1: adjacent, both move as queens: 17 + 17.
    let g = game_at("dynastic", "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(g.legal_moves_uci().len(), 34);
    assert!(has(&g, "e1e8") && has(&g, "d1d8"));
    // Book test 2: apart, both move as knights.
    let g = game_at("dynastic", "3qk3/8/8/8/Q7/8/8/4K3 w - - 0 1");
    assert_eq!(
        sorted_moves(&g),
        ["a4b2", "a4b6", "a4c3", "a4c5", "e1c2", "e1d3", "e1f3", "e1g2"]
    );
    // Book test 3: a lone king steps; taking Black's last monarch wins.
    let g = game_at("dynastic", "8/8/8/8/8/8/3k4/4K3 w - - 0 1");
    assert_eq!(g.legal_moves_uci().len(), 5);
    assert_eq!(
        verdict(&after(
            "dynastic",
            "8/8/8/8/8/8/3k4/4K3 w - - 0 1",
            &["e1d2"]
        )),
        "loss"
    );
}

// --- 29. Ultimate --------------------------------------------------------------------

#[test]
fn ultimate_checks_mate_by_the_checkers_kind() {
    // Book test 1: a pawn check is mate even though Kxd7 is legal.
    let g = after("ultimate", "4k3/8/3P4/8/8/8/8/4K3 w - - 0 1", &["d6d7"]);
    assert_eq!(verdict(&g), "loss");
    // Book test 2: Nf7+ leaves only Kg8; with Ra7 there are two replies (Kg8, Rxf7).
    assert_eq!(
        verdict(&after(
            "ultimate",
            "7k/6pp/8/6N1/8/8/8/4K3 w - - 0 1",
            &["g5f7"]
        )),
        "loss"
    );
    assert_eq!(
        verdict(&after(
            "ultimate",
            "7k/r5pp/8/6N1/8/8/8/4K3 w - - 0 1",
            &["g5f7"]
        )),
        "ongoing"
    );
    // Book test 3: Rb8+ with Kg7 and Kh7 both isolated; with a pawn on f6, Kg7 is not.
    assert_eq!(
        verdict(&after(
            "ultimate",
            "7k/8/8/8/8/8/p7/1R2K3 w - - 0 1",
            &["b1b8"]
        )),
        "loss"
    );
    assert_eq!(
        verdict(&after(
            "ultimate",
            "7k/8/5p2/8/8/8/8/1R2K3 w - - 0 1",
            &["b1b8"]
        )),
        "ongoing"
    );
    // Bishop: Bb5+ against Ke8: only king replies (d8 e7 f7 f8), none taking b5: mate.
    // With a knight on b8 (blocks on c6 or d7) it goes on.
    assert_eq!(
        verdict(&after(
            "ultimate",
            "4k3/8/8/8/8/8/8/4KB2 w - - 0 1",
            &["f1b5"]
        )),
        "loss"
    );
    assert_eq!(
        verdict(&after(
            "ultimate",
            "1n2k3/8/8/8/8/8/8/4KB2 w - - 0 1",
            &["f1b5"]
        )),
        "ongoing"
    );
}

// --- 30. Xenophobic ------------------------------------------------------------------

#[test]
fn xenophobic_intruders_must_be_captured() {
    // Book test 1: Rc8 intrudes and nothing can take it: mate.
    let g = after("xenophobic", "4k3/8/8/8/8/8/8/2R1K3 w - - 0 1", &["c1c8"]);
    assert!(g.legal_moves_uci().is_empty());
    assert_eq!(verdict(&g), "loss");
    let g = after("xenophobic", "r3k3/8/8/8/8/8/8/2R1K3 w - - 0 1", &["c1c8"]);
    assert_eq!(sorted_moves(&g), ["a8c8"]);
    // Book test 2: b8 is not an intrusion square: an ordinary check.
    let g = after("xenophobic", "4k3/8/8/8/8/8/8/1R2K3 w - - 0 1", &["b1b8"]);
    assert_eq!(sorted_moves(&g), ["e8d7", "e8e7", "e8f7"]);
    // Book test 3: Nd1 intrudes; only Kxd1 answers it.
    let g = after("xenophobic", "4k3/8/8/8/8/4n3/8/4K3 b - - 0 1", &["e3d1"]);
    assert_eq!(sorted_moves(&g), ["e1d1"]);
    // Not in check and not intruded, no move: stalemate stays a draw.
    assert_eq!(
        verdict(&game_at("xenophobic", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")),
        "draw"
    );
}

// --- 12. Glory -----------------------------------------------------------------------

#[test]
fn glory_a_surviving_arrival_wins() {
    // No double step.
    assert_eq!(
        game_at(
            "glory",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        )
        .legal_moves_uci()
        .len(),
        12
    );
    // Book test 1: b7 cannot be taken: after any reply White wins.
    let g = after(
        "glory",
        "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1",
        &["b6b7", "e8d8"],
    );
    assert_eq!(verdict(&g), "win");
    // The same pawn set up from a FEN: no arrival.
    assert_eq!(
        verdict(&game_at("glory", "3k4/1P6/8/8/8/8/8/4K3 w - - 0 1")),
        "ongoing"
    );
    // Book test 2: of the replies to b7+, only Kxb7 goes on.
    let fen = "2k5/8/1P6/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(verdict(&after("glory", fen, &["b6b7", "c8b7"])), "ongoing");
    for m in ["c8b8", "c8c7", "c8d7", "c8d8"] {
        assert_eq!(verdict(&after("glory", fen, &["b6b7", m])), "win", "{m}");
    }
    // Book test 3: a mating reply wins first.
    let g = after(
        "glory",
        "4k3/8/1P6/8/8/8/r4PPP/6K1 w - - 0 1",
        &["b6b7", "a2a1"],
    );
    assert_eq!(verdict(&g), "loss");
    // The pending arrival is in the key: the same board without it differs.
    let a = after("glory", "4k3/8/1P6/8/8/8/8/4K3 w - - 0 1", &["b6b7"]);
    let b = game_at("glory", &a.fen());
    assert_ne!(a.key(), b.key());
}

#[test]
fn goal_positions_read_back_from_fen() {
    for (v, fen) in [
        ("zoo", "4k3/8/8/8/8/8/8/4K3[PNBrq] w - - 0 1"),
        (
            "spartan-goal",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/3QKBNR w Kkq - 0 1",
        ),
        (
            "decastellation",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
    ] {
        assert_eq!(fen_after(v, fen, &[]), fen);
    }
}
