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

/// Plays `mv` and returns the squares whose pieces the move captured, sorted.
fn captures(variant: &str, fen: &str, mv: &str) -> Vec<String> {
    let mut g = game(variant, fen);
    let before = board(&g.fen());
    g.play_uci(mv)
        .unwrap_or_else(|e| panic!("{mv} in {fen}: {e}"));
    let after = board(&g.fen());
    let from = &mv[..2];
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
        .filter(|m| &m[..2] == from)
        .map(|m| m[2..].to_string())
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
                let before = pos.occupied().count();
                pos.make_move(m);
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
}

/// Mutated tafl FENs never panic: each is refused with an error or accepted, and an
/// accepted one can be written back, searched a little and played on.
#[test]
fn garbage_tafl_fens_never_panic() {
    use protean::search::{Limits, Settings, TranspositionTable};
    let alphabet: Vec<char> = "KkMm123456789/ wb-0x".chars().collect();
    let mut seed = 0xC0FFEE_u64;
    let mut rand = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let tt = TranspositionTable::new(1);
    let mut accepted = 0;
    for name in ["tablut", "brandubh", "brandubh2", "ardri", "longship"] {
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
                    match "KkMm."
                        .chars()
                        .nth((rand() % 5) as usize)
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
