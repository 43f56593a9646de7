//! One test per rule of each GOAL variant (rule book `GOAL-VARIANTS.md`, its section
//! named in each test), on the book's positions and our own, with the derivation beside
//! each case. The independent reference's data is checked in `goal_reference.rs`.

use crate::common::{
    fen_after, game_after as after, game_at, has_move as has, sorted_moves, verdict,
};

use protean::engine::Game;
use protean::position::EndReason;

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

// --- 9. Dowager ---------------------------------------------------------------------

#[test]
fn dowager_the_queen_moves_like_the_best_other_unit() {
    // Book test 1: no king, so Qd1 moves like a rook: b1 c1 e1 f1 g1 h1 d2 d3. Qd4
    // stands attacked by Ne6, and Qd5-d8 would pass d4: illegal.
    let g = game_at("dowager", "4k2q/8/4n3/8/8/8/8/R2Q4 w - - 0 1");
    let queen: Vec<String> = sorted_moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("d1"))
        .collect();
    assert_eq!(
        queen,
        vec!["d1b1", "d1c1", "d1d2", "d1d3", "d1e1", "d1f1", "d1g1", "d1h1"]
    );
    // Our own: with only a pawn besides her, the queen moves like a pawn: one step
    // forward, captures diagonally forward (Nc5), nothing else.
    let g = game_at("dowager", "4k2q/8/8/2n5/3Q4/8/P7/8 w - - 0 1");
    assert_eq!(sorted_moves(&g), vec!["a2a3", "a2a4", "d4c5", "d4d5"]);
}

#[test]
fn dowager_the_queen_checks_with_her_current_movement() {
    // Our own: White has only a knight besides the queen, so Qd1 attacks like a
    // knight: the black queen e3 is in check from it (not along the d-file or the
    // diagonals). Black's queen moves like a king (Black has one) and must leave e3
    // for a square neither Qd1 (b2 c3 f2) nor Nb1 (a3 c3 d2) attacks: 6 moves.
    let g = game_at("dowager", "4k3/8/8/8/8/4q3/8/1N1Q4 b - - 0 1");
    assert_eq!(
        sorted_moves(&g),
        vec!["e3d3", "e3d4", "e3e2", "e3e4", "e3f3", "e3f4"]
    );
}

#[test]
fn dowager_no_legal_move_loses() {
    // Book test 2: a lone queen cannot move: White loses.
    let g = game_at("dowager", "3qk3/8/8/8/8/8/8/3Q4 w - - 0 1");
    assert_eq!(verdict(&g), "loss");
    // Book test 3: Qh1 moves like a king (White has Ka8); Ra1 checks and g1, g2, h2
    // are covered by the rooks: mate, Black wins.
    let g = game_at("dowager", "K3q3/8/4k3/8/8/8/1r6/r6Q w - - 0 1");
    assert_eq!(verdict(&g), "loss");
    assert_eq!(g.outcome().unwrap().reason, EndReason::Checkmate);
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

// --- 25. Submission ------------------------------------------------------------------

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn submission_a_mating_move_is_not_permitted() {
    // Book test 1: after f4 e6 g4, Qh4 would be the fool's mate (no FIDE reply), so it
    // is not a legal move; Qg5 (no check) is.
    let g = after("submission", START, &["f2f4", "e7e6", "g2g4"]);
    assert!(!has(&g, "d8h4"));
    assert!(has(&g, "d8g5"));
    // Our own: with Kh8 behind f7 g7 h7, Ra8 is a FIDE mate and is refused; with h7
    // empty, Ra8+ has the answer Kh7 and is permitted.
    let g = game_at("submission", "7k/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert!(!has(&g, "a1a8"));
    let g = game_at("submission", "7k/5pp1/8/8/8/8/8/R5K1 w - - 0 1");
    assert!(has(&g, "a1a8"));
}

#[test]
fn submission_one_quiet_king_reply_wins() {
    // Book test 2: after f4 e6 g4 Nc6 e4 Qh4+, White's only reply is Ke2 (a quiet king
    // move): Black wins. With Nf3 instead of e4, the only reply Nxh4 is a capture by a
    // non-king: the game goes on.
    let g = after(
        "submission",
        START,
        &["f2f4", "e7e6", "g2g4", "b8c6", "e2e4", "d8h4"],
    );
    assert_eq!(verdict(&g), "loss");
    assert_eq!(g.outcome().unwrap().reason, EndReason::Checkmate);
    let g = after(
        "submission",
        START,
        &["f2f4", "e7e6", "g2g4", "b8c6", "g1f3", "d8h4"],
    );
    assert_eq!(verdict(&g), "ongoing");
    // Our own: Kh8 behind g7; Ra8+ leaves only Kh7 (quiet): a win for White. With a
    // black rook on c2, Rb8+ has a second answer (Rc8 blocks), so the game goes on.
    let g = after("submission", "7k/6p1/8/8/8/8/8/R5K1 w - - 0 1", &["a1a8"]);
    assert_eq!(verdict(&g), "loss");
    let g = after(
        "submission",
        "7k/6p1/8/8/8/8/2r5/1R4K1 w - - 0 1",
        &["b1b8"],
    );
    assert_eq!(verdict(&g), "ongoing");
    // The only answer is a king move that captures: Kxg8 takes the checker, no win.
    let g = after("submission", "7k/7p/8/8/8/8/8/6RK w - - 0 1", &["g1g8"]);
    assert_eq!(sorted_moves(&g), vec!["h8g8"]);
    assert_eq!(verdict(&g), "ongoing");
}

#[test]
fn submission_answers_that_would_mate_are_not_counted() {
    // Book test 3 (the source's diagram): Black has f5, g5, g6 and Kh7. After g6+ the
    // FIDE replies are Kh6 and Kxg6; Kxg6 would mate Black (discovered Rh4 check), so
    // Kh6 is the only permitted reply, a quiet king move: Black wins.
    let fen = "7k/6p1/5p2/7K/2B3PR/8/8/8 b - - 0 1";
    assert_eq!(
        sorted_moves(&game_at("submission", fen)),
        vec!["f6f5", "g7g5", "g7g6", "h8h7"]
    );
    let g = after("submission", fen, &["g7g6"]);
    assert_eq!(verdict(&g), "loss");
}

#[test]
fn submission_the_recursive_mate_is_forbidden_level_by_level() {
    // Book test 4 (level 2): fxg6+ leaves White only Kxg6, which would mate Black; so
    // fxg6 is not permitted. Black has exactly f6f5 and h8g8.
    let g = game_at("submission", "7k/5pp1/5pB1/7K/2B3PR/8/8/8 b - - 0 1");
    assert_eq!(sorted_moves(&g), vec!["f6f5", "h8g8"]);
    // Book test 5 (level 3): neither Nf7 (a FIDE mate) nor Ng6+ (f7xg6+ is forced and
    // not permitted, as in test 4) is legal; White has 24 moves.
    let g = game_at("submission", "7k/5pp1/5N2/4N2K/2B1n1PR/8/8/8 w - - 0 1");
    assert_eq!(g.legal_moves_uci().len(), 24);
    assert!(!has(&g, "e5f7") && !has(&g, "e5g6"));
    // Set up after Ng6+: Black is in check with no permitted move, so White wins.
    let g = game_at("submission", "7k/5pp1/5NN1/7K/2B1n1PR/8/8/8 b - - 1 1");
    assert_eq!(verdict(&g), "loss");
    // Not in check with no permitted move is a stalemate, a draw (our own: Kh8 boxed
    // in by Qg6 and Kh6, not in check).
    let g = game_at("submission", "7k/8/6QK/8/8/8/8/8 b - - 0 1");
    assert_eq!(verdict(&g), "draw");
}

// --- 5. Contravention ---------------------------------------------------------------

#[test]
fn contravention_the_opponent_must_clear_a_self_check() {
    // Book test 1 (the source's example): Kd7 walks into the queen's d-file check.
    // White must clear it: 7 moves, all blocking the d-file or moving the queen off
    // it without attacking d7 (Qg4 still sees d7 via f5-e6); Qxd7 does not exist (a
    // king is never captured).
    let g = after(
        "contravention",
        START,
        &["d2d3", "d7d5", "e2e4", "d5e4", "d3e4", "e8d7"],
    );
    assert_eq!(
        sorted_moves(&g),
        vec!["b1d2", "c1d2", "d1e2", "d1f3", "d1h5", "e1d2", "f1d3"]
    );
    // The flag of Black's self-check is in the FEN.
    assert!(g.fen().contains(" 0+1 "), "{}", g.fen());
}

#[test]
fn contravention_self_check_is_by_the_king_and_not_by_pawns_or_kings() {
    // Book test 2: Kd5 and Kf5 are self-checks by the rook (legal), Ke5 is attacked by
    // the pawn d6 (illegal): 7 king moves. After a self-check on White's last turn
    // (flags 1+0), Kd5 and Kf5 are illegal too: 5.
    let g = game_at("contravention", "4k3/8/3p4/7r/4K3/8/8/8 w - - 0 1");
    assert_eq!(g.legal_moves_uci().len(), 7);
    assert!(has(&g, "e4d5") && has(&g, "e4f5") && !has(&g, "e4e5"));
    let g = game_at("contravention", "4k3/8/3p4/7r/4K3/8/8/8 w - - 1+0 0 1");
    assert_eq!(g.legal_moves_uci().len(), 5);
    // Book test 4: the knight d1 is pinned by Ra1; only the king may self-check.
    let g = game_at("contravention", "4k3/8/8/8/8/8/8/r2NK3 w - - 0 1");
    assert_eq!(sorted_moves(&g), vec!["e1d2", "e1e2", "e1f1", "e1f2"]);
    // Our own: a king may not self-check next to the enemy king: Ke4 may not go to
    // d5, e5 or f5, which Ke6 attacks.
    let g = game_at("contravention", "8/8/4k3/8/4K3/8/8/8 w - - 0 1");
    assert!(!has(&g, "e4e5") && !has(&g, "e4d5") && !has(&g, "e4f5"));
    // A king already in check may not stay in one: Ke1 in check from Re8 has only
    // the unattacked squares.
    let g = game_at("contravention", "k3r3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(sorted_moves(&g), vec!["e1d1", "e1d2", "e1f1", "e1f2"]);
}

#[test]
fn contravention_no_self_check_on_two_turns_running() {
    // Book test 5: Kf5 into the rook's check, Rh4 clears it; the board shows no check
    // but the flag (1+0) forbids Ke4, Kf4, Kg4 (attacked by Rh4): 4 moves. With the
    // flags 0+0 the same board has 7.
    let g = after(
        "contravention",
        "4k3/8/3p4/7r/4K3/8/8/8 w - - 0 1",
        &["e4f5", "h5h4"],
    );
    assert_eq!(g.fen(), "4k3/8/3p4/5K2/7r/8/8/8 w - - 1+0 2 2");
    assert_eq!(sorted_moves(&g), vec!["f5e6", "f5f6", "f5g5", "f5g6"]);
    let g = game_at("contravention", "4k3/8/3p4/5K2/7r/8/8/8 w - - 0+0 2 2");
    assert_eq!(g.legal_moves_uci().len(), 7);
    // A flag that disagrees with the board for the side not to move is refused.
    assert!(Game::by_name("contravention", Some("4k3/8/8/8/8/8/8/4K3 w - - 0+1 0 1")).is_err());
    assert!(Game::by_name("contravention", Some("4k3/8/8/8/8/8/8/4K3 w - - 2+0 0 1")).is_err());
}

#[test]
fn contravention_no_legal_move_loses_and_castling_may_end_in_check() {
    // Book test 3: Kd5 walks into a double self-check (Ra5, Rd1); no black move
    // clears both, so Black has no legal move and loses.
    let g = after(
        "contravention",
        "4k3/8/8/r7/4K3/8/8/3r4 w - - 0 1",
        &["e4d5"],
    );
    assert!(g.legal_moves_uci().is_empty());
    assert_eq!(verdict(&g), "loss");
    // Our own: O-O ends on g1, attacked by Rg8: legal (f1 is not attacked), and the
    // flag is set. With the rook on f8 the king would pass through check: illegal.
    let g = game_at("contravention", "4k1r1/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(has(&g, "e1g1"));
    let g = after(
        "contravention",
        "4k1r1/8/8/8/8/8/8/4K2R w K - 0 1",
        &["e1g1"],
    );
    assert!(g.fen().contains(" 1+0 "), "{}", g.fen());
    let g = game_at("contravention", "4kr2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(!has(&g, "e1g1"));
    // Stalemate loses: Black Ka8, its pawn a7 blocked by Pa6; b7 and b8 are attacked
    // by the king c7 (and b7 by the pawn), which a self-check may not walk into.
    let g = game_at("contravention", "k7/p1K5/P7/8/8/8/8/8 b - - 0 1");
    assert!(g.legal_moves_uci().is_empty());
    assert_eq!(verdict(&g), "loss");
}

// --- 14. Kingmaker -------------------------------------------------------------------

#[test]
fn kingmaker_starts_without_kings() {
    // Book test 1: 16 pawn moves, 4 knight moves and Qe1 (e1 is empty): 21.
    let g = game_at(
        "kingmaker",
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w - - 0 1",
    );
    assert_eq!(g.legal_moves_uci().len(), 21);
    assert!(has(&g, "d1e1"));
}

#[test]
fn kingmaker_the_first_promotion_crowns_the_opponent() {
    // Book test 2: b7b8k puts a black king on b8 that Ra1 does not attack; it is the
    // only promotion. Black then has Kb7, Kc7, Kc8, h6, h5 (a7 and a8 are on the
    // rook's lines), not only king moves: the game goes on.
    let fen = "8/1P5p/8/8/8/8/8/R7 w - - 0 1";
    let g = game_at("kingmaker", fen);
    assert!(has(&g, "b7b8k"));
    assert!(!has(&g, "b7b8q") && !has(&g, "b7b8n"));
    let g = after("kingmaker", fen, &["b7b8k"]);
    assert_eq!(g.fen(), "1k6/7p/8/8/8/8/8/R7 b - - 0 1");
    assert_eq!(
        sorted_moves(&g),
        vec!["b8b7", "b8c7", "b8c8", "h7h5", "h7h6"]
    );
    assert_eq!(verdict(&g), "ongoing");
    // With the rook on b1 the new king would stand in check: b7b8 is illegal, and
    // White has the rook's 12 moves.
    let g = game_at("kingmaker", "8/1P5p/8/8/8/8/8/1R6 w - - 0 1");
    assert!(!g.legal_moves_uci().iter().any(|m| m.starts_with("b7b8")));
    assert_eq!(g.legal_moves_uci().len(), 12);
    // Our own: once Black has a king, White's promotions are the standard ones and a
    // second king is not among them.
    let g = game_at("kingmaker", "k7/2P5/8/8/8/8/8/1R6 w - - 0 1");
    assert!(has(&g, "c7c8q") && has(&g, "c7c8n") && !has(&g, "c7c8k"));
}

#[test]
fn kingmaker_a_king_is_royal_and_forced_king_moves_lose() {
    // Book test 3: Black's only legal move is Kb8 (a7 is blocked, b7 is attacked by
    // the pawn a6): forced to move the king, Black loses.
    let g = game_at("kingmaker", "k7/p7/P7/8/8/8/8/K7 b - - 0 1");
    assert_eq!(verdict(&g), "loss");
    assert!(g.legal_moves_uci().is_empty());
    // With a free pawn (h7) Black is not forced.
    let g = game_at("kingmaker", "k7/p6p/P7/8/8/8/8/K7 b - - 0 1");
    assert_eq!(verdict(&g), "ongoing");
    // Our own: the king is royal: with Ra1 checking Ka8, Black's moves are the king's
    // and the block Ra2 (the pawn h7 may not move). Without the rook b2, only king
    // moves are left: Black loses.
    let g = game_at("kingmaker", "k7/7p/8/8/8/8/1r6/R7 b - - 0 1");
    assert_eq!(sorted_moves(&g), vec!["a8b7", "a8b8", "b2a2"]);
    let g = game_at("kingmaker", "k7/7p/8/8/8/8/8/R7 b - - 0 1");
    assert_eq!(verdict(&g), "loss");
}

// --- 20. Separation ------------------------------------------------------------------

#[test]
fn separation_monarchs_stay_in_different_quadrants() {
    // Book test 1: 9 moves. The king has Ke2 Kf1 Kf2 (d1, d2 are the queen's
    // quadrant); the queen (a knight-mover) has a2 a4 b1 b5 d1 d5 (e2, e4 are the
    // king's quadrant).
    let g = game_at("separation", "1q2k3/8/8/8/8/2Q5/8/4K3 w - - 0 1");
    assert_eq!(
        sorted_moves(&g),
        vec!["c3a2", "c3a4", "c3b1", "c3b5", "c3d1", "c3d5", "e1e2", "e1f1", "e1f2"]
    );
    // Our own: a side whose monarchs share a quadrant has lost (here Black's, set up
    // with Black to move).
    let g = game_at("separation", "7Q/8/8/8/8/8/8/qk2K3 b - - 0 1");
    assert_eq!(verdict(&g), "loss");
}

#[test]
fn separation_the_queen_is_royal_and_cannot_be_captured() {
    // Book test 2: Rd8 attacks Qd1 but may not take it. White must move the queen
    // out of check: Qb2, Qc3; Qe3 and Qf2 enter the king's quadrant, and Kd2 (a
    // block) enters the queen's.
    let fen = "3rk3/8/1q6/8/8/8/8/3QK3 w - - 0 1";
    assert_eq!(
        sorted_moves(&game_at("separation", fen)),
        vec!["d1b2", "d1c3"]
    );
    let g = game_at("separation", "3rk3/8/1q6/8/8/8/8/3QK3 b - - 0 1");
    assert!(!has(&g, "d8d1"));
    // Our own: the knight moves like a queen (b1-h7, b1-b8), not like a knight.
    let g = game_at("separation", "4k2Q/8/8/8/8/8/8/1N2K3 w - - 0 1");
    assert!(has(&g, "b1h7") && has(&g, "b1b8") && !has(&g, "b1c3"));
}

#[test]
fn separation_both_in_check_frees_the_king_first() {
    // Our own: Ra1 checks Ke1 along the first rank and Ba5 attacks Qd2. Both are in
    // check, so the king's check must go and the queen may stay attacked: Ke2, Kf2
    // (Kf1 stays on the rank, Kd1 enters the queen's quadrant). Qb1 would block the
    // rook but open the bishop's diagonal to e1.
    let g = game_at("separation", "4k3/8/8/b7/8/8/3Q4/r3K3 w - - 0 1");
    assert_eq!(sorted_moves(&g), vec!["e1e2", "e1f2"]);
    // With only the queen attacked, she must be freed: Qb1, Qb3, Qc4 (e4, f3 are the
    // king's quadrant); a king move leaves her in check.
    let g = game_at("separation", "4k3/8/8/b7/8/8/3Q4/5K2 w - - 0 1");
    assert_eq!(sorted_moves(&g), vec!["d2b1", "d2b3", "d2c4"]);
}

#[test]
fn separation_forced_separation_loses_and_stalemate_draws() {
    // Book test 3: White is not in check and has no legal move; Qa5-c4 is ruled out
    // only by the quadrant rule, so White loses.
    let g = game_at("separation", "qr5k/3p4/8/Q7/K7/8/8/2b5 w - - 0 1");
    assert!(g.legal_moves_uci().is_empty());
    assert_eq!(verdict(&g), "loss");
}

// --- 17. Prop ------------------------------------------------------------------------

#[test]
fn prop_moves_end_on_defended_squares() {
    // Book test 1: from the start 15 moves; b4 c4 e4 f4 g4 are undefended, a4 d4 h4
    // are defended by the piece behind the vacated square (after the move).
    let g = game_at("prop", START);
    assert_eq!(g.legal_moves_uci().len(), 15);
    assert!(has(&g, "a2a4") && has(&g, "d2d4") && has(&g, "h2h4"));
    assert!(!has(&g, "e2e4") && !has(&g, "b2b4"));
    // Book test 3: a lone king has no defended square: White loses.
    assert_eq!(
        verdict(&game_at("prop", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")),
        "loss"
    );
}

#[test]
fn prop_forward_moves_come_first_and_castling_is_sideways() {
    // Book test 2: only the three defended forward moves.
    let g = game_at("prop", "4k3/8/8/8/8/8/2PK4/RR6 w - - 0 1");
    assert_eq!(sorted_moves(&g), vec!["b1b3", "c2c3", "d2d3"]);
    // Book test 4: no defended forward move, so the sideways ones, castling included.
    let g = game_at("prop", "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(sorted_moves(&g), vec!["e1d1", "e1f1", "e1g1", "h1f1"]);
    let g = game_at("prop", "4k3/8/8/8/8/8/7P/4K2R w K - 0 1");
    assert_eq!(sorted_moves(&g), vec!["h2h3", "h2h4"]);
}

#[test]
fn prop_fifty_plies_without_a_capture_draw() {
    // Our own: the clock counts plies since the last capture; a pawn move does not
    // reset it, and at 50 the game is drawn (Black still has d7d6, defended by Rd8).
    let fen = "3rk3/3p4/8/8/8/8/3P4/3RK3 w - - 49 40";
    let g = after("prop", fen, &["d2d3"]);
    assert_eq!(verdict(&g), "draw", "{}", g.fen());
    assert_eq!(verdict(&game_at("prop", fen)), "ongoing");
}

// --- 19. Regent ----------------------------------------------------------------------

#[test]
fn regent_a_checked_queen_may_not_move_along_the_checking_line() {
    // Book test 1: Qd1 checked along the d-file moves only diagonally: c2 b3 e2 f3 g4
    // h5; a4 would face Qa7, Qxd8 is orthogonal.
    let g = game_at("regent", "3rk3/q7/8/8/8/8/8/3Q3K w - - 0 1");
    assert_eq!(
        sorted_moves(&g),
        vec!["d1b3", "d1c2", "d1e2", "d1f3", "d1g4", "d1h5"]
    );
    // Book test 2: checked by a knight, the queen cannot move: only f2xe3.
    let g = game_at("regent", "q3k3/8/8/8/8/4n3/5P2/3Q3K w - - 0 1");
    assert_eq!(sorted_moves(&g), vec!["f2e3"]);
}

#[test]
fn regent_the_queens_may_never_see_each_other() {
    // Book test 3: d4xe5 opens the d-file between the queens; d4d5 keeps it shut.
    let g = game_at("regent", "3qk3/8/8/4p3/3P4/8/8/3Q3K w - - 0 1");
    assert!(!has(&g, "d4e5") && has(&g, "d4d5"));
    // Our own: the king is an ordinary piece that may be promoted to; the queen may
    // not be.
    let g = game_at("regent", "4k3/1P6/8/8/8/8/7Q/q7 w - - 0 1");
    assert!(has(&g, "b7b8k") && !has(&g, "b7b8q"));
}

// --- 16. Moderation ------------------------------------------------------------------

#[test]
fn moderation_after_the_budget_only_a_mating_check() {
    // Book test 1: with no checks left, Ne7+ and Nf6+ are illegal, Ra8# legal.
    let g = game_at("moderation", "6k1/5ppp/8/3N4/8/8/8/R5K1 w - - 0+3 0 1");
    assert!(!has(&g, "d5e7") && !has(&g, "d5f6") && has(&g, "a1a8"));
    // Book test 2: both evasions uncover a check White may not give: mated.
    let g = game_at("moderation", "8/8/8/8/8/k3N2R/6PP/r6K w - - 0+3 0 1");
    assert_eq!(verdict(&g), "loss");
    let g = game_at("moderation", "8/8/8/8/8/k3N2R/6PP/r6K w - - 3+3 0 1");
    assert_eq!(sorted_moves(&g), vec!["e3d1", "e3f1"]);
}

#[test]
fn moderation_checks_are_counted_in_the_fen() {
    // Book test 3: Qh5+ uses one of White's three checks.
    let g = after("moderation", START, &["e2e4", "f7f6", "d1h5"]);
    assert!(g.fen().contains(" 2+3 "), "{}", g.fen());
    // Book test 4: with no checks left a2a1+ is not an orthodox mate: illegal, 10
    // moves; with one check left it is legal and White is mated.
    let g = game_at("moderation", "8/8/8/8/8/k3N2R/r5PP/7K b - - 0+0 0 1");
    assert!(!has(&g, "a2a1"));
    assert_eq!(g.legal_moves_uci().len(), 10);
    let fen = "8/8/8/8/8/k3N2R/r5PP/7K b - - 0+1 0 1";
    assert!(has(&game_at("moderation", fen), "a2a1"));
    assert_eq!(verdict(&after("moderation", fen, &["a2a1"])), "loss");
}

// --- 26. Triple Check ----------------------------------------------------------------

#[test]
fn triplecheck_a_safe_supported_quiet_check_wins() {
    // Book test 1 (the source's example): Bb5+ is safe, supported by Nc3 and quiet.
    let g = after(
        "triplecheck",
        START,
        &["b1c3", "d7d5", "e2e4", "d5d4", "f1b5"],
    );
    assert_eq!(verdict(&g), "loss");
}

#[test]
fn triplecheck_a_capturing_check_needs_cover() {
    // Book test 2: Rxe7+ is unsupported and Kxe7 takes it: illegal; with Bb4 it is
    // legal, and neither a win (a capture) nor mate.
    let g = game_at("triplecheck", "4k3/4p3/8/8/8/8/8/4RK2 w - - 0 1");
    assert!(!has(&g, "e1e7"));
    let fen = "4k3/4p3/8/8/1B6/8/8/4RK2 w - - 0 1";
    assert!(has(&game_at("triplecheck", fen), "e1e7"));
    assert_eq!(verdict(&after("triplecheck", fen, &["e1e7"])), "ongoing");
    // Book test 3: the only FIDE-legal move is an illegal check: White loses.
    let g = game_at("triplecheck", "4b1rk/8/8/R6r/8/8/8/7K w - - 0 1");
    assert_eq!(verdict(&g), "loss");
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
