//! Lines of Action and Scrambled Eggs (rule book RULES-MORE.md section 1), one rule per
//! test on the book's hand-checked positions and our own. No outside engine plays them:
//! each expectation is derived in the comment beside it. The start counts at depths 2-4
//! are the book's *computed* figures (two programs that agree).

use super::common::{game_at, sorted_moves};
use protean::engine::variant_file::parse_variants;
use protean::position::{EndReason, GameResult};
use protean::variant::{BLACK, WHITE};

const LOA: &str = "1pppppp1/P6P/P6P/P6P/P6P/P6P/P6P/1pppppp1 b - - 0 1";
const EGGS: &str = "1PpPpPp1/p6P/P6p/p6P/P6p/p6P/P6p/1pPpPpP1 b - - 0 1";

/// The one variant of an ini text (its parent a built-in).
fn load(ini: &str) -> std::sync::Arc<protean::variant::Variant> {
    let loaded = parse_variants(ini, "test.ini").require_all().unwrap();
    std::sync::Arc::new(loaded.variants.into_iter().next().unwrap())
}

fn perft(variant: &str, fen: &str, depth: u32) -> u64 {
    game_at(variant, fen).perft(depth)
}

fn moves(fen: &str) -> Vec<String> {
    sorted_moves(&game_at("loa", fen))
}

fn strs(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn result_after(fen: &str, mv: &str) -> Option<(GameResult, EndReason)> {
    let mut g = game_at("loa", fen);
    g.play_uci(mv).unwrap();
    g.outcome().map(|o| (o.result, o.reason))
}

/// L1, L2: Black starts; every black checker has exactly three moves (b1: b3 on the
/// file of 2, h1 along the rank of 6 jumping its own, d3 on the diagonal of 2; c1: c3,
/// e3 and c1xa3 on the c1-a3 diagonal of 2; and so on), 6 x 3 x 2 = 36.
#[test]
fn start_counts_match_the_book() {
    let g = game_at("loa", LOA);
    assert!(!g.white_to_move());
    for (d, n) in [(1, 36), (2, 1_244), (3, 44_952)] {
        assert_eq!(perft("loa", LOA, d), n, "loa depth {d}");
    }
    // The mirror check: the same start with White to move.
    let white = LOA.replace(" b ", " w ");
    for (d, n) in [(1, 36), (2, 1_244), (3, 44_952)] {
        assert_eq!(perft("loa", &white, d), n, "white to move, depth {d}");
    }
}

#[test]
fn start_depth_four_matches_the_book() {
    assert_eq!(perft("loa", LOA, 4), 1_563_208);
    assert_eq!(perft("scrambledeggs", EGGS, 4), 1_002_260);
}

/// L11: Scrambled Eggs is LOA from another set-up. Black's half (point symmetry):
/// b1 2 (b3, d3), d1 3, f1 3, a3 3, a5 3, a7 2 = 16, so 32.
#[test]
fn scrambled_eggs_counts_match_the_book() {
    for (d, n) in [(1, 32), (2, 992), (3, 32_000)] {
        assert_eq!(perft("scrambledeggs", EGGS, d), n, "depth {d}");
    }
    let b1: Vec<String> = sorted_moves(&game_at("scrambledeggs", EGGS))
        .into_iter()
        .filter(|m| m.starts_with("b1"))
        .collect();
    // b1-h1 would jump White's c1; the a2 diagonal leaves the board after a2.
    assert_eq!(b1, strs(&["b1b3", "b1d3"]));
}

/// L2-L4 on position R: d5 and f5 on rank 5 with White's a5, h5 (4 on the rank).
/// d5: file 1, diagonals 1 each -> c4 d4 e4 c6 d6 e6, and the rank 4 -> h5, jumping
/// its own f5 and capturing (L4). f5: rank 4 -> b5 jumping d5; 4 to the right leaves
/// the board; file and diagonals 1 -> e4 f4 g4 e6 f6 g6. 14 in all.
#[test]
fn distance_is_the_line_count_and_own_pieces_are_jumped() {
    let fen = "8/8/8/P2p1p1P/8/8/8/8 b - - 0 1";
    assert_eq!(
        moves(fen),
        strs(&[
            "d5c4", "d5d4", "d5e4", "d5c6", "d5d6", "d5e6", "d5h5", "f5b5", "f5e4", "f5f4", "f5g4",
            "f5e6", "f5f6", "f5g6"
        ])
    );
}

/// L3: position J (Black a1 b1 d1, White c1 h8). a1: rank 1 holds 4, so a1-e1, over
/// White's c1: refused; the file holds 1 -> a2; the long diagonal holds a1, h8 -> c3.
/// b1: the rank's 4 would pass c1; file, diagonal, anti-diagonal 1 each -> b2, c2, a2.
/// d1: the rank's 4 -> h1 over the empty e1-g1 (leftward leaves the board); 1 each
/// on the others -> d2, e2, c2. 2 + 3 + 4 = 9; d1-c2 connects a1-b1-c2 and wins.
#[test]
fn enemy_pieces_block_and_position_j_counts() {
    let fen = "7P/8/8/8/8/8/8/ppPp4 b - - 0 1";
    assert_eq!(
        moves(fen),
        strs(&["a1a2", "a1c3", "b1a2", "b1b2", "b1c2", "d1c2", "d1d2", "d1e2", "d1h1"])
    );
    assert_eq!(perft("loa", fen, 2), 48);
    assert_eq!(perft("loa", fen, 3), 545);
    assert_eq!(
        result_after(fen, "d1c2"),
        Some((GameResult::Win(BLACK), EndReason::Connection))
    );
}

/// L4: a checker may not land on its own piece. Ours: Black a1, c1; White a8, h8
/// (apart, so nobody is connected). Rank 1 holds 2: a1-c1 and c1-a1 would land on the
/// own checker (refused), c1-e1 is fine.
#[test]
fn no_landing_on_own_pieces() {
    let fen = "P6P/8/8/8/8/8/8/p1p5 b - - 0 1";
    let m = moves(fen);
    assert!(!m.contains(&"a1c1".to_string()), "{m:?}");
    assert!(!m.contains(&"c1a1".to_string()), "{m:?}");
    assert!(m.contains(&"c1e1".to_string()), "{m:?}");
}

/// L5, L6 on position R: d5-e4 (or e6) lands next to f5, f5-e4 (or e6) next to d5:
/// Black's two checkers are one group, Black wins. d5xh5 leaves White the single a5,
/// which is connected, and Black's f5, h5 apart: White wins although Black moved (L6).
/// d5-c4 ends nothing.
#[test]
fn connection_decides_after_the_move() {
    let fen = "8/8/8/P2p1p1P/8/8/8/8 b - - 0 1";
    for mv in ["d5e4", "d5e6", "f5e4", "f5e6"] {
        assert_eq!(
            result_after(fen, mv),
            Some((GameResult::Win(BLACK), EndReason::Connection)),
            "{mv}"
        );
    }
    assert_eq!(
        result_after(fen, "d5h5"),
        Some((GameResult::Win(WHITE), EndReason::Connection))
    );
    assert_eq!(result_after(fen, "d5c4"), None);
}

/// L7 on position S: e7xe5 joins e5-d4-c3 for Black and leaves White a1-a2, also
/// connected: the mover (Black) wins. 19 moves there.
#[test]
fn simultaneous_connection_is_the_movers_win() {
    let fen = "8/4p3/8/4P3/3p4/2p5/P7/P7 b - - 0 1";
    assert_eq!(perft("loa", fen, 1), 19);
    assert_eq!(
        result_after(fen, "e7e5"),
        Some((GameResult::Win(BLACK), EndReason::Connection))
    );
}

/// LD1's other form: the same move in a variant whose section says
/// `proteanConnection = draw` is a draw.
#[test]
fn simultaneous_connection_draws_under_the_draw_flag() {
    let ini = "[loadraw:loa]\nproteanConnection = draw\n";
    let v = load(ini);
    let mut g =
        protean::engine::Game::new(&v, Some("8/4p3/8/4P3/3p4/2p5/P7/P7 b - - 0 1")).unwrap();
    g.play_uci("e7e5").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Draw, EndReason::Connection)
    );
}

/// L6 on position G: h6xh8 leaves Black b5 and h8 apart and White a1-a2 together:
/// White wins. 13 moves.
#[test]
fn capturing_the_last_stray_loses() {
    let fen = "7P/8/7p/1p6/8/8/P7/P7 b - - 0 1";
    assert_eq!(perft("loa", fen, 1), 13);
    assert_eq!(
        result_after(fen, "h6h8"),
        Some((GameResult::Win(WHITE), EndReason::Connection))
    );
}

/// L10 on position O: Black's single d5 is connected (L5): Black has won, whoever is
/// to move; no moves, perft 0 at every depth.
#[test]
fn a_finished_position_has_no_moves() {
    let fen = "8/8/8/3p4/8/8/8/P6P w - - 0 1";
    let g = game_at("loa", fen);
    assert_eq!(
        g.outcome().map(|o| (o.result, o.reason)),
        Some((GameResult::Win(BLACK), EndReason::Connection))
    );
    assert!(g.legal_moves_uci().is_empty());
    for d in 1..=3 {
        assert_eq!(perft("loa", fen, d), 0);
    }
    // Both connected in a set-up: the side not to move (the one that just moved) won.
    let both = "8/8/8/3p4/8/8/8/PP6 b - - 0 1";
    assert_eq!(
        game_at("loa", both).outcome().map(|o| o.result),
        Some(GameResult::Win(WHITE))
    );
}

/// L8 on position N: Black's a1 and h1 are boxed in (every line's count would jump a
/// White checker) and nobody is connected: the pass is the only move. White then has
/// the book's 39 moves.
#[test]
fn a_side_without_moves_passes() {
    let fen = "7P/8/8/8/8/P1P2P1P/PP4PP/pPP3Pp b - - 0 1";
    assert_eq!(moves(fen), strs(&["0000"]));
    assert_eq!(perft("loa", fen, 1), 1);
    assert_eq!(perft("loa", fen, 2), 39);
    let mut g = game_at("loa", fen);
    g.play_uci("0000").unwrap();
    assert!(g.white_to_move());
    assert_eq!(g.outcome(), None);
}

/// L9 on position N: after four passes and White's h8-g8-h8 twice N stands on the
/// board for the third time with Black to move: a draw by repetition. With two
/// occurrences the game goes on.
#[test]
fn threefold_repetition_draws() {
    let fen = "7P/8/8/8/8/P1P2P1P/PP4PP/pPP3Pp b - - 0 1";
    let mut g = game_at("loa", fen);
    let line = [
        "0000", "h8g8", "0000", "g8h8", "0000", "h8g8", "0000", "g8h8",
    ];
    for (i, m) in line.iter().enumerate() {
        g.play_uci(m).unwrap();
        if i < 7 {
            assert_eq!(g.outcome(), None, "after {i} moves");
        }
    }
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.result, o.reason),
        (GameResult::Draw, EndReason::Repetition)
    );
}

/// L9: no move-count rule: a position with the half-move clock at 200 is not drawn.
#[test]
fn no_move_count_rule() {
    let g = game_at(
        "loa",
        "1pppppp1/P6P/P6P/P6P/P6P/P6P/P6P/1pppppp1 b - - 200 120",
    );
    assert_eq!(g.outcome(), None);
}

/// LD4 and conventions: FENs round-trip with `-` fields; a side without checkers is
/// refused with an error, never a panic.
#[test]
fn fen_round_trip_and_refusals() {
    assert_eq!(game_at("loa", LOA).fen(), LOA);
    assert_eq!(game_at("scrambledeggs", EGGS).fen(), EGGS);
    let err = protean::engine::Game::by_name("loa", Some("8/8/8/3p4/8/8/8/8 w - - 0 1"));
    let Err(why) = err else {
        panic!("a side without checkers was accepted")
    };
    assert!(why.contains("White has no pieces"), "{why}");
}

/// The pass is written `0000` in UCI and `@@@@` in XBoard, and searching a stuck side
/// plays it; a finished game answers `bestmove (none)`.
#[test]
fn search_passes_and_stops_at_the_end() {
    use protean::search::{Limits, Settings, TranspositionTable};
    let tt = TranspositionTable::new(16);
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let g = game_at("loa", "7P/8/8/8/8/P1P2P1P/PP4PP/pPP3Pp b - - 0 1");
    let r = super::common::search_once(&g, &limits, &Settings::default(), &tt);
    assert_eq!(r.best.as_deref(), Some("0000"));
    // Position J: d1-c2 connects at once.
    let g = game_at("loa", "7P/8/8/8/8/8/8/ppPp4 b - - 0 1");
    let r = super::common::search_once(&g, &limits, &Settings::default(), &tt);
    assert_eq!(r.best.as_deref(), Some("d1c2"));
}

/// Line-count movement is data: a kind may move by line count along a subset of the
/// lines (here the rook's), and the Betza must name riders only.
#[test]
fn line_count_moves_are_rule_data() {
    let ini = "[rookloa:loa]\ncustomPiece1 = p:R\n";
    let v = load(ini);
    // R: d5 and f5 on a rank of 4 with a5, h5; the file of each holds 1.
    let g = protean::engine::Game::new(&v, Some("8/8/8/P2p1p1P/8/8/8/8 b - - 0 1")).unwrap();
    assert_eq!(
        sorted_moves(&g),
        strs(&["d5d4", "d5d6", "d5h5", "f5b5", "f5f4", "f5f6"])
    );
    // A knight cannot move by line count: the section is refused when it loads.
    let bad = "[knightloa:loa]\ncustomPiece1 = p:N\n";
    let Err(err) = parse_variants(bad, "test.ini").require_all() else {
        panic!("a line-count knight was accepted")
    };
    assert!(err.to_string().contains("riders"), "{err}");
}

/// The forced wins of `engine-tests/more/loa-tactics.epd` (`scripts/loa-tactics`: each
/// proved by exhaustive search on the independent reference, `dm` the shortest and `bm`
/// every first move that forces it) are found within a node budget: the search reports
/// the win at its distance and plays one of the proved first moves.
#[test]
fn tactics_suite_wins_are_found_within_a_node_budget() {
    use protean::search::{Limits, Score, Settings, TranspositionTable};
    let path = super::common::data_dir().join("more/loa-tactics.epd");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut per_distance = [0usize; 4];
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (fen, ops) = line.split_once(" bm ").unwrap();
        let ops = format!("bm {ops}");
        let mut best = Vec::new();
        let mut dm = 0;
        for op in ops.split(';').map(str::trim).filter(|o| !o.is_empty()) {
            match op.split_once(' ').unwrap() {
                ("bm", moves) => best = moves.split_whitespace().collect(),
                ("dm", n) => dm = n.parse().unwrap(),
                ("id", _) => {}
                (other, _) => panic!("{line}: unknown operation {other}"),
            }
        }
        assert!((1..=3).contains(&dm) && !best.is_empty(), "{line}");
        let tt = TranspositionTable::new(16);
        let limits = Limits {
            nodes: Some(1_000_000),
            mate: Some(dm),
            ..Limits::default()
        };
        let r =
            super::common::search_once(&game_at("loa", fen), &limits, &Settings::default(), &tt);
        assert_eq!(r.score, Some(Score::Mate(dm as i32)), "{line}: {r:?}");
        let played = r.best.as_deref().unwrap_or("(none)");
        assert!(best.contains(&played), "{line}: played {played}");
        per_distance[dm as usize] += 1;
    }
    // The suite holds wins at each distance.
    assert!(
        per_distance[1..].iter().all(|&n| n >= 3),
        "{per_distance:?}"
    );
}
