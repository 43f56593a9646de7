//! The Janggi games' palace rules by hand-worked positions (the perft, game-end and
//! sequence suites compare the rest with pyffish): the cannon's screens and victims,
//! the pass and its notation, and the loader's Fairy-Stockfish keys. The move lists were
//! checked with pyffish 0.0.90 (`legal_moves`, `get_san`).

use protean::engine::variant_file::parse_variants;
use protean::engine::Game;
use std::sync::Arc;

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn moves(variant: &str, fen: &str) -> Vec<String> {
    sorted(Game::by_name(variant, Some(fen)).unwrap().legal_moves_uci())
}

#[test]
fn the_cannon_jumps_one_screen_never_a_cannon_and_takes_no_cannon() {
    // White: king e1, cannon e2 (the palace centre); Black: king d10, soldier e4, cannon
    // e6. Up the e-file the cannon jumps the soldier to e5 only: e6 holds a cannon, which
    // it may not take. Sideways and on the palace diagonals it finds no screen. The king
    // steps to d1 or f1 (e1 is not on a diagonal line; e2 is its own cannon) or passes.
    for variant in ["janggi", "janggicasual"] {
        assert_eq!(
            moves(variant, "3k5/9/9/9/4c4/9/4p4/9/4C4/4K4 w - - 0 1"),
            ["e1d1", "e1e1", "e1f1", "e2e5"],
            "{variant}"
        );
    }
    // A cannon is no screen: the white cannon e3 cannot jump the black cannon on e4.
    assert_eq!(
        moves("janggi", "5k3/9/4c4/9/4p4/9/4c4/4C4/9/3K5 w - - 0 1"),
        ["d1d1", "d1d2", "d1e1", "d1e2"]
    );
}

#[test]
fn palace_lines_carry_the_diagonal_moves() {
    // The cannon f3 hops the soldier on the palace centre e2 to the corner d1, along the
    // line; the king on e3 (not a line square) only steps orthogonally.
    assert_eq!(
        moves("janggi", "3k5/9/9/9/9/9/9/4KC3/4p4/9 w - - 0 1"),
        ["e3d3", "e3e2", "e3e3", "f3a3", "f3b3", "f3c3", "f3d1", "f3d3"]
    );
}

#[test]
fn the_pass_is_the_kings_square_twice_and_not_allowed_in_check() {
    let g = Game::by_name("janggi", None).unwrap();
    assert!(g.legal_moves_uci().contains(&"e2e2".to_string()));
    assert_eq!(g.san_line(&["e2e2".into(), "e9e9".into()]), ["Ke2", "Ke9"]);
    // The rook on d5 checks the king on d1: no pass.
    assert_eq!(
        moves("janggi", "3k5/9/9/9/9/3r5/9/9/9/3K5 w - - 0 1"),
        ["d1e1", "d1e2"]
    );
    // A pass moves nothing and counts for the move clock.
    let mut g = Game::by_name("janggi", None).unwrap();
    g.play_uci("e2e2").unwrap();
    assert!(g.fen().ends_with(" b - - 1 1"), "{}", g.fen());
}

#[test]
fn san_names_the_horse_h_and_the_elephant_e_as_pyffish() {
    // pyffish's get_san: its piece-type letters (horse H, elephant E), soldiers and
    // advisors disambiguated by file, the pass as the king's move to its own square.
    let g = Game::by_name("janggi", None).unwrap();
    for (uci, san) in [
        ("b1c3", "Hc3"),
        ("a4b4", "Pab4"),
        ("d1e1", "Ade1"),
        ("a1a3", "Ra3"),
        ("e2f3", "Kf3"),
        ("e2e2", "Ke2"),
    ] {
        assert_eq!(g.san_line(&[uci.into()]), [san], "{uci}");
    }
    let g = Game::by_name("janggi", Some("4k4/9/9/9/9/4b4/9/2B1A4/9/4K4 w - - 0 1")).unwrap();
    for (uci, san) in [
        ("c3f1", "Ef1"),
        ("c3e6", "Ee6"),
        ("e3e2", "Ae2"),
        ("e1e1", "Ke1"),
    ] {
        assert_eq!(g.san_line(&[uci.into()]), [san], "{uci}");
    }
}

#[test]
fn fairy_stockfish_keys_give_the_palace_rules_by_piece_type() {
    // diagonalLines with Fairy-Stockfish's types: the rook, the janggiCannon and the
    // wazir gain their line moves, the janggiCannon is shy, and materialCounting =
    // janggi counts points by type.
    let text = "[j:janggi]\nproteanLineMoves = -\nproteanShyHops = -\n\
                [k]\nmaxRank = 10\nmaxFile = 9\nrook = r\nwazir = a\njanggiCannon = c\n\
                king = k:W\nstartFen = 3k5/9/9/9/9/9/9/9/4C4/3K5 w - - 0 1\n\
                castling = false\ndiagonalLines = d1 f1 e2 d3 f3 d8 f8 e9 d10 f10\n\
                materialCounting = janggi\n";
    let loaded = parse_variants(text, "t.ini")
        .require_all()
        .unwrap()
        .variants;
    let (j, k) = (&loaded[0], &loaded[1]);
    assert!(j
        .pieces
        .iter()
        .all(|p| p.line_moves.is_empty() && !p.shy_hops));
    let line = |l: char| {
        k.pieces
            .iter()
            .find(|p| p.letter == l)
            .map(|p| (p.line_moves.clone(), p.shy_hops))
            .unwrap()
    };
    assert_eq!(line('R'), ("B".to_string(), false));
    assert_eq!(line('C'), ("pB".to_string(), true));
    assert_eq!(line('A'), ("F".to_string(), false));
    // The king is a custom piece (k:W), which Fairy-Stockfish gives no line moves.
    assert_eq!(line('K'), (String::new(), false));
    let points = k.palace.points.as_ref().unwrap();
    assert_eq!(points.values, [('R', 13), ('C', 7), ('A', 3)]);
    assert_eq!(points.komi_halves, 3);
    // Without parent the royal king passes nothing: no `pass` key.
    let g = Game::new(&Arc::new(k.clone()), None).unwrap();
    assert!(!g.legal_moves_uci().contains(&"d1d1".to_string()));
}

#[test]
fn the_search_scores_a_counted_move_rule_for_the_side_ahead_on_points() {
    // Our own (janggimodern: counting, a 100-move rule, no bikjang): White has a
    // chariot (13 points), Black a horse and a cannon (5 + 7) plus the komi of 1.5, so
    // Black is ahead, 13.5 to 13. The clock stands at 199 plies (the rule counts 100
    // moves of both sides) and neither side can capture:
    // any move completes the move rule, which counting gives to Black.
    let fen = |side: char| format!("9/3k5/1n5c1/9/9/9/9/9/4K4/R8 {side} - - 199 120");
    let g = crate::common::game_after("janggimodern", &fen('w'), &["a1a2"]);
    assert_eq!(crate::common::verdict(&g), "win", "{}", g.fen());
    let limits = protean::search::Limits::depth(4);
    let tt = protean::search::TranspositionTable::new(4);
    // Black to move wins at once (a mate-in-1 score), where a draw (0) was scored
    // before the search knew the count.
    let g = Game::by_name("janggimodern", Some(&fen('b'))).unwrap();
    let r = crate::common::search_once(&g, &limits, &Default::default(), &tt);
    assert_eq!(r.score, Some(protean::search::Score::Mate(1)), "{r:?}");
    // White to move loses with every move (a mate score of 0 moves).
    let g = Game::by_name("janggimodern", Some(&fen('w'))).unwrap();
    let r = crate::common::search_once(&g, &limits, &Default::default(), &tt);
    assert_eq!(r.score, Some(protean::search::Score::Mate(0)), "{r:?}");
}
