//! One test per rule of each GOAL variant of batch 3's compound turns built last (rule
//! book `GOAL-VARIANTS.md`: Deadline), on the book's positions and our own, with the
//! derivation beside each case. Our own positions were also given to the independent
//! reference (`scripts/goal-reference legal` / `result`), which agrees; its data is
//! checked in `goal_reference.rs`.

use crate::common::{fen_after, game_after as after, game_at, has_move as has, sorted_moves};
use crate::common::{verdict, Rng};

use protean::position::EndReason;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn reason(g: &protean::engine::Game) -> Option<EndReason> {
    g.outcome().map(|o| o.reason)
}

// --- 6. Deadline ---------------------------------------------------------------------

#[test]
fn deadline_out_of_check_the_moves_are_fide() {
    // Nobody is in check: chess's 20 first moves, and after 1.e4 e5 chess's 29.
    assert_eq!(sorted_moves(&game_at("deadline", START)).len(), 20);
    assert_eq!(
        sorted_moves(&after("deadline", START, &["e2e4", "e7e5"])).len(),
        29
    );
}

#[test]
fn deadline_book_1_a_check_is_answered_by_two_moves_of_one_unit() {
    // 1.e3 d6 2.Bb5+ checks along b5-c6-d7-e8. Ke8 has no step (d7 is on the line;
    // d8, e7 and f8 hold its own units). No single block is allowed, so the answers
    // are the six two-step routes: a7-a6 then axb5 takes the bishop; Bc8 reaches d7
    // over e6, f5, g4 or h3; Ng8 over f6. Each first step leaves the king in check and
    // checks nobody.
    let g = after("deadline", START, &["e2e3", "d7d6", "f1b5"]);
    assert_eq!(
        sorted_moves(&g),
        [
            "a7a6,a6b5",
            "c8e6,e6d7",
            "c8f5,f5d7",
            "c8g4,g4d7",
            "c8h3,h3d7",
            "g8f6,f6d7"
        ]
    );
}

#[test]
fn deadline_book_1_a_single_block_or_capture_is_no_answer() {
    // The same position: c7c6, b8d7, d8d7 and c8d7 would block under FIDE rules.
    let g = after("deadline", START, &["e2e3", "d7d6", "f1b5"]);
    for single in ["c7c6", "b8d7", "d8d7", "c8d7"] {
        assert!(!has(&g, single), "{single}");
    }
}

#[test]
fn deadline_book_2_king_moves_and_rook_double_moves() {
    // Re8 checks Ke1. The king steps to d1, d2, f1 or f2 (4). The rook goes along the
    // second rank to b2..d2 or f2, g2 and then to e2 (5), or up the a-file to a3..a7
    // and then across to that rank's e-square (5), or to a8 and takes the checker on
    // e8 (1): 15. a2e2 alone is no answer; a2h2 as a first step checks Kh8.
    let g = game_at("deadline", "4r2k/8/8/8/8/8/R7/4K3 w - - 0 1");
    let moves = sorted_moves(&g);
    assert_eq!(moves.len(), 15);
    for m in ["e1d1", "e1d2", "e1f1", "e1f2", "a2a8,a8e8", "a2g2,g2e2"] {
        assert!(has(&g, m), "{m}");
    }
    assert!(!has(&g, "a2e2"));
    assert!(!moves.iter().any(|m| m.starts_with("a2h2")));
}

#[test]
fn deadline_book_3_no_answer_is_checkmate() {
    // Ng3 checks Kh1. hxg3 would answer under FIDE, but a single capture is no answer;
    // the h-pawn has no two-step route to g3 and g1 is covered by Bc5: Black wins.
    let g = game_at("deadline", "4k3/8/8/2b5/8/6n1/6PP/7K w - - 0 1");
    assert!(sorted_moves(&g).is_empty());
    assert_eq!(verdict(&g), "loss");
    assert_eq!(reason(&g), Some(EndReason::Checkmate));
}

#[test]
fn deadline_the_first_step_may_capture() {
    // Our own (the reference agrees: 10). A black pawn on a3: the rook's a-file route
    // stops at a3, taking it, then goes on to e3; routes beyond a3 are blocked. So the
    // 4 king moves, 5 second-rank routes and a2a3,a3e3.
    let g = game_at("deadline", "4r2k/8/8/8/8/p7/R7/4K3 w - - 0 1");
    assert_eq!(sorted_moves(&g).len(), 10);
    assert!(has(&g, "a2a3,a3e3"));
    assert!(!has(&g, "a2a4,a4e4"));
}

#[test]
fn deadline_the_first_step_may_promote_and_the_new_unit_moves_on() {
    // Our own (the reference agrees: 8). b7-b8 promotes; a queen or rook on b8 goes on
    // to e8 and takes the checker, a queen or bishop to e5 blocks: with the 4 king
    // moves, 8. A knight on b8 reaches nothing on the e-file.
    let g = game_at("deadline", "4r2k/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let moves = sorted_moves(&g);
    assert_eq!(moves.len(), 8);
    for m in ["b7b8q,b8e8", "b7b8r,b8e8", "b7b8q,b8e5", "b7b8b,b8e5"] {
        assert!(has(&g, m), "{m}");
    }
    assert!(!moves.iter().any(|m| m.starts_with("b7b8n")));
    assert_eq!(
        fen_after(
            "deadline",
            "4r2k/1P6/8/8/8/8/8/4K3 w - - 0 1",
            &["b7b8r,b8e8"]
        ),
        "4R2k/8/8/8/8/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn deadline_the_second_step_may_promote() {
    // Our own: d6-d7 keeps the king in check and checks nobody; d7xe8 takes the checker
    // and must promote, to any of the four kinds: with the 4 king moves, 8.
    let g = game_at("deadline", "4r2k/8/3P4/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(sorted_moves(&g).len(), 8);
    for p in ["q", "r", "b", "n"] {
        assert!(has(&g, &format!("d6d7,d7e8{p}")), "{p}");
    }
}

#[test]
fn deadline_the_first_step_may_double_step_and_no_en_passant_follows() {
    // Our own (the reference agrees: 4). Re5 checks Ke1; d2-d4 keeps the check and
    // d4xe5 takes the rook. After the turn no en-passant square is written, and the
    // move clock starts again.
    let fen = "4k3/8/8/4r3/8/8/3P4/4K3 w - - 0 1";
    assert_eq!(
        sorted_moves(&game_at("deadline", fen)),
        ["d2d4,d4e5", "e1d1", "e1f1", "e1f2"]
    );
    assert_eq!(
        fen_after("deadline", fen, &["d2d4,d4e5"]),
        "4k3/8/8/4P3/8/8/8/4K3 b - - 0 1"
    );
}

#[test]
fn deadline_the_first_step_may_take_en_passant() {
    // Our own, the reference's open point: after ...d7-d5 discovered Bc8's check on
    // Kg4, exd6 e.p. keeps the king in check (the bishop's line runs over d7) and
    // d6-d7 blocks it: 6 king moves and that turn.
    let g = game_at("deadline", "k1b5/8/8/3pP3/6K1/8/8/8 w - d6 0 2");
    assert_eq!(sorted_moves(&g).len(), 7);
    assert!(has(&g, "e5d6,d6d7"));
    assert_eq!(
        fen_after(
            "deadline",
            "k1b5/8/8/3pP3/6K1/8/8/8 w - d6 0 2",
            &["e5d6,d6d7"]
        ),
        "k1b5/3P4/8/8/6K1/8/8/8 b - - 0 2"
    );
}

#[test]
fn deadline_the_second_step_may_give_check() {
    // a2a8,a8e8 takes the checker and checks Kh8 along the eighth rank; Black, with its
    // king alone, answers by a king move off the rank.
    let g = after(
        "deadline",
        "4r2k/8/8/8/8/8/R7/4K3 w - - 0 1",
        &["a2a8,a8e8"],
    );
    assert_eq!(sorted_moves(&g), ["h8g7", "h8h7"]);
}

#[test]
fn deadline_a_king_move_must_end_out_of_check_and_never_castles() {
    // Our own (the reference agrees: 3). Rh1 checks Ke1 along the first rank: Kd1 and
    // Kf1 stay on it, castling out of check is illegal, and Ra1 has no two-step route
    // to f1 or g1 past its king: Kd2, Ke2, Kf2.
    let g = game_at("deadline", "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1");
    assert_eq!(sorted_moves(&g), ["e1d2", "e1e2", "e1f2"]);
}

#[test]
fn deadline_stalemate_is_a_draw() {
    // Our own: Black's king on h8 is not in check and has no move (g8, g7, h7 are
    // covered by Qf7 and Kg6).
    let g = game_at("deadline", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(sorted_moves(&g).is_empty());
    assert_eq!(verdict(&g), "draw");
}

#[test]
fn deadline_notation_uci_san_and_bad_input() {
    // A two-step turn is one UCI token, the promotion letter on the step that makes
    // it; SAN names both steps. A malformed or single-step answer is refused.
    let fen = "4r2k/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let g = game_at("deadline", fen);
    assert_eq!(
        g.san_line(&["b7b8q,b8e8".to_string()]),
        ["b8=Q,Qxe8+".to_string()]
    );
    let g = after("deadline", START, &["e2e3", "d7d6", "f1b5"]);
    assert_eq!(
        g.san_line(&["a7a6,a6b5".to_string()]),
        ["a6,axb5".to_string()]
    );
    let mut g = game_at("deadline", fen);
    assert!(g.play_uci("b7b8q").is_err());
    assert!(g.play_uci("b7b8q,b8e9").is_err());
    assert!(g.play_uci("b7b8q,").is_err());
    assert_eq!(g.fen(), fen);
}

#[test]
fn deadline_random_play_keeps_the_key_and_the_fen() {
    // Seeded random games: after every turn, two-step answers included, the key made
    // move by move equals the key of the position read from its own FEN.
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut two_steps = 0;
    for _ in 0..40 {
        let mut g = game_at("deadline", START);
        for _ in 0..120 {
            let moves = g.legal_moves_uci();
            if moves.is_empty() {
                break;
            }
            let m = &moves[rng.below(moves.len())];
            two_steps += m.contains(',') as usize;
            g.play_uci(m).unwrap();
            let fen = g.fen();
            assert_eq!(game_at("deadline", &fen).key(), g.key(), "{fen} after {m}");
        }
    }
    assert!(two_steps > 0);
}
