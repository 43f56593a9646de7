//! The tafl games, one rule per test position (RULES.md "Tafl games", docs/tafl.md).
//! No outside engine plays them, so every expectation here is worked out by hand; the
//! comment above each case says why. Board diagrams are FEN, rank 7 (or 9) first.
//! Differential perft against `scripts/tafl-reference` is in `perft_suite.rs`.

use protean::engine::Game;
use protean::position::{EndReason, GameResult};
use protean::variant::{find_variant, BLACK, WHITE};
use std::collections::BTreeMap;

/// Square name -> piece letter, from a FEN's placement field.
fn board(fen: &str) -> BTreeMap<String, char> {
    let placement = fen.split_whitespace().next().unwrap();
    let rows: Vec<&str> = placement.split('/').collect();
    let mut out = BTreeMap::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = rows.len() - i;
        let mut file = 0u8;
        let mut num = 0u32;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                num = num * 10 + d;
                continue;
            }
            file += num as u8;
            num = 0;
            out.insert(format!("{}{}", (b'a' + file) as char, rank), c);
            file += 1;
        }
    }
    out
}

/// The FEN placement field of a square -> letter map on a `size` x `size` board.
fn placement(squares: &BTreeMap<String, char>, size: usize) -> String {
    let mut rows = Vec::new();
    for rank in (1..=size).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..size {
            match squares.get(&format!("{}{}", (b'a' + file as u8) as char, rank)) {
                None => empty += 1,
                Some(&c) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row.push(c);
                }
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    rows.join("/")
}

fn game(variant: &str, fen: &str) -> Game {
    Game::by_name(variant, Some(fen)).unwrap_or_else(|e| panic!("{variant} {fen}: {e}"))
}

/// A UCI move's two squares (`b1b3`, `j14j12`: a file letter, then a rank of one or
/// two digits).
fn squares(mv: &str) -> (&str, &str) {
    let split = 1 + mv[1..]
        .find(|c: char| c.is_ascii_alphabetic())
        .unwrap_or_else(|| panic!("not a move: {mv}"));
    (&mv[..split], &mv[split..])
}

/// Plays `mv` and returns the squares whose pieces the move captured, sorted.
fn captures(variant: &str, fen: &str, mv: &str) -> Vec<String> {
    let mut g = game(variant, fen);
    let before = board(&g.fen());
    g.play_uci(mv)
        .unwrap_or_else(|e| panic!("{mv} in {fen}: {e}"));
    let after = board(&g.fen());
    let from = squares(mv).0;
    before
        .keys()
        .filter(|sq| sq.as_str() != from && !after.contains_key(*sq))
        .cloned()
        .collect()
}

/// The destinations of the piece on `from`, sorted.
fn targets(variant: &str, fen: &str, from: &str) -> Vec<String> {
    let mut t: Vec<String> = game(variant, fen)
        .legal_moves_uci()
        .into_iter()
        .filter(|m| squares(m).0 == from)
        .map(|m| squares(&m).1.to_string())
        .collect();
    t.sort();
    t
}

fn list(squares: &str) -> Vec<String> {
    let mut v: Vec<String> = squares.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

/// (winner, reason) after playing `moves` from `fen`.
fn end_after(variant: &str, fen: &str, moves: &[&str]) -> Option<(GameResult, EndReason)> {
    let mut g = game(variant, fen);
    for m in moves {
        g.play_uci(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g.outcome().map(|o| (o.result, o.reason))
}

// ---------------------------------------------------------------- moves

#[test]
fn men_move_like_rooks_onto_empty_squares_only() {
    // Brandubh. White man d2 (Black men b2, d5; White king f6). Up: d3, then d4 is the
    // empty centre (only the king stops there, men pass over it), d5 is occupied: so d3.
    // Left: c2 (b2 occupied). Right: e2 f2 g2. Down: d1. Nothing is captured by moving
    // onto it: no move lands on b2 or d5.
    let fen = "7/5K1/3m3/7/7/1m1M3/7 w - - 0 1";
    assert_eq!(targets("brandubh", fen, "d2"), list("d3 c2 e2 f2 g2 d1"));
}

#[test]
fn men_pass_over_the_empty_centre_but_never_stop_on_it() {
    // Brandubh, White man d2, centre empty: d3, (d4 skipped), d5 d6 d7; sideways a2..g2
    // except corners (a2, g2 are not corners); d1.
    let fen = "7/5K1/7/7/7/3M3/7 w - - 0 1";
    assert_eq!(
        targets("brandubh", fen, "d2"),
        list("d3 d5 d6 d7 a2 b2 c2 e2 f2 g2 d1")
    );
}

#[test]
fn only_the_king_stops_on_corners_and_the_centre() {
    // Brandubh: a man on b1 may go c1..g1 except g1 (corner) and not a1 (corner): c1 d1
    // e1 f1; up b2..b7. The king on d5 may stop on the centre d4 (and on down to d1).
    let fen = "7/7/3K3/7/7/7/1M5 w - - 0 1";
    assert_eq!(
        targets("brandubh", fen, "b1"),
        list("c1 d1 e1 f1 b2 b3 b4 b5 b6 b7")
    );
    let k = targets("brandubh", fen, "d5");
    for sq in ["d4", "d3", "d2", "d1", "a5", "g5", "d7"] {
        assert!(k.contains(&sq.to_string()), "king d5 -> {sq}: {k:?}");
    }
    // A king next to a corner may step onto it.
    let fen = "7/7/7/7/7/7/1K5 w - - 0 1";
    assert!(targets("brandubh", fen, "b1").contains(&"a1".to_string()));
}

#[test]
fn brandubh2_king_may_not_return_to_the_throne_but_passes_over_it() {
    // King d5, throne d4 empty: version 1 lets him stop on d4; version 2 does not,
    // though d3, d2, d1 beyond it stay reachable.
    let fen = "7/7/3K3/7/7/7/7 w - - 0 1";
    let v1 = targets("brandubh", fen, "d5");
    let v2 = targets("brandubh2", fen, "d5");
    assert!(v1.contains(&"d4".to_string()));
    assert!(!v2.contains(&"d4".to_string()));
    for sq in ["d3", "d2", "d1"] {
        assert!(v2.contains(&sq.to_string()), "{sq}");
    }
    assert_eq!(v1.len(), v2.len() + 1);
}

#[test]
fn ard_ri_pieces_step_one_square_and_the_centre_is_the_kings() {
    // Ard Ri, man d5 next to the empty centre: d6, c5, e5 but not d4. The king on b2
    // steps to b3, a2 (edge), c2, b1 (edge).
    let fen = "7/7/3M3/7/7/1K5/7 w - - 0 1";
    assert_eq!(targets("ardri", fen, "d5"), list("d6 c5 e5"));
    assert_eq!(targets("ardri", fen, "b2"), list("b3 a2 c2 b1"));
    // The king may go back to the centre.
    let fen = "7/7/3K3/7/7/7/7 w - - 0 1";
    assert!(targets("ardri", fen, "d5").contains(&"d4".to_string()));
}

#[test]
fn longship_has_no_special_squares() {
    // Longship: a Black ship stands on the centre e5 and may move on to e4 or e9; one
    // on b1 may stop on the corner a1; the treasure ship e3 may stop on e5.
    let fen = "9/9/9/9/4m4/9/2K6/9/m8 b - - 0 1";
    let t = targets("longship", fen, "e5");
    assert!(t.contains(&"e4".to_string()) && t.contains(&"e9".to_string()));
    let fen = "9/9/9/9/9/9/2K6/9/1m7 b - - 0 1";
    assert!(targets("longship", fen, "b1").contains(&"a1".to_string()));
    let fen = "9/9/9/9/9/9/4K4/9/9 w - - 0 1";
    assert!(targets("longship", fen, "e3").contains(&"e5".to_string()));
}

#[test]
fn tablut_centre_and_corners() {
    // Tablut: a White man e3 moves up through the empty centre e5 (not stopping) to e9;
    // a man on b9 may not enter a9 or i9.
    let fen = "1M7/9/9/9/9/9/4M4/9/2k6 w - - 0 1";
    assert_eq!(
        targets("tablut", fen, "e3"),
        list("e4 e6 e7 e8 e9 a3 b3 c3 d3 f3 g3 h3 i3 e2 e1")
    );
    assert_eq!(
        targets("tablut", fen, "b9"),
        list("c9 d9 e9 f9 g9 h9 b8 b7 b6 b5 b4 b3 b2 b1")
    );
}

// ---------------------------------------------------------------- captures

#[test]
fn custodian_capture_of_a_man() {
    // Brandubh: Black d1-d3 closes c3 between b3 and d3.
    let fen = "7/5K1/7/7/1mM4/7/3m3 b - - 0 1";
    assert_eq!(captures("brandubh", fen, "d1d3"), list("c3"));
    // The same in every game with men (Tablut: White takes; Longship; Ard Ri by a step).
    let fen = "9/9/9/9/9/9/1Mm6/9/3M3k1 w - - 0 1";
    assert_eq!(captures("tablut", fen, "d1d3"), list("c3"));
    let fen = "9/9/5K3/9/9/9/1mM6/9/3m5 b - - 0 1";
    assert_eq!(captures("longship", fen, "d1d3"), list("c3"));
    let fen = "7/7/5K1/7/1mM4/3m3/7 b - - 0 1";
    assert_eq!(captures("ardri", fen, "d2d3"), list("c3"));
}

#[test]
fn a_man_moving_between_two_enemies_is_safe() {
    // Brandubh: White c1-c3 lands between Black b3 and d3: nothing is taken, neither
    // the man nor the Black men (their far sides a3 and e3 are empty).
    let fen = "7/5K1/7/7/1m1m3/7/2M4 w - - 0 1";
    assert_eq!(captures("brandubh", fen, "c1c3"), Vec::<String>::new());
    // Ard Ri alike, by a step.
    let fen = "7/5K1/7/7/1m1m3/2M4/7 w - - 0 1";
    assert_eq!(captures("ardri", fen, "c2c3"), Vec::<String>::new());
}

#[test]
fn several_captures_in_one_move() {
    // Brandubh: Black d7-d3 (over the empty centre) takes c3 (b3 behind), e3 (f3
    // behind) and d2 (d1 behind) at once.
    let fen = "3m3/5K1/7/7/1mM1Mm1/3M3/3m3 b - - 0 1";
    assert_eq!(captures("brandubh", fen, "d7d3"), list("c3 e3 d2"));
}

#[test]
fn only_pieces_next_to_the_square_moved_to_are_captured() {
    // Brandubh: c3 stands between b3 and d3 already (it moved in safely). Black moves
    // f6-f5, far away: nothing is taken.
    let fen = "7/5m1/7/7/1mMm3/K6/7 b - - 0 1";
    assert_eq!(captures("brandubh", fen, "f6f5"), Vec::<String>::new());
}

#[test]
fn empty_corner_is_hostile() {
    // Brandubh: White man b1, Black c2-c1: a1 is an empty corner, so b1 is taken.
    let fen = "7/5K1/7/7/7/2m4/1M5 b - - 0 1";
    assert_eq!(captures("brandubh", fen, "c2c1"), list("b1"));
    // Tablut likewise: Black man i8 below the corner i9; White a7-i7 takes it.
    let fen = "9/8m/M8/9/9/9/9/9/2k6 w - - 0 1";
    assert_eq!(captures("tablut", fen, "a7i7"), list("i8"));
}

#[test]
fn empty_centre_is_hostile_to_both_sides() {
    // Brandubh: White man d5 next to the empty throne d4; Black a6-d6 takes it.
    let fen = "7/m6/3M3/7/7/5K1/7 b - - 0 1";
    assert_eq!(captures("brandubh", fen, "a6d6"), list("d5"));
    // And a Black man there is taken by a White move just the same.
    let fen = "7/M6/3m3/7/7/5K1/7 w - - 0 1";
    assert_eq!(captures("brandubh", fen, "a6d6"), list("d5"));
    // Tablut: the empty throne e5 is hostile to the king's own men: White a7-e7 takes
    // the Black man e6.
    let fen = "9/9/M8/4m4/9/9/9/9/1k7 w - - 0 1";
    assert_eq!(captures("tablut", fen, "a7e7"), list("e6"));
}

#[test]
fn an_occupied_throne_is_not_hostile() {
    // Brandubh: the king sits on d4; his man d5 has the king, not an empty throne,
    // behind it: Black a6-d6 takes nothing.
    let fen = "7/m6/3M3/3K3/7/7/7 b - - 0 1";
    assert_eq!(captures("brandubh", fen, "a6d6"), Vec::<String>::new());
}

#[test]
fn ard_ri_and_longship_have_no_hostile_squares() {
    // Ard Ri: White man d5 next to the empty centre; Black c6-d6: no capture.
    let fen = "7/2m4/3M3/7/7/1K5/7 b - - 0 1";
    assert_eq!(captures("ardri", fen, "c6d6"), Vec::<String>::new());
    // Longship: a White ship b1 next to the corner a1; Black c2-c1: no capture.
    let fen = "9/9/9/9/4K4/9/9/2m6/1M7 b - - 0 1";
    assert_eq!(captures("longship", fen, "c2c1"), Vec::<String>::new());
}

#[test]
fn the_king_captures_as_hammer_and_as_anvil() {
    // Brandubh, hammer: Black man b2, White man a2; king e2-c2 closes b2: taken.
    let fen = "7/7/7/7/7/Mm2K2/7 w - - 0 1";
    assert_eq!(captures("brandubh", fen, "e2c2"), list("b2"));
    // Anvil: Black man b2 next to the king a2; White man c5-c2 closes it.
    let fen = "7/7/2M4/7/7/Km5/7 w - - 0 1";
    assert_eq!(captures("brandubh", fen, "c5c2"), list("b2"));
    // Tablut: Black's king takes a White man against a Black man.
    let fen = "9/9/9/9/9/9/mM3k3/9/9 b - - 0 1";
    assert_eq!(captures("tablut", fen, "f3c3"), list("b3"));
}

#[test]
fn the_longship_treasure_ship_neither_captures_nor_helps() {
    // Hammer: king e3-c3 next to Black b3 with a White ship a3 beyond: nothing.
    let fen = "9/9/9/9/9/9/Mm2K4/9/9 w - - 0 1";
    assert_eq!(captures("longship", fen, "e3c3"), Vec::<String>::new());
    // Anvil: White ship d6-d3 with the king on b3 beyond Black c3: nothing.
    let fen = "9/9/9/3M5/9/9/1Km6/9/9 w - - 0 1";
    assert_eq!(captures("longship", fen, "d6d3"), Vec::<String>::new());
    // With a ship on b3 instead, the same move takes c3.
    let fen = "9/9/9/3M5/9/6K2/1Mm6/9/9 w - - 0 1";
    assert_eq!(captures("longship", fen, "d6d3"), list("c3"));
}

// ---------------------------------------------------------------- the king captured

#[test]
fn brandubh_king_is_captured_like_a_man() {
    // By two on a line: king c5, Black b5; Black d7-d5 closes it: captured, Black wins.
    let fen = "3m3/7/1mK4/7/7/7/7 b - - 0 1";
    assert_eq!(captures("brandubh", fen, "d7d5"), list("c5"));
    assert_eq!(
        end_after("brandubh", fen, &["d7d5"]),
        Some((GameResult::Win(BLACK), EndReason::KingCaptured))
    );
    // By one and a corner: king b1, Black c2-c1.
    let fen = "7/7/7/7/7/2m4/1K5 b - - 0 1";
    assert_eq!(captures("brandubh", fen, "c2c1"), list("b1"));
    // By one and the empty throne: king d5, Black a6-d6.
    let fen = "7/m6/3K3/7/7/7/7 b - - 0 1";
    assert_eq!(captures("brandubh", fen, "a6d6"), list("d5"));
    // The king moving in between two Black men (b5, d5) is safe.
    let fen = "7/7/1m1m3/7/2K4/7/7 w - - 0 1";
    assert_eq!(captures("brandubh", fen, "c3c5"), Vec::<String>::new());
}

#[test]
fn brandubh2_king_on_the_throne_needs_four() {
    // King d4 with Black d5, c4, e4: Black d1-d3 completes four: captured.
    let fen = "7/7/3m3/2mKm2/7/7/3m3 b - - 0 1";
    assert_eq!(captures("brandubh2", fen, "d1d3"), list("d4"));
    // With only d5 and d3 (a line of two): not captured in version 2 ...
    let fen = "7/7/3m3/3K3/7/7/3m3 b - - 0 1";
    assert_eq!(captures("brandubh2", fen, "d1d3"), Vec::<String>::new());
    // ... but in version 1 two on a line suffice.
    assert_eq!(captures("brandubh", fen, "d1d3"), list("d4"));
}

#[test]
fn brandubh2_king_beside_the_throne_needs_three_and_the_throne() {
    // King d5 above the empty throne d4, Black c5, e5: Black a6-d6 makes three plus
    // the throne: captured.
    let fen = "7/m6/2mKm2/7/7/7/7 b - - 0 1";
    assert_eq!(captures("brandubh2", fen, "a6d6"), list("d5"));
    // Two on a line (c5, and g5-e5 closing) are not enough beside the throne ...
    let fen = "7/7/2mK2m/7/7/7/7 b - - 0 1";
    assert_eq!(captures("brandubh2", fen, "g5e5"), Vec::<String>::new());
    // ... while version 1 takes him with those two.
    assert_eq!(captures("brandubh", fen, "g5e5"), list("d5"));
}

#[test]
fn brandubh2_king_elsewhere_is_captured_by_two() {
    // King b3 (not on or beside the throne): Black a3 and c1-c3.
    let fen = "7/7/7/7/mK5/7/2m4 b - - 0 1";
    assert_eq!(captures("brandubh2", fen, "c1c3"), list("b3"));
}

#[test]
fn tablut_king_is_captured_on_four_sides() {
    // King c7 with White c8, b7, c6; White g7-d7 closes the fourth side: captured.
    let fen = "9/2M6/1Mk3M2/2M6/9/9/9/9/9 w - - 0 1";
    assert_eq!(captures("tablut", fen, "g7d7"), list("c7"));
    assert_eq!(
        end_after("tablut", fen, &["g7d7"]),
        Some((GameResult::Win(WHITE), EndReason::KingCaptured))
    );
    // Two on a line do not capture him.
    let fen = "9/9/1Mk3M2/9/9/9/9/9/9 w - - 0 1";
    assert_eq!(captures("tablut", fen, "g7d7"), Vec::<String>::new());
}

#[test]
fn tablut_king_at_an_edge_is_captured_by_three() {
    // King c9 on the top edge with White b9, c8: White g9-d9 completes three.
    let fen = "1Mk3M2/2M6/9/9/9/9/9/9/9 w - - 0 1";
    assert_eq!(captures("tablut", fen, "g9d9"), list("c9"));
}

#[test]
fn tablut_dark_squares_stand_in_for_a_man() {
    // Beside the empty throne: king e6 with White d6, f6; White e8-e7 closes the
    // fourth side, the throne e5 standing in: captured.
    let fen = "9/4M4/9/3MkM3/9/9/9/9/9 w - - 0 1";
    assert_eq!(captures("tablut", fen, "e8e7"), list("e6"));
    // At the edge next to a corner: king b9, White b8, the empty corner a9; White
    // g9-c9 closes the third side on the board: captured.
    let fen = "1k4M2/1M7/9/9/9/9/9/9/9 w - - 0 1";
    assert_eq!(captures("tablut", fen, "g9c9"), list("b9"));
    // On the throne he needs four men.
    let fen = "9/9/9/4M4/3MkM3/9/9/9/4M4 w - - 0 1";
    assert_eq!(captures("tablut", fen, "e1e4"), list("e5"));
    let fen = "9/9/9/4M4/3Mk4/9/9/9/4M4 w - - 0 1";
    assert_eq!(captures("tablut", fen, "e1e4"), Vec::<String>::new());
}

#[test]
fn ard_ri_king_is_captured_only_by_four_attackers() {
    // King c5 with Black c6, b5, d5; Black c3-c4 closes the fourth side.
    let fen = "7/2m4/1mKm3/7/2m4/7/7 b - - 0 1";
    assert_eq!(captures("ardri", fen, "c3c4"), list("c5"));
    // Beside the empty centre, three attackers are not enough (the centre never stands
    // in): king d5, Black c5, e5, d7-d6.
    let fen = "3m3/7/2mKm2/7/7/7/7 b - - 0 1";
    assert_eq!(captures("ardri", fen, "d7d6"), Vec::<String>::new());
    // Two on a line: nothing.
    let fen = "7/3m3/1mK4/7/7/7/7 b - - 0 1";
    assert_eq!(captures("ardri", fen, "d6d5"), Vec::<String>::new());
}

#[test]
fn longship_treasure_ship_is_captured_only_by_four() {
    let fen = "9/9/9/3m5/2mK5/3m5/9/4m4/9 b - - 0 1";
    // King d5 with Black d6, c5, d4; Black e2-e5 closes the fourth side.
    assert_eq!(captures("longship", fen, "e2e5"), list("d5"));
    let fen = "9/9/9/9/2mK5/9/9/4m4/9 b - - 0 1";
    assert_eq!(captures("longship", fen, "e2e5"), Vec::<String>::new());
}

// ---------------------------------------------------------------- game end

#[test]
fn the_king_wins_on_his_goal_squares() {
    // Tablut: Black's king to a corner.
    let fen = "1k7/9/9/9/9/9/9/9/4M4 b - - 0 1";
    assert_eq!(
        end_after("tablut", fen, &["b9a9"]),
        Some((GameResult::Win(BLACK), EndReason::Goal))
    );
    // Not on an edge square that is not a corner.
    assert_eq!(
        end_after("tablut", "9/1k7/9/9/9/9/9/9/4M4 b - - 0 1", &["b8b9"]),
        None
    );
    // Brandubh: White's king to a corner.
    assert_eq!(
        end_after("brandubh", "7/7/7/7/7/m6/1K5 w - - 0 1", &["b1a1"]),
        Some((GameResult::Win(WHITE), EndReason::Goal))
    );
    // Ard Ri and Longship: any edge square.
    assert_eq!(
        end_after("ardri", "7/7/7/7/7/1K3m1/7 w - - 0 1", &["b2b1"]),
        Some((GameResult::Win(WHITE), EndReason::Goal))
    );
    assert_eq!(
        end_after("longship", "9/9/9/9/4K4/9/9/9/m8 w - - 0 1", &["e5e9"]),
        Some((GameResult::Win(WHITE), EndReason::Goal))
    );
    // A finished game has no moves: perft 0.
    let mut g = game("longship", "4K4/9/9/9/9/9/9/9/m8 b - - 0 1");
    assert_eq!(g.perft(1), 0);
    assert_eq!(g.perft(2), 0);
}

#[test]
fn a_captured_king_ends_the_game_with_no_moves() {
    let mut g = game("tablut", "9/9/9/9/9/9/9/9/4M4 b - - 0 1");
    assert_eq!(
        g.outcome().map(|o| (o.result, o.reason)),
        Some((GameResult::Win(WHITE), EndReason::KingCaptured))
    );
    assert_eq!(g.perft(1), 0);
}

#[test]
fn a_side_with_no_legal_move_loses() {
    // Brandubh, White to move: king c1 boxed in by Black b1, d1, c2; no move: White
    // loses.
    let fen = "7/7/7/7/7/2m4/1mKm3 w - - 0 1";
    let g = game("brandubh", fen);
    assert!(g.legal_moves_uci().is_empty());
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Win(BLACK), EndReason::Stalemate)
    );
    // A side with no pieces at all (every attacker captured) has no move either.
    let g = game("brandubh", "7/7/7/3K3/7/7/7 b - - 0 1");
    assert_eq!(g.outcome().unwrap().result, GameResult::Win(WHITE));
}

#[test]
fn threefold_repetition_draws() {
    let fen = "7/m6/7/7/7/7/3K3 w - - 0 1";
    let cycle = ["d1d2", "a6a5", "d2d1", "a5a6"];
    let mut g = game("brandubh", fen);
    for round in 0..2 {
        for m in cycle {
            assert!(g.outcome().is_none(), "round {round} before {m}");
            g.play_uci(m).unwrap();
        }
    }
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Draw, EndReason::Repetition)
    );
}

// ---------------------------------------------------------------- FEN

#[test]
fn tafl_fens_round_trip_and_bad_ones_are_refused() {
    for name in ["tablut", "brandubh", "brandubh2", "ardri", "longship"] {
        let v = find_variant(name).unwrap();
        let g = game(name, &v.start_fen);
        assert_eq!(g.fen(), v.start_fen, "{name}");
    }
    let bad = [
        (
            "tablut",
            "9/9/9/9/4K4/9/9/9/9 b - - 0 1",
            "White has a king",
        ),
        ("brandubh", "7/7/7/2KK3/7/7/7 b - - 0 1", "two kings"),
        (
            "brandubh",
            "m6/7/7/3K3/7/7/7 b - - 0 1",
            "a man on a corner",
        ),
        (
            "brandubh",
            "7/7/7/3m3/7/7/K6 b - - 0 1",
            "a man on the throne",
        ),
        (
            "brandubh",
            "7/7/7/3X3/7/7/K6 b - - 0 1",
            "an unknown letter",
        ),
        ("tablut", "9/9/9/9/4k4/9/9/9 w - - 0 1", "eight ranks"),
    ];
    for (name, fen, why) in bad {
        assert!(Game::by_name(name, Some(fen)).is_err(), "{why}: {fen}");
    }
    // A man on a corner is refused in Brandubh v.2 as well; its king may stand on the
    // throne (he starts there).
    assert!(Game::by_name("brandubh2", Some("7/7/7/3K3/7/7/m6 b - - 0 1")).is_err());
    assert!(Game::by_name("brandubh2", Some("7/7/7/3K3/7/7/1m5 b - - 0 1")).is_ok());
}

// ---------------------------------------------------------------- consistency

/// Seeded random games in every tafl game: after each move the incremental key equals
/// a recompute from the FEN, and unmaking every move restores each earlier FEN and key
/// exactly (custodian captures included).
#[test]
fn make_unmake_restores_positions_over_random_games() {
    use protean::board::Bitboard;
    use protean::position::{MoveList, Position};
    use protean::variant::rules::Rules;
    use std::sync::Arc;

    fn run<B: Bitboard>(name: &str, seed: &mut u64) -> (usize, usize) {
        let v = find_variant(name).unwrap();
        let rules = Arc::new(Rules::<B>::new(v.clone()).unwrap());
        let mut plies = 0;
        let mut removed = 0;
        for _ in 0..30 {
            let mut pos = Position::from_fen(rules.clone(), &v.start_fen).unwrap();
            let mut history = vec![(pos.to_fen(), pos.key())];
            for _ in 0..300 {
                let mut list = MoveList::new();
                pos.generate_legal(&mut list);
                if list.is_empty() {
                    break;
                }
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                let m = list.as_slice()[(*seed as usize) % list.len()];
                // The search's view of the move: it captures exactly when pieces
                // go, the victim it names is one of them, and quiescence's moves are
                // the legal moves that capture.
                let captures = pos.is_capture(m);
                let victim = pos.captured_piece(m);
                let mut tactical = MoveList::new();
                pos.generate_tactical(&mut tactical);
                let expected: Vec<_> = list
                    .as_slice()
                    .iter()
                    .filter(|&&t| pos.is_capture(t))
                    .collect();
                assert_eq!(tactical.as_slice().iter().collect::<Vec<_>>(), expected);
                let before_pieces: Vec<(usize, u8)> = pos
                    .occupied()
                    .squares()
                    .map(|sq| (sq, pos.piece_at(sq)))
                    .collect();
                let before = pos.occupied().count();
                pos.make_move(m);
                let gone: Vec<u8> = before_pieces
                    .iter()
                    .filter(|&&(sq, p)| sq != m.from() && pos.piece_at(sq) != p)
                    .map(|&(_, p)| p)
                    .collect();
                assert_eq!(captures, !gone.is_empty(), "{name} {}", pos.to_fen());
                assert_eq!(victim == 0, gone.is_empty());
                assert!(gone.is_empty() || gone.contains(&victim));
                removed += (before - pos.occupied().count()) as usize;
                assert_eq!(pos.key(), pos.compute_key(), "{name} {}", pos.to_fen());
                let reread = Position::from_fen(rules.clone(), &pos.to_fen()).unwrap();
                assert_eq!(reread.key(), pos.key(), "{name} {}", pos.to_fen());
                history.push((pos.to_fen(), pos.key()));
                plies += 1;
            }
            while history.len() > 1 {
                pos.unmake_move();
                history.pop();
                let (fen, key) = history.last().unwrap();
                assert_eq!(&pos.to_fen(), fen, "{name}");
                assert_eq!(pos.key(), *key, "{name}");
            }
        }
        (plies, removed)
    }

    let mut seed = 0x7AF1_u64;
    for name in ["brandubh", "brandubh2", "ardri"] {
        let (plies, removed) = run::<u64>(name, &mut seed);
        assert!(
            plies > 300 && removed > 20,
            "{name}: {plies} plies, {removed} captures"
        );
    }
    for name in ["tablut", "longship"] {
        let (plies, removed) = run::<u128>(name, &mut seed);
        assert!(
            plies > 300 && removed > 20,
            "{name}: {plies} plies, {removed} captures"
        );
    }
    // Scottish Hnefatafl's random games capture less (20 in these 30 games; the count
    // moves with the order of the generated moves): enough to exercise the captures.
    let (plies, removed) = run::<u64>("scottishtafl", &mut seed);
    assert!(
        plies > 300 && removed >= 10,
        "{plies} plies, {removed} captures"
    );
    for name in ["longship13", "aleaevangelii"] {
        let (plies, removed) = run::<protean::board::Wide>(name, &mut seed);
        assert!(
            plies > 300 && removed > 20,
            "{name}: {plies} plies, {removed} captures"
        );
    }
}

/// Mutated tafl FENs never panic: each is refused with an error or accepted, and an
/// accepted one can be written back, searched a little and played on.
#[test]
fn garbage_tafl_fens_never_panic() {
    use protean::search::{Limits, Settings, TranspositionTable};
    let alphabet: Vec<char> = "KkMmGg123456789/ wb-0x".chars().collect();
    let mut seed = 0xC0FFEE_u64;
    let mut rand = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let tt = TranspositionTable::new(1);
    let mut accepted = 0;
    for name in [
        "tablut",
        "brandubh",
        "brandubh2",
        "ardri",
        "longship",
        "scottishtafl",
        "longship13",
        "aleaevangelii",
    ] {
        let start: Vec<char> = find_variant(name).unwrap().start_fen.chars().collect();
        for _ in 0..400 {
            let mut fen = start.clone();
            for _ in 0..1 + rand() % 4 {
                let i = (rand() as usize) % fen.len();
                match rand() % 5 {
                    0 => fen[i] = alphabet[(rand() as usize) % alphabet.len()],
                    1 => {
                        fen.remove(i);
                    }
                    2 => fen.insert(i, alphabet[(rand() as usize) % alphabet.len()]),
                    // Swaps keep most ranks well-formed, so many positions get through.
                    _ => {
                        let j = (rand() as usize) % fen.len();
                        fen.swap(i, j);
                    }
                }
            }
            let mut fen: String = fen.into_iter().collect();
            if rand() % 2 == 0 {
                // Or a well-formed board with pieces moved, added and removed at random.
                let size = find_variant(name).unwrap().files;
                let mut squares = board(&find_variant(name).unwrap().start_fen);
                for _ in 0..1 + rand() % 12 {
                    let sq = format!(
                        "{}{}",
                        (b'a' + (rand() % size as u64) as u8) as char,
                        1 + rand() % size as u64
                    );
                    match "KkMmGg."
                        .chars()
                        .nth((rand() % 7) as usize)
                        .filter(|&c| c != '.')
                    {
                        Some(c) => squares.insert(sq, c),
                        None => squares.remove(&sq),
                    };
                }
                let side = if rand() % 2 == 0 { "w" } else { "b" };
                fen = format!("{} {side} - - 0 1", placement(&squares, size));
            }
            let Ok(mut g) = Game::by_name(name, Some(&fen)) else {
                continue;
            };
            accepted += 1;
            let again = game(name, &g.fen());
            assert_eq!(again.fen(), g.fen(), "{name}: {fen}");
            let r = crate::common::search_once(&g, &Limits::depth(2), &Settings::default(), &tt);
            let moves = g.legal_moves_uci();
            match r.best {
                Some(m) => assert!(moves.contains(&m), "{name}: {fen}: {m}"),
                None => assert!(moves.is_empty() || g.outcome().is_some(), "{name}: {fen}"),
            }
            if let Some(m) = moves.first() {
                g.play_uci(m).unwrap();
                let _ = g.outcome();
            }
        }
    }
    assert!(accepted > 100, "only {accepted} mutated FENs accepted");
}

// ------------------------------------------------- the larger games (RULES-MORE.md 3)
//
// Scottish Hnefatafl, Longship 13x13 and Alea Evangelii. Case ids (SH, LS, AE) are
// the rule book's; each comment gives the derivation.

/// Whether any legal move of `fen` captures something (each is played and the board
/// compared).
fn any_capture(variant: &str, fen: &str) -> bool {
    game(variant, fen)
        .legal_moves_uci()
        .iter()
        .any(|m| !captures(variant, fen, m).is_empty())
}

fn winner_after(variant: &str, fen: &str, mv: &str) -> Option<(GameResult, EndReason)> {
    end_after(variant, fen, &[mv])
}

#[test]
fn scottish_start_counts() {
    // SH1: each of the 8 attackers has 6 moves (d7: 6 sideways; d6: 6 sideways; a4: a1-a3,
    // a5-a7; b4: b1-b3, b5-b7; likewise for the mirror images). Depths 2-3 as the rule
    // book's two programs computed them.
    let v = find_variant("scottishtafl").unwrap();
    let mut g = game("scottishtafl", &v.start_fen);
    assert_eq!(g.perft(1), 48);
    assert_eq!(g.perft(2), 1_152);
    assert_eq!(g.perft(3), 56_344);
    // SH2: White to move: each of the 4 men has 6 moves (c4: c1-c3, c5-c7), the king none.
    let mut g = game("scottishtafl", &v.start_fen.replace(" b ", " w "));
    assert_eq!(g.perft(1), 24);
}

#[test]
fn scottish_has_no_special_squares() {
    // SH-R1 (SH3): the king c4 moves 3 up, 3 down, 2 left, 4 right = 12; every edge
    // square wins (SH-R6): a4, g4, c1, c7; inner squares do not.
    let fen = "7/7/7/2K4/7/7/3m3 w - - 0 1";
    assert_eq!(game("scottishtafl", fen).legal_moves_uci().len(), 12);
    for mv in ["c4a4", "c4g4", "c4c1", "c4c7"] {
        assert_eq!(
            winner_after("scottishtafl", fen, mv),
            Some((GameResult::Win(WHITE), EndReason::Goal)),
            "{mv}"
        );
    }
    for mv in ["c4b4", "c4d4", "c4c2", "c4c6"] {
        assert_eq!(winner_after("scottishtafl", fen, mv), None, "{mv}");
    }
    // A man may stop on the centre and on a corner (the record's 12...A6-A7).
    let fen = "7/m6/7/3K3/7/7/6m b - - 0 1";
    assert!(targets("scottishtafl", fen, "a6").contains(&"a7".to_string()));
    let fen = "7/7/7/7/3M3/3K3/m6 w - - 0 1";
    assert!(targets("scottishtafl", fen, "d3").contains(&"d4".to_string()));
}

#[test]
fn scottish_king_is_captured_by_two() {
    // SH-R3 (SH4): Black e4 has 3 up, 3 down, 2 right (d4 is the king) = 8; c1 has c2-c7
    // (6), a1 b1, d1-g1 = 12; 20 in all. c1-c4 puts the king d4 between c4 and e4.
    let fen = "7/7/7/3Km2/7/7/2m4 b - - 0 1";
    assert_eq!(game("scottishtafl", fen).legal_moves_uci().len(), 20);
    assert_eq!(captures("scottishtafl", fen, "c1c4"), list("d4"));
    assert_eq!(
        winner_after("scottishtafl", fen, "c1c4"),
        Some((GameResult::Win(BLACK), EndReason::KingCaptured))
    );
}

#[test]
fn scottish_corners_are_not_hostile() {
    // SH-R5 (SH5): king d4 12 moves, man c3 4 up + 2 down + 2 left + 4 right = 12: 24.
    // c3-c1 leaves b1 between c1 and the empty corner a1: no capture. The king wins on
    // a4, d1, d7 and g4.
    let fen = "7/7/7/3K3/2M4/7/1m5 w - - 0 1";
    assert_eq!(game("scottishtafl", fen).legal_moves_uci().len(), 24);
    assert_eq!(captures("scottishtafl", fen, "c3c1"), Vec::<String>::new());
    for mv in ["d4a4", "d4d1", "d4d7", "d4g4"] {
        assert_eq!(
            winner_after("scottishtafl", fen, mv),
            Some((GameResult::Win(WHITE), EndReason::Goal)),
            "{mv}"
        );
    }
}

#[test]
fn scottish_king_is_armed_and_the_centre_is_not_hostile() {
    // SH-R4 (SH7): the king b2-b3 takes c3 against the man on d3.
    let fen = "6m/7/7/7/2mM3/1K5/7 w - - 0 1";
    assert_eq!(captures("scottishtafl", fen, "b2b3"), list("c3"));
    // SH-R1 (SH8): g2-d2 leaves d3 between d2 and the empty centre d4: no capture.
    let fen = "7/1K3m1/7/7/3m3/6M/7 w - - 0 1";
    assert_eq!(captures("scottishtafl", fen, "g2d2"), Vec::<String>::new());
}

#[test]
fn scottish_game_record_replays() {
    // SH6: Tuireann v Duhawk93 (attackers first). Every move is legal; the recorded
    // captures (b2, c6, b5) and no others happen; 15.A5-B5 takes the king on c5.
    let record = [
        ("d6e6", ""),
        ("d5d6", ""),
        ("f4f5", ""),
        ("d4d5", ""),
        ("a4a5", ""),
        ("d3b3", ""),
        ("d1b1", ""),
        ("b3b2", ""),
        ("b4b3", "b2"),
        ("d5d3", ""),
        ("f5f3", ""),
        ("d3d5", ""),
        ("f3f5", ""),
        ("d5c5", ""),
        ("d7c7", ""),
        ("c4b4", ""),
        ("b1c1", ""),
        ("d6a6", ""),
        ("c7c6", ""),
        ("e4c4", ""),
        ("f5d5", ""),
        ("b4b5", ""),
        ("b3b4", ""),
        ("a6a7", ""),
        ("c1c3", ""),
        ("a7c7", "c6"),
        ("e6b6", "b5"),
        ("c7d7", ""),
        ("a5b5", "c5"),
    ];
    let v = find_variant("scottishtafl").unwrap();
    let mut fen = v.start_fen.clone();
    for (i, (mv, taken)) in record.iter().enumerate() {
        assert!(
            game("scottishtafl", &fen).outcome().is_none(),
            "over before ply {i}"
        );
        assert_eq!(
            captures("scottishtafl", &fen, mv),
            list(taken),
            "ply {i}: {mv}"
        );
        let mut g = game("scottishtafl", &fen);
        g.play_uci(mv).unwrap();
        fen = g.fen();
    }
    let o = game("scottishtafl", &fen).outcome().unwrap();
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Win(BLACK), EndReason::KingCaptured)
    );
}

#[test]
fn longship13_start_counts() {
    // LS1: per group of 8: e1 7 (d1-a1, e2-e4), i1 7, f1 0 and h1 0 (boxed in by the
    // row and f2, h2), g1 1 (g2), f2 9, h2 9, g3 13 = 46, times 4 = 184. Depth 2
    // computed by the rule book's two programs.
    let v = find_variant("longship13").unwrap();
    let mut g = game("longship13", &v.start_fen);
    assert_eq!(g.perft(1), 184);
    assert_eq!(g.perft(2), 23_436);
    // LS2 (computed).
    let mut g = game("longship13", &v.start_fen.replace(" b ", " w "));
    assert_eq!(g.perft(1), 128);
}

#[test]
fn longship13_treasure_ship_is_unarmed_and_escapes_to_the_edge() {
    // LS3: ship g5: 8 up, 4 down, 6 left, 6 right = 24; man i7: 6 up, 6 down, 4 right
    // (h7 blocks the left) = 16; 40. g5-g7 puts h7 between the ship and i7: nothing
    // goes (LS-R3). a5, m5, g1 and g13 are edge squares: White wins (LS-R5).
    let fen = "13/13/1m11/13/13/13/7mM4/13/6K6/13/13/13/13 w - - 0 1";
    assert_eq!(game("longship13", fen).legal_moves_uci().len(), 40);
    assert_eq!(captures("longship13", fen, "g5g7"), Vec::<String>::new());
    for mv in ["g5a5", "g5m5", "g5g1", "g5g13"] {
        assert_eq!(
            winner_after("longship13", fen, mv),
            Some((GameResult::Win(WHITE), EndReason::Goal)),
            "{mv}"
        );
    }
    // LS4: a man on g5 instead (the ship on d4: 9 up, 3 down, 3 left, 9 right): 24 +
    // 24 + 16 = 64; the man g5-g7 captures h7 (LS-R2).
    let fen = "13/13/1m11/13/13/13/7mM4/13/6M6/3K9/13/13/13 w - - 0 1";
    assert_eq!(game("longship13", fen).legal_moves_uci().len(), 64);
    assert_eq!(captures("longship13", fen, "g5g7"), list("h7"));
}

#[test]
fn longship13_treasure_ship_is_taken_on_four_sides() {
    // LS5 (LS-R4): f7, h7, g8 stand round the ship g7; g2-g6 closes the fourth side.
    let fen = "13/13/13/13/13/6m6/5mKm5/13/13/3M9/13/6m6/13 b - - 0 1";
    assert_eq!(game("longship13", fen).legal_moves_uci().len(), 68);
    assert_eq!(captures("longship13", fen, "g2g6"), list("g7"));
    assert_eq!(
        winner_after("longship13", fen, "g2g6"),
        Some((GameResult::Win(BLACK), EndReason::KingCaptured))
    );
    // LS5b: a White man on g6: no Black move captures anything.
    let fen = "13/13/13/13/13/6m6/5mKm5/6M6/13/13/13/6m6/13 b - - 0 1";
    assert_eq!(game("longship13", fen).legal_moves_uci().len(), 67);
    assert!(!any_capture("longship13", fen));
}

#[test]
fn alea_start_counts() {
    // AE1 (computed): 580 attacker moves; 184 for White.
    let v = find_variant("aleaevangelii").unwrap();
    let mut g = game("aleaevangelii", &v.start_fen);
    assert_eq!(g.perft(1), 580);
    let mut g = game("aleaevangelii", &v.start_fen.replace(" b ", " w "));
    assert_eq!(g.perft(1), 184);
}

#[test]
fn alea_only_the_king_stops_on_or_passes_the_centre_and_citadels() {
    // AE-R3 (AE2): the attacker j3 goes up to j9 (6; the empty centre j10 blocks it),
    // down j2 j1 (2), sideways a3-i3 and k3-s3 (18): 26.
    let fen = "19/19/19/19/19/19/19/19/19/19/19/19/19/19/4K14/19/9m9/19/19 b - - 0 1";
    let t = targets("aleaevangelii", fen, "j3");
    assert_eq!(t.len(), 26);
    assert!(t.contains(&"j9".to_string()) && !t.contains(&"j11".to_string()));
    // AE4: the king e10 goes a10-d10 (4), f10-s10 (14, on and past the centre), e1-e9
    // (9), e11-e19 (9) = 36; the man b5 goes b4 (b3 is Black's), b6-b17 (12; b18 is a
    // citadel point), a5, c5-s5 (17) = 31: 67. b5-b4 takes b3 against the empty
    // citadel point b2 (AE-R5).
    let fen = "19/19/19/19/19/19/19/19/19/4K14/19/19/19/19/1M17/19/1m17/19/19 w - - 0 1";
    assert_eq!(game("aleaevangelii", fen).legal_moves_uci().len(), 67);
    assert_eq!(targets("aleaevangelii", fen, "e10").len(), 36);
    assert!(targets("aleaevangelii", fen, "e10").contains(&"j10".to_string()));
    assert_eq!(targets("aleaevangelii", fen, "b5").len(), 31);
    assert_eq!(captures("aleaevangelii", fen, "b5b4"), list("b3"));
    // AE10: a guard is held by the centre too: j4 goes up to j9 and no further.
    let fen = "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/9G9/19/19/4K14 w - - 0 1";
    let up: Vec<String> = targets("aleaevangelii", fen, "j4")
        .into_iter()
        .filter(|s| s.starts_with('j') && s[1..].parse::<u32>().unwrap() > 4)
        .collect();
    assert_eq!(up, list("j5 j6 j7 j8 j9"));
}

#[test]
fn alea_king_wins_on_any_citadel_point() {
    // AE-R4 (AE3): king c2, attacker c1: the king goes a2 b2 (2), d2-s2 (16), c3-c19
    // (17) = 35. a2, b2, r2, s2 are citadel points (b2 is not a corner): White wins;
    // c19 is an edge square, not a goal.
    let fen = "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/2K16/2m16 w - - 0 1";
    assert_eq!(game("aleaevangelii", fen).legal_moves_uci().len(), 35);
    for mv in ["c2a2", "c2b2", "c2r2", "c2s2"] {
        assert_eq!(
            winner_after("aleaevangelii", fen, mv),
            Some((GameResult::Win(WHITE), EndReason::Goal)),
            "{mv}"
        );
    }
    assert_eq!(winner_after("aleaevangelii", fen, "c2c19"), None);
}

#[test]
fn alea_guards_are_captured_only_by_enclosure() {
    // AE-R7. AE5a: k13-k11 puts attackers on i11 and k11 either side of the guard j11:
    // two on a line never take a guard.
    let fen = "19/19/19/19/19/19/10m8/19/8mG9/19/19/19/19/19/4K14/19/19/19/19 b - - 0 1";
    assert_eq!(
        captures("aleaevangelii", fen, "k13k11"),
        Vec::<String>::new()
    );
    // AE5b: j14-j12 closes i11, k11, j12 and the empty centre j10 below: captured.
    let fen = "19/19/19/19/19/9m9/19/19/8mGm8/19/19/19/19/19/4K14/19/19/19/19 b - - 0 1";
    assert_eq!(captures("aleaevangelii", fen, "j14j12"), list("j11"));
    // AE5c: d7, f7 and e6 round the guard e7, e8 empty: three in the open do not.
    let fen = "19/19/19/19/19/19/19/19/19/19/19/19/3mGm13/19/14K4/19/4m14/19/19 b - - 0 1";
    assert_eq!(captures("aleaevangelii", fen, "e3e6"), Vec::<String>::new());
    // AE5d: with e8 an attacker too: four sides, captured.
    let fen = "19/19/19/19/19/19/19/19/19/19/19/4m14/3mGm13/19/14K4/19/4m14/19/19 b - - 0 1";
    assert_eq!(captures("aleaevangelii", fen, "e3e6"), list("e7"));
    // AE5e: the guard a7 on the edge with a6, a8 and b7: the edge is the fourth side.
    let fen = "19/19/19/19/19/19/19/m18/19/19/19/19/Gm17/m18/14K4/19/19/19/19 b - - 0 1";
    assert_eq!(captures("aleaevangelii", fen, "a12a8"), list("a7"));
    // AE5f: h3-h7 puts the guard g7 between f7 and h7 on a line: no capture.
    let fen = "19/19/19/19/19/19/19/19/19/19/19/19/5mG12/19/4K14/19/7m11/19/19 b - - 0 1";
    assert_eq!(captures("aleaevangelii", fen, "h3h7"), Vec::<String>::new());
}

#[test]
fn alea_king_is_captured_only_by_enclosure() {
    // AE-R7. AE6a: the king s9 on the edge with s8, s10 and (after p9-r9) r9: captured,
    // Black wins.
    let fen = "19/19/19/19/19/19/19/19/19/18m/15m2K/18m/19/19/19/19/19/19/19 b - - 0 1";
    assert_eq!(captures("aleaevangelii", fen, "p9r9"), list("s9"));
    assert_eq!(
        winner_after("aleaevangelii", fen, "p9r9"),
        Some((GameResult::Win(BLACK), EndReason::KingCaptured))
    );
    // AE6b: three attackers round the king e7 in the open: no capture.
    let fen = "19/19/19/19/19/19/19/19/19/19/19/19/3mKm13/19/19/19/4m14/19/19 b - - 0 1";
    assert_eq!(captures("aleaevangelii", fen, "e3e6"), Vec::<String>::new());
    assert_eq!(winner_after("aleaevangelii", fen, "e3e6"), None);
    // AE6c: the king j11 beside the empty centre: i11, k11, j12 and the centre.
    let fen = "19/19/19/19/19/9m9/19/19/8mKm8/19/19/19/19/19/19/19/19/19/19 b - - 0 1";
    assert_eq!(
        winner_after("aleaevangelii", fen, "j14j12"),
        Some((GameResult::Win(BLACK), EndReason::KingCaptured))
    );
}

#[test]
fn alea_king_and_guards_take_part_in_captures() {
    // AE-R6. AE7: the king e5-e6 takes e7 against the man e8 (hammer).
    let fen = "19/19/19/19/14m4/19/19/19/19/19/19/4M14/4m14/19/4K14/19/19/19/19 w - - 0 1";
    assert_eq!(captures("aleaevangelii", fen, "e5e6"), list("e7"));
    // AE8: a6-e6 takes e7 against the guard e8 (anvil).
    let fen = "19/19/19/19/19/19/19/19/19/19/19/4G14/4m14/M18/4K14/19/19/19/19 w - - 0 1";
    assert_eq!(captures("aleaevangelii", fen, "a6e6"), list("e7"));
    // AE9 (AE-R5): c12-j12 takes j11 against the empty centre j10.
    let fen = "19/19/19/19/19/19/19/2M16/9m9/19/19/19/19/19/4K14/19/19/19/19 w - - 0 1";
    assert_eq!(captures("aleaevangelii", fen, "c12j12"), list("j11"));
}

#[test]
fn larger_tafl_fens_round_trip_and_bad_ones_are_refused() {
    for name in ["scottishtafl", "longship13", "aleaevangelii"] {
        let v = find_variant(name).unwrap();
        assert_eq!(game(name, &v.start_fen).fen(), v.start_fen, "{name}");
    }
    let e5 = "19/19/19/19/19/19/19/19/19/19/19/19/19/19/4K14/19/19/19/19";
    let bad = [
        (
            // AE-R9: Black has no guards.
            "19/19/19/19/19/19/19/19/19/19/19/19/19/19/4K14/19/4g14/19/19 b - - 0 1",
            "a Black guard",
        ),
        (
            "19/19/19/19/19/19/19/19/19/19/19/19/19/19/4K14/19/19/1m17/19 b - - 0 1",
            "a man on the citadel point b2",
        ),
        (
            "19/19/19/19/19/19/19/19/19/9G9/19/19/19/19/4K14/19/19/19/19 b - - 0 1",
            "a guard on the centre",
        ),
        (
            "19/19/19/19/19/19/19/19/19/19/19/19/19/19/4K14/19/19/19/19/19 b - - 0 1",
            "twenty ranks",
        ),
        (
            "19/19/19/19/19/19/19/19/19/19/19/19/19/19/4K14/19/19/19/4k14 b - - 0 1",
            "a Black king",
        ),
    ];
    for (fen, why) in bad {
        assert!(
            Game::by_name("aleaevangelii", Some(fen)).is_err(),
            "{why}: {fen}"
        );
    }
    assert!(Game::by_name("aleaevangelii", Some(&format!("{e5} b - - 0 1"))).is_ok());
    // The king on a citadel point: a finished game, not a bad FEN.
    let mut g = game(
        "aleaevangelii",
        "19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/1K17/2m16 b - - 0 1",
    );
    assert_eq!(g.perft(1), 0);
}
