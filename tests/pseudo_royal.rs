//! Pseudo-royal pieces (`extinctionPseudoRoyal`: Coregal's queens, Spartan's kings with
//! `dupleCheck`). The perft and game-end suites compare the moves and the mates with
//! pyffish; here, what they do not show: SAN as pyffish 0.0.90 writes it (`get_san`:
//! an attacked pseudo-royal piece is no `+`, its mate is `#`), the castling path of a
//! pseudo-royal king, and the loader's errors.

use crate::common::{game_at, has_move, moves_from};
use protean::engine::variant_file::parse_variants;

fn san(variant: &str, fen: &str, mv: &str) -> String {
    game_at(variant, fen).san_line(&[mv.to_string()]).join(" ")
}

#[test]
fn san_marks_a_pseudo_royal_piece_only_when_mated() {
    // The rook attacks the queen along the eighth rank: pyffish writes `Ra8`.
    assert_eq!(
        san("coregal", "3qk3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"),
        "Ra8"
    );
    // The white queen on h6 is attacked and cannot get away: `Rc6#` (pyffish).
    assert_eq!(
        san("coregal", "8/8/7Q/1q6/2r5/k6p/4K3/8 b - - 25 84", "c4c6"),
        "Rc6#"
    );
    // Both Spartan kings attacked (duple check), and a lone king attacked: no `+`.
    assert_eq!(
        san("spartan", "k6k/8/8/8/8/8/8/3RK3 w - - 0 1", "d1d8"),
        "Rd8"
    );
    assert_eq!(
        san("spartan", "k7/8/8/8/8/8/8/3RK3 w - - 0 1", "d1d8"),
        "Rd8"
    );
}

#[test]
fn a_queen_may_not_be_left_attacked() {
    // Coregal: the white queen on d1 is attacked by the rook on d8; moving the king
    // is illegal. The queen's moves are pyffish's list: the squares off the d-file
    // that the black queen on a4 does not attack, and a4 itself.
    let g = game_at("coregal", "3rk3/8/8/8/q7/8/8/3QK3 w - - 0 1");
    assert!(!has_move(&g, "e1f2"));
    assert_eq!(
        moves_from(&g, "d1"),
        ["d1a4", "d1b1", "d1c1", "d1e2", "d1f3", "d1h5"]
    );
    // Taking a queen does not excuse leaving one's own attacked: the white queen may
    // not take on d8 next to the black king (pyffish does not list d5d8).
    let g = game_at("coregal", "3qk3/8/8/3Q4/8/8/8/4K3 w - - 0 1");
    assert!(!has_move(&g, "d5d8") && has_move(&g, "d5g8"));
}

#[test]
fn a_lone_pseudo_royal_king_castles_only_out_of_check_and_not_through_it() {
    // Spartan's White king is a commoner, pseudo-royal while alone: the rook on f8
    // attacks f1, which the king passes, so no short castling (pyffish: e1c1, e1d1,
    // e1d2, e1e2); without the rook both ways are legal.
    let g = game_at("spartan", "k3kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(moves_from(&g, "e1"), ["e1c1", "e1d1", "e1d2", "e1e2"]);
    let g = game_at("spartan", "k3k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(has_move(&g, "e1c1") && has_move(&g, "e1g1"));
}

fn errors(text: &str) -> Vec<String> {
    match parse_variants(text, "bad.ini").require_all() {
        Ok(_) => panic!("loaded"),
        Err(e) => e.errors.iter().map(|d| d.message.clone()).collect(),
    }
}

#[test]
fn the_loader_refuses_what_the_rule_does_not_cover() {
    let e = errors("[a:atomic]\nextinctionPieceTypes = k\nextinctionPseudoRoyal = true\n");
    assert!(
        e.iter()
            .any(|m| m.contains("extinctionPseudoRoyal with blastOnCapture")),
        "{e:?}"
    );
    let e = errors("[b:chess]\ndupleCheck = true\n");
    assert!(
        e.iter()
            .any(|m| m.contains("dupleCheck: needs extinctionPseudoRoyal")),
        "{e:?}"
    );
    let e = errors("[c:chess]\nextinctionPieceTypes = *\nextinctionPseudoRoyal = true\n");
    assert!(
        e.iter().any(|m| m.contains("'*' is not implemented")),
        "{e:?}"
    );
}
