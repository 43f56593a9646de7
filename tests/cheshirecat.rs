//! Cheshire Cat chess (rule book RULES-MORE.md section 2), one rule per test on the
//! book's hand-checked positions C1-C15 and our own. No outside engine plays it: each
//! expectation is derived in the comment beside it.

use super::common::{game_at, sorted_moves};
use protean::position::{EndReason, GameResult};
use protean::variant::WHITE;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1";

fn moves(fen: &str) -> Vec<String> {
    sorted_moves(&game_at("cheshirecat", fen))
}

fn perft(fen: &str, depth: u32) -> u64 {
    game_at("cheshirecat", fen).perft(depth)
}

fn strs(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn refused(fen: &str) -> String {
    match protean::engine::Game::by_name("cheshirecat", Some(fen)) {
        Ok(_) => panic!("{fen} was accepted"),
        Err(e) => e,
    }
}

/// C1, C8 (no castling): the start has chess's 20 moves; 400 and the book's computed
/// 8,374 (chess has 8,902: every move vanishes a square).
#[test]
fn start_counts() {
    assert_eq!(perft(START, 1), 20);
    assert_eq!(perft(START, 2), 400);
    assert_eq!(perft(START, 3), 8_374);
}

/// C2 (after 1.e4 e5): pawns 14; Nb1 a3 c3; Ng1 f3 h3 (not e2: vanished); Bf1 d3 c4
/// b5 a6 over the vanished e2; Qd1 f3 g4 h5 over e2; Ke1-e3 as a queen over e2
/// (Ke1-e2 is impossible: vanished). 26; chess has 29.
#[test]
fn vanished_squares_are_passed_over_never_landed_on() {
    let fen = "rnbqkbnr/pppp*ppp/8/4p3/4P3/8/PPPP*PPP/RNBQKBNR w Kk - 0 2";
    let m = moves(fen);
    assert_eq!(m.len(), 26, "{m:?}");
    for mv in ["f1a6", "d1h5", "e1e3"] {
        assert!(m.contains(&mv.to_string()), "{mv} missing: {m:?}");
    }
    for mv in ["g1e2", "e1e2", "f1e2", "d1e2"] {
        assert!(!m.contains(&mv.to_string()), "{mv} present: {m:?}");
    }
    // The same position is reached by playing 1.e4 e5 from the start.
    let mut g = game_at("cheshirecat", START);
    g.play_uci("e2e4").unwrap();
    g.play_uci("e7e5").unwrap();
    assert_eq!(g.fen(), fen);
}

/// C3 (C6: the king's first move may be a queen's move): a1-d1, f1-h1 along the rank,
/// e2-e6 up the file (not e7, e8: beside the black king on d8, who attacks them),
/// d2 c3 b4 a5 and f2 g3 h4 on the diagonals = 19; plus h3, h4 = 21.
#[test]
fn the_kings_first_move_may_be_a_queens_move() {
    let fen = "3k4/p7/8/8/8/8/7P/4K3 w K - 0 1";
    assert_eq!(perft(fen, 1), 21);
    let m = moves(fen);
    assert!(m.contains(&"e1a5".to_string()));
    assert!(!m.contains(&"e1e7".to_string()));
}

/// C4 (C3 after 1.Kd1 a6): the privilege is spent and e1 has vanished (a7 too): Kd1
/// c1, c2, d2, e2 and h3, h4 = 6.
#[test]
fn the_privilege_is_spent_by_the_first_king_move() {
    let mut g = game_at("cheshirecat", "3k4/p7/8/8/8/8/7P/4K3 w K - 0 1");
    g.play_uci("e1d1").unwrap();
    g.play_uci("a7a6").unwrap();
    let fen = "3k4/*7/p7/8/8/8/7P/3K*3 w - - 0 2";
    assert_eq!(g.fen(), fen);
    assert_eq!(
        moves(fen),
        strs(&["d1c1", "d1c2", "d1d2", "d1e2", "h2h3", "h2h4"])
    );
}

/// C5 (C10: a double step passes over a vanished square): d7-d5 over the vanished d6
/// (d7-d6 impossible); Ke8 d8 f8 e7 f7 = 5. After 1...d5 White has e6 and five king
/// moves (6); exd6 e.p. is impossible: d6 has vanished (C9).
#[test]
fn double_steps_pass_over_and_en_passant_needs_the_square() {
    let fen = "4k3/3p4/3*4/4P3/8/8/8/4K3 b - - 0 1";
    assert_eq!(moves(fen), strs(&["d7d5", "e8d8", "e8e7", "e8f7", "e8f8"]));
    let mut g = game_at("cheshirecat", fen);
    g.play_uci("d7d5").unwrap();
    assert_eq!(g.fen(), "4k3/3*4/3*4/3pP3/8/8/8/4K3 w - - 0 2");
    assert_eq!(
        sorted_moves(&g),
        strs(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e5e6"])
    );
}

/// C6: e2-e4 over the vanished e3 (e2-e3 impossible); Ka1 a2 b1 b2 = 4.
#[test]
fn white_double_step_over_a_vanished_square() {
    assert_eq!(
        moves("4k3/8/8/8/8/4*3/4P3/K7 w - - 0 1"),
        strs(&["a1a2", "a1b1", "a1b2", "e2e4"])
    );
}

/// C7 (C5: attacks pass through vanished squares): the rook on a1 checks a8 up the
/// a-file of vanished squares; Kb8 and Kb7 (a7 has vanished, b7 and b8 are safe).
#[test]
fn checks_pass_through_vanished_squares() {
    let fen = "k7/*7/*7/*7/*7/*7/*7/R3K3 b - - 0 1";
    let g = game_at("cheshirecat", fen);
    assert_eq!(sorted_moves(&g), strs(&["a8b7", "a8b8"]));
}

/// C8: Kh8 with g8, g7, h7 vanished: no move, not in check (the b1 rook does not see
/// h8): stalemate, a draw.
#[test]
fn stalemate_by_vanished_squares() {
    let g = game_at("cheshirecat", "6*k/6**/8/8/8/8/8/KR6 b - - 0 1");
    assert!(g.legal_moves_uci().is_empty());
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Draw, EndReason::Stalemate)
    );
}

/// C9, C12 (CD3): Nf7 checks h8, whose flight squares g8, g7 (and h7) have vanished:
/// mate with a lone knight, so K+N v K is no dead draw.
#[test]
fn a_lone_knight_mates() {
    let g = game_at("cheshirecat", "6*k/5N**/8/8/8/8/8/K7 b - - 0 1");
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Win(WHITE), EndReason::Checkmate)
    );
    // Only bare kings are dead.
    let kk = game_at("cheshirecat", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        kk.outcome().map(|o| o.reason),
        Some(EndReason::InsufficientMaterial)
    );
    assert_eq!(kk.clone().perft(1), 5);
    let kb = game_at("cheshirecat", "4k3/8/8/8/8/8/8/4KB2 w - - 0 1");
    assert_eq!(kb.outcome(), None);
}

/// C10 (CD1: the unmoved king attacks along its queen lines): the black king on e8
/// keeps the privilege, so the white king on d1 may not step to e1 or e2 (the open
/// e-file below him); Kd1 c1, c2, d2, and h3, h4 = 5.
#[test]
fn an_unmoved_king_attacks_along_its_lines() {
    assert_eq!(
        moves("4k3/p7/8/8/8/8/7P/3K4 w k - 0 1"),
        strs(&["d1c1", "d1c2", "d1d2", "h2h3", "h2h4"])
    );
}

/// C11: the unmoved white king on d1 checks the black king on d8 down the open d-file:
/// Kc8 c7 e8 e7, not d7 (still on the file).
#[test]
fn an_unmoved_king_gives_check_from_afar() {
    let g = game_at("cheshirecat", "3k4/8/8/8/8/8/8/3K4 b K - 0 1");
    assert_eq!(sorted_moves(&g), strs(&["d8c7", "d8c8", "d8e7", "d8e8"]));
}

/// C12 (C9): exd6 e.p. with d6 not vanished; e5 vanishes, d5 (the victim's square)
/// does not.
#[test]
fn en_passant_when_the_square_is_there() {
    let mut g = game_at("cheshirecat", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    g.play_uci("e5d6").unwrap();
    assert_eq!(g.fen(), "4k3/8/3P4/4*3/8/8/8/4K3 b - - 0 1");
}

/// C13: d2 has vanished: Ke1 d1, f1, e2, f2 (not d2) = 4.
#[test]
fn a_king_may_not_step_onto_a_vanished_square() {
    assert_eq!(
        moves("4k3/8/8/8/8/8/3*4/4K3 w - - 0 1"),
        strs(&["e1d1", "e1e2", "e1f1", "e1f2"])
    );
}

/// C14, C15 (C10): b7-b8 promotes to q, r, b, n when b8 is there (plus five king
/// moves: 9); with b8 vanished the pawn is stuck (5).
#[test]
fn promotion_needs_the_promotion_square() {
    assert_eq!(perft("3*k3/1P6/8/8/8/8/8/4K3 w - - 0 1", 1), 9);
    assert_eq!(perft("1*2k3/1P6/8/8/8/8/8/4K3 w - - 0 1", 1), 5);
}

/// FEN (CD4): a chess FEN loads and is written with `Kk`; a FEN whose side not to move
/// is in check from an unmoved king is refused (C14); `*` needs nothing on it.
#[test]
fn fen_privilege_and_refusals() {
    let chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(game_at("cheshirecat", chess).fen(), START);
    let why = refused("4k3/8/8/8/8/8/8/R3K3 w K - 0 1");
    assert!(why.contains("check"), "{why}");
    // Position keys differ by vanished squares and by the privilege.
    let a = game_at("cheshirecat", "3k4/8/8/8/8/8/8/4K3 w - - 0 1").key();
    let b = game_at("cheshirecat", "3k4/8/8/8/8/8/3*4/4K3 w - - 0 1").key();
    let c = game_at("cheshirecat", "3k4/8/8/8/8/8/8/4K3 w K - 0 1").key();
    assert!(a != b && a != c && b != c);
}

/// Key and unmake: random games keep the incremental key equal to the key of the FEN
/// read back, and the FEN round trip exact.
#[test]
fn random_games_keep_key_and_fen() {
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..20 {
        let mut g = game_at("cheshirecat", START);
        for _ in 0..60 {
            let ms = g.legal_moves_uci();
            if ms.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            g.play_uci(&ms[(seed % ms.len() as u64) as usize]).unwrap();
            let fen = g.fen();
            let back = game_at("cheshirecat", &fen);
            assert_eq!(back.fen(), fen);
            assert_eq!(back.key(), g.key(), "{fen}");
        }
    }
}
