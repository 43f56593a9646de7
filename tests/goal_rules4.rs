//! One test per rule of each GOAL variant of batch 3's compound turns built last (rule
//! book `GOAL-VARIANTS.md`: Deadline), on the book's positions and our own, with the
//! derivation beside each case. Our own positions were also given to the independent
//! reference (`scripts/goal-reference legal` / `result`), which agrees; its data is
//! checked in `goal_reference.rs`.

use crate::common::{analyse_best_move, verdict, Rng};
use crate::common::{fen_after, game_after as after, game_at, has_move as has, sorted_moves};

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

// --- 8. Donnybrook -------------------------------------------------------------------

#[test]
fn donnybrook_book_1_losing_both_king_and_queen_loses() {
    // Kxd4 takes Black's queen; Black's king is long gone: Black, to move, has lost.
    let g = after("donnybrook", "8/8/8/8/3q4/4K3/8/r7 w - - 0 1", &["e3d4"]);
    assert_eq!(verdict(&g), "loss");
    assert!(sorted_moves(&g).is_empty());
}

#[test]
fn donnybrook_book_2_place_then_move_another_unit() {
    // White must place the knight, then move K or Q (each a king's step): 54 empty
    // squares touch neither move, 8 turns each; on d2 or e2 one move of each monarch
    // is blocked (6); on c1, c2, f1 or f2 one (7): 432 + 12 + 28 = 472. The knight
    // never moves on the turn it is placed, and rank 1 and 8 squares are allowed.
    let g = game_at("donnybrook", "3qk3/8/8/8/8/8/8/3QK3[N] w - - 0 1");
    let moves = sorted_moves(&g);
    assert_eq!(moves.len(), 472);
    assert!(has(&g, "N@a8,e1f2") && has(&g, "N@h1,d1c2"));
    assert!(!moves.iter().any(|m| {
        let (placed, regular) = m.split_once(',').unwrap();
        regular.starts_with(&placed[2..])
    }));
    assert!(!has(&g, "e1f2"));
}

#[test]
fn donnybrook_book_3_a_bishop_does_not_return_once_the_queen_is_gone() {
    // White has no queen: Rxe1 takes the bishop for good, White's pool stays empty.
    assert_eq!(
        fen_after("donnybrook", "3qk3/8/8/8/8/8/8/r3B1K1 b - - 0 1", &["a1e1"]),
        "3qk3/8/8/8/8/8/8/4r1K1[] w - - 0 2"
    );
}

#[test]
fn donnybrook_a_bishop_returns_while_the_queen_is_there() {
    // Our own: the same capture with White's queen on d1: the bishop goes back to
    // White's pool.
    assert_eq!(
        fen_after(
            "donnybrook",
            "r2qk3/8/8/8/8/8/8/B2Q2K1 b - - 0 1",
            &["a8a1"]
        ),
        "3qk3/8/8/8/8/8/8/r2Q2K1[B] w - - 0 2"
    );
}

#[test]
fn donnybrook_a_knight_returns_only_while_the_king_is_there() {
    // Our own: White has no king, so Rxa1 takes the knight for good; with Kg1 on the
    // board it goes back to White's pool.
    assert_eq!(
        fen_after("donnybrook", "r2qk3/8/8/8/8/8/8/N2Q4 b - - 0 1", &["a8a1"]),
        "3qk3/8/8/8/8/8/8/r2Q4[] w - - 0 2"
    );
    assert_eq!(
        fen_after(
            "donnybrook",
            "r2qk3/8/8/8/8/8/8/N2Q2K1 b - - 0 1",
            &["a8a1"]
        ),
        "3qk3/8/8/8/8/8/8/r2Q2K1[N] w - - 0 2"
    );
}

#[test]
fn donnybrook_rooks_always_return_and_the_owner_must_place_them() {
    // Our own: Kxa1 takes Black's rook, which goes to Black's pool (Black has no queen:
    // a rook returns whatever is left). Black must place it on one of
    // the 62 empty squares and move the king: 5 steps, one fewer where the rook stands
    // on one of them: 62 * 5 - 5 = 305.
    let g = after("donnybrook", "4k3/8/8/8/8/8/8/rK6[] w - - 0 1", &["b1a1"]);
    assert_eq!(g.fen(), "4k3/8/8/8/8/8/8/K7[r] b - - 0 1");
    assert_eq!(sorted_moves(&g).len(), 305);
    assert!(has(&g, "R@h1,e8e7"));
}

#[test]
fn donnybrook_pawns_kings_and_queens_leave_the_game() {
    // Our own: Qxd2 takes a pawn, Qxe2 the king: neither goes to a pool.
    let fen = "4k3/8/8/8/8/8/3P4/2q1K3 b - - 0 1";
    assert_eq!(
        fen_after("donnybrook", fen, &["c1d2"]),
        "4k3/8/8/8/8/8/3q4/4K3[] w - - 0 2"
    );
    assert_eq!(
        fen_after("donnybrook", "4k3/8/8/8/8/8/4K3/3q4 b - - 0 1", &["d1e2"]),
        "4k3/8/8/8/8/8/4q3/8[] w - - 0 2"
    );
}

#[test]
fn donnybrook_a_captured_promoted_unit_returns_as_its_kind() {
    // Our own: b8=N, then Rxb8: the knight returns to White's pool as a knight.
    assert_eq!(
        fen_after(
            "donnybrook",
            "r3k3/1P6/8/8/8/8/8/4K2Q w - - 0 1",
            &["b7b8n", "a8b8"]
        ),
        "1r2k3/8/8/8/8/8/8/4K2Q[N] w - - 0 2"
    );
}

#[test]
fn donnybrook_there_is_no_check_and_the_queen_steps_like_the_king() {
    // Our own: Black's queen on d2 attacks the king, which is not in check: it may
    // step next to her or take her: Kd1, Kf1, Kxd2, Ke2, Kf2. The queen steps like a
    // king: from d2 to c1, d1, c2, e2, c3, d3, e3 and takes the king on e1 (8).
    let g = game_at("donnybrook", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
    assert_eq!(sorted_moves(&g), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    let g = game_at("donnybrook", "4k3/8/8/8/8/8/3q4/4K3 b - - 0 1");
    assert_eq!(
        sorted_moves(&g)
            .iter()
            .filter(|m| m.starts_with("d2"))
            .count(),
        8
    );
}

#[test]
fn donnybrook_the_regular_part_may_double_step_or_take_en_passant() {
    // Our own: with a knight to place, e2-e4 leaves e3 for en passant; Black, with a
    // knight of its own to place (a set-up), may take on e3 in the regular part of its
    // turn, unless it put the knight on e3 itself.
    let g = after(
        "donnybrook",
        "4k3/8/8/8/3p4/8/4P3/4K3[N] w - - 0 1",
        &["N@a1,e2e4"],
    );
    assert_eq!(g.fen(), "4k3/8/8/8/3pP3/8/8/N3K3[] b - e3 0 1");
    let fen = "4k3/8/8/8/3pP3/8/8/N3K3[n] b - e3 0 1";
    assert_eq!(
        fen_after("donnybrook", fen, &["N@h8,d4e3"]),
        "4k2n/8/8/8/8/4p3/8/N3K3[] w - - 0 2"
    );
    let g = game_at("donnybrook", fen);
    assert!(has(&g, "N@e3,e8d8"));
    assert!(has(&g, "N@e3,d4d3") && !has(&g, "N@e3,d4e3"));
    assert!(sorted_moves(&g).iter().all(|m| m.starts_with("N@")));
}

#[test]
fn donnybrook_the_regular_part_may_promote() {
    // Our own: with a knight to place, a7-a8 promotes to R, B or N (never Q) in the
    // same turn: 61 placements x (3 promotions + 5 king steps), less one turn per
    // placement on a king step and three on a8 (488 - 5 - 3 = 480).
    let fen = "4k3/P7/8/8/8/8/8/4K3[N] w - - 0 1";
    let g = game_at("donnybrook", fen);
    assert_eq!(sorted_moves(&g).len(), 480);
    assert!(!has(&g, "N@h1,a7a8q") && !has(&g, "N@h1,a7a8"));
    assert_eq!(
        fen_after("donnybrook", fen, &["N@h1,a7a8r"]),
        "R3k3/8/8/8/8/8/8/4K2N[] b - - 0 1"
    );
    assert_eq!(
        g.san_line(&["N@h1,a7a8b".to_string()]),
        ["N@h1,a8=B".to_string()]
    );
}

#[test]
fn donnybrook_no_legal_turn_draws() {
    // The reference's full board: the knight has no empty square, so White has no turn.
    let g = game_at(
        "donnybrook",
        "rnbqkbnr/pppppppp/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/PPPPPPPP/RNBQKBNR[N] w - - 0 1",
    );
    assert!(sorted_moves(&g).is_empty());
    assert_eq!(verdict(&g), "draw");
}

#[test]
fn donnybrook_notation_and_bad_input() {
    // A pool turn is one UCI token; SAN writes the placement as a drop.
    let fen = "3qk3/8/8/8/8/8/8/3QK3[N] w - - 0 1";
    let g = game_at("donnybrook", fen);
    assert_eq!(
        g.san_line(&["N@e4,e1e2".to_string()]),
        ["N@e4,Ke2".to_string()]
    );
    let mut g = game_at("donnybrook", fen);
    assert!(g.play_uci("e1e2").is_err());
    assert!(g.play_uci("N@e4").is_err());
    assert!(g.play_uci("N@e4,e4e5").is_err());
    assert_eq!(g.fen(), fen);
    // Only the side to move's pool may hold a unit, at most one, and only of a kind
    // that returns (R B N).
    for bad in [
        "3qk3/8/8/8/8/8/8/3QK3[NB] w - - 0 1",
        "3qk3/8/8/8/8/8/8/3QK3[n] w - - 0 1",
        "3qk3/8/8/8/8/8/8/3QK3[Nn] w - - 0 1",
        "3qk3/8/8/8/8/8/8/3QK3[Q] w - - 0 1",
        "3qk3/8/8/8/8/8/8/3QK3[P] w - - 0 1",
    ] {
        assert!(
            protean::engine::Game::by_name("donnybrook", Some(bad)).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn donnybrook_analyse_finds_the_pool_turn_that_wins() {
    // Our own: White must place the rook, and then Kxa1 takes Black's last monarch:
    // `protean analyse` gives the compound turn in SAN and UCI, a mate in one.
    let best = analyse_best_move("donnybrook", "8/8/8/8/8/8/8/qK6[R] w - - 0 1", 3);
    assert!(best.starts_with("Best move: R@"), "{best}");
    assert!(
        best.contains(",Kxa1 (R@") && best.contains(",b1a1, score #1"),
        "{best}"
    );
}

#[test]
fn donnybrook_random_play_keeps_the_key_and_the_fen() {
    // Seeded random games: after every turn, pool turns included, the key made move
    // by move equals the key of the position read from its own FEN.
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut pool_turns = 0;
    for _ in 0..12 {
        let mut g = game_at(
            "donnybrook",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1",
        );
        for _ in 0..100 {
            let moves = g.legal_moves_uci();
            if moves.is_empty() {
                break;
            }
            let m = &moves[rng.below(moves.len())];
            pool_turns += m.contains(',') as usize;
            g.play_uci(m).unwrap();
            let fen = g.fen();
            assert_eq!(
                game_at("donnybrook", &fen).key(),
                g.key(),
                "{fen} after {m}"
            );
        }
    }
    assert!(pool_turns > 0);
}
