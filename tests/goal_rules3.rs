//! One test per rule of each GOAL variant of batch 4 (rule book `GOAL-VARIANTS.md`: the
//! rules that look ahead), on the book's positions and our own, with the derivation
//! beside each case. Our own positions were also given to the independent reference
//! (`scripts/goal-reference legal` / `result`), which agrees; its data is checked in
//! `goal_reference.rs`.

use crate::common::{game_after as after, game_at, has_move as has, sorted_moves, verdict};

use protean::position::EndReason;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn reason(g: &protean::engine::Game) -> Option<EndReason> {
    g.outcome().map(|o| o.reason)
}

// --- 4. Counselor --------------------------------------------------------------------

#[test]
fn counselor_the_queen_moves_one_or_two_squares_sliding() {
    // Our own. Qd1 alone with Ke1: c1, b1, d2, d3, c2, b3, e2, f3 (8; e1 is the own
    // king) and Kd2, Ke2, Kf1, Kf2: 12. With a pawn on d2 the queen cannot pass it
    // (no d3): c1, b1, c2, b3, e2, f3, Ke2, Kf1, Kf2, d3, d4: 11.
    let g = game_at("counselor", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert_eq!(sorted_moves(&g).len(), 12);
    let g = game_at("counselor", "4k3/8/8/8/8/8/3P4/3QK3 w - - 0 1");
    assert_eq!(sorted_moves(&g).len(), 11);
    assert!(!has(&g, "d1d3"));
}

#[test]
fn counselor_no_move_may_leave_the_queen_attacked() {
    // Our own: Ra2 sweeps the second rank, so no queen or king move may end there:
    // the queen keeps c1, b1, d3, b3, f3 and the king f1 (the reference agrees).
    let g = game_at("counselor", "4k3/8/8/8/8/8/r7/3QK3 w - - 0 1");
    assert_eq!(
        sorted_moves(&g),
        ["d1b1", "d1b3", "d1c1", "d1d3", "d1f3", "e1f1"]
    );
}

#[test]
fn counselor_book_1_a_mated_queen_wins() {
    // Qa1 is checked by Ra8; its moves a2 and a3 stay on the file (b1, b2 are own
    // units) and nothing blocks or takes the rook: White has no move and wins.
    let g = game_at("counselor", "r6k/7q/8/8/8/8/1P6/QR5K w - - 0 1");
    assert!(sorted_moves(&g).is_empty());
    assert_eq!(verdict(&g), "win");
    assert_eq!(reason(&g), Some(EndReason::CheckmatedWins));
}

#[test]
fn counselor_book_2_a_king_mated_alone_loses() {
    // Black's king is mated by Ra8 and Black's queen on b4 is not attacked: Black loses.
    let g = game_at("counselor", "R6k/6pp/8/8/1q6/8/8/4Q1K1 b - - 0 1");
    assert_eq!(verdict(&g), "loss");
    assert_eq!(reason(&g), Some(EndReason::Checkmate));
    // Our own: Rh1 checks Ke1, and every king move opens the first rank to Qd1: no
    // move, only the king in check: White loses.
    let g = game_at("counselor", "4k3/8/8/8/8/8/8/3QK2r w - - 0 1");
    assert_eq!(verdict(&g), "loss");
}

#[test]
fn counselor_both_monarchs_checked_with_no_answer_wins() {
    // Our own: Rh1 checks Ke1 and Bb3 checks Qd1 (through c2). Qxb3 leaves the king in
    // check, a king move leaves the queen attacked, and the queen cannot reach f1 or
    // g1 past its king: no move answers both, so White wins.
    let g = game_at("counselor", "4k3/8/8/8/8/1b6/8/3QK2r w - - 0 1");
    assert!(sorted_moves(&g).is_empty());
    assert_eq!(verdict(&g), "win");
}

#[test]
fn counselor_book_3_mating_the_opposing_queen_is_compulsory() {
    // Rc1-a1 checks Qa8, which only reaches a7 and a6 on the file, and Black cannot
    // block or take: it mates Black's queen, so rule 4 makes it White's only move,
    // and afterwards Black, to move, wins.
    let fen = "qr5k/1p6/8/8/8/4Q3/8/2R1K3 w - - 0 1";
    assert_eq!(sorted_moves(&game_at("counselor", fen)), ["c1a1"]);
    let g = after("counselor", fen, &["c1a1"]);
    assert_eq!(verdict(&g), "win");
}

// --- 15. Linkage ---------------------------------------------------------------------

#[test]
fn linkage_book_1_the_sources_linkage_mate() {
    // 1.g3 d5 2.c3 e6: Qd8-h4 would make the run h4-g3-f2-e1 and Bf8-b4 the run
    // b4-c3-d2-e1, both exactly four with the king; no White move stops both (the
    // book's decision: threats are pseudo-legal), so White, linkage-checked, is mated.
    let g = after("linkage", START, &["g2g3", "d7d5", "c2c3", "e7e6"]);
    assert!(sorted_moves(&g).is_empty());
    assert_eq!(verdict(&g), "loss");
    assert_eq!(reason(&g), Some(EndReason::Checkmate));
    // One move earlier nothing threatens: the game goes on.
    assert_eq!(
        verdict(&after("linkage", START, &["g2g3", "d7d5", "c2c3"])),
        "ongoing"
    );
}

#[test]
fn linkage_book_2_a_threat_must_be_answered() {
    // Ra8-a4 would make a1-a2-a3-a4 (a5 empty): only Kb1, Kb2 (the king leaves the run)
    // and a4 (the pawn takes the square; Rxa4 then leaves a3 empty) answer it. Nf2 and
    // Ng3 are FIDE-legal but leave the threat.
    let g = game_at("linkage", "r3k3/8/8/8/8/P7/P7/K6N w - - 0 1");
    assert_eq!(sorted_moves(&g), ["a1b1", "a1b2", "a3a4"]);
    assert!(!has(&g, "h1f2") && !has(&g, "h1g3"));
}

#[test]
fn linkage_book_3_a_run_of_five_is_harmless() {
    // Ba5 makes Rh4-a4 a run of five (a1..a5): no threat. Every bishop move but a5b4
    // (which blocks the rook's way) leaves a5 empty and the run of four, so is illegal.
    let g = game_at("linkage", "4k3/8/8/B7/7r/P7/P7/K6N w - - 0 1");
    assert_eq!(
        sorted_moves(&g),
        ["a1b1", "a1b2", "a3a4", "a5b4", "h1f2", "h1g3"]
    );
}

#[test]
fn linkage_a_pinned_unit_still_threatens() {
    // Our own: Bc3 pins Rd4 to Kg7, yet Rd4-a4 still threatens a1-a4 (threats are
    // pseudo-legal, like checks). Answers: the king steps off (b1, b2), a4, Bxd4, Ba5
    // (a run of five) and Bb4 (blocks the rank); the knight's moves and the other bishop
    // moves leave the threat. The reference lists the same six.
    let g = game_at("linkage", "8/6k1/8/8/3r4/P1B5/P7/K6N w - - 0 1");
    assert_eq!(
        sorted_moves(&g),
        ["a1b1", "a1b2", "a3a4", "c3a5", "c3b4", "c3d4"]
    );
}

#[test]
fn linkage_no_move_and_no_threat_is_stalemate() {
    // Our own: Black Kh8 has no move (g8, g7, h7 are attacked by Qf7 and Kg6) and no
    // White unit can make a run of four through h8: a plain stalemate, a draw.
    let g = game_at("linkage", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(verdict(&g), "draw");
    assert_eq!(reason(&g), Some(EndReason::Stalemate));
}

// --- 21. Series Helpmate -------------------------------------------------------------

#[test]
fn series_helpmate_book_1_an_open_mate_in_one_wins_for_the_mover() {
    // 1.f3 e5 2.g4: Black could play Qh4#, so White, who just moved, wins at once.
    // After 1.f3 and after 1...e5 no such mate was open.
    let g = after("serieshelpmate", START, &["f2f3", "e7e5", "g2g4"]);
    assert_eq!(verdict(&g), "loss");
    assert_eq!(reason(&g), Some(EndReason::SeriesMate));
    assert!(sorted_moves(&g).is_empty());
    for moves in [&["f2f3"][..], &["f2f3", "e7e5"]] {
        assert_eq!(verdict(&after("serieshelpmate", START, moves)), "ongoing");
    }
}

#[test]
fn series_helpmate_book_2_mating_loses_and_a_fen_is_a_game_in_progress() {
    // Set up from FEN alone the position has no last move, so Black's open Qh4# wins
    // nothing for White; and Qh4# played checkmates White, who then wins.
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
    let g = game_at("serieshelpmate", fen);
    assert_eq!(verdict(&g), "ongoing");
    assert!(has(&g, "d8h4"));
    let g = after("serieshelpmate", fen, &["d8h4"]);
    assert_eq!(verdict(&g), "win");
    assert_eq!(reason(&g), Some(EndReason::CheckmatedWins));
}

#[test]
fn series_helpmate_book_3_two_moves_in_a_row() {
    // After Kh8 White could play Rf3 (no check) and then Rf8#: Black wins. Every other
    // Black move leaves f7 (or g8) as a flight, so no series mate: the game goes on.
    let fen = "6k1/6pp/8/8/3P4/3R4/8/6K1 b - - 0 1";
    let g = game_at("serieshelpmate", fen);
    let mut winners = Vec::new();
    for m in sorted_moves(&g) {
        let after_move = after("serieshelpmate", fen, &[&m]);
        match verdict(&after_move) {
            "loss" => winners.push(m),
            v => assert_eq!(v, "ongoing", "{m}"),
        }
    }
    assert_eq!(winners, ["g8h8"]);
}

#[test]
fn series_helpmate_stalemate_is_a_draw() {
    // Our own: Black to move with no legal move and not in check.
    let g = game_at("serieshelpmate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(verdict(&g), "draw");
}

// --- 1. Blunder-Mate -----------------------------------------------------------------

#[test]
fn blundermate_book_1_a_substitute_move_allowing_mate_wins() {
    // 1.f4 e6 2.a3: had White played 2.g4 instead, Black would have had Qh4#; 2.a3 was
    // not that move, so Black wins by blunder-mate at the start of its turn.
    let g = after("blundermate", START, &["f2f4", "e7e6", "a2a3"]);
    assert_eq!(verdict(&g), "win");
    assert_eq!(reason(&g), Some(EndReason::BlunderMate));
    assert!(sorted_moves(&g).is_empty());
}

#[test]
fn blundermate_book_2_a_claim_for_white() {
    // 1.e3 e5 2.Qh5 a6: had Black played 2...Ke7, White would have had Qxe5#. After
    // 2.Qh5 no other White second move allowed Black a mate in one: no claim.
    let g = after("blundermate", START, &["e2e3", "e7e5", "d1h5", "a7a6"]);
    assert_eq!(verdict(&g), "win");
    let g = after("blundermate", START, &["e2e3", "e7e5", "d1h5"]);
    assert_eq!(verdict(&g), "ongoing");
}

#[test]
fn blundermate_book_3_the_blunder_played_is_no_claim_and_mate_stands() {
    // 1.f3 e5 2.g4: g4 is the only White move allowing Qh4#, and it was played: no
    // claim. Qh4# then checkmates, and White, mated, cannot claim.
    let g = after("blundermate", START, &["f2f3", "e7e5", "g2g4"]);
    assert_eq!(verdict(&g), "ongoing");
    assert!(has(&g, "d8h4"));
    let g = after("blundermate", START, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(verdict(&g), "loss");
    assert_eq!(reason(&g), Some(EndReason::Checkmate));
}

#[test]
fn blundermate_a_fen_alone_has_no_claim() {
    // Our own: book test 1's position set up from FEN has no last move, so no claim.
    let fen = "rnbqkbnr/pppp1ppp/4p3/8/5P2/P7/1PPPP1PP/RNBQKBNR b KQkq - 0 2";
    let g = game_at("blundermate", fen);
    assert_eq!(verdict(&g), "ongoing");
    assert_eq!(sorted_moves(&g).len(), 30);
}

// --- The rules inside the search -------------------------------------------------------

fn search(g: &protean::engine::Game, depth: u32) -> protean::search::SearchResult {
    use protean::search::{Limits, Settings, TranspositionTable};
    let tt = TranspositionTable::new(16);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    crate::common::search_once(g, &limits, &Settings::default(), &tt)
}

#[test]
fn the_search_plays_by_the_lookahead_rules() {
    use protean::search::Score;
    // Series Helpmate book 3: g8h8 is Black's only move that wins at once.
    let g = game_at("serieshelpmate", "6k1/6pp/8/8/3P4/3R4/8/6K1 b - - 0 1");
    let r = search(&g, 3);
    assert_eq!(r.best.as_deref(), Some("g8h8"));
    assert_eq!(r.score, Some(Score::Mate(1)));
    // Counselor book 3: the compulsory queen mate is the only move, and it loses (a
    // losing mate score: `Mate(0)`, mated right after the move).
    let g = game_at("counselor", "qr5k/1p6/8/8/8/4Q3/8/2R1K3 w - - 0 1");
    let r = search(&g, 3);
    assert_eq!(r.best.as_deref(), Some("c1a1"));
    assert!(
        matches!(r.score, Some(Score::Mate(n)) if n <= 0),
        "{:?}",
        r.score
    );
    // Blunder-Mate after 1.f3 e5: 2.g4 allows Qh4#, so every other White move loses to
    // a claim and 2.g4 to the mate (the book's consequence): White is lost.
    let g = after("blundermate", START, &["f2f3", "e7e5"]);
    let r = search(&g, 3);
    assert!(
        matches!(r.score, Some(Score::Mate(n)) if n <= 0),
        "{:?}",
        r.score
    );
    // Linkage book 1, one move earlier: Black's e6 would linkage-mate; a search finds it.
    let g = after("linkage", START, &["g2g3", "d7d5", "c2c3"]);
    let r = search(&g, 3);
    assert_eq!(r.score, Some(Score::Mate(1)), "{:?}", r.best);
}
